@testable import TermBankApp
import TermBankCore
import XCTest

/// Every language the build speaks (`Language.allCases`), on every screen and
/// modal (`CatalogScreens`), drawn as the app draws it (the state's own
/// language): nothing is left in English (that nothing is clipped at 80x24
/// and 60x20 is `FittingTests`'s). A language that lands is checked here
/// without a line of its own; its translator's tests add what only that
/// language has (its seeds' wording, its plurals).
final class CatalogLanguageTests: XCTestCase {
    /// Words a catalog may give unchanged in every language: brand and
    /// technology names, key caps, the fixtures' names and device names.
    static let sameInEveryLanguage: Set<String> = [
        "TermBank", "Touch", "ID", "Face", "SMS", "UTC", "OK", "PIN", "QR", "USD", "US", "SSH",
        "Enter", "Esc", "Tab", "Ctrl", "Bksp", "TB", "URJY", "DUMJ", "AVQN", "TDLT", "PY", "NYQT", "FGI",
        "alice", "bob", "carol", "iphone", "touchid", "faceid", "old", "phone",
        "Bob", "Carol", "Pizza", "night",   // a payee's masked name and a payer's reference: the customers' data
    ]

    /// Words a language itself uses as English does, by its glossary
    /// (docs/glossary): Italian banks say "password", and "No" is Italian;
    /// "Second" is Italian's "Secondo fattore" cut by the form drawn over
    /// the settings (the form is checked on its own).
    /// Portuguese and Italian say "web" and write minutes "min" (the presenter's view).
    static let borrowed: [String: Set<String>] = ["it": ["Password", "password", "No", "Second", "web", "min"],
                                                  "pt-BR": ["web", "min"]]

    /// On a whole line, the customer's own data may be English too: the
    /// sitekey phrases, a text already on the phone, the guest's credentials.
    static let sameOnALine = sameInEveryLanguage.union(CatalogCoverageTests.notWords)

    private var languages: [Language] { Language.allCases.filter { $0 != .english } }

    private func speaking(_ language: Language, _ state: AppState, _ size: Size) -> AppState {
        var state = state
        state.languageSelection = LanguageSelection(language, source: .option)
        state.size = size
        return state
    }

    /// No text a catalog gives on any screen is its English text, unless it
    /// is only brand names, key caps, numbers or the customer's data; and no
    /// line of a frame reads as the English frame's line.
    func testNothingIsLeftInEnglish() {
        for language in languages {
            for (name, state, size) in CatalogScreens.all {
                let translated = speaking(language, state, size)
                let english = speaking(.english, state, size)
                let same = Fitting.draw(translated, size: size, words: language.appCatalog).said
                    .intersection(Fitting.draw(english, size: size, words: EnglishAppCatalog()).said)
                for text in same {
                    XCTAssertEqual(englishWords(in: text, allowing: Self.sameInEveryLanguage.union(Self.borrowed[language.code] ?? [])), [],
                                   "\(language.code) \(name): left in English: \(text)")
                }
                let lines = AppView.render(translated, size: size).text
                for (line, englishLine) in zip(lines, AppView.render(english, size: size).text) where line == englishLine {
                    XCTAssertEqual(englishWords(in: line, allowing: Self.sameOnALine.union(Self.borrowed[language.code] ?? [])), [],
                                   "\(language.code) \(name): a line reads as in English: \(line)")
                }
            }
        }
    }

    /// The check itself: a catalog that leaves one text in English is caught.
    func testATextLeftInEnglishIsCaught() {
        XCTAssertEqual(englishWords(in: "Sign in to TermBank", allowing: Self.sameInEveryLanguage), ["Sign", "in", "to"])
        XCTAssertEqual(englishWords(in: "Touch ID · alice · 1,250.00 · Enter", allowing: Self.sameInEveryLanguage), [])
        XCTAssertEqual(englishWords(in: "Down the rabbit hole", allowing: Self.sameOnALine), [], "a sitekey phrase is data")
    }

    /// The plain ASCII words of a text (two letters or more) but those allowed.
    private func englishWords(in text: String, allowing allowed: Set<String>) -> [String] {
        CatalogCoverageTests.plainWords(in: [text]).filter { !allowed.contains($0) }
    }
}
