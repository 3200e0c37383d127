import Foundation
import TermBankCore
import TermBankSQL
import XCTest

/// Schema 13 on both engines (decision 40): the sign-in throttle's key
/// becomes the name and the origin. A bank's rows from before are each
/// name's own count, so a lock under way still holds after the upgrade and
/// a run of failures carries on; a demo origin's count starts apart.
struct ThrottleMigrationContract {
    let make: () throws -> SchemaTenBank

    func locksAndCountsFromBeforeCarryOnAsEachNamesOwn() throws {
        let old = try make()
        let now = Timestamp(secondsSinceEpoch: 1_800_000_000)
        let lockEnds = now.adding(seconds: 600).millisecondsSinceEpoch
        let windowEnds = now.adding(seconds: 300).millisecondsSinceEpoch
        try old.raw.execute("INSERT INTO signin_throttle (username, failures, locked_until, window_ends_at) VALUES (?, ?, ?, ?)",
                            ["dora", 5, lockEnds, lockEnds])
        try old.raw.execute("INSERT INTO signin_throttle (username, failures, locked_until, window_ends_at) VALUES (?, ?, ?, ?)",
                            ["eve", 3, nil as Int64?, windowEnds])

        let store = try old.open()
        XCTAssertEqual(try old.version(), old.latest)
        XCTAssertEqual(try old.raw.query("SELECT username, origin, failures FROM signin_throttle ORDER BY username", [])
                        .map { "\($0.text(0)) '\($0.text(1))' \($0.int(2))" }, ["dora '' 5", "eve '' 3"])
        let dora = Username(trusted: "dora")
        XCTAssertEqual(try store.reserveSignInAttempt(for: dora, policy: .standard, at: now),
                       .locked(until: Timestamp(millisecondsSinceEpoch: lockEnds)))
        XCTAssertEqual(try store.reserveSignInAttempt(for: Username(trusted: "eve"), policy: .standard, at: now),
                       .reserved(failures: 4, lockedUntil: nil))
        XCTAssertEqual(try store.reserveSignInAttempt(for: SignInCounter(dora, origin: "key SHA256:x"), policy: .standard, at: now),
                       .reserved(failures: 1, lockedUntil: nil), "a demo origin's count is its own")
    }
}
