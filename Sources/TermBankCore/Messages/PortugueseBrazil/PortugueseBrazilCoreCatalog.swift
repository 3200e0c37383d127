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

    // TEMPORARY: English conventions until helper `langfmt` lands pt-BR's
    // numbers, money and times ("US$ 1.250,00"); it replaces these three.
    public func time(_ time: Timestamp) -> String { EnglishCoreCatalog().time(time) }
    public func amount(_ money: Money) -> String { EnglishCoreCatalog().amount(money) }
    public func money(_ money: Money) -> String { EnglishCoreCatalog().money(money) }

    /// "1 minuto", "3 minutos".
    func minutes(_ count: Int64) -> String {
        "\(count) \(plural(Int(clamping: count), one: "minuto", other: "minutos"))"
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
