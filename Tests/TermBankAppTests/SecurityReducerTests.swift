@testable import TermBankApp
import TermBankCore
import XCTest

/// Security settings from the statement: exact state and effects per action.
final class SecurityReducerTests: ReducerTestCase {
    override class var initialState: AppState { Fixture.signedIn(Fixture.carol) }

    static let smsOnly = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false, signInFactor: .smsCode,
                                          recoveryCodesLeft: 0, trustedDevices: [])
    static let withApp = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: true, signInFactor: .authenticator,
                                          recoveryCodesLeft: 10, trustedDevices: [])
    static let setup = AuthenticatorSetup(qrModules: [[true, false], [false, true]],
                                          groupedSecret: Secret("A76T URJY DUMJ AVQN TDLT PY5X NYQT FGI2"),
                                          expiresAt: Fixture.start.adding(seconds: 300), replacing: false)

    func security(_ overview: SecurityOverview?, notice: AppMessage? = nil, form: SecurityForm? = nil) -> Screen {
        .security(SecurityScreen(overview: overview, notice: notice.map(Notice.done), form: form))
    }

    func testTheStatementOpensTheSettingsWhichLoadAndEscapeGoesBack() {
        send(.key(.character("a")), effects: [.security(.loadSecurity)]) { $0.screen = self.security(nil) }
        send(.key(.character("e"))) { _ in }   // nothing to act on while loading
        send(.security(.securityLoaded(.success(Self.smsOnly)))) { $0.screen = self.security(Self.smsOnly) }
        send(.key(.escape)) { $0.screen = .statement(StatementScreen()) }
        send(.key(.character("a")), effects: [.security(.loadSecurity)]) { $0.screen = self.security(nil) }
        send(.security(.securityLoaded(.failure(.core(.store(.busy(path: "bank.db", waitedMilliseconds: 5000))))))) {
            $0.screen = .security(SecurityScreen(notice: .refused(.core(.store(.busy(path: "bank.db", waitedMilliseconds: 5000))))))
        }
    }

    func testTheFirstAppNeedsThePasswordAndTheSMSCodeForThatChangeThenShowsTheQROnceAndTheRecoveryCodes() {
        state.screen = security(Self.smsOnly)
        var form = SecurityForm(purpose: .enrolAuthenticator, needsCode: true)
        // The first app becomes the sign-in factor: the phone confirms it.
        send(.key(.character("e")), effects: [.security(.sendConfirmationCode(.setUpAuthenticator))]) {
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.security(.confirmationCodeSent(.success(Fixture.ticket(.confirmation(.setUpAuthenticator), phone: Fixture.carol.phone))))) {
            form.codeSentTo = "+1 ***-***-0102"
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.key(.enter)) {
            form.error = .security(.enterPassword)
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.typed("quiet-harbor-7")) { form.password = Secret("quiet-harbor-7"); $0.screen = self.security(Self.smsOnly, form: form) }
        send(.key(.enter)) {
            form.focus = .code
            form.error = nil
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.key(.enter)) { form.error = .security(.enterCode); $0.screen = self.security(Self.smsOnly, form: form) }
        send(.typed("123456")) { form.code = Secret("123456"); $0.screen = self.security(Self.smsOnly, form: form) }
        send(.key(.enter), effects: [.security(.beginEnrolment(password: Secret("quiet-harbor-7"), code: Secret("123456")))]) {
            form.busy = true
            form.error = nil
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.security(.enrolmentStarted(.refused(.core(.confirmation(.password(.incorrect(attemptsLeft: nil)))))))) {
            $0.screen = self.security(Self.smsOnly, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true,
                                                                       codeSentTo: "+1 ***-***-0102",
                                                                       error: .core(.confirmation(.password(.incorrect(attemptsLeft: nil))))))
        }
        state.screen = security(Self.smsOnly, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true,
                                                                password: Secret("quiet-harbor-7"), busy: true))
        send(.security(.enrolmentStarted(.started(Self.setup)))) { $0.screen = .enrolment(EnrolmentScreen(stage: .scan(Self.setup))) }
        send(.typed("12345")) { $0.screen = .enrolment(EnrolmentScreen(stage: .scan(Self.setup), digits: "12345")) }
        send(.key(.character("6")), effects: [.security(.finishEnrolment("123456"))]) {
            $0.screen = .enrolment(EnrolmentScreen(stage: .scan(Self.setup), digits: "123456", busy: true))
        }
        let wrong = AppMessage.core(.activation(.wrongCode(attemptsLeft: 4)))
        send(.security(.enrolmentFinished(.refused(wrong)))) { $0.screen = .enrolment(EnrolmentScreen(stage: .scan(Self.setup), error: wrong)) }
        send(.typed("287195"), effects: [.security(.finishEnrolment("287195"))]) {
            $0.screen = .enrolment(EnrolmentScreen(stage: .scan(Self.setup), digits: "287195", busy: true))
        }
        send(.security(.enrolmentFinished(.activated(recoveryCodes: Fixture.recoveryCodes)))) {
            $0.screen = .enrolment(EnrolmentScreen(stage: .done(recoveryCodes: Fixture.recoveryCodes)))
        }
        send(.key(.character("1"))) { _ in }
        // Leaving forgets the codes (and the secret went with the scan stage).
        send(.key(.enter), effects: [.security(.loadSecurity)]) {
            $0.screen = .security(SecurityScreen(notice: .done(.session(.authenticatorOn))))
        }
    }

    func testLeavingTheQRScreenDropsTheSecret() {
        state.screen = .enrolment(EnrolmentScreen(stage: .scan(Self.setup), digits: "12"))
        send(.key(.escape), effects: [.security(.loadSecurity)]) {
            $0.screen = .security(SecurityScreen(notice: .done(.session(.setUpCancelled))))
        }
    }

    func testReplacingTheAppNeedsItsCodeInTheSameForm() {
        state.screen = security(Self.withApp)
        send(.key(.character("e"))) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true))
        }
        send(.typed("quiet-harbor-7")) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true,
                                                                       password: Secret("quiet-harbor-7")))
        }
        send(.key(.enter)) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true,
                                                                       password: Secret("quiet-harbor-7"), focus: .code))
        }
        send(.key(.enter)) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true,
                                                                       password: Secret("quiet-harbor-7"), focus: .code,
                                                                       error: .security(.enterCode)))
        }
        send(.typed("7k2mq-xd4ta"))  {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true,
                                                                       password: Secret("quiet-harbor-7"),
                                                                       code: Secret("7k2mq-xd4ta"), focus: .code,
                                                                       error: .security(.enterCode)))
        }
        send(.key(.enter), effects: [.security(.beginEnrolment(password: Secret("quiet-harbor-7"), code: Secret("7k2mq-xd4ta")))]) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true,
                                                                       password: Secret("quiet-harbor-7"),
                                                                       code: Secret("7k2mq-xd4ta"), focus: .code, busy: true))
        }
        send(.key(.escape)) { _ in }   // not while checking
        state.screen = security(Self.withApp, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true))
        send(.key(.tab)) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true, focus: .code))
        }
        send(.key(.escape)) { $0.screen = self.security(Self.withApp) }
    }

    func testMovingSignInToSMSNeedsThePasswordAndACodeAndBackToTheAppDoesNot() {
        state.screen = security(Self.withApp)
        send(.key(.character("f"))) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .signInWithSMS, needsCode: true))
        }
        state.screen = security(Self.withApp, form: SecurityForm(purpose: .signInWithSMS, needsCode: true,
                                                                 password: Secret("quiet-harbor-7"), code: Secret("287195"),
                                                                 focus: .code))
        send(.key(.enter), effects: [.security(.chooseSignInFactor(.smsCode, password: Secret("quiet-harbor-7"), code: Secret("287195")))]) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .signInWithSMS, needsCode: true,
                                                                       password: Secret("quiet-harbor-7"),
                                                                       code: Secret("287195"), focus: .code, busy: true))
        }
        let bySMS = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: true, signInFactor: .smsCode,
                                     recoveryCodesLeft: 10, trustedDevices: [])
        send(.security(.securityChanged(.saved(bySMS)))) { $0.screen = self.security(bySMS, notice: .session(.signInAsksForSMS)) }
        send(.key(.character("f")), effects: [.security(.chooseSignInFactor(.authenticator, password: nil, code: nil))]) {
            $0.screen = self.security(bySMS)
        }
        send(.security(.securityChanged(.saved(Self.withApp)))) {
            $0.screen = self.security(Self.withApp, notice: .session(.signInAsksForTheApp))
        }
        state.screen = security(Self.smsOnly)
        send(.key(.character("f"))) {
            $0.screen = .security(SecurityScreen(overview: Self.smsOnly,
                                                 notice: .refused(.session(.setUpAnAppFirst))))
        }
    }

    func testTurningSMSOffWithoutAnAppSendsACodeBoundToTheChange() {
        state.screen = security(Self.smsOnly)
        let form = SecurityForm(purpose: .turnOffSMSVerification, needsCode: true)
        send(.key(.character("s")), effects: [.security(.sendConfirmationCode(.turnOffSMSVerification))]) {
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.security(.confirmationCodeSent(.success(Fixture.ticket(.confirmation(.turnOffSMSVerification), phone: Fixture.carol.phone))))) {
            $0.screen = self.security(Self.smsOnly, form: SecurityForm(purpose: .turnOffSMSVerification, needsCode: true,
                                                                       codeSentTo: "+1 ***-***-0102"))
        }
        state.screen = security(Self.smsOnly, form: SecurityForm(purpose: .turnOffSMSVerification, needsCode: true,
                                                                 password: Secret("quiet-harbor-7"), code: Secret("111111"),
                                                                 focus: .code, codeSentTo: "+1 ***-***-0102"))
        send(.key(.enter), effects: [.security(.turnOffSMSVerification(password: Secret("quiet-harbor-7"), code: Secret("111111")))]) {
            $0.screen = self.security(Self.smsOnly, form: SecurityForm(purpose: .turnOffSMSVerification, needsCode: true,
                                                                       password: Secret("quiet-harbor-7"), code: Secret("111111"),
                                                                       focus: .code, codeSentTo: "+1 ***-***-0102", busy: true))
        }
        send(.security(.securityChanged(.refused(.core(.confirmation(.sms(.wrongCode(attemptsLeft: 4)))))))) {
            $0.screen = self.security(Self.smsOnly, form: SecurityForm(purpose: .turnOffSMSVerification, needsCode: true,
                                                                       codeSentTo: "+1 ***-***-0102",
                                                                       error: .core(.confirmation(.sms(.wrongCode(attemptsLeft: 4))))))
        }
        state.screen = security(Self.smsOnly, form: SecurityForm(purpose: .turnOffSMSVerification, needsCode: true, busy: true))
        let off = SecurityOverview(phone: Fixture.securityPhone, smsVerification: false, authenticatorActive: false, signInFactor: nil, recoveryCodesLeft: 0,
                                   trustedDevices: [])
        send(.security(.securityChanged(.saved(off)))) { $0.screen = self.security(off, notice: .session(.smsVerificationOff)) }
        send(.key(.character("s")), effects: [.security(.turnOnSMSVerification)]) {
            $0.screen = self.security(off)
        }
        send(.security(.smsSwitchReplied(.saved(Fixture.carol))), effects: [.security(.loadSecurity)]) {
            $0.screen = .security(SecurityScreen(notice: .done(.session(.smsVerificationOn))))
        }
    }

    func testWithAnAppTurningSMSOffAsksForItsCodeAndSendsNothing() {
        state.screen = security(Self.withApp)
        send(.key(.character("s"))) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .turnOffSMSVerification, needsCode: true))
        }
    }

    // MARK: Trusted devices

    func testASignInThatPassedASecondFactorAsksToTrustTheDevice() {
        state = Fixture.state()
        let info = SessionInfo(user: Fixture.bob, sessionID: SessionID(trusted: String(repeating: "5", count: 32)),
                               deviceName: "iphone-touchid", mayTrustDevice: true)
        send(.signIn(.sessionOpened(.success(info))), effects: [.banking(.loadAccount(Fixture.bob))]) {
            $0.session = info
            $0.screen = .statement(StatementScreen())
            $0.modal = .trustDevice
        }
        // No reload under the question, but the session is still checked.
        send(.tick(Fixture.start.adding(seconds: 1)), effects: [.checkSession]) { $0.now = Fixture.start.adding(seconds: 1) }
        send(.key(.character("y")), effects: [.security(.trustDevice)]) {
            $0.modal = nil
            $0.lastInputAt = Fixture.start.adding(seconds: 1)
        }
        send(.security(.deviceTrusted(.success(Fixture.start.adding(seconds: 30 * 24 * 3600))))) {
            $0.screen = .statement(StatementScreen(
                notice: .done(.session(.deviceTrusted(until: Fixture.start.adding(seconds: 30 * 24 * 3600))))))
        }
        send(.security(.deviceTrusted(.failure(.core(.trustedDevice(.signInTooOld)))))) {
            $0.screen = .statement(StatementScreen(notice: .refused(.core(.trustedDevice(.signInTooOld)))))
        }
        state.modal = .trustDevice
        send(.key(.character("n"))) { $0.modal = nil }
    }

    func testTrustedDevicesAreSelectedAndRevoked() {
        let rows = [TrustedDeviceRow(id: TrustedDeviceID(1), deviceName: "iphone-touchid",
                                     expiresAt: Fixture.start.adding(seconds: 3600), lastUsedAt: nil),
                    TrustedDeviceRow(id: TrustedDeviceID(2), deviceName: "old-phone",
                                     expiresAt: Fixture.start.adding(seconds: 7200), lastUsedAt: Fixture.start)]
        let two = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false, signInFactor: .smsCode,
                                   recoveryCodesLeft: 0, trustedDevices: rows)
        state.screen = security(two)
        send(.key(.down)) { $0.screen = .security(SecurityScreen(overview: two, selectedDevice: 1)) }
        // The selection stops at the last device, as the statement stops at its oldest line.
        send(.key(.down))
        send(.key(.up)) { $0.screen = .security(SecurityScreen(overview: two, selectedDevice: 0)) }
        send(.key(.up))
        send(.key(.end)) { $0.screen = .security(SecurityScreen(overview: two, selectedDevice: 1)) }
        send(.key(.character("r")), effects: [.security(.revokeTrustedDevice(TrustedDeviceID(2)))])
        let one = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false, signInFactor: .smsCode,
                                   recoveryCodesLeft: 0, trustedDevices: [rows[0]])
        send(.security(.trustedDeviceRevoked(.saved(one)))) {
            $0.screen = .security(SecurityScreen(
                overview: one, notice: .done(.session(.deviceNoLongerTrusted))))
        }
        send(.security(.trustedDeviceRevoked(.refused(.core(.trustedDevice(.notFound)))))) {
            $0.screen = .security(SecurityScreen(overview: one, notice: .refused(.core(.trustedDevice(.notFound)))))
        }
        state.screen = security(Self.smsOnly)
        send(.key(.character("r")))   // nothing to revoke
        send(.key(.down))
    }

    func testRevokingTheTrustThisSessionCameThroughEndsTheSession() {
        var client = BankingClient(now: { Fixture.start })
        client.signingIn.signIn = { _, _ in .refused(.session(.somethingWentWrong)) }
        client.signingIn.beginBiometric = { _ in .passed(next: nil) }
        client.signingIn.biometric = { _, _ in .passed(next: nil) }
        client.signingIn.sendSignInCode = { Fixture.ticket() }
        client.signingIn.resendCode = { $0 }
        client.signingIn.checkSignInCode = { _, _ in .refused(.session(.somethingWentWrong)) }
        client.signingIn.openSession = { throw SessionError.notFound }
        client.signedIn.loadAccount = { _ in throw SessionError.notFound }
        client.signedIn.beginTransferApproval = { _ in throw SessionError.notFound }
        client.signedIn.approveTransfer = { _, _ in .refused(.session(.somethingWentWrong)) }
        client.settings.turnOnSMSVerification = { .refused(.session(.somethingWentWrong)) }
        client.signedIn.touchSession = {}
        client.signOut = { _ in }
        client.signingIn.notMyImage = {}
        client.signedIn.newTransferID = { TransferClientID(trusted: "tx-0123456789abcdef") }
        client.settings.revokeTrustedDevice = { _ in throw SessionError.ended(.trustRevoked) }
        XCTAssertEqual(EffectRunner.run(.security(.revokeTrustedDevice(TrustedDeviceID(1))), client: client),
                       .sessionEnded(.core(.session(.ended(.trustRevoked)))))
    }

    func testTheSetUpNeverPrintsItsSecretOrQRCode() {
        let state = AppState(size: Fixture.size, now: Fixture.start, deviceName: nil)
        var shown = state
        shown.screen = .enrolment(EnrolmentScreen(stage: .scan(Self.setup)))
        let printed = "\(shown) \(String(reflecting: shown))"
        XCTAssertFalse(printed.contains("A76T"), printed)
        XCTAssertFalse(printed.contains("true, false"), printed)
        XCTAssertTrue(printed.contains("AuthenticatorSetup(<secret>"), printed)
    }

    // MARK: Turning the app off, new recovery codes, a new phone number

    func testTurningTheAppOffNeedsThePasswordAndACode() {
        state.screen = security(Self.withApp)
        send(.key(.character("d"))) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .turnOffAuthenticator, needsCode: true))
        }
        state.screen = security(Self.withApp, form: SecurityForm(purpose: .turnOffAuthenticator, needsCode: true,
                                                                 password: Secret("quiet-harbor-7"), code: Secret("287195"),
                                                                 focus: .code))
        send(.key(.enter), effects: [.security(.turnOffAuthenticator(password: Secret("quiet-harbor-7"), code: Secret("287195")))]) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .turnOffAuthenticator, needsCode: true,
                                                                       password: Secret("quiet-harbor-7"),
                                                                       code: Secret("287195"), focus: .code, busy: true))
        }
        send(.security(.securityChanged(.saved(Self.smsOnly)))) {
            $0.screen = self.security(Self.smsOnly, notice: .session(.authenticatorOff))
        }
        send(.key(.character("d"))) { _ in }   // nothing to turn off any more
    }

    func testANewSetOfRecoveryCodesNeedsThePasswordAndACodeAndIsShownOnce() {
        state.screen = security(Self.withApp)
        send(.key(.character("n"))) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .newRecoveryCodes, needsCode: true))
        }
        state.screen = security(Self.withApp, form: SecurityForm(purpose: .newRecoveryCodes, needsCode: true,
                                                                 password: Secret("quiet-harbor-7"), code: Secret("287195"),
                                                                 focus: .code))
        send(.key(.enter), effects: [.security(.regenerateRecoveryCodes(password: Secret("quiet-harbor-7"), code: Secret("287195")))]) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .newRecoveryCodes, needsCode: true,
                                                                       password: Secret("quiet-harbor-7"),
                                                                       code: Secret("287195"), focus: .code, busy: true))
        }
        send(.security(.recoveryCodesRegenerated(.refused(.core(.confirmation(.authenticator(.wrongCode(attemptsLeft: 4)))))))) {
            $0.screen = self.security(Self.withApp, form: SecurityForm(purpose: .newRecoveryCodes, needsCode: true,
                                                                       error: .core(.confirmation(.authenticator(.wrongCode(attemptsLeft: 4))))))
        }
        send(.security(.recoveryCodesRegenerated(.made(Fixture.recoveryCodes)))) {
            $0.screen = .newRecoveryCodes(NewRecoveryCodesScreen(stage: .shown(Fixture.recoveryCodes)))
        }
        send(.key(.enter)) { $0.screen = .statement(StatementScreen()) }
    }

    func testANewPhoneNumberIsCheckedThenConfirmedByTheCurrentFactorAndACodeSentToTheNewNumber() throws {
        state.screen = security(Self.smsOnly)
        var form = SecurityForm(purpose: .changePhone, needsCode: true)
        send(.key(.character("p"))) { $0.screen = self.security(Self.smsOnly, form: form) }
        send(.typed("quiet-harbor-7")) { form.password = Secret("quiet-harbor-7"); $0.screen = self.security(Self.smsOnly, form: form) }
        send(.key(.tab)) { form.focus = .phone; $0.screen = self.security(Self.smsOnly, form: form) }
        send(.typed("555 01a")) { form.phone = "555 01"; $0.screen = self.security(Self.smsOnly, form: form) }
        send(.key(.enter)) {
            form.error = .core(.phoneNumber(PhoneNumber.Invalid()))
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        XCTAssertEqual(form.error.map(EnglishAppCatalog().text),
                       "A phone number starts with + and the country code, then 8 to 15 digits in all, e.g. +1 555 0100.")
        form.phone = "+44 20 7946 0958"
        state.screen = security(Self.smsOnly, form: form)
        let phone = try PhoneNumber(validating: "+44 20 7946 0958")
        // Without an app: a code to the current phone and one to the new number, both bound to it.
        // The new number's code first, with the password (the bank checks it before sending either);
        // once it is out, the code to the current phone.
        send(.key(.enter), effects: [.security(.sendConfirmationCode(.proveNewPhone(phone), password: Secret("quiet-harbor-7")))]) {
            form.focus = .code
            form.error = nil
            form.codesSentFor = "+442079460958"
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.security(.confirmationCodeSent(.success(Fixture.ticket(.confirmation(.proveNewPhone(phone)), phone: phone)))),
             effects: [.security(.sendConfirmationCode(.changePhone(to: phone), password: Secret("quiet-harbor-7")))]) {
            form.newPhoneCodeSentTo = phone.masked
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.security(.confirmationCodeSent(.success(Fixture.ticket(.confirmation(.changePhone(to: phone)), phone: Fixture.carol.phone))))) {
            form.codeSentTo = "+1 ***-***-0102"
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.typed("123456")) { form.code = Secret("123456"); $0.screen = self.security(Self.smsOnly, form: form) }
        send(.key(.enter)) { form.focus = .newPhoneCode; $0.screen = self.security(Self.smsOnly, form: form) }
        send(.key(.enter)) {
            form.error = .security(.enterNewPhoneCode)
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.typed("65x4321")) { form.newPhoneCode = Secret("654321"); $0.screen = self.security(Self.smsOnly, form: form) }
        send(.key(.enter), effects: [.security(.changePhone(phone, password: Secret("quiet-harbor-7"), code: Secret("123456"),
                                                  newPhoneCode: Secret("654321")))]) {
            form.busy = true
            form.error = nil
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        send(.security(.securityChanged(.saved(Self.smsOnly)))) {
            $0.screen = self.security(Self.smsOnly, notice: .session(.phoneChanged))
        }
    }

    /// Found in tmux: with a wrong password (and a wrong code), Enter still
    /// sent a code to the number typed, or said "That number belongs to
    /// another TermBank customer". Now the bank checks the password first; a
    /// wrong one is typed again, the number kept, nothing sent.
    func testAWrongPasswordSendsNoCodeAndIsTypedAgain() throws {
        let phone = try PhoneNumber(validating: "+1 555 0101")
        var form = SecurityForm(purpose: .changePhone, needsCode: true, password: Secret("not-her-password"), focus: .phone)
        form.phone = "+1 555 0101"
        state.screen = security(Self.smsOnly, form: form)
        send(.key(.enter), effects: [.security(.sendConfirmationCode(.proveNewPhone(phone), password: Secret("not-her-password")))]) {
            form.focus = .code
            form.codesSentFor = "+15550101"
            $0.screen = self.security(Self.smsOnly, form: form)
        }
        let refusal = AppMessage.core(.confirmation(.password(.incorrect(attemptsLeft: 3))))
        send(.security(.confirmationCodeSent(.failure(refusal))), effects: []) {
            var again = SecurityForm(purpose: .changePhone, needsCode: true, error: refusal)
            again.phone = "+1 555 0101"
            $0.screen = self.security(Self.smsOnly, form: again)
        }
    }

    func testAnotherCustomersNumberIsRefusedAndEnterAsksAgain() throws {
        let phone = try PhoneNumber(validating: "+1 555 0101")
        var form = SecurityForm(purpose: .changePhone, needsCode: true, password: Secret("quiet-harbor-7"), focus: .phone)
        form.phone = "+1 555 0101"
        state.screen = security(Self.withApp, form: form)
        // With an app, only the new number gets a code.
        send(.key(.enter), effects: [.security(.sendConfirmationCode(.proveNewPhone(phone), password: Secret("quiet-harbor-7")))]) {
            form.focus = .code
            form.codesSentFor = "+15550101"
            $0.screen = self.security(Self.withApp, form: form)
        }
        let refusal = AppMessage.core(.confirmation(.phoneInUse))
        send(.security(.confirmationCodeSent(.failure(refusal)))) {
            form.error = refusal
            form.codesSentFor = nil
            form.focus = .phone
            $0.screen = self.security(Self.withApp, form: form)
        }
    }
}
