/// The bank's words in English: every sentence the core can produce, moved
/// here from the types' `description`s unchanged. Split by area across
/// `EnglishCoreCatalog+*.swift`.
public struct EnglishCoreCatalog: CoreCatalog {
    public init() {}

    public var pluralRule: PluralRule { .oneOrOther }

    public var numbers: NumberConventions { .english }

    public var dates: DateConventions { .english }

    /// "1 minute", "3 minutes".
    func minutes(_ count: Int64) -> String {
        "\(count) \(plural(Int(clamping: count), one: "minute", other: "minutes"))"
    }

    /// "1 attempt left.", "2 attempts left."
    func attemptsLeft(_ count: Int) -> String {
        "\(count) \(plural(count, one: "attempt", other: "attempts")) left."
    }
}
