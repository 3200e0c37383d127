@testable import TermBankApp
import TermBankCore
import XCTest

/// A transfer above the step-up threshold is approved through one endpoint,
/// whichever factor the bank asked for: the step-up's proof and exactly the
/// transfer reviewed go together, and the answer lands on the factor's screen.
/// Driven through the test store's `receive`, so the effect runner and the
/// scripted bank answer every request.
final class TransferApprovalTests: ReducerTestCase {
    override class var initialState: AppState {
        var state = Fixture.signedIn()
        state.screen = .transfer(BankingFeature.reviewing(Fixture.pending, numbers: .english))
        return state
    }

    /// What the scripted bank was asked to approve, in order.
    final class Asked: @unchecked Sendable { var proofs: [StepUpProof] = [] }

    let ticket = Fixture.ticket(.transfer(Fixture.pending), phone: Fixture.alice.phone)

    func bank(_ start: StepUpStart, _ asked: Asked, answer: @escaping @Sendable (StepUpProof) -> TransferApprovalReply)
        -> BankingClient {
        var client = BankingClient.refusingAll(now: { Fixture.start })
        client.signedIn.beginTransferApproval = { pending in
            XCTAssertEqual(pending, Fixture.pending)
            return start
        }
        client.signedIn.approveTransfer = { proof, pending in
            XCTAssertEqual(pending, Fixture.pending, "the transfer reviewed, exactly")
            asked.proofs.append(proof)
            return answer(proof)
        }
        return client
    }

    func reviewing(busy: Bool = false, error: AppMessage? = nil) -> Screen {
        var form = BankingFeature.reviewing(Fixture.pending, numbers: .english)
        form.busy = busy
        form.error = error
        return .transfer(form)
    }

    func testTheSMSCodeApprovesThroughTheOneEndpoint() {
        let asked = Asked()
        store.client = bank(.code(ticket), asked) { _ in .executed(Fixture.receipt) }
        send(.key(.enter), effects: [.banking(.beginTransferApproval(Fixture.pending))]) { $0.screen = self.reviewing(busy: true) }
        receive(.banking(.stepUpStarted(.success(.code(ticket))))) {
            $0.screen = .pin(PinEntry(ticket: self.ticket, purpose: .transfer(Fixture.pending)))
        }
        send(.typed("654321"), effects: [.banking(.approveTransfer(.smsCode(ticket, code: "654321"), Fixture.pending))]) {
            $0.screen = .pin(PinEntry(ticket: self.ticket, purpose: .transfer(Fixture.pending), digits: "654321", busy: true))
        }
        receive(.banking(.transferApproved(.executed(Fixture.receipt))), effects: [.banking(.loadAccount(Fixture.alice))]) {
            $0.screen = .receipt(Fixture.receipt)
        }
        XCTAssertEqual(asked.proofs, [.smsCode(ticket, code: "654321")])
    }

    func testTheBiometricPromptStaysUpUntilTheBankAnswersAndACancelIsNotApproved() {
        let asked = Asked()
        let prompt = Fixture.prompt(reason: .transfer(Fixture.pending))
        let failedOnce = Fixture.prompt(failed: 1, notice: .tryAgain, reason: .transfer(Fixture.pending))
        store.client = bank(.biometric(prompt), asked) { proof in
            proof == .biometric(.nonMatchingTouch, prompt) ? .waiting(failedOnce) : .refused(nil)
        }
        send(.key(.enter), effects: [.banking(.beginTransferApproval(Fixture.pending))]) { $0.screen = self.reviewing(busy: true) }
        receive(.banking(.stepUpStarted(.success(.biometric(prompt))))) {
            $0.screen = .biometric(BiometricScreen(prompt: prompt, purpose: .transfer(Fixture.pending)))
        }
        send(.key(.character("x")), effects: [.banking(.approveTransfer(.biometric(.nonMatchingTouch, prompt), Fixture.pending))]) {
            $0.screen = .biometric(BiometricScreen(prompt: prompt, purpose: .transfer(Fixture.pending), busy: true))
        }
        receive(.banking(.transferApproved(.waiting(failedOnce)))) {
            $0.screen = .biometric(BiometricScreen(prompt: failedOnce, purpose: .transfer(Fixture.pending)))
        }
        send(.key(.escape), effects: [.banking(.approveTransfer(.biometric(.cancel, failedOnce), Fixture.pending))]) {
            $0.screen = .biometric(BiometricScreen(prompt: failedOnce, purpose: .transfer(Fixture.pending), busy: true))
        }
        // Cancelled: back to the same review, nothing booked.
        // The review asks the bank again how Enter will approve, as things stand now.
        receive(.banking(.transferApproved(.refused(nil))), effects: [.banking(.loadStepUpApproval(Fixture.pending))]) {
            $0.screen = self.reviewing(error: .banking(.notApproved))
        }
        XCTAssertEqual(asked.proofs, [.biometric(.nonMatchingTouch, prompt), .biometric(.cancel, failedOnce)])
    }

    func testTheAuthenticatorsCodeApprovesThroughTheOneEndpointAndARefusalStaysOnItsScreen() {
        let asked = Asked()
        store.client = bank(.authenticator, asked) { proof in
            proof == .authenticator(code: "287195") ? .executed(Fixture.receipt) : .refused(.core(.authenticator(.wrongCode(attemptsLeft: 4))))
        }
        send(.key(.enter), effects: [.banking(.beginTransferApproval(Fixture.pending))]) { $0.screen = self.reviewing(busy: true) }
        receive(.banking(.stepUpStarted(.success(.authenticator)))) {
            $0.screen = .authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.pending)))
        }
        send(.typed("111111"), effects: [.banking(.approveTransfer(.authenticator(code: "111111"), Fixture.pending))]) {
            $0.screen = .authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.pending), digits: "111111", busy: true))
        }
        receive(.banking(.transferApproved(.refused(.core(.authenticator(.wrongCode(attemptsLeft: 4))))))) {
            $0.screen = .authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.pending), error: .core(.authenticator(.wrongCode(attemptsLeft: 4)))))
        }
        send(.typed("287195"), effects: [.banking(.approveTransfer(.authenticator(code: "287195"), Fixture.pending))]) {
            $0.screen = .authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.pending), digits: "287195", busy: true))
        }
        receive(.banking(.transferApproved(.executed(Fixture.receipt))), effects: [.banking(.loadAccount(Fixture.alice))]) {
            $0.screen = .receipt(Fixture.receipt)
        }
        XCTAssertEqual(asked.proofs, [.authenticator(code: "111111"), .authenticator(code: "287195")])
    }
}
