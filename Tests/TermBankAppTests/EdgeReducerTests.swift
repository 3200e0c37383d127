@testable import TermBankApp
import TermBankCore
import XCTest

/// The session and device rules (docs/security-model.md) in the state machine: a session ended elsewhere
/// signs out at the next tick, the sitekey before the password on a device
/// that knows the name (and the same screens for any other name), and
/// biometric sign-in back on from Security.
final class EdgeReducerTests: ReducerTestCase {

    // MARK: Item 6: live balances stop when the session does

    func testEveryTickWhileSignedInAsksWhetherTheSessionStillStands() {
        state = Fixture.signedIn()
        let second = Fixture.start.adding(seconds: 1)
        send(.tick(second), effects: [.banking(.loadAccount(Fixture.alice))]) { $0.now = second }   // the refresh checks it
        state.screen = .transfer(TransferForm())   // its balances are live too (TransferFormStaysCurrentTests)
        send(.tick(second.adding(seconds: 1)), effects: [.banking(.loadAccount(Fixture.alice))]) { $0.now = second.adding(seconds: 1) }
        state.screen = .security(SecurityScreen())
        send(.tick(second.adding(seconds: 2)), effects: [.checkSession]) { $0.now = second.adding(seconds: 2) }
        state = Fixture.state()
        send(.tick(second), effects: []) { $0.now = second }   // nobody signed in: nothing to ask
    }

    /// The attack this closes: trust revoked (or an operator reset) elsewhere,
    /// and the statement kept showing live balances for minutes.
    func testARevokedSessionsRefreshSignsOutInsteadOfShowingBalances() {
        state = Fixture.signedIn()
        var revoked = BankingClient(now: { Fixture.start })
        revoked.signingIn.signIn = { _, _ in .refused(.session(.somethingWentWrong)) }
        revoked.signingIn.beginBiometric = { _ in .failed(.systemCancel, message: nil) }
        revoked.signingIn.biometric = { _, _ in .failed(.systemCancel, message: nil) }
        revoked.signingIn.sendSignInCode = { throw SessionError.notFound }
        revoked.signingIn.resendCode = { _ in throw SessionError.notFound }
        revoked.signingIn.checkSignInCode = { _, _ in .refused(.session(.somethingWentWrong)) }
        revoked.signingIn.openSession = { throw SessionError.notFound }
        revoked.signedIn.loadAccount = { _ in throw SessionError.ended(.trustRevoked) }
        revoked.signedIn.beginTransferApproval = { _ in throw SessionError.notFound }
        revoked.signedIn.approveTransfer = { _, _ in .refused(.session(.somethingWentWrong)) }
        revoked.settings.turnOnSMSVerification = { .refused(.session(.somethingWentWrong)) }
        revoked.signedIn.touchSession = {}
        revoked.signOut = { _ in }
        revoked.signingIn.notMyImage = {}
        revoked.signedIn.newTransferID = { TransferClientID(trusted: "tx-0000000000000000") }
        revoked.signedIn.checkSession = { throw SessionError.ended(.trustRevoked) }
        let reply = EffectRunner.run(.banking(.loadAccount(Fixture.alice)), client: revoked)
        XCTAssertEqual(reply, .sessionEnded(.core(.session(.ended(.trustRevoked)))))
        XCTAssertEqual(EffectRunner.run(.checkSession, client: revoked), reply)
        send(reply!) {
            $0.session = nil
            $0.account = nil
            $0.screen = .signedOut(message: .core(.session(.ended(.trustRevoked))))
        }
        XCTAssertFalse(AppView.render(state, size: Fixture.size).text.joined(separator: "\n").contains("$5,000.00"), "no balance left on screen")
    }

    func testARefreshThatFailsForAnotherReasonKeepsTheSessionAndSaysSo() {
        state = Fixture.signedIn()
        send(.banking(.accountLoaded(.failure(.core(.store(.busy(path: "bank.db", waitedMilliseconds: 5000))))))) {
            $0.screen = .statement(StatementScreen(notice: .refused(.core(.store(.busy(path: "bank.db", waitedMilliseconds: 5000))))))
        }
    }

    // MARK: Item 9: the sitekey before the password

    func login(_ form: @escaping (inout LoginForm) -> Void) -> (inout AppState) -> Void {
        { state in
            guard case .login(var current) = state.screen else { return }
            form(&current)
            state.screen = .login(current)
        }
    }

    func testOnADeviceThatKnowsTheNameTheSitekeyComesBeforeThePassword() {
        send(.typed("alice"), login { $0.username = "alice" })
        send(.key(.tab), effects: [.signIn(.lookUpSitekey(username: "alice"))], login { $0.busy = true })
        var form = SitekeyFirstForm(username: "alice", sitekey: Fixture.alice.sitekey)
        send(.signIn(.sitekeyLookedUp(username: "alice", .recognised(Fixture.alice.sitekey)))) { $0.screen = .sitekeyFirst(form) }
        let frame = AppView.render(state, size: Fixture.size).text.joined(separator: "\n")
        XCTAssertTrue(frame.contains("Down the rabbit hole") && frame.contains("If you recognise your picture and"), frame)

        form.password = Secret("wonderland-4?")
        send(.typed("wonderland-4?")) { $0.screen = .sitekeyFirst(form) }
        form.busy = true
        send(.key(.enter), effects: [.signIn(.signIn(username: "alice", password: Secret("wonderland-4?")))]) {
            $0.screen = .sitekeyFirst(form)
        }
        form.password = Secret("")
        form.busy = false
        form.error = .core(.signIn(.incorrect(attemptsLeft: nil)))
        send(.signIn(.signInReplied(.refused(.core(.signIn(.incorrect(attemptsLeft: nil))))))) { $0.screen = .sitekeyFirst(form) }
        form.error = nil
        form.password = Secret("wonderland-42")
        send(.typed("wonderland-42")) { $0.screen = .sitekeyFirst(form) }
        form.busy = true
        send(.key(.enter), effects: [.signIn(.signIn(username: "alice", password: Secret("wonderland-42")))]) {
            $0.screen = .sitekeyFirst(form)
        }
        // The picture was seen before the password: straight to the finger, no second sitekey screen.
        form.password = Secret("")
        send(.signIn(.signInReplied(.accepted(user: Fixture.alice, required: [.password, .biometric], next: .biometric,
                                      biometry: .touchID))), effects: [.secondFactor(.beginBiometric(reason: .signIn))]) {
            $0.screen = .sitekeyFirst(form)
        }
        send(.secondFactor(.biometricReplied(.waiting(Fixture.prompt())))) {
            $0.screen = .biometric(BiometricScreen(prompt: Fixture.prompt(), purpose: .signIn))
        }
    }

    /// Enumeration: a name that does not exist and a real user new to this
    /// device get the same reply, so the same screens, frame for frame.
    func testAnUnknownNameLooksExactlyLikeAKnownUserNewToThisDevice() {
        func screens(_ name: String) -> [String] {
            var state = Fixture.state()
            var frames: [String] = []
            for action: Action in [.typed(name), .key(.tab), .signIn(.sitekeyLookedUp(username: name, .notKnownHere)), .typed("secret-1"),
                                   .key(.enter), .signIn(.signInReplied(.refused(.core(.signIn(.incorrect(attemptsLeft: nil))))))] {
                _ = AppReducer.reduce(&state, action)
                frames.append(AppView.render(state, size: Fixture.size).text.joined(separator: "\n").replacingOccurrences(of: name, with: "NAME"))
            }
            return frames
        }
        XCTAssertEqual(screens("alice"), screens("zelda"), "a name of the same length that is no user")
        XCTAssertFalse(screens("alice").joined().contains("rabbit"), "no sitekey before the password")
    }

    func testThisIsNotMyImageBeforeThePasswordEndsTheSignIn() {
        state.screen = .sitekeyFirst(SitekeyFirstForm(username: "alice", sitekey: Fixture.alice.sitekey))
        send(.typed("wonder")) {
            var form = SitekeyFirstForm(username: "alice", sitekey: Fixture.alice.sitekey)
            form.password = Secret("wonder")
            $0.screen = .sitekeyFirst(form)
        }
        send(.key(.tab)) {
            var form = SitekeyFirstForm(username: "alice", sitekey: Fixture.alice.sitekey)
            form.password = Secret("wonder")
            form.focus = .notMyImage
            $0.screen = .sitekeyFirst(form)
        }
        send(.key(.enter), effects: [.signIn(.notMyImage)]) { $0.screen = .signedOut(message: AppText.notMyImage) }
    }

    func testALookupForANameNoLongerTypedIsIgnoredAndEscapeStartsAgain() {
        send(.typed("alice"), login { $0.username = "alice" })
        send(.key(.enter), effects: [.signIn(.lookUpSitekey(username: "alice"))], login { $0.busy = true })
        send(.signIn(.sitekeyLookedUp(username: "bob", .recognised(Fixture.bob.sitekey))))   // not this name: ignored
        send(.signIn(.sitekeyLookedUp(username: "alice", .recognised(Fixture.alice.sitekey)))) {
            $0.screen = .sitekeyFirst(SitekeyFirstForm(username: "alice", sitekey: Fixture.alice.sitekey))
        }
        send(.key(.escape), effects: [.signOut(.signedOut)]) { $0.screen = .login(LoginForm()) }
    }

    // MARK: Item 7: biometric sign-in back on

    static let off = SecurityOverview(phone: Fixture.securityPhone, smsVerification: false, authenticatorActive: false, signInFactor: nil,
                                      recoveryCodesLeft: 0, trustedDevices: [], biometricSignIn: .off(enrollmentChanged: true))
    static let on = SecurityOverview(phone: Fixture.securityPhone, smsVerification: false, authenticatorActive: false, signInFactor: nil,
                                     recoveryCodesLeft: 0, trustedDevices: [], biometricSignIn: .on)

    func testBiometricSignInComesBackWithAFingerCheckThenThePassword() {
        state = Fixture.signedIn()
        state.screen = .security(SecurityScreen(overview: Self.off))
        let prompt = Fixture.prompt(reason: .turnOnBiometricSignIn)
        send(.key(.character("b")), effects: [.security(.beginBiometricSwitch)])
        send(.security(.biometricSwitchReplied(.waiting(prompt)))) {
            $0.screen = .biometric(BiometricScreen(prompt: prompt, purpose: .turnOnBiometricSignIn))
        }
        send(.key(.enter), effects: [.security(.biometricSwitch(.matchingTouch, prompt))]) {
            $0.screen = .biometric(BiometricScreen(prompt: prompt, purpose: .turnOnBiometricSignIn, busy: true))
        }
        let form = SecurityForm(purpose: .turnOnBiometricSignIn, needsCode: false)
        send(.security(.biometricSwitchReplied(.passed(next: nil))), effects: [.security(.loadSecurity)]) {
            $0.screen = .security(SecurityScreen(opening: form))
        }
        send(.security(.securityLoaded(.success(Self.off)))) { $0.screen = .security(SecurityScreen(overview: Self.off, form: form)) }
        send(.typed("wonderland-42")) {
            $0.screen = .security(SecurityScreen(overview: Self.off, form: SecurityForm(
                purpose: .turnOnBiometricSignIn, needsCode: false, password: Secret("wonderland-42"))))
        }
        send(.key(.enter), effects: [.security(.turnOnBiometricSignIn(password: Secret("wonderland-42")))]) {
            $0.screen = .security(SecurityScreen(overview: Self.off, form: SecurityForm(
                purpose: .turnOnBiometricSignIn, needsCode: false, password: Secret("wonderland-42"), busy: true)))
        }
        send(.security(.securityChanged(.saved(Self.on)))) {
            $0.screen = .security(SecurityScreen(overview: Self.on, notice: .done(.session(.biometricOnAgain))))
        }
        send(.key(.character("b")))   // already on: nothing to do
    }

    func testAFailedOrCancelledCheckLeavesItOff() {
        state = Fixture.signedIn()
        state.screen = .biometric(BiometricScreen(prompt: Fixture.prompt(), purpose: .turnOnBiometricSignIn))
        send(.security(.biometricSwitchReplied(.failed(.authenticationFailed, message: .core(.biometric(.authenticationFailed, .touchID))))),
             effects: [.security(.loadSecurity)]) {
            $0.screen = .security(SecurityScreen(notice: .refused(.core(.biometric(.authenticationFailed, .touchID)))))
        }
        state.screen = .biometric(BiometricScreen(prompt: Fixture.prompt(), purpose: .turnOnBiometricSignIn))
        send(.security(.biometricSwitchReplied(.failed(.userCancel, message: nil))), effects: [.security(.loadSecurity)]) {
            $0.screen = .security(SecurityScreen(notice: .done(.session(.biometricStaysOff))))
        }
        // A reply that arrives after signing out changes nothing.
        state = Fixture.state()
        send(.security(.biometricSwitchReplied(.passed(next: nil))))
    }
}
