@testable import TermBankApp
import TermBankCore
import XCTest

/// The amount field keeps every printable key, so what reaches the review is
/// what was typed or pasted. It used to drop what was not a digit or a
/// separator: a pasted "1e3" became 13 and "-5" became 5, and both went to
/// review; now the core's parser names the problem and nothing is reviewed.
final class AmountKeptAsTypedTests: ReducerTestCase {
    override class var initialState: AppState { Fixture.signedIn() }

    func transfer(_ typed: String) -> (effects: [Effect], form: TransferForm?) {
        state.screen = .transfer(TransferForm())
        _ = AppReducer.reduce(&state, .typed(typed))
        let effects = AppReducer.reduce(&state, .key(.enter))
        guard case .transfer(let form) = state.screen else { return (effects, nil) }
        return (effects, form)
    }

    func pay(_ typed: String) -> (effects: [Effect], form: PayForm?) {
        state.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { $0.field = .amount })
        _ = AppReducer.reduce(&state, .typed(typed))
        let effects = AppReducer.reduce(&state, .key(.enter))
        guard case .pay(let form) = state.screen else { return (effects, nil) }
        return (effects, form)
    }

    func testAPastedExponentIsRefusedNotReviewedAsThirteen() {
        let (effects, form) = transfer("1e3")
        XCTAssertEqual(effects, [])
        XCTAssertEqual(form?.amountText, "1e3")
        XCTAssertEqual(form?.error, .core(.amount(.exponent)))
    }

    func testANegativeAmountIsRefusedNotReviewedAsFive() {
        let (effects, form) = transfer("-5")
        XCTAssertEqual(effects, [])
        XCTAssertEqual(form?.error, .core(.amount(.negative)))
    }

    func testALetterInTheMiddleIsNamedNotDropped() {
        let (effects, form) = transfer("1o0")
        XCTAssertEqual(effects, [])
        XCTAssertEqual(form?.error, .core(.amount(.invalidCharacter("o"))))
    }

    func testAPaymentsAmountIsKeptAsTypedToo() {
        XCTAssertEqual(pay("1e3").form?.error, .core(.amount(.exponent)))
        XCTAssertEqual(pay("-5").effects, [])
        XCTAssertEqual(pay("-5").form?.error, .core(.amount(.negative)))
    }

    /// Control characters (a bell, a C1 CSI) still never enter the field.
    func testControlCharactersNeverReachTheField() {
        state.screen = .transfer(TransferForm())
        _ = AppReducer.reduce(&state, .typed("1\u{07}\u{9B}31m2"))
        guard case .transfer(let form) = state.screen else { return XCTFail("left the transfer form") }
        XCTAssertEqual(form.amountText, "131m2")
    }
}
