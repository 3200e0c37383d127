@testable import TermBankApp
import TermBankCore
import XCTest

/// A terminal whose character set is not UTF-8 cannot show Portuguese,
/// Italian or Ukrainian letters: there the app draws English, and its status
/// line says why in one line (issue 13). On a UTF-8 terminal every language
/// is drawn as chosen.
final class LanguageFallbackTests: XCTestCase {
    private func state(_ language: Language, charset: TerminalCharset) -> AppState {
        var state = Fixture.state()
        state.languageSelection = LanguageSelection(language, source: .option)
        state.charset = charset
        return state
    }

    func testAUTF8TerminalDrawsEveryLanguageAsChosen() {
        for language in Language.allCases {
            let state = state(language, charset: .unicode)
            XCTAssertEqual(AppView.render(state, size: Fixture.size).text,
                           AppView.render(state, size: Fixture.size, words: language.appCatalog).text, language.code)
        }
    }

    func testAnASCIITerminalDrawsEnglishWithANoteForALanguageItCannotShow() {
        for language in Language.allCases where !language.isWrittenInASCII {
            let state = state(language, charset: .ascii)
            let frame = AppView.render(state, size: Fixture.size).text
            var english = AppView.render(state, size: Fixture.size, words: EnglishAppCatalog()).text
            let note = "This terminal is not UTF-8: English instead of \(language.code)."
            XCTAssertTrue(frame[Fixture.size.rows - 2].contains(note), frame.joined(separator: "\n"))
            english[Fixture.size.rows - 2] = frame[Fixture.size.rows - 2]
            XCTAssertEqual(frame, english, "\(language.code): English but for the note")
            // Boxes stay line-drawing cells for the painter's ACS; no letter is outside ASCII.
            XCTAssertEqual(frame.joined().unicodeScalars.filter { !$0.isASCII && $0.properties.isAlphabetic }.count, 0)
        }
    }

    func testEnglishOnAnASCIITerminalNeedsNoNote() {
        let frame = AppView.render(state(.english, charset: .ascii), size: Fixture.size).text
        XCTAssertEqual(frame[Fixture.size.rows - 2].trimmingCharacters(in: .whitespaces), "")
        XCTAssertEqual(Language.allCases.filter(\.isWrittenInASCII), [.english], "only English is plain ASCII")
    }
}
