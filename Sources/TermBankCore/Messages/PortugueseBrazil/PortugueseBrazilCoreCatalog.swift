/// The bank's words in Brazilian Portuguese, as a Brazilian bank's app
/// writes them (você, "Saldo", "Extrato", "código de verificação"), with the
/// seeds' own Portuguese where they have it (seed 000: "verificação por SMS
/// no login", "código PIN", "chave do site"; seed 001: "código de acesso").
/// The glossary is docs/glossary/pt-BR.md. Split by area across
/// `PortugueseBrazilCoreCatalog+*.swift`, as the English catalog is.
public struct PortugueseBrazilCoreCatalog: CoreCatalog {
    public init() {}

    /// pt: 0 and 1 take the singular ("1 tentativa"), 2 and more the plural.
    public var pluralRule: PluralRule { .zeroOrOneOrOther }

    /// "US$ 1.250,00" (decision 22: glibc pt_BR and CLDR pt).
    public var numbers: NumberConventions { .portugueseBrazil }

    /// "30 nov 06:58", "30 de novembro de 2026, 06:58:00 UTC", "06:58 UTC".
    public var dates: DateConventions { .portugueseBrazil }

    /// "1 minuto", "3 minutos".
    func minutes(_ count: Int64) -> String {
        "\(count) \(plural(Int(clamping: count), one: "minuto", other: "minutos"))"
    }

    /// How long a code still works, never more than is left: seconds under a
    /// minute ("23 segundos"), else whole minutes rounded down ("4 minutos"
    /// with 4:59 left).
    func timeLeft(_ seconds: Int64) -> String {
        guard seconds >= 60 else { return "\(seconds) \(plural(Int(clamping: seconds), one: "segundo", other: "segundos"))" }
        return minutes(seconds / 60)
    }

    /// "Resta 1 tentativa.", "Restam 2 tentativas.", "Não resta nenhuma
    /// tentativa." (zero reads as "nenhuma", in the singular the rule gives it).
    func attemptsLeft(_ count: Int) -> String {
        let attempts = plural(count, one: "tentativa", other: "tentativas")
        guard count != 0 else { return "Não resta nenhuma \(attempts)." }
        return "\(plural(count, one: "Resta", other: "Restam")) \(count) \(attempts)."
    }
}

extension CoreCatalog where Self == PortugueseBrazilCoreCatalog {
    /// The bank's words in Brazilian Portuguese.
    public static var portugueseBrazil: PortugueseBrazilCoreCatalog { PortugueseBrazilCoreCatalog() }
}
