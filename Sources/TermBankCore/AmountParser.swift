/// Why a typed amount was refused. Each case has one message a user can act on.
public enum AmountError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case negative
    case zero
    case tooManyDecimals
    case exponent
    case nonASCIIDigit
    case invalidCharacter(Character)
    case misplacedGroupSeparator
    case misplacedDecimalPoint
    case aboveLimit(Money)
    case overflow

    public var description: String { EnglishCoreCatalog().text(self) }
}

extension Character {
    var isPrintableASCII: Bool {
        guard let ascii = asciiValue else { return false }
        return ascii >= 0x20 && ascii < 0x7F
    }
}

/// The one parser for amounts a person types: `250`, `250.5`, `1,250.00`, `$1,250.00`.
public struct AmountParser: Sendable {
    public static let defaultLimit = Money(units: 1_000_000)

    public let limit: Money

    public init(limit: Money = AmountParser.defaultLimit) { self.limit = limit }

    public func parse(_ text: String) -> Result<Money, AmountError> {
        var body = Substring(text.trimmingSpaces)
        if body.isEmpty { return .failure(.empty) }
        if body.first == "-" || body.first == "\u{2212}" { return .failure(.negative) }
        if body.first == "+" { body = body.dropFirst() }
        if body.first == "$" { body = body.dropFirst() }
        if body.isEmpty { return .failure(.empty) }

        // Classify every character before interpreting any, so the message
        // names the real problem ("1e3" is an exponent, not a stray letter).
        for character in body {
            if character.isASCII, character.isNumber || character == "," || character == "." { continue }
            if character == "e" || character == "E", body.contains(where: { $0.isASCII && $0.isNumber }) {
                return .failure(.exponent)
            }
            if character.isNumber { return .failure(.nonASCIIDigit) }
            if character == "-" { return .failure(.negative) }
            return .failure(.invalidCharacter(character))
        }

        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 2 { return .failure(.misplacedDecimalPoint) }
        let integerPart = parts[0]
        let fractionPart = parts.count == 2 ? parts[1] : ""
        if fractionPart.contains(",") { return .failure(.misplacedGroupSeparator) }
        if fractionPart.count > 2 { return .failure(.tooManyDecimals) }
        if parts.count == 2 && fractionPart.isEmpty { return .failure(.misplacedDecimalPoint) }
        if integerPart.isEmpty && fractionPart.isEmpty { return .failure(.empty) }

        let groups = integerPart.split(separator: ",", omittingEmptySubsequences: false)
        if groups.count > 1 {
            let wellFormed = (1...3).contains(groups[0].count)
                && groups.dropFirst().allSatisfy { $0.count == 3 }
            if !wellFormed { return .failure(.misplacedGroupSeparator) }
        }

        var units: Int64 = 0
        for digit in groups.joined() {
            let (shifted, overflowA) = units.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = shifted.addingReportingOverflow(Int64(digit.wholeNumberValue!))
            if overflowA || overflowB { return .failure(.overflow) }
            units = next
        }
        var cents: Int64 = 0
        for (index, digit) in fractionPart.enumerated() {
            cents += Int64(digit.wholeNumberValue!) * (index == 0 ? 10 : 1)
        }
        let (scaled, overflowC) = units.multipliedReportingOverflow(by: 100)
        let (total, overflowD) = scaled.addingReportingOverflow(cents)
        if overflowC || overflowD { return .failure(.overflow) }

        let amount = Money(minorUnits: total)
        if amount == .zero { return .failure(.zero) }
        if amount > limit { return .failure(.aboveLimit(limit)) }
        return .success(amount)
    }
}

extension String {
    /// Trims spaces and tabs (not Unicode-aware on purpose: input is re-checked character by character).
    public var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
