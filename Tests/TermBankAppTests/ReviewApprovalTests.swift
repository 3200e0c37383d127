@testable import TermBankApp
import TermBankCore
import XCTest

/// The review says how Enter will approve, in the bank's words: the app asks
/// the bank's step-up policy when the review is shown (`loadStepUpApproval`),
/// names the factor (the fingerprint, Face ID, an SMS code to the masked
/// number, the authenticator app, the passcode when the sensor is locked) or
/// the refusal, and when Enter starts something else the step-up's screen says
/// the review no longer holds. Driven through the test store and `EffectRunner`.
final class ReviewApprovalTests: ReducerTestCase {
    override class var initialState: AppState {
        var state = Fixture.signedIn()
        var form = TransferForm()
        form.amountText = "250"
        form.busy = true
        state.screen = .transfer(form)
        return state
    }

    let later = Fixture.start.adding(seconds: 900)

    func bank(answer: StepUpApproval? = nil, refusal: CoreMessage? = nil, start: StepUpStart? = nil) -> BankingClient {
        var client = BankingClient.refusingAll(now: { Fixture.start })
        client.signedIn.stepUpApproval = { pending in
            XCTAssertEqual(pending, Fixture.pending, "asked about exactly the transfer on the review")
            if let refusal { throw refusal }
            return try XCTUnwrap(answer)
        }
        client.signedIn.beginTransferApproval = { _ in
            if let start { return start }
            throw refusal ?? CoreMessage.ledger(.unknownAccount)
        }
        return client
    }

    /// Reviewed, asked, answered: the review as the customer sees it.
    func review(_ outcome: Outcome<StepUpApproval>) {
        send(.banking(.transferReviewed(Fixture.pending)), effects: [.banking(.loadStepUpApproval(Fixture.pending))]) {
            $0.screen = .transfer(self.form(nil))
        }
        XCTAssertTrue(screenText().contains("Checking how you will approve…"), "said while the bank is asked")
        receive(.banking(.stepUpApprovalLoaded(Fixture.pending, outcome))) { $0.screen = .transfer(self.form(outcome)) }
    }

    func form(_ approval: Outcome<StepUpApproval>?, busy: Bool = false, error: AppMessage? = nil) -> TransferForm {
        var form = TransferForm()
        form.amountText = "250"
        form.stage = .review(Fixture.pending)
        form.approval = approval
        form.busy = busy
        form.error = error
        return form
    }

    /// The screen's words, boxes and wrapping taken out, so a sentence over two lines reads as one.
    func screenText(_ state: AppState? = nil, size: Size = Fixture.size) -> String {
        AppView.render(state ?? self.state, size: size).text
            .map { $0.replacingOccurrences(of: "│", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
                .trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    func testTheReviewNamesTheSMSCodeAndTheMaskedNumberItGoesTo() {
        store.client = bank(answer: Fixture.smsToAlice)
        review(.success(Fixture.smsToAlice))
        XCTAssertTrue(screenText().contains("Enter sends an SMS code to +1 ***-***-0100 for exactly this transfer."),
                      screenText())
        XCTAssertFalse(screenText().contains("+15550100"), "the number is masked on the screen")
        XCTAssertTrue(AppView.render(state, size: Fixture.size).text.contains { $0.contains("+1\u{00A0}***-***-0100") },
                      "the masked number is never split over two lines")
    }

    func testTheReviewNamesTheFingerprintFaceIDTheAppAndThePasscodeWhenTheSensorIsLocked() {
        let said: [(StepUpApproval, String)] = [
            (.biometric(.touchID), "Enter: approve with your fingerprint (Touch ID)."),
            (.biometric(.faceID), "Enter: approve with your face (Face ID)."),
            (.authenticator(firstPayee: false), "Enter asks for your authenticator app's code for exactly this transfer."),
            (.devicePasscode(.faceID), "Enter: approve with your iPhone passcode (Face ID is locked after too many tries)."),
        ]
        for (answer, sentence) in said {
            state.screen = .transfer(form(.success(answer)))
            XCTAssertTrue(screenText().contains(sentence), "\(answer)\n" + screenText())
            XCTAssertTrue(screenText(size: Size(columns: 60, rows: 20)).contains(sentence), "60x20: \(answer)")
        }
    }

    func testAPaymentsReviewSaysAFirstPayeeIsWhyTheCodeIsNeeded() {
        var state = Fixture.signedIn()
        state.screen = .pay(Fixture.payForm(.review(Fixture.payment)) { $0.approval = .success(Fixture.smsToAliceForANewPayee) })
        XCTAssertTrue(screenText(state).contains(
            "First payment to bob: Enter sends an SMS code to +1 ***-***-0100 for exactly this payment."), screenText(state))
        state.screen = .pay(Fixture.payForm(.review(Fixture.payment)) { $0.approval = .success(.biometric(.touchID)) })
        XCTAssertTrue(screenText(state).contains("Enter: approve with your fingerprint (Touch ID)."), "bob paid before")
    }

    func testTheReviewSpeaksTheLanguageOnTheScreen() {
        let expected: [(Language, String)] = [
            (.portugueseBrazil, "Enter envia um código por SMS para +1 ***-***-0100 que aprova exatamente esta transferência."),
            (.italian, "Enter invia un codice SMS al +1 ***-***-0100 che autorizza solo questo giroconto."),
            (.ukrainian, "Enter надсилає код у SMS на +1 ***-***-0100, що підтверджує саме цей переказ."),
        ]
        for (language, sentence) in expected {
            var state = Fixture.signedIn()
            state.languageSelection = LanguageSelection(language, source: .option)
            state.screen = .transfer(form(.success(Fixture.smsToAlice)))
            XCTAssertTrue(screenText(state).contains(sentence), "\(language.code)\n" + screenText(state))
        }
    }

    func testARefusalTheBankForeseesIsShownOnTheReviewBeforeEnter() {
        let locked = CoreMessage.authenticator(.locked(until: later))
        store.client = bank(refusal: locked)
        review(.failure(.core(locked)))
        XCTAssertTrue(screenText().contains(EnglishAppCatalog().text(AppMessage.core(locked))), screenText())
    }

    func testAnAnswerForAReviewNoLongerOnScreenIsDropped() {
        state.screen = .transfer(form(nil))
        let other = PendingTransfer(userID: Fixture.alice.id, from: .checking, to: .savings, amount: Money(units: 251),
                                    clientID: TransferClientID(trusted: "tx-other-0000001"))
        send(.banking(.stepUpApprovalLoaded(other, .success(.biometric(.touchID)))))
        send(.key(.escape)) { $0.screen = .transfer(self.editing()) }
        send(.banking(.stepUpApprovalLoaded(Fixture.pending, .success(.biometric(.touchID)))))
    }

    func editing() -> TransferForm {
        var form = self.form(nil)
        form.stage = .editing
        return form
    }

    func testWhenEnterStartsWhatTheReviewNamedTheCodeScreenSaysNothingMore() {
        let ticket = Fixture.ticket(.transfer(Fixture.pending), phone: Fixture.alice.phone)
        store.client = bank(answer: Fixture.smsToAlice, start: .code(ticket))
        review(.success(Fixture.smsToAlice))
        send(.key(.enter), effects: [.banking(.beginTransferApproval(Fixture.pending))]) {
            $0.screen = .transfer(self.form(.success(Fixture.smsToAlice), busy: true))
        }
        receive(.banking(.stepUpStarted(.success(.code(ticket))))) {
            $0.screen = .pin(PinEntry(ticket: ticket, purpose: .transfer(Fixture.pending)))
        }
        XCTAssertFalse(screenText().contains("Not as the review said"))
    }

    /// The review promised the fingerprint; Touch ID was locked before Enter.
    /// The bank's decision at Enter wins (the passcode pad), and says so.
    func testASensorLockedAfterTheReviewOpensThePasscodeAndSaysTheReviewNoLongerHolds() {
        let passcode = Fixture.prompt(mode: .passcode, notice: .biometryLockedOut, reason: .transfer(Fixture.pending))
        store.client = bank(answer: .biometric(.touchID), start: .biometric(passcode))
        review(.success(.biometric(.touchID)))
        send(.key(.enter), effects: [.banking(.beginTransferApproval(Fixture.pending))]) {
            $0.screen = .transfer(self.form(.success(.biometric(.touchID)), busy: true))
        }
        receive(.banking(.stepUpStarted(.success(.biometric(passcode))))) {
            var screen = BiometricScreen(prompt: passcode, purpose: .transfer(Fixture.pending))
            screen.changedSinceReview = true
            $0.screen = .biometric(screen)
        }
        XCTAssertTrue(screenText().contains("Not as the review said: the bank now asks for this."), screenText())
        XCTAssertTrue(screenText(size: Size(columns: 60, rows: 20)).contains("Not as the review said"))
    }

    /// The number changed in another session after the review: the code
    /// goes where the bank says now, and the screen says it is not what the review named.
    func testACodeSentToANumberOtherThanTheReviewNamedIsSaid() {
        let ticket = Fixture.ticket(.transfer(Fixture.pending), phone: Fixture.bob.phone)
        store.client = bank(answer: Fixture.smsToAlice, start: .code(ticket))
        review(.success(Fixture.smsToAlice))
        send(.key(.enter), effects: [.banking(.beginTransferApproval(Fixture.pending))]) {
            $0.screen = .transfer(self.form(.success(Fixture.smsToAlice), busy: true))
        }
        receive(.banking(.stepUpStarted(.success(.code(ticket))))) {
            var entry = PinEntry(ticket: ticket, purpose: .transfer(Fixture.pending))
            entry.changedSinceReview = true
            $0.screen = .pin(entry)
        }
        XCTAssertTrue(screenText().contains("We sent a code to +1 ***-***-0101"), screenText())
        XCTAssertTrue(screenText().contains("Not as the review said: the bank now asks for this."), screenText())
    }

    func testAnAuthenticatorTurnedOnElsewhereAfterTheReviewIsSaid() {
        store.client = bank(answer: Fixture.smsToAlice, start: .authenticator)
        review(.success(Fixture.smsToAlice))
        send(.key(.enter), effects: [.banking(.beginTransferApproval(Fixture.pending))]) {
            $0.screen = .transfer(self.form(.success(Fixture.smsToAlice), busy: true))
        }
        receive(.banking(.stepUpStarted(.success(.authenticator)))) {
            var entry = AuthenticatorEntry(purpose: .transfer(Fixture.pending))
            entry.changedSinceReview = true
            $0.screen = .authenticator(entry)
        }
        XCTAssertTrue(screenText().contains("Not as the review said"), screenText())
    }

    /// Enter met a refusal the review did not foresee (SMS codes locked
    /// meanwhile): nothing starts, the review asks again, and the reason is
    /// shown once, where the approval was named.
    func testARefusalAtEnterAsksTheBankAgainAndIsShownOnce() {
        let locked = CoreMessage.verify(.smsCodesLocked(until: later))
        store.client = bank(answer: Fixture.smsToAlice)
        review(.success(Fixture.smsToAlice))
        store.client = bank(refusal: locked)
        send(.key(.enter), effects: [.banking(.beginTransferApproval(Fixture.pending))]) {
            $0.screen = .transfer(self.form(.success(Fixture.smsToAlice), busy: true))
        }
        receive(.banking(.stepUpStarted(.failure(.core(locked)))), effects: [.banking(.loadStepUpApproval(Fixture.pending))]) {
            $0.screen = .transfer(self.form(nil, error: .core(locked)))
        }
        receive(.banking(.stepUpApprovalLoaded(Fixture.pending, .failure(.core(locked))))) {
            $0.screen = .transfer(self.form(.failure(.core(locked)), error: .core(locked)))
        }
        let sentence = EnglishAppCatalog().text(AppMessage.core(locked))
        XCTAssertEqual(screenText().components(separatedBy: sentence).count - 1, 1, screenText())
        XCTAssertFalse(screenText().contains("Enter sends an SMS code"), "the old promise is gone")
    }
}
