/// A language the bank speaks: its code (`--lang`, `TERMBANK_LANG`, the
/// user's saved preference), how it picks plural forms, and its catalog of
/// the core's words. A case exists only for a language whose catalogs are
/// in the build: a language is added by adding its case here, its catalogs,
/// and the arms the compiler then asks for (docs/languages.md).
public enum Language: String, CaseIterable, Equatable, Hashable, Sendable {
    case english = "en"
    case portugueseBrazil = "pt-BR"
    case italian = "it"
    case ukrainian = "uk"

    /// The code as the user types it and the store keeps it (BCP 47: "en", "pt-BR").
    public var code: String { rawValue }

    /// The core's words in this language (refusals, the phone's texts).
    public var coreCatalog: any CoreCatalog {
        switch self {
        case .english: return EnglishCoreCatalog()
        case .portugueseBrazil: return PortugueseBrazilCoreCatalog()
        case .italian: return ItalianCoreCatalog()
        case .ukrainian: return UkrainianCoreCatalog()
        }
    }

    /// How this language picks the form of a word for a count.
    public var pluralRule: PluralRule { coreCatalog.pluralRule }

    /// The POSIX locale names that mean this language (`LC_MESSAGES`, `LANG`):
    /// the language part, and the territory when only one territory's usage
    /// is written ("pt_BR" is Brazilian; "pt_PT" is not this language).
    var posixName: (language: String, territory: String?) {
        switch self {
        case .english: return ("en", nil)
        case .portugueseBrazil: return ("pt", "BR")
        case .italian: return ("it", nil)
        case .ukrainian: return ("uk", nil)
        }
    }

    /// Every language code TermBank speaks, in the order a usage error lists them,
    /// whether or not this build has its catalogs yet.
    public static let plannedCodes = ["en", "pt-BR", "it", "uk"]

    /// The language for a code as typed: case does not matter, and "pt_BR"
    /// is read as "pt-BR". nil for a code this build does not speak.
    public init?(code: String) {
        let typed = Language.normalised(code)
        guard let language = Language.allCases.first(where: { Language.normalised($0.code) == typed }) else { return nil }
        self = language
    }

    static func normalised(_ code: String) -> String {
        String(code.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// The language a POSIX locale name means ("pt_BR.UTF-8" → pt-BR,
    /// "it_IT" → it, "uk_UA.UTF-8@euro" → uk); nil for any other ("C",
    /// "POSIX", "fr_FR", "pt_PT").
    public init?(posixLocale name: String) {
        let withoutModifier = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let withoutCodeset = withoutModifier.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutCodeset.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        let language = parts[0].lowercased()
        let territory = parts.count > 1 ? parts[1].uppercased() : nil
        guard !language.isEmpty, let match = Language.allCases.first(where: { candidate in
            let posix = candidate.posixName
            return posix.language == language && (posix.territory == nil || posix.territory == territory)
        }) else { return nil }
        self = match
    }

    /// The next language, for the app's `L` key: round all of them.
    public var next: Language {
        let all = Language.allCases
        let index = all.firstIndex(of: self)!
        return all[(index + 1) % all.count]
    }
}
