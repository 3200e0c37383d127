@testable import TermBankApp
import TermBankCore
import XCTest

/// The transfer form reads the amount the way the language on the screen
/// writes it, at Enter as while typing: the form that showed "US$ 1.250,50
/// da Corrente para a Poupança" sends that amount to review (issue 13).
final class TransferAmountLanguageTests: XCTestCase {
    func review(_ typed: String, in language: Language) -> (effects: [Effect], form: TransferForm?) {
        var state = Fixture.signedIn()
        state.languageSelection = LanguageSelection(language, source: .option)
        _ = AppReducer.reduce(&state, .key(.character("t")))
        _ = AppReducer.reduce(&state, .typed(typed))
        let effects = AppReducer.reduce(&state, .key(.enter))
        guard case .transfer(let form) = state.screen else { return (effects, nil) }
        return (effects, form)
    }

    func testABrazilianAmountGoesToReviewAsTyped() {
        let (effects, form) = review("1.250,50", in: .portugueseBrazil)
        XCTAssertEqual(form?.amountText, "1.250,50")
        XCTAssertNil(form?.error)
        XCTAssertEqual(effects, [.reviewTransfer(user: Fixture.alice.id, from: .checking, to: .savings,
                                                 amount: Money(units: 1_250, cents: 50))])
    }

    func testAnEnglishAmountStillGoesToReviewInEnglish() {
        let (effects, _) = review("1,250.50", in: .english)
        XCTAssertEqual(effects, [.reviewTransfer(user: Fixture.alice.id, from: .checking, to: .savings,
                                                 amount: Money(units: 1_250, cents: 50))])
    }

    /// "1,250" is one thousand two hundred and fifty in English, and three
    /// decimals in Portuguese: refused there with the way to write it.
    func testTheSameKeysAreRefusedWhereTheLanguageReadsThemOtherwise() {
        let (effects, form) = review("1,250", in: .portugueseBrazil)
        XCTAssertEqual(effects, [])
        XCTAssertEqual(form?.error, .core(.amount(.ambiguous(Money(units: 1_250)))))
    }
}
