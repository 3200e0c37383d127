import Foundation
@testable import TermBankApp
import TermBankCore
import TermBankQR
import XCTest

/// Every screen and modal rendered at 80x24 (and the statement at 60x20),
/// compared with the text under Tests/TermBankAppTests/Golden. To accept a
/// deliberate change, run with TERMBANK_RECORD_GOLDEN=1, then read the diff.
final class GoldenFrameTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func at(_ screen: Screen, signedIn user: UserRecord? = nil, modal: Modal? = nil) -> AppState {
        var state = user.map { Fixture.signedIn($0) } ?? Fixture.state()
        state.screen = screen
        state.modal = modal
        return state
    }

    func testDevicePicker() throws {
        var picker = DevicePicker(choices: [.init(name: "iphone-faceid", biometry: .faceID),
                                            .init(name: "iphone-touchid", biometry: .touchID),
                                            .init(name: "old-phone", biometry: .none)])
        picker.selected = 1
        var state = Fixture.state()
        state.deviceName = nil
        state.screen = .pickDevice(picker)
        try assertGolden("device-picker", state)
    }

    func testLogin() throws {
        try assertGolden("login", Fixture.state())
        var form = LoginForm()
        form.username = "alice"
        form.password = Secret("wonderland-43")
        form.focus = .password
        form.error = .core(.signIn(.incorrect(attemptsLeft: 1)))
        try assertGolden("login-error", at(.login(form)))
    }

    func testSitekey() throws {
        try assertGolden("sitekey", at(.sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric))))
    }

    /// On a device where alice signed in before: her sitekey before her password.
    func testSitekeyBeforeThePassword() throws {
        var form = SitekeyFirstForm(username: "alice", sitekey: Fixture.alice.sitekey)
        try assertGolden("sitekey-first", at(.sitekeyFirst(form)))
        form.password = Secret("wonderland-43")
        try assertGolden("sitekey-first-60x20", at(.sitekeyFirst(form)), size: Size(columns: 60, rows: 20))
        form.password = Secret("")
        form.focus = .notMyImage
        form.error = .core(.signIn(.incorrect(attemptsLeft: 1)))
        try assertGolden("sitekey-first-error", at(.sitekeyFirst(form)))
    }

    func testBiometricSignInBackOn() throws {
        let off = SecurityOverview(phone: Fixture.securityPhone, smsVerification: false, authenticatorActive: false, signInFactor: nil, recoveryCodesLeft: 0,
                                   trustedDevices: [], biometricSignIn: .off(enrollmentChanged: true))
        try assertGolden("security-biometric-off", at(.security(SecurityScreen(overview: off)), signedIn: Fixture.alice))
        try assertGolden("security-biometric-password", at(.security(SecurityScreen(
            overview: off, form: SecurityForm(purpose: .turnOnBiometricSignIn, needsCode: false, password: Secret("wonder")))),
            signedIn: Fixture.alice))
        var prompt = at(.biometric(BiometricScreen(prompt: Fixture.prompt(reason: .turnOnBiometricSignIn),
                                                   purpose: .turnOnBiometricSignIn)), signedIn: Fixture.alice)
        prompt.showsHelp = false
        try assertGolden("security-biometric-check", prompt)
    }

    func testBiometricPrompts() throws {
        try assertGolden("touch-id", at(.biometric(BiometricScreen(prompt: Fixture.prompt(), purpose: .signIn))))
        try assertGolden("touch-id-failed", at(.biometric(BiometricScreen(
            prompt: Fixture.prompt(failed: 1, notice: .tryAgain), purpose: .signIn))))
        try assertGolden("face-id", at(.biometric(BiometricScreen(prompt: Fixture.prompt(.faceID), purpose: .signIn))))
        try assertGolden("passcode", at(.biometric(BiometricScreen(
            prompt: Fixture.prompt(mode: .passcode, notice: .biometryLockedOut),
            purpose: .signIn, passcode: Secret("12")))))
    }

    func testPINEntry() throws {
        var entry = PinEntry(ticket: Fixture.ticket(), purpose: .signIn)
        entry.digits = "12"
        var state = at(.pin(entry))
        state.now = Fixture.start.adding(seconds: 12)
        try assertGolden("pin", state)
        entry.digits = ""
        entry.attemptsLeft = 1
        entry.error = .secondFactor(.wrongPinCode)
        state = at(.pin(entry))
        state.now = Fixture.start.adding(seconds: 45)
        try assertGolden("pin-wrong", state)
        let transfer = PinEntry(ticket: Fixture.ticket(.transfer(Fixture.pending), phone: Fixture.alice.phone),
                                purpose: .transfer(Fixture.pending))
        try assertGolden("transfer-pin", at(.pin(transfer), signedIn: Fixture.alice))
    }

    func testAuthenticatorAndRecoveryCodes() throws {
        try assertGolden("authenticator", at(.authenticator(AuthenticatorEntry(digits: "287"))))
        try assertGolden("authenticator-wrong", at(.authenticator(AuthenticatorEntry(
            error: .core(.authenticator(.wrongCode(attemptsLeft: 4)))))))
        try assertGolden("authenticator-locked", at(.authenticator(AuthenticatorEntry(
            error: .core(.authenticator(.locked(until: Fixture.start.adding(seconds: 900))))))))
        try assertGolden("transfer-authenticator", at(.authenticator(AuthenticatorEntry(
            purpose: .transfer(Fixture.pending), digits: "2")), signedIn: Fixture.carol))
        try assertGolden("recovery-code", at(.recoveryCode(RecoveryCodeEntry(instead: .authenticator,
                                                                              code: Secret("7k2mq-xd4")))))
        try assertGolden("recovery-code-wrong", at(.recoveryCode(RecoveryCodeEntry(
            instead: .smsCode(Fixture.ticket()), error: .core(.recoveryCode(.wrongCode(attemptsLeft: 3)))))))
        var sms = PinEntry(ticket: Fixture.ticket(phone: Fixture.carol.phone), purpose: .signIn, acceptsRecoveryCode: true)
        sms.digits = "4"
        try assertGolden("pin-or-recovery-code", at(.pin(sms)))
        var left = at(.statement(StatementScreen(notice: .done(.session(.recoveryCodesLeft(8))))),
                      signedIn: Fixture.carol)
        left.session = Fixture.session(Fixture.carol, recoveryCodesLeft: 8)
        try assertGolden("statement-recovery-codes-left", left)
        try assertGolden("new-recovery-codes-password", at(.newRecoveryCodes(NewRecoveryCodesScreen(
            stage: .password(Secret("tea")), error: .core(.signIn(.incorrect(attemptsLeft: nil))))), signedIn: Fixture.carol))
        try assertGolden("new-recovery-codes", at(.newRecoveryCodes(NewRecoveryCodesScreen(stage: .shown(Fixture.recoveryCodes))),
                                                  signedIn: Fixture.carol))
    }

    func testSecuritySettingsAndEnrolment() throws {
        let smsOnly = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false, signInFactor: .smsCode,
                                       recoveryCodesLeft: 0, trustedDevices: [])
        try assertGolden("security", at(.security(SecurityScreen(overview: smsOnly)), signedIn: Fixture.carol))
        let trusted = TrustedDeviceRow(id: TrustedDeviceID(1), deviceName: "iphone-touchid",
                                       expiresAt: Fixture.start.adding(seconds: 30 * 24 * 3600),
                                       lastUsedAt: Fixture.start.adding(seconds: 3600))
        let withApp = SecurityOverview(phone: Fixture.securityPhone, smsVerification: false, authenticatorActive: true, signInFactor: .authenticator,
                                       recoveryCodesLeft: 9, trustedDevices: [trusted])
        try assertGolden("security-authenticator", at(.security(SecurityScreen(
            overview: withApp, notice: .done(.session(.authenticatorOn)))), signedIn: Fixture.carol))
        try assertGolden("security-enrol-password", at(.security(SecurityScreen(
            overview: smsOnly, form: SecurityForm(purpose: .enrolAuthenticator, needsCode: true, password: Secret("quiet"),
                                                  codeSentTo: "+1 ***-***-0102",
                                                  error: .core(.signIn(.incorrect(attemptsLeft: nil)))))), signedIn: Fixture.carol))
        try assertGolden("security-sms-off", at(.security(SecurityScreen(
            overview: smsOnly, form: SecurityForm(purpose: .turnOffSMSVerification, needsCode: true,
                                                  password: Secret("quiet-harbor-7"), code: Secret("12"), focus: .code,
                                                  codeSentTo: "+1 ***-***-0102"))), signedIn: Fixture.carol))
        try assertGolden("security-sign-in-with-sms", at(.security(SecurityScreen(
            overview: withApp, form: SecurityForm(purpose: .signInWithSMS, needsCode: true))), signedIn: Fixture.carol))
        try assertGolden("security-app-off", at(.security(SecurityScreen(
            overview: withApp, form: SecurityForm(purpose: .turnOffAuthenticator, needsCode: true))), signedIn: Fixture.carol))
        try assertGolden("security-new-codes", at(.security(SecurityScreen(
            overview: withApp, form: SecurityForm(purpose: .newRecoveryCodes, needsCode: true))), signedIn: Fixture.carol))
        var phoneForm = SecurityForm(purpose: .changePhone, needsCode: true, password: Secret("quiet-harbor-7"),
                                     code: Secret("123456"), focus: .newPhoneCode, codeSentTo: "+1 ***-***-0102")
        phoneForm.phone = "+44 20 7946 0958"
        phoneForm.codesSentFor = "+442079460958"
        phoneForm.newPhoneCodeSentTo = "+44 ***-***-0958"
        phoneForm.newPhoneCode = Secret("65")
        try assertGolden("security-phone", at(.security(SecurityScreen(overview: smsOnly, form: phoneForm)),
                                              signedIn: Fixture.carol))
        var phoneFirst = SecurityForm(purpose: .changePhone, needsCode: true, password: Secret("quiet-harbor-7"),
                                      focus: .phone)
        phoneFirst.phone = "+1 555 0101"
        phoneFirst.error = .core(.confirmation(.phoneInUse))
        try assertGolden("security-phone-taken", at(.security(SecurityScreen(overview: withApp, form: phoneFirst)),
                                                    signedIn: Fixture.carol))

        // A real symbol for a fixed secret: what the live client sends (level L).
        let uri = "otpauth://totp/TermBank:carol?secret=A76TURJYDUMJAVQNTDLTPY5XNYQTFGI2&issuer=TermBank"
        let setup = AuthenticatorSetup(qrModules: try QRMatrix.encode(uri, level: .low).modules,
                                       groupedSecret: Secret("A76T URJY DUMJ AVQN TDLT PY5X NYQT FGI2"),
                                       expiresAt: Fixture.start.adding(seconds: 300), replacing: false)
        var scan = at(.enrolment(EnrolmentScreen(stage: .scan(setup), digits: "28")), signedIn: Fixture.carol)
        scan.now = Fixture.start.adding(seconds: 42)
        try assertGolden("enrolment-qr", scan)
        try assertGolden("enrolment-qr-wrong", at(.enrolment(EnrolmentScreen(
            stage: .scan(setup), error: .core(.activation(.wrongCode(attemptsLeft: 4))))),
            signedIn: Fixture.carol))
        try assertGolden("enrolment-done", at(.enrolment(EnrolmentScreen(stage: .done(recoveryCodes: Fixture.recoveryCodes))),
                                              signedIn: Fixture.carol))
        try assertGolden("enrolment-done-replaced", at(.enrolment(EnrolmentScreen(stage: .done(recoveryCodes: []))),
                                                       signedIn: Fixture.carol))
    }

    /// The QR code on the enrolment screen, read back from the frame's text
    /// (light modules drawn, two module rows per text row), is the symbol with
    /// the standard four-module light quiet zone: what a phone's camera sees.
    /// At 80x24 it takes the 23 rows above the help bar.
    func testTheEnrolmentQRReadsBackToTheSymbol() throws {
        let uri = "otpauth://totp/TermBank:carol?secret=A76TURJYDUMJAVQNTDLTPY5XNYQTFGI2&issuer=TermBank"
        let matrix = try QRMatrix.encode(uri, level: .low)
        XCTAssertEqual(matrix.size, 37, "version 5 at level L")
        let setup = AuthenticatorSetup(qrModules: matrix.modules, groupedSecret: Secret("A76T"),
                                       expiresAt: Fixture.start, replacing: false)
        let frame = AppView.render(at(.enrolment(EnrolmentScreen(stage: .scan(setup))), signedIn: Fixture.carol), size: Fixture.size)
        let quietZone = 4
        let side = matrix.size + 2 * quietZone
        var light: [[Bool]] = []
        for line in frame.text[0..<((side + 1) / 2)] {
            let cells = Array(line.dropFirst().prefix(side))
            XCTAssertEqual(cells.count, side, "a full row of the symbol")
            light.append(cells.map { $0 == "█" || $0 == "▀" })
            light.append(cells.map { $0 == "█" || $0 == "▄" })
        }
        for row in 0..<side {
            for column in 0..<side {
                XCTAssertEqual(light[row][column], !matrix.isDark(row: row - quietZone, column: column - quietZone),
                               "module \(row),\(column)")
            }
        }
    }

    func testStatement() throws {
        try assertGolden("statement", Fixture.signedIn())
        try assertGolden("statement-60x20", Fixture.signedIn(), size: Size(columns: 60, rows: 20))
        var help = Fixture.signedIn()
        help.showsHelp = true
        try assertGolden("help", help)
        var idle = Fixture.signedIn()
        idle.now = Fixture.start.adding(seconds: 280)
        try assertGolden("idle-warning", idle)
    }

    func testTransfer() throws {
        var form = TransferForm()
        form.amountText = "6000"
        try assertGolden("transfer-short", at(.transfer(form), signedIn: Fixture.alice))
        form.amountText = "250"
        try assertGolden("transfer", at(.transfer(form), signedIn: Fixture.alice))
        form.stage = .review(Fixture.pending)
        form.approval = .success(Fixture.smsToAlice)
        try assertGolden("transfer-review", at(.transfer(form), signedIn: Fixture.alice))
        try assertGolden("receipt", at(.receipt(Fixture.receipt), signedIn: Fixture.alice))
    }

    func testModals() throws {
        try assertGolden("confirm-quit", at(.statement(StatementScreen()), signedIn: Fixture.alice, modal: .confirmQuit))
        try assertGolden("confirm-sms-logout", at(.statement(StatementScreen()), signedIn: Fixture.aliceWithSMS,
                                                  modal: .confirmSMSOnLogout))
        try assertGolden("trust-device", at(.statement(StatementScreen()), signedIn: Fixture.bob, modal: .trustDevice))
        try assertGolden("statement-trusted", at(.statement(StatementScreen(
            notice: .done(.session(.deviceTrusted(until: Fixture.start.adding(seconds: 30 * 24 * 3600)))))),
            signedIn: Fixture.bob))
    }

    func testSignedOutAndTooSmall() throws {
        try assertGolden("signed-out", at(.signedOut(message: .core(.check(.tooManyWrongCodes)))))
        try assertGolden("signed-out-expired", at(.signedOut(message: .core(.signInFlow(.expired)))))
        try assertGolden("too-small", Fixture.state(), size: Size(columns: 59, rows: 20))
    }

    /// No golden needed: no frame at any size may crash or spill past its edges.
    func testEveryScreenRendersAtAnySize() {
        let states = [Fixture.state(), Fixture.signedIn(),
                      at(.sitekey(SitekeyScreen(user: Fixture.bob, next: .smsCode))),
                      at(.sitekeyFirst(SitekeyFirstForm(username: "bob", sitekey: Fixture.bob.sitekey))),
                      at(.pin(PinEntry(ticket: Fixture.ticket(), purpose: .signIn))),
                      at(.authenticator(AuthenticatorEntry(error: .core(.authenticator(.wrongCode(attemptsLeft: 4)))))),
                      at(.recoveryCode(RecoveryCodeEntry(instead: .authenticator, code: Secret("7k2mq-xd4ta")))),
                      at(.newRecoveryCodes(NewRecoveryCodesScreen(stage: .shown(Fixture.recoveryCodes))))]
        for state in states {
            for size in [Size(columns: 0, rows: 0), Size(columns: 1, rows: 1), Size(columns: 60, rows: 20),
                         Size(columns: 61, rows: 21), Size(columns: 200, rows: 60)] {
                let frame = AppView.render(state, size: size)
                XCTAssertEqual(frame.text.count, size.rows)
                XCTAssertTrue(frame.text.allSatisfy { $0.count <= size.columns })
            }
        }
    }
}
