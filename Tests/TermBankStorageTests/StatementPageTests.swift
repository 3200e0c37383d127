import Foundation
import TermBankCore
import TermBankSecurity
import TermBankSQL
@testable import TermBankStorage
import XCTest

/// The statement's pages are index ranges read in order, whatever the page
/// (so the thousandth page costs what the first does), and schema 10 dates
/// the postings of an existing bank.
final class StatementPageTests: XCTestCase {
    func plan(_ store: SQLiteBankStore, _ sql: String, _ arguments: [any SQLBindable]) throws -> [String] {
        try store.connection.query("EXPLAIN QUERY PLAN " + sql, arguments).map { $0.text(3) }
    }

    func testEveryKindOfPageWalksTheAccountsIndexInOrderWithoutSorting() throws {
        let test = try TestBank()
        let search = StatementSearch("TB-000003", describe: { EnglishCoreCatalog().label($0) })
        let filters = [StatementFilter.all, StatementFilter(account: .checking),
                       StatementFilter(from: Timestamp(millisecondsSinceEpoch: 1), until: Timestamp(millisecondsSinceEpoch: 9)),
                       StatementFilter(search: search)]
        let cursors: [StatementCursor] = [.newest, .oldest, .below(PostingID(40)), .above(PostingID(4))]
        for filter in filters {
            for cursor in cursors {
                let query = SQLiteBankStore.pageQuery(account: 2, filter: filter, cursor: cursor, limit: 20, dialect: .sqlite)
                let steps = try plan(test.store, query.sql, query.arguments)
                let postings = try XCTUnwrap(steps.first { $0.contains(" p ") || $0.hasSuffix(" p") }, "\(steps)")
                XCTAssertTrue(postings.hasPrefix("SEARCH p USING INDEX postings_by_account (account_id=?"),
                              "\(filter) \(cursor): \(steps)")
                switch cursor {
                case .below: XCTAssertTrue(postings.contains("id<?)"), "\(steps)")
                case .above: XCTAssertTrue(postings.contains("id>?)"), "\(steps)")
                case .newest, .oldest: break
                }
                XCTAssertFalse(steps.contains { $0.contains("TEMP B-TREE") }, "no sort of the history: \(steps)")
                XCTAssertFalse(steps.contains { $0.hasPrefix("SCAN") }, "no table scan: \(steps)")
            }
        }
    }

    func testTheBalanceHistoryReadsOnlyTheDaysItShowsFromTheTimeIndex() throws {
        let test = try TestBank()
        let steps = try plan(test.store, SQLiteBankStore.balanceHistoryQuery, [Int64(0), Int64(1), Int64(0)])
        XCTAssertTrue(steps.contains { $0.contains("USING INDEX postings_by_account_time (account_id=? AND booked_at>?)") },
                      "\(steps)")
        XCTAssertFalse(steps.contains { $0.hasPrefix("SCAN postings") }, "\(steps)")
    }

    /// A schema-7 bank with booked transfers: opening it (schemas 8 to 10) dates every posting
    /// with its transfer, and postings stay immutable afterwards.
    func testSchemaTenDatesTheExistingPostingsAndKeepsThemImmutable() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("old.sqlite")
        let old = try OldSQLiteBank.make(path, version: 7, foreignKeys: false)
        try old.executeScript("""
            INSERT INTO users (id, username, password_hash, phone, sitekey_image, sitekey_phrase, created_at)
            VALUES (7, 'dora', 'x', '+15550123', 'fox', 'Hi', 1);
            INSERT INTO accounts (id, user_id, kind, balance) VALUES (10, 7, 'checking', 700), (11, 7, 'savings', 300);
            UPDATE accounts SET balance = -1000 WHERE kind = 'funding';
            INSERT INTO transfers (id, client_id, kind, from_account, to_account, amount, booked_at)
            VALUES (1, 'old-1', 'opening', 1, 10, 1000, 1700000000000), (2, 'old-2', 'transfer', 10, 11, 300, 1700000060000);
            INSERT INTO postings (transfer_id, account_id, amount, balance_after) VALUES
            (1, 1, -1000, -1000), (1, 10, 1000, 1000), (2, 10, -300, 700), (2, 11, 300, 300);
            """)
        let store = try SQLiteBankStore(path: path)
        XCTAssertEqual(store.schemaVersion, Schema.latestVersion)
        XCTAssertEqual(try store.connection.query("SELECT transfer_id, booked_at FROM postings ORDER BY id").map {
            [$0.int(0), $0.int(1)]
        }, [[1, 1_700_000_000_000], [1, 1_700_000_000_000], [2, 1_700_000_060_000], [2, 1_700_000_060_000]])
        XCTAssertEqual(try store.checkInvariants().problems, [])
        XCTAssertThrowsError(try store.connection.execute("UPDATE postings SET booked_at = 0"), "still immutable")
        let lines = try store.statementPage(of: UserID(7), filter: StatementFilter(from: Timestamp(millisecondsSinceEpoch: 1_700_000_030_000)),
                                            from: .newest, limit: 10)
        XCTAssertEqual(lines.map(\.amount), [Money(minorUnits: 300), Money(minorUnits: -300)])
        _ = directory
    }

    /// A posting whose date was changed behind the ledger's back (the trigger dropped) is reported.
    func testAPostingDatedOtherwiseThanItsTransferIsAProblem() throws {
        let test = try TestBank()
        let db = test.store.connection
        try db.executeScript("""
            DROP TRIGGER postings_are_immutable;
            UPDATE postings SET booked_at = booked_at + 1 WHERE id = (SELECT MAX(id) FROM postings);
            """)
        XCTAssertEqual(try test.store.checkInvariants().problems.filter { $0.contains("dated otherwise") }.count, 1)
    }
}
