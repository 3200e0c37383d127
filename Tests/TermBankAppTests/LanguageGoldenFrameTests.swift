import Foundation
@testable import TermBankApp
import TermBankCore
import XCTest

/// The main screens (`LanguageGoldenScreens`) in Brazilian Portuguese,
/// Italian and Ukrainian, compared with the text under
/// Tests/TermBankAppTests/Golden/<code>/; Golden/en/ holds the same frames
/// in English to read them beside. A
/// change to a word, an amount's or a date's form, or a layout shows here as
/// a diff a native reader can judge. To accept a deliberate change, run with
/// TERMBANK_RECORD_GOLDEN=1, then read the diff.
final class LanguageGoldenFrameTests: XCTestCase {
    static let languages: [Language] = [.portugueseBrazil, .italian, .ukrainian]
    /// With English: the same frames side by side, for a reader comparing a language with it.
    static let folders: [Language] = [.english] + languages

    static func folder(_ language: Language) -> URL {
        GoldenFrameTests.directory.appendingPathComponent(language.code)
    }

    func assertGoldens(_ language: Language, file: StaticString = #filePath, line: UInt = #line) throws {
        for (name, state, size) in LanguageGoldenScreens.all(language) {
            try assertGolden(name, state, size: size, in: Self.folder(language), file: file, line: line)
        }
    }

    func testTheMainScreensInEnglish() throws { try assertGoldens(.english) }
    func testTheMainScreensInBrazilianPortuguese() throws { try assertGoldens(.portugueseBrazil) }
    func testTheMainScreensInItalian() throws { try assertGoldens(.italian) }
    func testTheMainScreensInUkrainian() throws { try assertGoldens(.ukrainian) }

    /// Each language's folder holds exactly the frames the list renders: a
    /// screen dropped from the list leaves no golden behind that nothing checks.
    func testEachLanguageFolderHoldsOnlyTheFramesItChecks() throws {
        for language in Self.folders {
            let expected = Set(LanguageGoldenScreens.all(language).map { $0.name + ".txt" })
            XCTAssertEqual(expected.count, LanguageGoldenScreens.all(language).count, "\(language.code): names are unique")
            let stored = Set(try FileManager.default.contentsOfDirectory(atPath: Self.folder(language).path))
            XCTAssertEqual(stored, expected, language.code)
        }
    }

    /// The frames are the language's own: the header, the key bar and every
    /// panel title come from its catalog, so no frame reads as the English one.
    func testNoFrameReadsAsTheEnglishOne() {
        for language in Self.languages {
            for (name, state, size) in LanguageGoldenScreens.all(language) {
                XCTAssertNotEqual(AppView.render(state, size: size).text,
                                  AppView.render(state, size: size, words: EnglishAppCatalog()).text, "\(language.code)/\(name)")
            }
        }
    }

    /// The frames show the figures the issue names, the way each language
    /// writes them (a no-break space keeps the currency with its number, as
    /// CLDR writes it): the transfer's amount on its review, the balance after
    /// it on the receipt, the statement's months, and the plural forms of
    /// the attempts left (3 and 2 codes per SMS, 4 after a wrong authenticator
    /// code, 1 before the end: Ukrainian's "few" and "one" forms) and of the
    /// 30 days a trusted device lasts (its "many" form).
    func testTheFramesWriteAmountsDatesAndCountsAsTheLanguageDoes() {
        let nbsp = "\u{00A0}"
        let expected: [Language: (review: String, receipt: String, month: String, attempts: [String: String])] = [
            .portugueseBrazil: ("US$\(nbsp)1.250,00", "US$\(nbsp)11.250,00", "out",
                                ["pin": "3 tentativas", "pin-wrong": "2 tentativas", "pin-last-attempt-60x20": "1 tentativa",
                                 "authenticator-wrong": "4 tentativas", "security-with-app": "30 dias"]),
            .italian: ("1250,00\(nbsp)USD", "11.250,00\(nbsp)USD", "ott",
                       ["pin": "3 tentativi", "pin-wrong": "2 tentativi", "pin-last-attempt-60x20": "1 tentativo",
                        "authenticator-wrong": "4 tentativi", "security-with-app": "30 giorni"]),
            .ukrainian: ("1\(nbsp)250,00\(nbsp)USD", "11\(nbsp)250,00\(nbsp)USD", "жов",
                         ["pin": "3 спроби", "pin-wrong": "2 спроби", "pin-last-attempt-60x20": "1 спроба",
                          "authenticator-wrong": "4 спроби", "security-with-app": "30 днів"]),
        ]
        for language in Self.languages {
            let figures = expected[language]!
            let frames = Dictionary(uniqueKeysWithValues: LanguageGoldenScreens.all(language).map { screen in
                (screen.name, AppView.render(screen.state, size: screen.size).text.joined(separator: "\n"))
            })
            XCTAssertTrue(frames["transfer-review"]!.contains(figures.review), "\(language.code)\n" + frames["transfer-review"]!)
            XCTAssertTrue(frames["receipt"]!.contains(figures.receipt), "\(language.code)\n" + frames["receipt"]!)
            XCTAssertTrue(frames["statement"]!.contains(" " + figures.month + " "), "\(language.code)\n" + frames["statement"]!)
            for (name, words) in figures.attempts {
                XCTAssertTrue(frames[name]!.contains(words), "\(language.code)/\(name): \(words)\n" + frames[name]!)
            }
        }
    }
}
