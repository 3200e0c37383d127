import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// Decision 54: the QR screen said the set-up lapses in 10:00, but the session
/// signed out after 5 idle minutes. The enrolment now waits exactly the
/// session's idle limit (decision 54): left alone, the set-up and the session
/// end at the same second; with keys pressed, the session outlives the set-up,
/// never the other way round. Real SQLite, a driven clock.
final class EnrolmentLapsesWithTheSessionTests: XCTestCase {
    var bank: TestBank!
    let phone = RecordingGateway()
    let context = AuditContext(sessionID: nil, deviceID: "old-phone")

    override func setUpWithError() throws {
        bank = try TestBank()
    }

    /// alice signs in (the password completes it on this phone) and, at once,
    /// starts setting up an authenticator: the enrolment and the session's idle clock start together.
    private func signInAndBeginSetUp() throws -> (SessionService, Session, AuthenticatorEnrolment, UserRecord) {
        let flow = SignInFlow(password: PasswordSignIn(store: bank.store, hasher: bank.bank.hasher, clock: bank.clock),
                              settings: bank.settings, secondFactors: bank.store, clock: bank.clock)
        guard case .inProgress(let attempt) = try flow.begin(username: "alice", password: bank.password("alice"),
                                                             device: try bank.device("old-phone"), context: context) else {
            throw TestFailure("password refused")
        }
        let sessions = bank.sessions
        let session = try sessions.open(try flow.complete(attempt, context: context), context: context)
        let alice = try bank.user("alice")
        let enrolment = try bank.security(phone).beginAuthenticatorEnrolment(
            for: alice, password: bank.password("alice"), confirmation: try bank.setUpCode(for: alice, phone: phone),
            context: context)
        return (sessions, session, enrolment, alice)
    }

    func testTheEnrolmentWaitsExactlyTheSessionsIdleLimit() {
        XCTAssertEqual(AuthenticatorPolicy.standard.enrolmentSeconds, SessionPolicy.standard.idleSeconds)
        XCTAssertEqual(AuthenticatorPolicy(session: SessionPolicy(idleSeconds: 120)).enrolmentSeconds, 120,
                       "a shorter idle limit shortens the set-up with it")
    }

    func testLeftAloneTheSetUpAndTheSessionEndAtTheSameSecond() throws {
        let (sessions, session, enrolment, alice) = try signInAndBeginSetUp()
        XCTAssertEqual(enrolment.expiresAt, session.lastActivityAt.adding(seconds: SessionPolicy.standard.idleSeconds),
                       "the QR screen's \"lapses in\" is the idle sign-out")
        let app = try AuthenticatorApp(enrolment)

        bank.clock.advance(seconds: SessionPolicy.standard.idleSeconds - 1)
        XCTAssertNoThrow(try sessions.validate(session.id), "a second before: both stand")
        XCTAssertNotNil(try bank.security(phone).status(for: alice).enrolmentPendingUntil)

        bank.clock.advance(seconds: 1)
        XCTAssertThrowsError(try sessions.validate(session.id)) { XCTAssertEqual($0 as? SessionError, .ended(.idle)) }
        XCTAssertEqual(try bank.security(phone).finishAuthenticatorEnrolment(for: alice, code: app.code(at: bank.clock.now()),
                                                                             context: context),
                       .expired, "and the set-up is over with it: no secret outlives the session on an unattended screen")
    }

    func testWithKeysPressedTheSessionOutlivesTheSetUpNeverTheOtherWay() throws {
        let (sessions, session, enrolment, alice) = try signInAndBeginSetUp()
        let app = try AuthenticatorApp(enrolment)
        bank.clock.advance(seconds: 200)
        try sessions.touch(session.id)                                        // a key on the QR screen
        bank.clock.advance(seconds: SessionPolicy.standard.idleSeconds - 200)
        XCTAssertNoThrow(try sessions.validate(session.id), "the session stands")
        XCTAssertEqual(try bank.security(phone).finishAuthenticatorEnrolment(for: alice, code: app.code(at: bank.clock.now()),
                                                                             context: context),
                       .expired, "the set-up lapses when its screen said; Security can start another")
    }

    func testACodeInTimeSetsItUpOnTheLastSecond() throws {
        let (sessions, session, enrolment, alice) = try signInAndBeginSetUp()
        let app = try AuthenticatorApp(enrolment)
        bank.clock.advance(seconds: SessionPolicy.standard.idleSeconds - 1)
        try sessions.touch(session.id)                                        // the code typed
        guard case .activated = try bank.security(phone).finishAuthenticatorEnrolment(
            for: alice, code: app.code(at: bank.clock.now()), context: context) else {
            return XCTFail("a code within the limit sets the app up")
        }
    }
}
