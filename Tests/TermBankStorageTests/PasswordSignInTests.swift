import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import XCTest

/// Password sign-in on a real database with a driven clock.
final class PasswordSignInTests: XCTestCase {
    /// The real hasher, counting how often each path runs.
    final class CountingHasher: PasswordHasher, @unchecked Sendable {
        let real = Argon2idHasher()
        private let lock = NSLock()
        private(set) var verifications = 0
        private(set) var dummyVerifications = 0

        func hash(_ password: Secret) throws -> String { try real.hash(password) }
        func verify(_ password: Secret, against storedHash: String) -> Bool {
            lock.withLock { verifications += 1 }
            return real.verify(password, against: storedHash)
        }
        func verifyAgainstDummy(_ password: Secret) {
            lock.withLock { dummyVerifications += 1 }
            real.verifyAgainstDummy(password)
        }
    }

    var bank: TestBank!
    var hasher: CountingHasher!
    var signIn: PasswordSignIn!
    let device = AuditContext(sessionID: "session-1", deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        hasher = CountingHasher()
        signIn = PasswordSignIn(store: bank.store, hasher: hasher, clock: bank.clock)
    }

    func attempt(_ username: String, _ password: String) throws -> PasswordSignIn.Outcome {
        try signIn.signIn(username: username, password: Secret(password), context: device)
    }

    func testTheRightPasswordSignsInWhateverTheUsernamesCase() throws {
        XCTAssertEqual(try attempt("Alice", "wonderland-42"), .signedIn(try bank.user("alice")))
        let last = try XCTUnwrap(bank.store.auditTrail(username: Username(trusted: "alice"), limit: 1).first)
        XCTAssertEqual(last.event.kind, .signInSucceeded)
        XCTAssertEqual(last.event.context, device)
    }

    func testAWrongPasswordAndAnUnknownUserReadTheSameAndCostTheSame() throws {
        let wrong = try attempt("alice", "wonderland-43")
        let unknown = try attempt("mallory", "wonderland-42")
        let malformed = try attempt("not a name!", "wonderland-42")
        XCTAssertEqual(wrong, .refused(.incorrect(attemptsLeft: 4)))
        XCTAssertEqual(unknown, .refused(.incorrect(attemptsLeft: 4)))
        XCTAssertEqual(malformed, .refused(.incorrect(attemptsLeft: nil)))
        for outcome in [wrong, unknown, malformed] {
            guard case .refused(let refusal) = outcome else { return XCTFail() }
            XCTAssertEqual(refusal.description, "Username or password is incorrect.")
        }
        XCTAssertEqual(hasher.verifications, 1, "alice's real hash")
        XCTAssertEqual(hasher.dummyVerifications, 2, "an argon2id verification for each unknown name too")
    }

    func testTheFourthFailureWarnsAndTheFifthLocksForFifteenMinutes() throws {
        for left in [4, 3, 2] { XCTAssertEqual(try attempt("bob", "wrong-password"), .refused(.incorrect(attemptsLeft: left))) }
        let fourth = try attempt("bob", "wrong-password")
        XCTAssertEqual(fourth, .refused(.incorrect(attemptsLeft: 1)))
        if case .refused(let refusal) = fourth {
            XCTAssertEqual(refusal.description,
                           "Username or password is incorrect. One attempt left before sign-in is locked for 15 minutes.")
        }
        let lockedAt = bank.clock.now()
        XCTAssertEqual(try attempt("bob", "wrong-password"), .refused(.locked(until: lockedAt.adding(seconds: 900))))

        bank.clock.advance(seconds: 14 * 60 + 59)
        let stillLocked = try attempt("bob", "builder-2026")
        XCTAssertEqual(stillLocked, .refused(.locked(until: lockedAt.adding(seconds: 900))), "even the right password")
        if case .refused(let refusal) = stillLocked {
            XCTAssertEqual(refusal.description,
                           "Too many failed attempts. Sign-in is locked until \(lockedAt.adding(seconds: 900).timeOfDay).")
        }
        bank.clock.advance(seconds: 1)
        XCTAssertEqual(try attempt("bob", "builder-2026"), .signedIn(try bank.user("bob")))

        let events = try bank.store.auditTrail(username: Username(trusted: "bob"), limit: 20).map(\.event.kind)
        XCTAssertEqual(events.prefix(4), [.signInSucceeded, .signInRefusedLocked, .accountLocked, .signInFailed])
    }

    func testASuccessResetsTheCount() throws {
        for _ in 0..<4 { _ = try attempt("carol", "nope-nope-nope") }
        XCTAssertEqual(try attempt("carol", "quiet-harbor-7"), .signedIn(try bank.user("carol")))
        XCTAssertEqual(try attempt("carol", "nope-nope-nope"), .refused(.incorrect(attemptsLeft: 4)))
    }

    func testUnknownUsersLockTheSameWaySoLockingRevealsNothing() throws {
        for _ in 0..<4 { _ = try attempt("mallory", "guess-guess") }
        XCTAssertEqual(try attempt("mallory", "guess-guess"), .refused(.locked(until: bank.clock.now().adding(seconds: 900))))
        let trail = try bank.store.auditTrail(username: nil, limit: 6)
        XCTAssertEqual(trail.map(\.event.kind), [.accountLocked, .signInFailed, .signInFailed, .signInFailed,
                                                 .signInFailed, .signInFailed])
        XCTAssertTrue(trail.allSatisfy { $0.event.username == nil }, "names that are not accounts are not recorded")
    }

    func testTheCountIsSharedByEveryProcessOnTheBank() throws {
        let otherProcess = PasswordSignIn(store: try bank.secondStore(), hasher: hasher, clock: bank.clock)
        for _ in 0..<2 { _ = try attempt("alice", "wrong-password") }
        for _ in 0..<2 { _ = try otherProcess.signIn(username: "alice", password: Secret("wrong-password"), context: device) }
        XCTAssertEqual(try attempt("alice", "wrong-password"), .refused(.locked(until: bank.clock.now().adding(seconds: 900))))
    }

    func testAConcurrentBurstCannotBuyMoreThanFiveGuesses() throws {
        let stores = try (0..<8).map { _ in try bank.secondStore() }
        let outcomes = OutcomeBox()
        let (hasher, clock, device) = (self.hasher!, bank.clock, device)
        DispatchQueue.concurrentPerform(iterations: stores.count) { index in
            let flow = PasswordSignIn(store: stores[index], hasher: hasher, clock: clock)
            outcomes.add(try? flow.signIn(username: "alice", password: Secret("burst-guess-\(index)"), context: device))
        }
        XCTAssertEqual(hasher.verifications, 5, "only five passwords were ever checked")
        XCTAssertEqual(outcomes.all.filter { if case .refused(.locked) = $0 { true } else { false } }.count, 4)
    }

    func testTheOperatorCanUnlock() throws {
        for _ in 0..<5 { _ = try attempt("alice", "wrong-password") }
        XCTAssertTrue(try bank.store.unlock(Username(trusted: "alice"), at: bank.clock.now(), context: .operatorCLI))
        XCTAssertEqual(try attempt("alice", "wonderland-42"), .signedIn(try bank.user("alice")))
        XCTAssertFalse(try bank.store.unlock(Username(trusted: "alice"), at: bank.clock.now(), context: .operatorCLI))
        XCTAssertThrowsError(try bank.store.unlock(Username(trusted: "nobody"), at: bank.clock.now(), context: .operatorCLI))
    }

    func testNoSecretReachesTheAuditTrail() throws {
        _ = try attempt("alice", "wonderland-43")
        _ = try attempt("alice", "wonderland-42")
        _ = try attempt("hunter22-typed-as-name", "x")
        let text = try bank.store.auditTrail(username: nil, limit: 1_000)
            .map { "\($0.event.detail) \($0.event.username?.rawValue ?? "")" }.joined(separator: "\n")
        for secret in ["wonderland-4", "argon2", "hunter22"] {
            XCTAssertFalse(text.contains(secret), secret)
        }
    }
}

final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [PasswordSignIn.Outcome?] = []
    func add(_ outcome: PasswordSignIn.Outcome?) { lock.withLock { outcomes.append(outcome) } }
    var all: [PasswordSignIn.Outcome] { lock.withLock { outcomes.compactMap { $0 } } }
}
