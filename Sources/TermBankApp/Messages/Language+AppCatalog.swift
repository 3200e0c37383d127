import TermBankCore

extension Language {
    /// The app's words in this language; the core's come with them (`core`).
    public var appCatalog: any AppCatalog {
        switch self {
        case .english: return EnglishAppCatalog()
        case .portugueseBrazil: return PortugueseBrazilAppCatalog()
        case .italian: return ItalianAppCatalog()
        case .ukrainian: return UkrainianAppCatalog()
        }
    }
}
