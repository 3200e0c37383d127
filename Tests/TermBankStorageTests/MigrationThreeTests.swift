import Foundation
import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// A bank written by an older TermBank (schema 2) moves through schema 3 to the current one with its rows.
final class MigrationThreeTests: XCTestCase {
    func testASchemaTwoBankKeepsItsVerificationsAndSessionsAndGainsTheNewTables() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("old.sqlite")
        do {
            let old = try OldSQLiteBank.make(path, version: 2, foreignKeys: false)
            try old.executeScript("""
                INSERT INTO users (id, username, password_hash, phone, sms_verification, sitekey_image, sitekey_phrase, created_at)
                VALUES (7, 'dora', 'x', '+15550123', 1, 'fox', 'Hi', 1);
                INSERT INTO verifications (id, user_id, phone, purpose, binding_digest, code_salt, code_hash, code_length,
                    status, created_at, expires_at, last_event_at)
                VALUES ('0123456789abcdef0123456789abcdef', 7, '+15550123', 'signin', 'd', 's', 'h', 6, 'IN PROGRESS', 1, 2, 1);
                INSERT INTO sessions (id, user_id, started_at, last_activity_at) VALUES ('s1', 7, 1, 1);
                """)
        }
        let store = try SQLiteBankStore(path: path)
        XCTAssertEqual(store.schemaVersion, Schema.latestVersion, "and on through every later migration")
        let db = store.connection
        XCTAssertEqual(try db.query("SELECT status, purpose FROM verifications").map { [$0.text(0), $0.text(1)] },
                       [["IN PROGRESS", "signin"]])
        XCTAssertEqual(try db.query("SELECT trusted_device_id FROM sessions WHERE id = 's1'").first?.optionalInt(0), nil)
        XCTAssertEqual(try store.bankID().count, 32)
        XCTAssertThrowsError(try db.execute("""
            INSERT INTO verifications (id, user_id, phone, purpose, binding_digest, code_salt, code_hash, code_length,
                status, created_at, expires_at, last_event_at)
            VALUES ('ffff456789abcdef0123456789abcdef', 7, '+15550123', 'confirm', 'd', 's', 'h', 6, 'IN PROGRESS', 1, 2, 1)
            """), "still one request in progress per number")
        try db.execute("""
            INSERT INTO verifications (id, user_id, phone, purpose, binding_digest, code_salt, code_hash, code_length,
                status, created_at, expires_at, last_event_at)
            VALUES ('ffff456789abcdef0123456789abcdef', 7, '+15550123', 'confirm', 'd', 's', 'h', 6, 'CANCELLED', 1, 2, 1)
            """)
        XCTAssertThrowsError(try db.execute("INSERT INTO authenticators (user_id, secret, activated_at) VALUES (7, 'clear', 1)"),
                             "only sealed secrets")
        XCTAssertThrowsError(try db.execute("INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (7, 'abc', 1)"),
                             "only argon2id hashes")
        let bankID = try store.bankID()
        XCTAssertEqual(try SQLiteBankStore(path: path).bankID(), bankID, "made once")
    }
}
