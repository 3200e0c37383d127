/// The bank's words in Italian, as an Italian bank's app writes them
/// (Intesa Sanpaolo, UniCredit, Fineco): the customer is addressed with the
/// informal "tu", transfers between the customer's own accounts are a
/// "giroconto", a session ends with "Esci". The terms are in
/// docs/glossary/it.md; seed 002 (Italian) gives the LocalAuthentication
/// words ("codice di accesso", "troppi tentativi falliti"). Split by area
/// across `ItalianCoreCatalog+*.swift`, as the English catalog is.
public struct ItalianCoreCatalog: CoreCatalog {
    public init() {}

    /// Italian counts as English does: 1 is singular, 0 and the rest plural
    /// ("0 tentativi", "1 tentativo", "2 tentativi"; CLDR `one`/`other`).
    public var pluralRule: PluralRule { .oneOrOther }

    /// "1250,00 USD", "12.500,00 USD" (docs/languages.md): `amount`, `money`
    /// and the amount parser follow them.
    public var numbers: NumberConventions { .italian }

    /// "05 nov 06:08" on the statement, "5 novembre 2026, 06:08:09 UTC" on the receipt.
    public var dates: DateConventions { .italian }

    /// "1 minuto", "3 minuti".
    func minutes(_ count: Int64) -> String {
        "\(count) \(plural(Int(clamping: count), one: "minuto", other: "minuti"))"
    }

    /// How long a code still works, never more than is left: seconds under a
    /// minute ("23 secondi"), else whole minutes rounded down ("4 minuti"
    /// with 4:59 left).
    func timeLeft(_ seconds: Int64) -> String {
        guard seconds >= 60 else { return "\(seconds) \(plural(Int(clamping: seconds), one: "secondo", other: "secondi"))" }
        return minutes(seconds / 60)
    }

    /// "1 tentativo rimasto.", "2 tentativi rimasti."
    func attemptsLeft(_ count: Int) -> String {
        "\(count) \(plural(count, one: "tentativo rimasto", other: "tentativi rimasti"))."
    }

    /// An amount to show how amounts are written: one thousand two hundred and fifty.
    var exampleAmount: String { amount(Money(units: 1250)) }
}

extension CoreCatalog where Self == ItalianCoreCatalog {
    /// The bank's words in Italian.
    public static var italian: ItalianCoreCatalog { ItalianCoreCatalog() }
}
