import Foundation
import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// A bank written at schema 4 moves to schema 5: one customer per number, the
/// send log gains its customer, and shared numbers are refused with a clear
/// message before anything changes.
final class MigrationFiveTests: XCTestCase {
    /// A schema-4 file with these users (id, name, phone) and one send each.
    func schemaFour(_ users: [(Int, String, String)]) throws -> (TemporaryDirectory, String) {
        let directory = TemporaryDirectory()
        let path = directory.file("old.sqlite")
        let old = try OldSQLiteBank.make(path, version: 4, foreignKeys: false)
        for (id, name, phone) in users {
            let request = String(format: "%032x", id)
            try old.executeScript("""
                INSERT INTO users (id, username, password_hash, phone, sms_verification, sitekey_image, sitekey_phrase, created_at)
                VALUES (\(id), '\(name)', 'x', '\(phone)', 1, 'fox', 'Hi', 1);
                INSERT INTO verifications (id, user_id, phone, purpose, binding_digest, code_salt, code_hash, code_length,
                    status, created_at, expires_at, last_event_at)
                VALUES ('\(request)', \(id), '\(phone)', 'signin', 'd', 's', 'h', 6, 'SUCCESS', 1, 2, 1);
                INSERT INTO sms_sends (phone, verification_id, event, at) VALUES ('\(phone)', '\(request)', 1, 1);
                """)
        }
        return (directory, path)
    }

    func testASchemaFourBankKeepsItsSendsNowCountedPerCustomerAndGainsOneCustomerPerNumber() throws {
        let (directory, path) = try schemaFour([(7, "dora", "+15550123"), (8, "eve", "+15550124")])
        let store = try SQLiteBankStore(path: path)
        XCTAssertEqual(store.schemaVersion, Schema.latestVersion, "and on through every later migration")
        let db = store.connection
        XCTAssertEqual(try db.query("SELECT user_id, kind, phone FROM sms_sends ORDER BY user_id").map {
            [String($0.int(0)), $0.text(1), $0.text(2)]
        }, [["7", "code", "+15550123"], ["8", "code", "+15550124"]])
        XCTAssertThrowsError(try db.execute("UPDATE users SET phone = '+15550123' WHERE id = 8"), "one customer per number")
        XCTAssertThrowsError(try db.execute("""
            INSERT INTO sms_sends (phone, user_id, kind, verification_id, event, at) VALUES ('+15550123', 7, 'announcement', 'x', 0, 1)
            """), "an announcement belongs to no request")
        XCTAssertEqual(try db.query("SELECT count(*) FROM sms_code_locks").first?.int(0), 0)
        _ = directory
    }

    func testASchemaFourBankWithASharedNumberIsRefusedClearlyAndLeftAsItWas() throws {
        let (directory, path) = try schemaFour([(7, "dora", "+15550123"), (8, "eve", "+15550123"), (9, "finn", "+15550125")])
        XCTAssertThrowsError(try SQLiteBankStore(path: path)) {
            XCTAssertEqual($0 as? StoreError, .sharedPhoneNumbers(path: path, users: ["dora and eve (+1 ***-***-0123)"]))
            XCTAssertEqual("\($0)", "\(path) was not upgraded (nothing was changed): a phone number now belongs to one "
                           + "customer, but these customers share one: dora and eve (+1 ***-***-0123). Give each their own "
                           + "number (for example with sqlite3: UPDATE users SET phone = '+15550199' WHERE username = 'NAME'), "
                           + "then open it again.")
        }
        let old = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000)
        XCTAssertEqual(try old.query("PRAGMA user_version").first?.int(0), 4)
        XCTAssertEqual(try old.query("SELECT count(*) FROM users").first?.int(0), 3)
        XCTAssertEqual(try old.query("SELECT count(*) FROM sms_sends").first?.int(0), 3)
        // Fixed as the message says, the same file opens.
        try old.execute("UPDATE users SET phone = '+15550199' WHERE username = 'eve'")
        XCTAssertEqual(try SQLiteBankStore(path: path).schemaVersion, Schema.latestVersion)
        _ = directory
    }
}
