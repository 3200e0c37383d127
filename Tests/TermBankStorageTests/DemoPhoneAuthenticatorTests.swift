@testable import TermBankCore
import TermBankStorage
import XCTest

/// The simulated phone's authenticator app (decision 58): in demo
/// mode on the demo bank it scans the enrolment's secret, and its code is the
/// one the bank accepts, the same as a real app's from the same QR code.
/// Outside demo mode, or on any other bank, there is nothing to scan.
final class DemoPhoneAuthenticatorTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    let context = AuditContext(sessionID: "stakeholder", deviceID: "ssh-test")
    let demo = GuestAccess.demo(DemoOrigin(keyFingerprint: "SHA256:stakeholder", address: "192.0.2.7"))

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
    }

    func enrol(_ user: UserRecord) throws -> AuthenticatorEnrolment {
        let security = bank.security(phone)
        let ticket = try security.sendConfirmationCode(for: user, change: .setUpAuthenticator, context: context)
        return try security.beginAuthenticatorEnrolment(for: user, password: bank.password(user.username.rawValue),
                                                        confirmation: .sms(ticket.id, phone.lastCode), context: context)
    }

    func testThePhonesCodeIsTheOneTheBankAcceptsAndARealAppsToo() throws {
        let carol = try bank.user("carol")
        let service = bank.authenticator()
        XCTAssertNil(try service.scanOntoDemoPhone(of: carol.id, access: demo), "no QR code yet, nothing to scan")
        let enrolment = try enrol(carol)
        let realApp = try AuthenticatorApp(enrolment)
        let scanned = try XCTUnwrap(try service.scanOntoDemoPhone(of: carol.id, access: demo))
        XCTAssertTrue(scanned.settingUp)
        XCTAssertEqual(scanned.username, carol.username)
        // Over a whole minute, second by second: the phone and a real app show one code, and the countdown runs to the step's end.
        for _ in 0..<60 {
            let now = bank.clock.now()
            let shown = scanned.code(at: now)
            XCTAssertEqual(shown.code, realApp.code(at: now))
            XCTAssertEqual(shown.until, Timestamp(secondsSinceEpoch: (TOTP.step(at: now) + 1) * TOTP.stepSeconds))
            XCTAssertTrue((1...30).contains(shown.secondsLeft(at: now)), "\(shown.secondsLeft(at: now))")
            bank.clock.advance(seconds: 1)
        }
        // The code read off the phone finishes the set-up.
        guard case .activated = try service.finishEnrolment(for: carol, code: scanned.code(at: bank.clock.now()).code,
                                                            context: context) else {
            return XCTFail("the phone's code was refused")
        }
        // Set up, the phone keeps showing the app's codes, and the bank takes them at sign-in.
        let active = try XCTUnwrap(try service.scanOntoDemoPhone(of: carol.id, access: demo))
        XCTAssertFalse(active.settingUp)
        XCTAssertEqual(active, PhoneAuthenticatorApp(username: carol.username, settingUp: false, secret: scanned.secret,
                                                     totp: scanned.totp))
        bank.clock.advance(seconds: 30)
        guard case .verified = try service.checkSignIn(for: carol, code: active.code(at: bank.clock.now()).code,
                                                       context: context) else {
            return XCTFail("the phone's sign-in code was refused")
        }
    }

    /// A set-up whose time ran out is no QR code on a screen: nothing to scan.
    func testAnEnrolmentPastItsTimeIsNotScanned() throws {
        let carol = try bank.user("carol")
        _ = try enrol(carol)
        bank.clock.advance(seconds: AuthenticatorPolicy.standard.enrolmentSeconds)
        XCTAssertNil(try bank.authenticator().scanOntoDemoPhone(of: carol.id, access: demo))
    }

    /// Without `--demo` (`GuestAccess.none`: every terminal without it and
    /// every operator command) the phone never gets a secret, even on the
    /// demo bank; and on a bank that is not the demo bank, not even with it.
    func testOutsideDemoModeOrOffTheDemoBankThereIsNoAuthenticatorOnThePhone() throws {
        let carol = try bank.user("carol")
        _ = try enrol(carol)
        XCTAssertNil(try bank.authenticator().scanOntoDemoPhone(of: carol.id, access: .none))

        let real = try TestBank(demo: false)
        let dana = try real.bank.addUser(real.bank.prepareUser(
            username: Username(trusted: "dana"), password: Secret("correct-horse-9"), phone: PhoneNumber(trusted: "+15550177"),
            sitekey: nil, smsVerification: false), context: .operatorCLI)
        let service = real.authenticator()
        let sealed = try service.seal(AuthenticatorSecret(bytes: Array(repeating: 9, count: 20)), for: dana.id)
        try real.store.inSecondFactorTransaction { tx in
            try tx.saveAuthenticator(AuthenticatorRecord(userID: dana.id, secret: sealed, activatedAt: real.clock.now()))
        }
        XCTAssertNil(try service.scanOntoDemoPhone(of: dana.id, access: demo))
        XCTAssertNil(try service.scanOntoDemoPhone(of: dana.id, access: .none))
    }

    /// Scanning writes nothing to the audit trail, and the app never prints its secret.
    func testTheScannedSecretReachesNoAuditRowAndNoDescription() throws {
        let carol = try bank.user("carol")
        let enrolment = try enrol(carol)
        let base32 = enrolment.groupedSecret.exposedValue.replacingOccurrences(of: " ", with: "")
        let before = try bank.store.auditRows(after: 0, limit: 100_000)
        let scanned = try XCTUnwrap(try bank.authenticator().scanOntoDemoPhone(of: carol.id, access: demo))
        XCTAssertEqual(try bank.store.auditRows(after: 0, limit: 100_000), before, "a scan is a read")
        for text in [String(describing: scanned), String(reflecting: scanned), "\(scanned)"] {
            XCTAssertFalse(text.contains(base32) || text.contains(enrolment.groupedSecret.exposedValue), text)
        }
        XCTAssertFalse(before.contains { $0.detail.contains(base32) })
        XCTAssertFalse(try bank.fileBytes().contains(Array(base32.utf8)), "the secret is stored sealed only")
    }
}
