@testable import TermBankApp
import TermBankCore
import XCTest

/// A form that moves money shows what is true now. Found in tmux with alice
/// signed in twice: one session moved her whole checking balance while the
/// other had the transfer form open; that form kept saying "$4,900.00
/// available", sent a code for it, and after the refusal showed "$4,900.00
/// available" beside "You do not have the requested transfer amount". The
/// next review then still carried the last attempt's refusal.
final class TransferFormStaysCurrentTests: ReducerTestCase {
    func testTheTransferAndPayFormsFollowTheLedgerLikeTheStatement() {
        state = Fixture.signedIn()
        let second = Fixture.start.adding(seconds: 1)
        state.screen = .transfer(TransferForm())
        send(.tick(second), effects: [.banking(.loadAccount(Fixture.alice))]) { $0.now = second }
        send(.banking(.accountLoaded(.success(Fixture.account(checking: 0, savings: 15_000))))) {
            $0.account = Fixture.account(checking: 0, savings: 15_000)
        }
        let screen = AppView.render(state, size: Fixture.size).text.joined(separator: "\n")
        XCTAssertTrue(screen.contains("$0.00 available"), screen)
        XCTAssertFalse(screen.contains("$5,000.00"), screen)

        var pay = PayForm()
        pay.stage = .details(Payee(userID: Fixture.bob.id, username: Fixture.bob.username, maskedName: "Bob B."))
        state.screen = .pay(pay)
        send(.tick(second.adding(seconds: 1)), effects: [.banking(.loadAccount(Fixture.alice))]) { $0.now = second.adding(seconds: 1) }
    }

    /// Where nothing on screen is a balance being acted on, a tick only asks
    /// whether the session stands (a transfer's review is the request as shown).
    func testOtherScreensOnlyAskWhetherTheSessionStillStands() {
        state = Fixture.signedIn()
        let second = Fixture.start.adding(seconds: 1)
        var review = TransferForm()
        review.stage = .review(Fixture.pending)
        state.screen = .transfer(review)
        send(.tick(second), effects: [.checkSession]) { $0.now = second }
        state.screen = .pay(PayForm())
        send(.tick(second.adding(seconds: 1)), effects: [.checkSession]) { $0.now = second.adding(seconds: 1) }
    }

    func testANewReviewDoesNotCarryTheLastAttemptsRefusal() {
        state = Fixture.signedIn()
        var form = TransferForm()
        form.amountText = "250"
        form.error = .core(.verify(.notInProgress(.cancelled)))
        form.busy = true
        state.screen = .transfer(form)
        send(.banking(.transferReviewed(Fixture.pending)), effects: [.banking(.loadStepUpApproval(Fixture.pending))]) {
            var reviewed = form
            reviewed.busy = false
            reviewed.error = nil
            reviewed.stage = .review(Fixture.pending)
            $0.screen = .transfer(reviewed)
        }
        XCTAssertFalse(AppView.render(state, size: Fixture.size).text.joined().contains("cancelled"))

        let payee = Payee(userID: Fixture.bob.id, username: Fixture.bob.username, maskedName: "Bob B.")
        var pay = PayForm()
        pay.stage = .details(payee)
        pay.amountText = "250"
        pay.error = .core(.verify(.notInProgress(.cancelled)))
        pay.busy = true
        state.screen = .pay(pay)
        let pending = PendingTransfer(userID: Fixture.alice.id, from: .checking, payee: payee, amount: Money(units: 250),
                                      reference: nil, clientID: TransferClientID(trusted: "tx-0123456789abcdef"))
        send(.banking(.paymentReviewed(pending)), effects: [.banking(.loadStepUpApproval(pending))]) {
            var reviewed = pay
            reviewed.busy = false
            reviewed.error = nil
            reviewed.stage = .review(pending)
            $0.screen = .pay(reviewed)
        }
    }
}
