import Foundation
import TermBankCore
@testable import TermBankStorage
import XCTest

/// A bank written at schema 15 moves to schema 16 (who waits on each code,
/// decision 49): its verification rows are untouched, a request running
/// across the upgrade has no holder (so the first terminal to leave cancels
/// it, as before), and holders go with their request.
final class MigrationSixteenTests: XCTestCase {
    func testASchemaFifteenBankKeepsItsCodesAndRecordsWhoWaitsFromNowOn() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("old.sqlite")
        let old = try OldSQLiteBank.make(path, version: 15)
        try old.executeScript("""
            INSERT INTO users (id, username, password_hash, phone, sms_verification, sitekey_image, sitekey_phrase, created_at)
            VALUES (1, 'dora', 'x', '+15550123', 1, 'fox', 'Hi', 1);
            INSERT INTO verifications (id, user_id, phone, purpose, binding_digest, code_salt, code_hash, code_length, status,
                                       created_at, expires_at, wrong_checks, events, last_event_at, finished_at)
            VALUES ('a1', 1, '+15550123', 'signin', 'b', 's', 'h', 6, 'SUPERSEDED', 10, 310, 1, 2, 40, 50),
                   ('a2', 1, '+15550123', 'signin', 'b2', 's2', 'h2', 6, 'IN PROGRESS', 50, 350, 0, 1, 50, NULL);
            """)
        let rows = { (connection: SQLiteConnection) in
            try connection.query("SELECT * FROM verifications ORDER BY id").map { $0.values.map { "\($0)" } }
        }
        let before = try rows(old)

        let store = try SQLiteBankStore(path: path)
        XCTAssertEqual(store.schemaVersion, Schema.latestVersion)
        let db = store.connection
        XCTAssertEqual(try rows(db), before, "every row, every column")
        let running = VerificationID(trusted: "a2")
        XCTAssertEqual(try store.inVerificationTransaction { try $0.release(running, by: VerificationHolder(trusted: "t1")) },
                       0, "a request from before the upgrade has no holder")
        try store.inVerificationTransaction { try $0.hold(running, by: VerificationHolder(trusted: "t1")) }
        XCTAssertThrowsError(try db.execute("INSERT INTO verification_holders VALUES ('nowhere', 't1')"),
                             "a holder of no request is refused")
        XCTAssertThrowsError(try db.execute("INSERT INTO verification_holders VALUES ('a2', '')"))
        try db.execute("DELETE FROM verifications WHERE id = 'a2'")
        XCTAssertEqual(try db.query("SELECT count(*) FROM verification_holders").first?.int(0), 0, "gone with its request")
        XCTAssertEqual(try db.query("PRAGMA foreign_key_check").count, 0)
    }
}
