@testable import TermBankApp
import TermBankCore
import XCTest

/// On a UTF-8 terminal every language is drawn as chosen, with the state's
/// own catalog (an ASCII-only terminal draws English: `ASCIIFrameTests`).
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
}
