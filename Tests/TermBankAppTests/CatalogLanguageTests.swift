@testable import TermBankApp
import TermBankCore
import XCTest

/// Every language the build speaks (`Language.allCases`), on every screen and
/// modal (`CatalogScreens`), drawn as the app draws it (the state's own
/// language): nothing is left in English, and nothing is clipped at 80x24
/// and 60x20. A language that lands is checked here without a line of its
/// own; its translator's tests add what only that language has (its
/// seeds' wording, its plurals).
final class CatalogLanguageTests: XCTestCase {
    /// Words a catalog may give unchanged in every language: brand and
    /// technology names, key caps, the fixtures' names and device names.
    static let sameInEveryLanguage: Set<String> = [
        "TermBank", "Touch", "ID", "Face", "SMS", "UTC", "OK", "PIN", "QR", "USD", "US",
        "Enter", "Esc", "Tab", "Ctrl", "Bksp", "TB", "URJY", "DUMJ", "AVQN", "TDLT", "PY", "NYQT", "FGI",
        "alice", "bob", "carol", "iphone", "touchid", "faceid", "old", "phone",
        "Bob", "Carol", "Pizza", "night",   // a payee's masked name and a payer's reference: the customers' data
    ]

    /// Words a language itself uses as English does, by its glossary
    /// (docs/glossary): Italian banks say "password", and "No" is Italian;
    /// "Second" is Italian's "Secondo fattore" cut by the form drawn over
    /// the settings (the form is checked on its own).
    static let borrowed: [String: Set<String>] = ["it": ["Password", "password", "No", "Second"]]

    /// On a whole line, the customer's own data may be English too: the
    /// sitekey phrases, a text already on the phone, the guest's credentials.
    static let sameOnALine = sameInEveryLanguage.union(CatalogCoverageTests.notWords)

    /// Where a language's key bar holds one key fewer than English's, and why
    /// that is acceptable (the screen names the key itself).
    static let keyBarOneShorter: Set<String> = [
        // "Ctrl-P Celular" starts the bar; "c Ligar" is named on the screen's own line.
        "pt-BR: demo pin, notice@60x20",
        "it: demo pin, notice@60x20",
    ]

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

    /// Every word a catalog gave is on the frame, whole, at 80x24 and 60x20:
    /// a word cut at an edge or by a box, a line wrapped past a panel, a key
    /// pushed off the key bar. Where English itself is cut (a layout too
    /// tight for any language, `FittingTests.cutInEnglish`), a language may
    /// lose no more words than English does.
    func testEveryScreenFitsAt80x24And60x20() {
        for language in languages {
            for (name, state, listed) in CatalogScreens.all {
                for size in Fitting.sizes(for: listed) {
                    let translated = speaking(language, state, size)
                    let unseen = Fitting.unseenWords(translated, size: size, words: language.appCatalog)
                    let unseenInEnglish = Fitting.unseenWords(speaking(.english, state, size), size: size,
                                                              words: EnglishAppCatalog())
                    let place = "\(language.code) \(name) at \(size.columns)x\(size.rows)"
                    let picture = "\n" + AppView.render(translated, size: size).text.joined(separator: "\n")
                    if unseenInEnglish.isEmpty {
                        XCTAssertEqual(unseen, [], "\(place): cut or hidden" + picture)
                    } else {
                        XCTAssertLessThanOrEqual(unseen.count, unseenInEnglish.count,
                                                 "\(place): \(unseen) cut, English \(unseenInEnglish)" + picture)
                    }
                }
            }
        }
    }

    /// The key bar drops the keys that do not fit: every language shows as
    /// many as English does, at both sizes (the listed exceptions one fewer).
    func testTheKeyBarShowsAsManyKeysAsEnglish() {
        for language in languages {
            for (name, state, listed) in CatalogScreens.all {
                for size in Fitting.sizes(for: listed) {
                    let shown = keysShown(speaking(language, state, size), size: size, words: language.appCatalog)
                    let english = keysShown(speaking(.english, state, size), size: size, words: EnglishAppCatalog())
                    let key = "\(language.code): \(FittingTests.key(name, size))"
                    XCTAssertGreaterThanOrEqual(shown, english - (Self.keyBarOneShorter.contains(key) ? 1 : 0), key)
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

    private func keysShown(_ state: AppState, size: Size, words: any AppCatalog) -> Int {
        let bar = AppView.render(state, size: size, words: words).text.last ?? ""
        return KeyHelp.items(for: state).prefix { bar.contains($0.keys + " " + words.text($0.label)) }.count
    }
}
