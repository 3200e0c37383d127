@testable import TermBankCore
import TermBankStorage
import XCTest

/// The first authenticator becomes the sign-in factor, so setting it up needs
/// the password and the current second factor: a code sent to the registered
/// phone for that very change. Someone holding a session and the password
/// cannot put their own app in.
final class FirstAuthenticatorTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    let context = AuditContext(sessionID: "attacker", deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
    }

    func testASessionPlusThePasswordCannotSetUpTheFirstAuthenticator() throws {
        let carol = try bank.user("carol")
        let security = bank.security(phone)
        let refusals: [(SecondFactorCode?, ConfirmationError)] = [
            (nil, .needsSMSCode),
            (.authenticator("123456"), .noAuthenticator),
            (.recoveryCode(Secret("AAAA-BBBB-CCCC")), .noAuthenticator),
        ]
        for (code, refusal) in refusals {
            XCTAssertThrowsError(try security.beginAuthenticatorEnrolment(for: carol, password: bank.password("carol"),
                                                                          confirmation: code, context: context)) {
                XCTAssertEqual($0 as? ConfirmationError, refusal)
            }
        }
        // A code the phone received for another change confirms nothing here.
        let other = try security.sendConfirmationCode(for: carol, change: .turnOffSMSVerification, context: context)
        XCTAssertThrowsError(try security.beginAuthenticatorEnrolment(for: carol, password: bank.password("carol"),
                                                                      confirmation: .sms(other.id, phone.lastCode),
                                                                      context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .sms(.wrongCode(attemptsLeft: 2)))
        }
        XCTAssertNil(try bank.authenticator().record(of: carol.id), "no secret pending, none active")
        XCTAssertFalse(phone.messages.contains { $0.text.contains("authenticator app was set up") })
    }

    func testTheSetUpCodeNamesTheChangeAndGoesToTheRegisteredPhone() throws {
        let carol = try bank.user("carol")
        let security = bank.security(phone)
        let ticket = try security.sendConfirmationCode(for: carol, change: .setUpAuthenticator, context: context)
        XCTAssertEqual(phone.last?.to, carol.phone)
        XCTAssertEqual(phone.last?.text, "TermBank: code \(phone.lastCode) confirms: set up an authenticator app. "
                       + "It expires in 5 minutes. Never share this code with anyone, not even TermBank staff.")
        let enrolment = try security.beginAuthenticatorEnrolment(for: carol, password: bank.password("carol"),
                                                                 confirmation: .sms(ticket.id, phone.lastCode),
                                                                 context: context)
        XCTAssertFalse(enrolment.replacing)
        XCTAssertNotNil(try bank.authenticator().record(of: carol.id)?.pendingSecret)
    }

    func testASetUpCodeCannotReplaceAnAppThatWentOnMeanwhile() throws {
        let carol = try bank.user("carol")
        let security = bank.security(phone)
        let ticket = try security.sendConfirmationCode(for: carol, change: .setUpAuthenticator, context: context)
        let code = phone.lastCode
        // Another process turns an app on between the code and its use.
        let app = AuthenticatorApp(secret: Array(repeating: 7, count: 20))
        let sealed = try bank.authenticator().seal(AuthenticatorSecret(bytes: app.secret), for: carol.id)
        try bank.store.inSecondFactorTransaction { tx in
            try tx.saveAuthenticator(AuthenticatorRecord(userID: carol.id, secret: sealed, activatedAt: bank.clock.now()))
        }
        let before = try bank.authenticator().record(of: carol.id)
        XCTAssertThrowsError(try security.beginAuthenticatorEnrolment(for: carol, password: bank.password("carol"),
                                                                      confirmation: .sms(ticket.id, code), context: context),
                             "an active app is replaced only with its code or a recovery code") {
            XCTAssertEqual($0 as? ConfirmationError, .needsStrongFactor)
        }
        XCTAssertEqual(try bank.authenticator().record(of: carol.id), before, "nothing pending")
        XCTAssertEqual(try bank.verify(phone).status(ticket.id)?.status, .inProgress, "refused before the code is used")
        bank.clock.advance(seconds: 30)
        XCTAssertTrue(try security.beginAuthenticatorEnrolment(
            for: carol, password: bank.password("carol"), confirmation: .authenticator(app.code(at: bank.clock.now())),
            context: context).replacing, "today's rule for a replacement stands")
    }
}
