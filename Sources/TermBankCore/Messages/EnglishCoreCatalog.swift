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

    /// How long a code still works, never more than is left: seconds under a
    /// minute ("23 seconds"), else whole minutes rounded down ("4 minutes"
    /// with 4:59 left). Rounding up would promise time the code does not have.
    func timeLeft(_ seconds: Int64) -> String {
        guard seconds >= 60 else { return "\(seconds) \(plural(Int(clamping: seconds), one: "second", other: "seconds"))" }
        return minutes(seconds / 60)
    }

    /// "1 attempt left.", "2 attempts left."
    func attemptsLeft(_ count: Int) -> String {
        "\(count) \(plural(count, one: "attempt", other: "attempts")) left."
    }
}
