import Foundation
import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// A session ended anywhere (another process, an operator, a reset) is
/// refused at the app's next check, which it makes every second: so the check
/// is a plain read that never waits for writers.
final class SessionEndTests: XCTestCase {
    var bank: TestBank!
    let context = AuditContext(sessionID: nil, deviceID: "old-phone")

    override func setUpWithError() throws {
        bank = try TestBank()
    }

    /// alice on the phone without biometry: the password completes her sign-in.
    func openSession(on store: SQLiteBankStore? = nil) throws -> (SessionService, Session) {
        let target = store ?? bank.store
        let flow = SignInFlow(password: PasswordSignIn(store: target, hasher: bank.bank.hasher, clock: bank.clock),
                              settings: BiometricSettings(store: target, audit: target, clock: bank.clock),
                              secondFactors: target, clock: bank.clock)
        guard case .inProgress(let attempt) = try flow.begin(username: "alice", password: bank.password("alice"),
                                                             device: try bank.device("old-phone"), context: context) else {
            throw TestFailure("password refused")
        }
        let sessions = SessionService(store: target, audit: target, clock: bank.clock, random: bank.bank.random)
        return (sessions, try sessions.open(try flow.complete(attempt, context: context), context: context))
    }

    func testASessionEndedByAnotherProcessIsRefusedAtTheNextCheck() throws {
        let (sessions, session) = try openSession()
        XCTAssertEqual(try sessions.validate(session.id).id, session.id)
        let other = try bank.secondStore()
        try SessionService(store: other, audit: other, clock: bank.clock, random: bank.bank.random)
            .end(session.id, reason: .verificationFailed, user: try bank.user("alice"), context: .operatorCLI)
        XCTAssertThrowsError(try sessions.validate(session.id)) {
            XCTAssertEqual($0 as? SessionError, .ended(.verificationFailed))
        }
    }

    /// The attack: a session whose trust was revoked (or that an operator
    /// ended) keeps reading balances. Reading through it is refused, and the
    /// read is never even made; another user's statement never through it either.
    func testLoadingAnAccountThroughAnEndedSessionIsRefused() throws {
        let (sessions, session) = try openSession()
        let alice = try bank.user("alice")
        var reads = 0
        let balances = try sessions.read(session.id, for: alice.id) { reads += 1; return try bank.store.balances(of: alice.id) }
        XCTAssertEqual(balances[.checking], Money(units: 5_000))
        XCTAssertThrowsError(try sessions.read(session.id, for: try bank.user("bob").id) { reads += 1 }) {
            XCTAssertEqual($0 as? SessionError, .notFound)
        }
        try SessionService(store: try bank.secondStore(), audit: bank.store, clock: bank.clock, random: bank.bank.random)
            .end(session.id, reason: .trustRevoked, user: alice, context: .operatorCLI)
        XCTAssertThrowsError(try sessions.read(session.id, for: alice.id) { reads += 1; return try bank.store.balances(of: alice.id) }) {
            XCTAssertEqual($0 as? SessionError, .ended(.trustRevoked))
        }
        XCTAssertEqual(reads, 1, "only the read while the session stood was made")
    }

    func testAnOperatorResetEndsEverySessionAtTheNextCheck() throws {
        let (sessions, session) = try openSession()
        let other = try bank.secondStore()
        try DemoBank.reset(Bank(store: other, hasher: bank.bank.hasher, blocklist: TestBank.blocklist, clock: bank.clock,
                                random: bank.bank.random), context: .operatorCLI)
        XCTAssertThrowsError(try sessions.validate(session.id)) { XCTAssertEqual($0 as? SessionError, .notFound) }
        XCTAssertThrowsError(try sessions.touch(session.id)) { XCTAssertEqual($0 as? SessionError, .notFound) }
    }

    func testCheckingEverySecondNeverWaitsForAWriter() throws {
        let (_, session) = try openSession()
        // A reader with no patience at all, while another connection holds the write lock.
        let impatient = try bank.secondStore(busyTimeoutMilliseconds: 0)
        let sessions = SessionService(store: impatient, audit: impatient, clock: bank.clock, random: bank.bank.random)
        try bank.store.connection.executeScript("BEGIN IMMEDIATE")
        defer { try? bank.store.connection.executeScript("ROLLBACK") }
        XCTAssertEqual(try sessions.validate(session.id).id, session.id)
    }

    func testAnExpiredSessionIsStillEndedByTheCheck() throws {
        let (sessions, session) = try openSession()
        bank.clock.advance(seconds: SessionPolicy.standard.idleSeconds)
        XCTAssertThrowsError(try sessions.validate(session.id)) { XCTAssertEqual($0 as? SessionError, .ended(.idle)) }
        XCTAssertEqual(try bank.store.session(session.id)?.endReason, .idle, "written, so every process sees it")
    }
}
