@testable import TermBankApp
import TermBankCore
import XCTest

/// The amount field reads what the language on screen writes: in Ukrainian
/// "1 250,50" (a space between thousands, a comma before the cents) goes to
/// review as 1250.50, and an amount written back into the field (after a
/// refused approval) is written the Ukrainian way, so Enter takes it again.
final class TransferInTheLanguageTests: ReducerTestCase {
    func testAUkrainianAmountIsTypedAndReviewedInUkrainian() {
        state = Fixture.signedIn()
        state.languageSelection = LanguageSelection(.ukrainian, source: .option)
        send(.key(.character("t"))) { $0.screen = .transfer(TransferForm()) }
        var form = TransferForm()
        send(.typed("1 250,50")) { form.amountText = "1 250,50"; $0.screen = .transfer(form) }
        send(.key(.enter), effects: [.banking(.reviewTransfer(user: Fixture.alice.id, from: .checking, to: .savings,
                                                     amount: Money(units: 1250, cents: 50)))]) {
            form.busy = true
            $0.screen = .transfer(form)
        }
    }

    /// The English way of writing it is refused in Ukrainian, with the amount it would mean.
    func testAnEnglishAmountIsRefusedInUkrainianWithTheAmountItWouldMean() {
        state = Fixture.signedIn()
        state.languageSelection = LanguageSelection(.ukrainian, source: .option)
        var form = TransferForm()
        form.amountText = "1,250.50"
        state.screen = .transfer(form)
        send(.key(.enter)) {
            form.error = .core(.amount(.ambiguous(Money(units: 1250, cents: 50))))
            $0.screen = .transfer(form)
        }
    }

    /// In pt-BR "1.250,50" goes to review as 1250.50, and "1,250" (three
    /// decimals there) is refused with the way to write it.
    func testABrazilianAmountIsReviewedAndAThreeDecimalOneRefused() {
        state = Fixture.signedIn()
        state.languageSelection = LanguageSelection(.portugueseBrazil, source: .option)
        var form = TransferForm()
        form.amountText = "1.250,50"
        state.screen = .transfer(form)
        send(.key(.enter), effects: [.banking(.reviewTransfer(user: Fixture.alice.id, from: .checking, to: .savings,
                                                     amount: Money(units: 1250, cents: 50)))]) {
            form.busy = true
            $0.screen = .transfer(form)
        }
        var typed = TransferForm()
        typed.amountText = "1,250"
        state.screen = .transfer(typed)
        send(.key(.enter)) {
            typed.error = .core(.amount(.ambiguous(Money(units: 1250))))
            $0.screen = .transfer(typed)
        }
    }

    func testARefusedApprovalPutsTheAmountBackAsTheLanguageWritesIt() {
        state = Fixture.signedIn()
        state.languageSelection = LanguageSelection(.ukrainian, source: .option)
        let pending = PendingTransfer(userID: Fixture.alice.id, from: .checking, to: .savings,
                                      amount: Money(units: 1250, cents: 50), clientID: Fixture.pending.clientID)
        XCTAssertEqual(BankingFeature.reviewing(pending, numbers: state.language.coreCatalog.numbers).amountText,
                       "1\u{A0}250,50")
        var form = BankingFeature.reviewing(pending, numbers: .ukrainian)
        form.stage = .editing
        XCTAssertNil(BankingFeature.validate(form, balances: Fixture.account().balances, numbers: .ukrainian).error,
                     "Enter takes it again")
    }
}
