import Foundation
import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// At a shared demo (`--demo`, several stakeholders over SSH on one bank)
/// wrong passwords count per origin, the SSH key or else the client address
/// that typed them: whoever types five wrong passwords for alice is locked
/// out of alice, with the real messages, and everyone else still signs in as
/// her. A real bank keeps one lock per customer for every origin, and so
/// does `--demo` pointed at a bank that is not the demo bank (decision 40).
/// Each terminal is its own connection, as each SSH session is its own process.
final class SharedDemoLockoutTests: XCTestCase {
    let first = DemoOrigin(keyFingerprint: "SHA256:first-stakeholder", address: "203.0.113.7")
    let second = DemoOrigin(keyFingerprint: "SHA256:second-stakeholder", address: "203.0.113.7")
    let context = AuditContext(sessionID: nil, deviceID: "ssh-0123456789ab")

    /// A terminal of the bank as `AppCommands` wires it: `Bank.signIn` with the terminal's scope.
    func terminal(_ scope: LockoutScope, on test: TestBank) throws -> PasswordSignIn {
        Bank(store: try test.secondStore(), hasher: Argon2idHasher(), blocklist: TestBank.blocklist, clock: test.clock,
             random: SeededRandomSource(seed: 7), lockout: scope).signIn
    }

    func attempt(_ terminal: PasswordSignIn, _ username: String, _ password: String) throws -> PasswordSignIn.Outcome {
        try terminal.signIn(username: username, password: Secret(password), context: context)
    }

    /// Five wrong passwords from one terminal, each answered as a real bank answers.
    func lockOut(_ terminal: PasswordSignIn, _ username: String, _ test: TestBank) throws -> Timestamp {
        for left in [4, 3, 2, 1] {
            XCTAssertEqual(try attempt(terminal, username, "wrong-password"), .refused(.incorrect(attemptsLeft: left)))
        }
        let until = test.clock.now().adding(seconds: 900)
        XCTAssertEqual(try attempt(terminal, username, "wrong-password"), .refused(.locked(until: until)))
        return until
    }

    // MARK: Demo mode on the demo bank

    func testAtTheDemoFiveWrongPasswordsLockAliceOnlyForTheKeyThatTypedThem() throws {
        let test = try TestBank()
        let mine = try terminal(.perOrigin(first), on: test)
        let theirs = try terminal(.perOrigin(second), on: test)

        let until = try lockOut(mine, "alice", test)
        let locked = try attempt(mine, "alice", "wonderland-42")
        XCTAssertEqual(locked, .refused(.locked(until: until)), "even the right password, as at a real bank")
        guard case .refused(let refusal) = locked else { return XCTFail() }
        XCTAssertEqual(refusal.description, "Too many failed attempts. Sign-in is locked until \(until.timeOfDay).")

        XCTAssertEqual(try attempt(theirs, "alice", "wonderland-42"), .signedIn(try test.user("alice")),
                       "another stakeholder still signs in as alice")
        XCTAssertEqual(try attempt(theirs, "alice", "wrong-password"), .refused(.incorrect(attemptsLeft: 4)),
                       "and counts from their own five")
        XCTAssertEqual(try attempt(mine, "alice", "wonderland-42"), .refused(.locked(until: until)),
                       "their success does not lift my lock")

        test.clock.advance(seconds: 900)
        XCTAssertEqual(try attempt(mine, "alice", "wonderland-42"), .signedIn(try test.user("alice")), "the lock runs out")
    }

    func testTheFourthWrongPasswordWarnsInTheRealBanksWordsAtTheDemoToo() throws {
        let test = try TestBank()
        let mine = try terminal(.perOrigin(first), on: test)
        for _ in 0..<3 { _ = try attempt(mine, "bob", "wrong-password") }
        guard case .refused(let refusal) = try attempt(mine, "bob", "wrong-password") else { return XCTFail() }
        XCTAssertEqual(refusal.description,
                       "Username or password is incorrect. One attempt left before sign-in is locked for 15 minutes.")
    }

    func testWithoutAKeyEachAddressCountsAsOneAndAKeyIsOneWhereverItConnectsFrom() throws {
        let test = try TestBank()
        let office = DemoOrigin(keyFingerprint: nil, address: "198.51.100.20")
        let colleague = try terminal(.perOrigin(office), on: test)
        let cafe = try terminal(.perOrigin(DemoOrigin(keyFingerprint: nil, address: "192.0.2.44")), on: test)
        let until = try lockOut(try terminal(.perOrigin(office), on: test), "carol", test)
        XCTAssertEqual(try attempt(colleague, "carol", "quiet-harbor-7"), .refused(.locked(until: until)),
                       "everyone behind one address without a key is one origin")
        XCTAssertEqual(try attempt(cafe, "carol", "quiet-harbor-7"), .signedIn(try test.user("carol")))

        let travelling = DemoOrigin(keyFingerprint: first.keyFingerprint, address: "192.0.2.99")
        let keyUntil = try lockOut(try terminal(.perOrigin(first), on: test), "bob", test)
        XCTAssertEqual(try attempt(try terminal(.perOrigin(travelling), on: test), "bob", "builder-2026"),
                       .refused(.locked(until: keyUntil)), "one key is one person: a new address is no way around its lock")
    }

    func testAKeysFiveGuessesAtOneNameAreFiveNotFivePerTerminal() throws {
        let test = try TestBank()
        let terminals = try (0..<5).map { _ in try terminal(.perOrigin(first), on: test) }
        for (index, terminal) in terminals.enumerated() {
            _ = try attempt(terminal, "alice", "guess-\(index)")
        }
        XCTAssertEqual(try attempt(try terminal(.perOrigin(first), on: test), "alice", "wonderland-42"),
                       .refused(.locked(until: test.clock.now().adding(seconds: 900))),
                       "new SSH sessions with the same key share its count")
    }

    func testTheAuditTrailNamesTheOriginThatFailedAndWasLocked() throws {
        let test = try TestBank()
        let mine = try terminal(.perOrigin(first), on: test)
        let until = try lockOut(mine, "alice", test)
        _ = try attempt(mine, "alice", "wonderland-42")
        _ = try attempt(mine, "mallory", "guess")
        let trail = try test.store.auditTrail(username: nil, limit: 4).map(\.event)
        XCTAssertEqual(trail.map(\.kind), [.signInFailed, .signInRefusedLocked, .accountLocked, .signInFailed])
        XCTAssertEqual(trail.map(\.detail), [
            "unknown username from key SHA256:first-stakeholder",
            "locked until \(until) from key SHA256:first-stakeholder",
            "locked until \(until) from key SHA256:first-stakeholder only (demo)",
            "wrong password (5 in a row from key SHA256:first-stakeholder)",
        ])
        XCTAssertEqual(trail[1].username, Username(trusted: "alice"))
        XCTAssertEqual(trail[1].context, context)
    }

    func testTheOperatorsUnlockClearsEveryOriginsLock() throws {
        let test = try TestBank()
        let mine = try terminal(.perOrigin(first), on: test)
        let theirs = try terminal(.perOrigin(second), on: test)
        _ = try lockOut(mine, "bob", test)
        _ = try lockOut(theirs, "bob", test)
        XCTAssertTrue(try test.store.unlock(Username(trusted: "bob"), at: test.clock.now(), context: .operatorCLI))
        XCTAssertEqual(try attempt(mine, "bob", "builder-2026"), .signedIn(try test.user("bob")))
        XCTAssertEqual(try attempt(theirs, "bob", "builder-2026"), .signedIn(try test.user("bob")))
    }

    func testAnOriginsCountOfARealCustomerIsForgottenAfterItsWindowSoTheTableStaysSmall() throws {
        let test = try TestBank()
        for index in 0..<50 {
            let origin = DemoOrigin(keyFingerprint: "SHA256:passer-by-\(index)", address: "203.0.113.7")
            _ = try attempt(try terminal(.perOrigin(origin), on: test), "alice", "wrong-password")
        }
        let rows = { try test.store.connection.query("SELECT count(*) FROM signin_throttle").first?.int(0) }
        XCTAssertEqual(try rows(), 50)
        test.clock.advance(seconds: 15 * 60)
        _ = try attempt(try terminal(.perOrigin(first), on: test), "alice", "wrong-password")
        XCTAssertEqual(try rows(), 1, "only the new attempt's row: the lapsed ones per origin are deleted")
    }

    // MARK: One lock per customer everywhere else

    func testWithoutDemoModeFiveWrongPasswordsLockAliceForEveryone() throws {
        let test = try TestBank()
        let until = try lockOut(try terminal(.perCustomer, on: test), "alice", test)
        XCTAssertEqual(try attempt(try terminal(.perCustomer, on: test), "alice", "wonderland-42"),
                       .refused(.locked(until: until)), "another terminal on the demo bank without --demo")
        let trail = try test.store.auditTrail(username: Username(trusted: "alice"), limit: 3).map(\.event.detail)
        XCTAssertEqual(trail, ["locked until \(until)", "locked until \(until)", "wrong password (5 in a row)"],
                       "a real bank's trail reads as it did")
    }

    func testDemoWiringOnARealBankStillLocksTheCustomerForEveryOrigin() throws {
        let test = try TestBank(demo: false)
        _ = try test.bank.addUser(test.bank.prepareUser(username: Username(trusted: "dana"),
                                                        password: Secret("correct-horse-9"),
                                                        phone: PhoneNumber(trusted: "+15550177"), sitekey: nil,
                                                        smsVerification: false), context: .operatorCLI)
        XCTAssertNotEqual(try test.store.bankKind(), .demo)
        let until = try lockOut(try terminal(.perOrigin(first), on: test), "dana", test)
        XCTAssertEqual(try attempt(try terminal(.perOrigin(second), on: test), "dana", "correct-horse-9"),
                       .refused(.locked(until: until)), "--demo cannot give a real bank's customer more guesses")
        XCTAssertEqual(try test.store.connection.query("SELECT origin FROM signin_throttle").map { $0.text(0) }, [""])
    }
}
