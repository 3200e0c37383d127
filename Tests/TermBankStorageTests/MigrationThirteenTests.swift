import Foundation
import TermBankCore
@testable import TermBankStorage
import XCTest

/// A bank written at schema 12 moves to schema 13 (the shared demo's counts
/// per origin, decision 40): every throttle row it had becomes its name's own
/// count, so a lock under way still holds and a failure count carries on.
final class MigrationThirteenTests: XCTestCase {
    func testASchemaTwelveBanksLocksAndCountsCarryOnAsEachNamesOwn() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("old.sqlite")
        let old = try OldSQLiteBank.make(path, version: 12)
        let now = Timestamp(secondsSinceEpoch: 1_800_000_000)
        let lockEnds = now.adding(seconds: 600).millisecondsSinceEpoch
        let windowEnds = now.adding(seconds: 300).millisecondsSinceEpoch
        try old.executeScript("""
            INSERT INTO users (id, username, password_hash, phone, sitekey_image, sitekey_phrase, created_at)
            VALUES (1, 'dora', 'x', '+15550123', 'fox', 'Hi', 1), (2, 'eve', 'x', '+15550124', 'fox', 'Hi', 1);
            INSERT INTO signin_throttle (username, failures, locked_until, window_ends_at)
            VALUES ('dora', 5, \(lockEnds), \(lockEnds)), ('eve', 3, NULL, \(windowEnds));
            """)

        let store = try SQLiteBankStore(path: path)
        XCTAssertEqual(store.schemaVersion, Schema.latestVersion)
        XCTAssertEqual(try store.connection.query("SELECT username, origin, failures FROM signin_throttle ORDER BY username")
                        .map { "\($0.text(0)) '\($0.text(1))' \($0.int(2))" }, ["dora '' 5", "eve '' 3"])
        XCTAssertEqual(try store.connection.query("""
            SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'signin_throttle' AND sql IS NOT NULL
            """).map { $0.text(0) }, ["signin_throttle_window"], "pruning still reads the window index")

        XCTAssertEqual(try store.reserveSignInAttempt(for: Username(trusted: "dora"), policy: .standard, at: now),
                       .locked(until: Timestamp(millisecondsSinceEpoch: lockEnds)))
        XCTAssertEqual(try store.reserveSignInAttempt(for: Username(trusted: "eve"), policy: .standard, at: now),
                       .reserved(failures: 4, lockedUntil: nil))
        XCTAssertEqual(try store.reserveSignInAttempt(for: SignInCounter(Username(trusted: "dora"), origin: "key SHA256:x"),
                                                      policy: .standard, at: now),
                       .reserved(failures: 1, lockedUntil: nil), "a demo origin's count is its own")
        XCTAssertThrowsError(try store.connection.execute(
            "INSERT INTO signin_throttle (username, origin) VALUES ('eve', '\(String(repeating: "x", count: 121))')"),
            "an origin is a key or an address, never a page of text")
    }
}
