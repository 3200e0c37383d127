import TermBankApp
import TermBankCore

/// Pseudo-localisation: the English catalogs with every ASCII letter swapped
/// for an accented one of the same width ("Sign in" → "Šíĝñ íñ"), so a frame
/// drawn with it keeps its layout, and any plain ASCII word left on it did
/// not come from a catalog.
enum Pseudo {
    static let letters: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("áƀçďéƒĝĥíĵķĺɱñóþʠŕšţúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    static func words(_ english: String) -> String { String(english.map { letters[$0] ?? $0 }) }
}

extension MappedAppCatalog {
    /// The pseudo-locale's app catalog (its core catalog comes with it).
    static var pseudo: MappedAppCatalog { MappedAppCatalog(EnglishAppCatalog(), Pseudo.words, datesToo: true) }
}
