import Foundation
import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// A bank written at schema 7 moves to schema 8 (payments): its transfers keep
/// their ids, postings and immutability, new references continue after the
/// highest ever given, and a payment with a reference can be booked.
final class MigrationEightTests: XCTestCase {
    func testASchemaSevenBankKeepsItsTransfersAndTheirImmutabilityAndCanBookPayments() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("old.sqlite")
        let old = try OldSQLiteBank.make(path, version: 7)
        try old.executeScript("""
            INSERT INTO users (id, username, password_hash, phone, sms_verification, sitekey_image, sitekey_phrase, created_at)
            VALUES (1, 'dora', 'x', '+15550123', 0, 'fox', 'Hi', 1), (2, 'eve', 'x', '+15550124', 0, 'fox', 'Hi', 1);
            INSERT INTO accounts (user_id, kind, balance) VALUES (1, 'checking', 70), (1, 'savings', 30),
                                                                 (2, 'checking', 0), (2, 'savings', 0);
            UPDATE accounts SET balance = -100 WHERE kind = 'funding';
            INSERT INTO transfers (id, client_id, kind, from_account, to_account, amount, booked_at)
            VALUES (1, 'opening-1', 'opening', 1, 2, 100, 1), (9, 'move-1', 'transfer', 2, 3, 30, 2);
            INSERT INTO postings (transfer_id, account_id, amount, balance_after)
            VALUES (1, 1, -100, -100), (1, 2, 100, 100), (9, 2, -30, 70), (9, 3, 30, 30);
            """)
        // A wiped transfer (a demo reset) raised the high-water mark to 40.
        try old.executeScript("UPDATE sqlite_sequence SET seq = 40 WHERE name = 'transfers'")

        let store = try SQLiteBankStore(path: path)
        XCTAssertEqual(store.schemaVersion, Schema.latestVersion)
        let db = store.connection
        XCTAssertEqual(try db.query("SELECT id, kind, amount FROM transfers ORDER BY id").map { "\($0.int(0)) \($0.text(1)) \($0.int(2))" },
                       ["1 opening 100", "9 transfer 30"])
        XCTAssertEqual(try db.query("PRAGMA foreign_key_check").count, 0)
        XCTAssertEqual(try db.query("PRAGMA foreign_keys").first?.int(0), 1, "foreign keys are on again")
        XCTAssertThrowsError(try db.execute("UPDATE transfers SET amount = 1 WHERE id = 9"), "still immutable")
        XCTAssertThrowsError(try db.execute("DELETE FROM transfers WHERE id = 9"), "still immutable")
        XCTAssertThrowsError(try db.execute("""
            INSERT INTO transfers (client_id, kind, from_account, to_account, amount, booked_at, payment_reference)
            VALUES ('long-ref', 'payment', 2, 4, 1, 3, '\(String(repeating: "x", count: 36))')
            """), "a reference longer than 35 characters is refused by the schema too")

        let dora = try XCTUnwrap(try store.user(named: Username(trusted: "dora")))
        let eve = try XCTUnwrap(try store.payee(named: Username(trusted: "eve")))
        XCTAssertNil(eve.maskedName, "a customer created before names has none")
        let receipt = try store.inLedgerTransaction { tx in
            try PendingTransfer(userID: dora.id, from: .checking, payee: eve, amount: Money(minorUnits: 20),
                                reference: try PaymentReference.parse("Thanks"), clientID: TransferClientID(trusted: "pay-after-8"))
                .book(in: tx, policy: .standard, at: Timestamp(secondsSinceEpoch: 3), context: .operatorCLI)
        }
        XCTAssertEqual(receipt.reference, TransferReference(41), "references continue after the highest ever given")
        XCTAssertEqual(try store.statement(of: eve.userID, limit: 1).first?.paymentReference?.text, "Thanks")
        XCTAssertEqual(try store.checkInvariants().problems, [])
    }
}
