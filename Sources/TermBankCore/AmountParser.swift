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
    /// The separators follow another language's rule: read that way the text
    /// is this amount, which the message shows written this language's way
    /// ("1,250" in pt-BR: "write 1.250,00"; "1.25" in pt-BR: "write 1,25").
    /// Never accepted: a bank does not guess which amount was meant.
    case ambiguous(Money)
    case aboveLimit(Money)
    case overflow

    public var description: String { EnglishCoreCatalog().text(self) }
}

extension Character {
    var isPrintableASCII: Bool {
        guard let ascii = asciiValue else { return false }
        return ascii >= 0x20 && ascii < 0x7F
    }

    /// The characters any language uses between digits: point, comma and
    /// the spaces (plain, no-break U+00A0, narrow no-break U+202F).
    var isAmountSeparator: Bool {
        self == "." || self == "," || isSeparatorSpace
    }

    var isSeparatorSpace: Bool { self == " " || self == "\u{A0}" || self == "\u{202F}" }
}

/// The one parser for amounts a person types, in the conventions of the
/// language on screen: `1,250.00` and `$1,250.00` in English, `1.250,00` and
/// `US$ 1.250,00` in pt-BR, `1250,00` or `1.250,00` in Italian, `1 250,00`
/// in Ukrainian (plain, no-break or narrow no-break space). Every language
/// also takes plain digits (`250`) and the decimals alone.
///
/// The rule: at most two digits after the decimal separator; group
/// separators, if any, only between groups of exactly three digits before it.
/// Text that breaks this language's rule but reads cleanly under another's
/// (`1,250` or `1.25` in pt-BR, `1.250,00` in English) is refused as
/// `.ambiguous`, with the amount it would mean, so the message can show how
/// to write it; nothing is ever guessed.
public struct AmountParser: Sendable {
    public static let defaultLimit = Money(units: 1_000_000)

    public let limit: Money
    public let numbers: NumberConventions

    public init(numbers: NumberConventions = .english, limit: Money = AmountParser.defaultLimit) {
        self.numbers = numbers
        self.limit = limit
    }

    public func parse(_ text: String) -> Result<Money, AmountError> {
        var body = Substring(text.trimmingAmountSpaces)
        if body.isEmpty { return .failure(.empty) }
        if body.first == "-" || body.first == "\u{2212}" { return .failure(.negative) }
        if body.first == "+" { body = body.dropFirst() }
        body = withoutCurrencySymbol(body)
        if body.isEmpty { return .failure(.empty) }

        // Classify every character before interpreting any, so the message
        // names the real problem ("1e3" is an exponent, not a stray letter).
        for (index, character) in zip(body.indices, body) {
            if character.isASCII, character.isNumber { continue }
            if character.isAmountSeparator { continue }
            if character == "e" || character == "E", body[..<index].contains(where: { $0.isASCII && $0.isNumber }),
               let next = body[body.index(after: index)...].first, next.isASCII, next.isNumber || next == "+" || next == "-" {
                return .failure(.exponent)
            }
            if character.isNumber { return .failure(.nonASCIIDigit) }
            if character == "-" || character == "\u{2212}" { return .failure(.negative) }
            return .failure(.invalidCharacter(character))
        }

        let amount: Money
        switch Self.read(body, decimal: numbers.decimalSeparator, groups: numbers.groupSeparatorsRead) {
        case .success(let read):
            amount = read
        case .failure(.overflow):
            return .failure(.overflow)
        case .failure(let problem):
            switch Self.otherReading(of: body) {
            case .success(let meant): return .failure(meant == .zero ? .zero : .ambiguous(meant))
            case .failure(.overflow): return .failure(.overflow)
            case .failure, nil: return .failure(problem)
            }
        }
        if amount == .zero { return .failure(.zero) }
        if amount > limit { return .failure(.aboveLimit(limit)) }
        return .success(amount)
    }

    /// The currency symbol where this language writes it ("$" or "US$"
    /// before, "USD" after), with the spaces beside it; nothing else.
    private func withoutCurrencySymbol(_ body: Substring) -> Substring {
        let symbol = numbers.currencySymbol
        if numbers.symbolPrecedes, body.hasPrefix(symbol) {
            return Substring(String(body.dropFirst(symbol.count)).trimmingAmountSpaces)
        }
        if !numbers.symbolPrecedes, body.hasSuffix(symbol) {
            return Substring(String(body.dropLast(symbol.count)).trimmingAmountSpaces)
        }
        return body
    }

    /// Reads digits and separators under one rule: `decimal` before at most
    /// two decimals, any of `groups` between groups of three. `decimal` nil
    /// means the text has no decimals.
    static func read(_ body: Substring, decimal: Character?, groups: Set<Character>) -> Result<Money, AmountError> {
        let parts = decimal.map { mark in body.split(separator: mark, omittingEmptySubsequences: false) } ?? [body]
        if parts.count > 2 { return .failure(.misplacedDecimalPoint) }
        let integerPart = parts[0]
        let fractionPart = parts.count == 2 ? parts[1] : ""
        if fractionPart.contains(where: { $0.isAmountSeparator }) { return .failure(.misplacedGroupSeparator) }
        if fractionPart.count > 2 { return .failure(.tooManyDecimals) }
        if parts.count == 2 && fractionPart.isEmpty { return .failure(.misplacedDecimalPoint) }
        if integerPart.isEmpty && fractionPart.isEmpty { return .failure(.empty) }
        if let foreign = integerPart.first(where: { $0.isAmountSeparator && !groups.contains($0) }) {
            return .failure(.invalidCharacter(foreign))
        }

        let runs = integerPart.split(omittingEmptySubsequences: false, whereSeparator: { groups.contains($0) })
        if runs.count > 1 {
            // A grouped number never starts with a zero: "0,001" is a tenth of a cent mistyped, not 1.00.
            let wellFormed = (1...3).contains(runs[0].count) && runs[0].first != "0"
                && runs.dropFirst().allSatisfy { $0.count == 3 }
            if !wellFormed { return .failure(.misplacedGroupSeparator) }
        }

        var units: Int64 = 0
        for digit in runs.joined() {
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
        return .success(Money(minorUnits: total))
    }

    /// What the text means under the one other rule its separators allow,
    /// if any. The last separator decides: one or two digits after it make it
    /// the decimal separator, three make it a group separator (decimals never
    /// have three digits, groups always do). Every earlier separator must
    /// then be a group separator of a single kind (point, comma, or spaces).
    static func otherReading(of body: Substring) -> Result<Money, AmountError>? {
        guard let last = body.lastIndex(where: { $0.isAmountSeparator }) else { return nil }
        let mark = body[last]
        let after = body.distance(from: body.index(after: last), to: body.endIndex)
        let decimal: Character?
        switch after {
        case 1...2: decimal = mark
        case 3: decimal = nil
        default: return nil
        }
        let before = decimal == nil ? body[...] : body[..<last]
        let kinds = Set(before.filter { $0.isAmountSeparator }.map { $0.isSeparatorSpace ? " " : $0 })
        guard kinds.count <= 1 else { return nil }
        let groupKind = kinds.first ?? " "
        if let decimal, groupKind == decimal { return nil }
        let groups: Set<Character> = groupKind == " " ? [" ", "\u{A0}", "\u{202F}"] : [groupKind]
        return read(body, decimal: decimal, groups: groups)
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

    /// Trims spaces, tabs and the no-break spaces amounts are written with
    /// (an amount copied from the screen may end in one). Only for amounts:
    /// names and codes keep `trimmingSpaces`.
    var trimmingAmountSpaces: String {
        func isTrimmed(_ character: Character) -> Bool { character == "\t" || character.isSeparatorSpace }
        var scalars = Substring(self)
        while let first = scalars.first, isTrimmed(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, isTrimmed(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
