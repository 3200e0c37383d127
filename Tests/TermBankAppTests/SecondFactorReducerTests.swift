@testable import TermBankApp
import TermBankCore
import XCTest

/// Sign-in with the authenticator app, recovery codes in place of the second
/// factor, and the new set after the last one: exact state and effects per action.
final class SecondFactorReducerTests: ReducerTestCase {

    /// Password accepted for carol, whose second factor is the authenticator.
    func carolAtTheAuthenticatorScreen() {
        send(.signIn(.signInReplied(.accepted(user: Fixture.carol, required: [.password, .authenticator], next: .authenticator,
                                      biometry: .none, recoveryCodes: true)))) {
            $0.signInAcceptsRecoveryCode = true
            $0.screen = .sitekey(SitekeyScreen(user: Fixture.carol, next: .authenticator))
        }
        send(.key(.enter)) { $0.screen = .authenticator(AuthenticatorEntry()) }
    }

    func testTheAuthenticatorCodeAutoSubmitsOnTheSixthDigitAndOpensTheSession() {
        carolAtTheAuthenticatorScreen()
        send(.typed("28719")) { $0.screen = .authenticator(AuthenticatorEntry(digits: "28719")) }
        send(.key(.backspace)) { $0.screen = .authenticator(AuthenticatorEntry(digits: "2871")) }
        send(.typed("ab")) { _ in }   // only digits
        send(.typed("95"), effects: [.secondFactor(.checkAuthenticatorCode("287195"))]) {
            $0.screen = .authenticator(AuthenticatorEntry(digits: "287195", busy: true))
        }
        send(.typed("1")) { _ in }   // ignored while checking
        send(.secondFactor(.authenticatorCodeChecked(.passed(next: nil))), effects: [.signIn(.openSession)]) {
            $0.screen = .authenticator(AuthenticatorEntry())
        }
        send(.signIn(.sessionOpened(.success(Fixture.session(Fixture.carol)))), effects: [.banking(.loadAccount(Fixture.carol))]) {
            $0.session = Fixture.session(Fixture.carol)
            $0.signInAcceptsRecoveryCode = false
            $0.screen = .statement(StatementScreen())
        }
    }

    func testAWrongOrUsedCodeShowsTheCoresWordsAndClearsTheBoxes() {
        carolAtTheAuthenticatorScreen()
        send(.typed("000000"), effects: [.secondFactor(.checkAuthenticatorCode("000000"))]) {
            $0.screen = .authenticator(AuthenticatorEntry(digits: "000000", busy: true))
        }
        let wrong = AppMessage.core(.authenticator(.wrongCode(attemptsLeft: 4)))
        send(.secondFactor(.authenticatorCodeChecked(.refused(wrong)))) { $0.screen = .authenticator(AuthenticatorEntry(error: wrong)) }
        send(.key(.character("1"))) { $0.screen = .authenticator(AuthenticatorEntry(digits: "1")) }
        state.screen = .authenticator(AuthenticatorEntry(busy: true))
        let locked = AppMessage.core(.authenticator(.locked(until: Fixture.start.adding(seconds: 15 * 60))))
        send(.secondFactor(.authenticatorCodeChecked(.refused(locked)))) { $0.screen = .authenticator(AuthenticatorEntry(error: locked)) }
        state.screen = .authenticator(AuthenticatorEntry(busy: true))
        send(.secondFactor(.authenticatorCodeChecked(.wrong(attemptsLeft: 1)))) {
            $0.screen = .authenticator(AuthenticatorEntry(error: .secondFactor(.codeNotRight(attemptsLeft: 1))))
        }
        state.screen = .authenticator(AuthenticatorEntry(busy: true))
        send(.secondFactor(.authenticatorCodeChecked(.tooManyWrongCodes)), effects: [.signOut(.verificationFailed)]) {
            $0.signInAcceptsRecoveryCode = false
            $0.screen = .signedOut(message: .core(.check(.tooManyWrongCodes)))
        }
    }

    func testTheAuthenticatorScreenHasNoResendAndEscapeAbandonsTheSignIn() {
        carolAtTheAuthenticatorScreen()
        send(.key(.character("r"))) { _ in }
        send(.key(.character("c"))) { _ in }
        send(.key(.escape), effects: [.signOut(.signedOut)]) { $0.screen = .login(LoginForm()) }
    }

    func testARecoveryCodeStandsInForTheAuthenticatorAndSaysHowManyAreLeft() {
        carolAtTheAuthenticatorScreen()
        send(.key(.character("u"))) { $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator)) }
        send(.key(.enter)) {
            $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator, error: .secondFactor(.typeARecoveryCode)))
        }
        send(.typed("7K2MQ xd4t?!a")) { $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator, code: Secret("7K2MQ xd4ta"))) }
        send(.key(.enter), effects: [.secondFactor(.checkRecoveryCode(Secret("7K2MQ xd4ta")))]) {
            $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator, code: Secret("7K2MQ xd4ta"), busy: true))
        }
        let used = AppMessage.core(.recoveryCode(.alreadyUsed(attemptsLeft: 3)))
        send(.secondFactor(.recoveryCodeChecked(.refused(used)))) {
            $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator, error: used))
        }
        send(.typed("p3vzr-9cwhe")) {
            $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator, code: Secret("p3vzr-9cwhe")))
        }
        send(.key(.enter), effects: [.secondFactor(.checkRecoveryCode(Secret("p3vzr-9cwhe")))]) {
            $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator, code: Secret("p3vzr-9cwhe"), busy: true))
        }
        send(.secondFactor(.recoveryCodeChecked(.passed(next: nil))), effects: [.signIn(.openSession)]) {
            $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator))
        }
        let session = Fixture.session(Fixture.carol, recoveryCodesLeft: 8)
        send(.signIn(.sessionOpened(.success(session))), effects: [.banking(.loadAccount(Fixture.carol))]) {
            $0.session = session
            $0.signInAcceptsRecoveryCode = false
            $0.screen = .statement(StatementScreen(notice: .done(.session(.recoveryCodesLeft(8)))))
        }
    }

    func testEscapeFromTheRecoveryCodeGoesBackToTheFactorItStandsFor() {
        carolAtTheAuthenticatorScreen()
        send(.key(.character("u"))) { $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator)) }
        send(.key(.escape)) { $0.screen = .authenticator(AuthenticatorEntry()) }
    }

    func testOnTheSMSScreenARecoveryCodeIsOfferedOnlyWhenTheAttemptAcceptsOne() {
        // Without recovery codes (SMS only): `u` does nothing.
        send(.signIn(.signInReplied(.accepted(user: Fixture.bob, required: [.password, .smsCode], next: .smsCode, biometry: .none)))) {
            $0.screen = .sitekey(SitekeyScreen(user: Fixture.bob, next: .smsCode))
        }
        let ticket = Fixture.ticket()
        send(.secondFactor(.codeSent(.success(ticket)))) { $0.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn)) }
        send(.key(.character("u"))) { _ in }

        // carol chose SMS for sign-in but has recovery codes: `u` opens the field, Esc comes back.
        state = Fixture.state()
        send(.signIn(.signInReplied(.accepted(user: Fixture.carol, required: [.password, .smsCode], next: .smsCode, biometry: .none,
                                      recoveryCodes: true)))) {
            $0.signInAcceptsRecoveryCode = true
            $0.screen = .sitekey(SitekeyScreen(user: Fixture.carol, next: .smsCode))
        }
        send(.secondFactor(.codeSent(.success(ticket)))) { $0.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn, acceptsRecoveryCode: true)) }
        send(.key(.character("1"))) {
            $0.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn, digits: "1", acceptsRecoveryCode: true))
        }
        send(.key(.character("u"))) { $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .smsCode(ticket))) }
        send(.key(.escape)) { $0.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn, acceptsRecoveryCode: true)) }
        send(.key(.character("u"))) { $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .smsCode(ticket))) }
        send(.typed("m8fjt2ynqk"), effects: []) {
            $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .smsCode(ticket), code: Secret("m8fjt2ynqk")))
        }
        send(.key(.enter), effects: [.secondFactor(.checkRecoveryCode(Secret("m8fjt2ynqk")))]) {
            $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .smsCode(ticket), code: Secret("m8fjt2ynqk"), busy: true))
        }
        send(.secondFactor(.recoveryCodeChecked(.passed(next: nil))), effects: [.signIn(.openSession)]) {
            $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .smsCode(ticket)))
        }
    }

    /// r on an expired code asks the bank for a new one at once, even when
    /// the request had used its voice call and second SMS, or the last send
    /// was under 30 seconds ago: the screen says "r Send a new code by SMS".
    func testAfterTheCodeExpiredRAsksForANewOneAtOnce() {
        for events in [1, 3] {
            state = Fixture.state()
            let ticket = Fixture.ticket(at: Fixture.start, events: events)
            let late = Fixture.start.adding(seconds: 301)
            state.now = late
            state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn, error: .secondFactor(.codeExpiredPressR)))
            XCTAssertNil(SecondFactorFeature.secondsUntilResend(PinEntry(ticket: ticket, purpose: .signIn), now: late))
            let screen = AppView.render(state, size: Fixture.size).text.joined(separator: "\n")
            XCTAssertTrue(screen.contains("r  Send a new code by SMS"), screen)
            send(.key(.character("r")), effects: [.secondFactor(.resendCode(ticket))]) {
                $0.sendingCode = true
                $0.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn, error: .secondFactor(.codeExpiredPressR), busy: true))
            }
        }
    }

    func testTheTransferPINNeverOffersARecoveryCode() {
        state = Fixture.signedIn()
        let ticket = Fixture.ticket(.transfer(Fixture.pending), phone: Fixture.alice.phone)
        state.screen = .pin(PinEntry(ticket: ticket, purpose: .transfer(Fixture.pending), acceptsRecoveryCode: true))
        send(.key(.character("u"))) { _ in }
    }

    func testTheLastRecoveryCodeMakesANewSetWithThePasswordShownOnce() {
        state.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator, busy: true))
        state.signInAcceptsRecoveryCode = true
        send(.secondFactor(.recoveryCodeChecked(.passed(next: nil))), effects: [.signIn(.openSession)]) {
            $0.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator))
        }
        let session = Fixture.session(Fixture.carol, recoveryCodesLeft: 0)
        send(.signIn(.sessionOpened(.success(session))), effects: [.banking(.loadAccount(Fixture.carol))]) {
            $0.session = session
            $0.signInAcceptsRecoveryCode = false
            $0.screen = .newRecoveryCodes(NewRecoveryCodesScreen())
        }
        send(.key(.enter)) { $0.screen = .newRecoveryCodes(NewRecoveryCodesScreen(error: .signIn(.enterPassword))) }
        send(.typed("tea-party-7?")) {
            $0.screen = .newRecoveryCodes(NewRecoveryCodesScreen(stage: .password(Secret("tea-party-7?")), error: .signIn(.enterPassword)))
        }
        send(.key(.enter), effects: [.secondFactor(.makeRecoveryCodes(password: Secret("tea-party-7?")))]) {
            $0.screen = .newRecoveryCodes(NewRecoveryCodesScreen(stage: .password(Secret("tea-party-7?")), busy: true))
        }
        send(.secondFactor(.recoveryCodesMade(.refused(.core(.confirmation(.password(.incorrect(attemptsLeft: nil)))))))) {
            $0.screen = .newRecoveryCodes(NewRecoveryCodesScreen(error: .core(.confirmation(.password(.incorrect(attemptsLeft: nil))))))
        }
        send(.typed("tea-party-8")) {
            $0.screen = .newRecoveryCodes(NewRecoveryCodesScreen(stage: .password(Secret("tea-party-8")),
                                                                 error: .core(.confirmation(.password(.incorrect(attemptsLeft: nil))))))
        }
        send(.key(.enter), effects: [.secondFactor(.makeRecoveryCodes(password: Secret("tea-party-8")))]) {
            $0.screen = .newRecoveryCodes(NewRecoveryCodesScreen(stage: .password(Secret("tea-party-8")), busy: true))
        }
        send(.secondFactor(.recoveryCodesMade(.made(Fixture.recoveryCodes)))) {
            $0.screen = .newRecoveryCodes(NewRecoveryCodesScreen(stage: .shown(Fixture.recoveryCodes)))
        }
        send(.key(.character("x"))) { _ in }
        // Leaving forgets them: the state no longer holds any code.
        send(.key(.enter)) { $0.screen = .statement(StatementScreen()) }
    }

    func testPuttingOffTheNewSetLeavesAWarningOnTheStatement() {
        state = Fixture.signedIn(Fixture.carol)
        state.screen = .newRecoveryCodes(NewRecoveryCodesScreen())
        send(.key(.escape)) {
            $0.screen = .statement(StatementScreen(
                notice: .refused(.session(.noRecoveryCodesLeft))))
        }
    }

    // MARK: Step-up with the authenticator

    func testATransferStepsUpWithTheAuthenticatorBoundToTheTransferShown() {
        state = Fixture.signedIn(Fixture.carol)
        var form = TransferForm()
        form.amountText = "250"
        form.stage = .review(Fixture.pending)
        form.busy = true
        state.screen = .transfer(form)
        let entry = AuthenticatorEntry(purpose: .transfer(Fixture.pending))
        send(.banking(.stepUpStarted(.success(.authenticator)))) { $0.screen = .authenticator(entry) }
        send(.key(.character("u"))) { _ in }   // no recovery code for a transfer
        send(.typed("287195"), effects: [.banking(.approveTransfer(.authenticator(code: "287195"), Fixture.pending))]) {
            $0.screen = .authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.pending), digits: "287195", busy: true))
        }
        let used = AppMessage.core(.authenticator(.alreadyUsed(attemptsLeft: 4)))
        send(.banking(.transferApproved(.refused(used)))) {
            $0.screen = .authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.pending), error: used))
        }
        state.screen = .authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.pending), busy: true))
        send(.banking(.transferApproved(.executed(Fixture.receipt))), effects: [.banking(.loadAccount(Fixture.carol))]) {
            $0.screen = .receipt(Fixture.receipt)
        }
    }

    func testEscapeFromTheTransfersAuthenticatorCodeGoesBackToTheReview() {
        state = Fixture.signedIn(Fixture.carol)
        state.screen = .authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.pending), digits: "12"))
        send(.key(.escape), effects: [.banking(.loadStepUpApproval(Fixture.pending))]) {
            var form = TransferForm()
            form.amountText = "250.00"
            form.stage = .review(Fixture.pending)
            $0.screen = .transfer(form)
        }
        state.screen = .authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.pending), busy: true))
        send(.banking(.transferApproved(.tooManyWrongCodes)), effects: [.signOut(.verificationFailed)]) {
            $0.session = nil
            $0.account = nil
            $0.screen = .signedOut(message: .core(.check(.tooManyWrongCodes)))
        }
    }
}
