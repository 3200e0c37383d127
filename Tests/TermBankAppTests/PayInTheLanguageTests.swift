@testable import TermBankApp
import TermBankCore
import XCTest

/// A payment's amount is typed and read the way the language on screen
/// writes it, as a transfer's is: the pay form's own hint says "1.250,00"
/// in pt-BR, so Enter must take "1.250,00" (it was read the English way and
/// refused with "write 1.250,00"), and Ukrainian's space between thousands
/// must reach the field.
final class PayInTheLanguageTests: ReducerTestCase {
    override class var initialState: AppState { Fixture.signedIn() }

    func payBob(in language: Language, typing amount: String) -> [Effect] {
        state.languageSelection = LanguageSelection(language, source: .option)
        state.account = Fixture.account(checking: 20_000)
        state.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { $0.field = .amount })
        _ = AppReducer.reduce(&state, .typed(amount))
        return AppReducer.reduce(&state, .key(.enter))
    }

    func review(_ amount: Money) -> [Effect] {
        [.banking(.reviewPayment(user: Fixture.alice.id, from: .checking, payee: Fixture.bobPayee, amount: amount, reference: nil))]
    }

    func testABrazilianAmountWithPointsBetweenThousandsGoesToReview() {
        XCTAssertEqual(payBob(in: .portugueseBrazil, typing: "1.250,50"), review(Money(units: 1250, cents: 50)))
        guard case .pay(let form) = state.screen else { return XCTFail("left the pay form") }
        XCTAssertNil(form.error)
    }

    func testAUkrainianAmountWithASpaceBetweenThousandsGoesToReview() {
        XCTAssertEqual(payBob(in: .ukrainian, typing: "1 250,50"), review(Money(units: 1250, cents: 50)))
    }

    /// The English way of writing it is refused in pt-BR with the amount it would mean, not read as 1.25.
    func testAnEnglishAmountIsRefusedInBrazilianPortugueseWithTheAmountItWouldMean() {
        XCTAssertEqual(payBob(in: .portugueseBrazil, typing: "1,250.50"), [])
        guard case .pay(let form) = state.screen else { return XCTFail("left the pay form") }
        XCTAssertEqual(form.error, .core(.amount(.ambiguous(Money(units: 1250, cents: 50)))))
    }
}
