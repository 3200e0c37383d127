import TermBankCore

extension AppState {
    /// The language the screen is drawn in: the chosen one, or English on a
    /// terminal that shows only ASCII when the chosen one needs more
    /// (accented letters, Cyrillic). The status line then says why, so
    /// nobody takes `?` for words.
    public var shownLanguage: Language {
        charset == .ascii && !language.writesInASCII ? .english : language
    }
}

extension Language {
    /// Whether every text of this language is plain ASCII: English only.
    var writesInASCII: Bool { self == .english }
}
