import Foundation
import TermBankCore
@testable import TermBankStorage
import XCTest

/// The sign-in throttle counts failures for every typed name, real or not
/// (so it cannot tell them apart). A run of failures lapses 15 minutes after
/// its last failure or when its lock ends; then rows for names that are not
/// users are deleted, so spraying made-up names cannot grow the table
/// without bound. Users' rows, and every window still running, stay.
final class SignInThrottlePruningTests: XCTestCase {
    func rows(_ bank: TestBank) throws -> [String: Int64] {
        var out: [String: Int64] = [:]
        for row in try bank.store.connection.query("SELECT username, failures FROM signin_throttle") {
            out[row.text(0)] = row.int(1)
        }
        return out
    }

    @discardableResult
    func fail(_ name: String, _ bank: TestBank) throws -> SignInReservation {
        try bank.store.reserveSignInAttempt(for: Username(trusted: name), policy: .standard, at: bank.clock.now())
    }

    func testAThousandMadeUpNamesTriedOnceAreDeletedAfterTheirWindow() throws {
        let bank = try TestBank()
        for index in 0..<1_000 { try fail("sprayed-\(index)", bank) }
        XCTAssertEqual(try rows(bank).count, 1_000)
        bank.clock.advance(seconds: 15 * 60)
        try fail("one-more", bank)   // any attempt prunes
        XCTAssertEqual(try rows(bank), ["one-more": 1])
    }

    func testAKnownUsersRowStaysAfterItsWindowAndStartsAFreshRun() throws {
        let bank = try TestBank()
        try fail("bob", bank)
        try fail("bob", bank)
        bank.clock.advance(seconds: 16 * 60)
        try fail("someone-else", bank)
        XCTAssertEqual(try rows(bank)["bob"], 2, "a user's row is kept")
        let summary = try XCTUnwrap(try bank.store.listUsers().first { $0.user.username.rawValue == "bob" })
        XCTAssertEqual(summary.recentFailures, 2)
        XCTAssertLessThanOrEqual(try XCTUnwrap(summary.failuresLapseAt), bank.clock.now(), "user list shows it as lapsed")
        XCTAssertEqual(try fail("bob", bank), .reserved(failures: 1, lockedUntil: nil), "but its run has lapsed")
    }

    func testAMadeUpNameInsideItsWindowKeepsCountingToTheLock() throws {
        let bank = try TestBank()
        for _ in 0..<3 { try fail("zed", bank) }
        bank.clock.advance(seconds: 14 * 60)
        try fail("someone-else", bank)
        XCTAssertEqual(try rows(bank)["zed"], 3, "an active window stays")
        XCTAssertEqual(try fail("zed", bank), .reserved(failures: 4, lockedUntil: nil))
        let until = bank.clock.now().adding(seconds: 900)
        XCTAssertEqual(try fail("zed", bank), .reserved(failures: 5, lockedUntil: until))
        bank.clock.advance(seconds: 899)
        try fail("someone-else", bank)
        XCTAssertEqual(try fail("zed", bank), .locked(until: until), "a lock still running is never pruned")
        bank.clock.advance(seconds: 1)
        try fail("someone-else", bank)
        XCTAssertNil(try rows(bank)["zed"], "the lock is over: the row goes")
    }

    /// Pruning must not become the oracle the throttle avoids: a real name and
    /// a made-up one get the same answers at every step, across windows and locks.
    func testPruningDoesNotTellARealNameFromAMadeUpOne() throws {
        let bank = try TestBank()
        var answers: [String: [SignInReservation]] = ["bob": [], "bobby": []]
        for pause: Int64 in [0, 60, 14 * 60, 15 * 60, 0, 0, 0, 0, 0, 899, 1, 20 * 60] {
            bank.clock.advance(seconds: pause)
            for name in ["bob", "bobby"] { answers[name]!.append(try fail(name, bank)) }
        }
        XCTAssertEqual(answers["bob"], answers["bobby"])
        XCTAssertTrue(answers["bob"]!.contains { if case .locked = $0 { return true } else { return false } })
    }

    func testRowsFromBeforeWindowsGetOneAtTheFirstPruneAndGoAfterIt() throws {
        let bank = try TestBank()
        try bank.store.connection.execute("INSERT INTO signin_throttle (username, failures) VALUES ('old-made-up', 2), ('alice', 1)")
        try fail("someone-else", bank)
        XCTAssertEqual(try rows(bank)["old-made-up"], 2)
        bank.clock.advance(seconds: 15 * 60)
        try fail("someone-else", bank)
        XCTAssertNil(try rows(bank)["old-made-up"])
        XCTAssertEqual(try rows(bank)["alice"], 1)
    }
}
