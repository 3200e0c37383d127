/// How one language writes numbers and amounts of money: the decimal
/// separator, the group separator and when grouping starts, and where the
/// currency's symbol stands. Only the writing changes with the language; the
/// currency does not (the demo bank is in US dollars, so every language shows
/// dollars, in its own way).
///
/// The figures are data taken from maintained sources, never from ICU (the
/// shipped binary carries no ICU): `NumberConventions+Languages.swift` has the
/// four languages and names the source of each figure (docs/languages.md,
/// "Numbers, money and dates").
public struct NumberConventions: Hashable, Sendable {
    /// Before the cents: "." or ",".
    public let decimalSeparator: Character
    /// Between groups of three digits, as written.
    public let groupSeparator: Character
    /// Every character read as a group separator when parsing. A superset of
    /// `groupSeparator`: Ukrainian writes a no-break space but accepts the
    /// space people type and the narrow no-break space glibc writes.
    public let groupSeparatorsRead: Set<Character>
    /// CLDR's minimumGroupingDigits: grouping starts once the integer part has
    /// at least 3 + this many digits (1: "1,250"; 2: "1250" but "12.500").
    public let minimumGroupingDigits: Int
    /// The dollar's symbol in this language ("$", "US$", "USD").
    public let currencySymbol: String
    /// Whether the symbol comes before the number ("$5.00") or after it ("5,00 USD").
    public let symbolPrecedes: Bool
    /// What stands between the symbol and the number: "" or a no-break space.
    public let symbolSpacing: String

    public init(decimalSeparator: Character, groupSeparator: Character, groupSeparatorsRead: Set<Character>,
                minimumGroupingDigits: Int, currencySymbol: String, symbolPrecedes: Bool, symbolSpacing: String) {
        self.decimalSeparator = decimalSeparator
        self.groupSeparator = groupSeparator
        self.groupSeparatorsRead = groupSeparatorsRead.union([groupSeparator])
        self.minimumGroupingDigits = max(1, minimumGroupingDigits)
        self.currencySymbol = currencySymbol
        self.symbolPrecedes = symbolPrecedes
        self.symbolSpacing = symbolSpacing
    }

    /// An amount without its currency: "1,250.00", "1.250,00", "1250,00", "-5,00".
    /// Always two decimals; the minus sign is ASCII, as CLDR's for all four.
    public func amount(_ money: Money) -> String {
        (money.minorUnits < 0 ? "-" : "") + magnitude(money)
    }

    /// An amount with its currency: "$1,250.00", "US$ 1.250,00", "1250,00 USD".
    /// A negative amount puts the minus sign first, before a leading symbol
    /// ("-$5.00", "-US$ 5,00", "-5,00 USD"), as CLDR's patterns without an
    /// explicit negative form and glibc's `n_sign_posn 1` both say.
    public func money(_ money: Money) -> String {
        let number = magnitude(money)
        let signed = symbolPrecedes ? currencySymbol + symbolSpacing + number : number + symbolSpacing + currencySymbol
        return (money.minorUnits < 0 ? "-" : "") + signed
    }

    /// The digits of |money|, grouped, with two decimals. Works on the
    /// unsigned magnitude, so even `Int64.min` minor units format.
    private func magnitude(_ money: Money) -> String {
        let magnitude = money.minorUnits.magnitude
        let units = String(magnitude / 100)
        let cents = magnitude % 100
        var grouped = ""
        let grouping = units.count >= 3 + minimumGroupingDigits
        for (index, digit) in units.enumerated() {
            if grouping && index > 0 && (units.count - index) % 3 == 0 { grouped.append(groupSeparator) }
            grouped.append(digit)
        }
        return grouped + String(decimalSeparator) + (cents < 10 ? "0" : "") + String(cents)
    }

    /// The characters a person may type into an amount field in this
    /// language: digits, both separators (so a mistaken one can be explained
    /// rather than silently dropped), this language's group separators, and the
    /// currency symbol with the space that may follow or precede it.
    public func mayType(_ character: Character) -> Bool {
        if character.isASCII, character.isNumber { return true }
        if character == "." || character == "," || groupSeparatorsRead.contains(character) { return true }
        if currencySymbol.contains(character) { return true }
        return character.isSeparatorSpace && !symbolSpacing.isEmpty
    }
}
