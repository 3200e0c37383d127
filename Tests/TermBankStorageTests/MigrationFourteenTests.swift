import Foundation
import TermBankCore
@testable import TermBankStorage
import XCTest

/// A bank written at schema 13 moves to schema 14 (a superseded code is
/// SUPERSEDED): its verification rows keep every column, the rule of one
/// running request per number still holds in the schema, and the new
/// status is accepted where an unknown one is still refused.
final class MigrationFourteenTests: XCTestCase {
    func testASchemaThirteenBankKeepsItsCodesAndTakesTheSupersededStatus() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("old.sqlite")
        let old = try OldSQLiteBank.make(path, version: 13)
        try old.executeScript("""
            INSERT INTO users (id, username, password_hash, phone, sms_verification, sitekey_image, sitekey_phrase, created_at)
            VALUES (1, 'dora', 'x', '+15550123', 1, 'fox', 'Hi', 1);
            INSERT INTO verifications (id, user_id, phone, purpose, binding_digest, code_salt, code_hash, code_length, status,
                                       created_at, expires_at, wrong_checks, events, last_event_at, finished_at)
            VALUES ('a1', 1, '+15550123', 'signin', 'b', 's', 'h', 6, 'CANCELLED', 10, 310, 1, 2, 40, 50),
                   ('a2', 1, '+15550123', 'transfer', 'b2', 's2', 'h2', 4, 'IN PROGRESS', 50, 350, 0, 1, 50, NULL);
            """)
        XCTAssertThrowsError(try old.execute("UPDATE verifications SET status = 'SUPERSEDED' WHERE id = 'a1'"),
                             "schema 13 knows no such status")

        let rows = { (connection: SQLiteConnection) in
            try connection.query("SELECT * FROM verifications ORDER BY id").map { $0.values.map { "\($0)" } }
        }
        let before = try rows(old)
        XCTAssertEqual(before.count, 2)
        let store = try SQLiteBankStore(path: path)
        XCTAssertEqual(store.schemaVersion, Schema.latestVersion)
        let db = store.connection
        XCTAssertEqual(try rows(db), before, "every row, every column")
        try db.execute("UPDATE verifications SET status = 'SUPERSEDED' WHERE id = 'a2'")
        XCTAssertEqual(try store.inVerificationTransaction { try $0.verification(VerificationID(trusted: "a2")) }?.status,
                       .superseded)
        XCTAssertThrowsError(try db.execute("UPDATE verifications SET status = 'GONE' WHERE id = 'a1'"))
        try db.execute("UPDATE verifications SET status = 'IN PROGRESS' WHERE id = 'a1'")
        XCTAssertThrowsError(try db.execute("UPDATE verifications SET status = 'IN PROGRESS' WHERE id = 'a2'"),
                             "one running request per number, in the schema too")
        XCTAssertEqual(Set(try db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'verifications' "
                                         + "AND name NOT LIKE 'sqlite_%'").map { $0.text(0) }),
                       ["verifications_one_running_per_phone", "verifications_by_user"])
        XCTAssertEqual(try db.query("PRAGMA foreign_key_check").count, 0)
    }
}
