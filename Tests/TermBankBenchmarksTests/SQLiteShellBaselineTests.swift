import Glibc
import TermBankCore
import TermBankSecurity
import TermBankStorage
import TermBankSystem
import XCTest
@testable import TermBankBenchmarks

/// The ledger benchmark's yardstick replays what the store really runs for a
/// transfer (captured from it), so the baseline cannot drift from the store.
final class SQLiteShellBaselineTests: XCTestCase {
    private var folder = ""
    private var store: SQLiteBankStore!
    private var bank: Bank!

    override func setUpWithError() throws {
        folder = try ScratchFolder.make("termbank-baseline-test")
        store = try SQLiteBankStore(path: folder + "/bank.sqlite")
        bank = Bank(store: store, hasher: Argon2idHasher(), blocklist: CommonPasswordBlocklist(), clock: DrivenClock(),
                    random: SeededRandomSource(seed: 7))
        try DemoBank.reset(bank, context: .operatorCLI)
    }

    override func tearDown() {
        store = nil
        bank = nil
        Files.removeTree(folder)
    }

    func testACapturedTransferIsTheStoresOwnTransactionWithItsValuesInPlace() throws {
        let alice = try XCTUnwrap(store.user(named: Username(trusted: "alice")))
        let booking = try CapturedBooking.capture(user: alice, bank: bank, store: store, context: .operatorCLI)
        XCTAssertEqual(booking.there.first, "BEGIN IMMEDIATE")
        XCTAssertEqual(booking.there.last, "COMMIT")
        XCTAssertTrue(booking.there.contains { $0.hasPrefix("INSERT INTO transfers") && $0.contains("'\(booking.thereClientID)'") },
                      booking.there.joined(separator: "\n"))
        XCTAssertFalse(booking.there.joined().contains("?"), "every bound value is written in")
        XCTAssertEqual(try store.balances(of: alice.id), [.checking: .dollars(5_000), .savings: .dollars(10_000)],
                       "there and back")
    }

    func testAReplayIsANewTransferFoundByItsOwnClientID() throws {
        let alice = try XCTUnwrap(store.user(named: Username(trusted: "alice")))
        let booking = try CapturedBooking.capture(user: alice, bank: bank, store: store, context: .operatorCLI)
        let replay = booking.replay(2, clientID: "replay-2")
        XCTAssertFalse(replay.joined().contains(booking.thereClientID))
        let posting = try XCTUnwrap(replay.first { $0.hasPrefix("INSERT INTO postings") })
        XCTAssertTrue(posting.contains("VALUES ((SELECT id FROM transfers WHERE client_id = 'replay-2'), "), posting)
        XCTAssertEqual(booking.replay(3, clientID: "x").count, booking.back.count, "odd replays go back")
    }

    func testOnlyTheTransferIDColumnIsReplacedAndQuotedCommasStayInTheirValue() {
        let statement = "INSERT INTO postings (transfer_id, account_id, amount) VALUES (7, 7, 7)"
        XCTAssertEqual(CapturedBooking.replacingColumn("transfer_id", value: "7", with: "T", in: statement),
                       "INSERT INTO postings (transfer_id, account_id, amount) VALUES (T, 7, 7)")
        XCTAssertEqual(CapturedBooking.replacingColumn("transfer_id", value: "8", with: "T", in: statement), statement,
                       "another transfer's id is left alone")
        XCTAssertEqual(SQLLiterals.split("'a, b', 'it''s', NULL, -3"), ["'a, b'", "'it''s'", "NULL", "-3"])
        XCTAssertEqual(CapturedBooking.replacingColumn("transfer_id", value: "7", with: "T", in: "UPDATE accounts SET balance = 7"),
                       "UPDATE accounts SET balance = 7")
    }

    func testTheShellReplaysEveryTransferAndTheLedgerStaysConsistent() throws {
        guard let shell = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first(where: { Files.isExecutable($0) }) else {
            throw XCTSkip("the sqlite3 shell is missing (scripts/setup-deps installs it)")
        }
        let scripts = try SQLiteShellBaseline.prepare(processes: 2, transfers: 9, scratch: folder, store: store, bank: bank)
        let before = try store.checkInvariants()
        for script in scripts {
            let ended = try ChildProcess(executable: shell, arguments: [store.path], input: .file(script), output: .capture,
                                         errors: .capture).wait(seconds: 60)
            XCTAssertTrue(ended.succeeded, ended.outputText)
        }
        let after = try store.checkInvariants()
        XCTAssertEqual(after.problems, [])
        XCTAssertEqual(after.transferCount - before.transferCount, 9)
        XCTAssertEqual(after.customerTotal, before.customerTotal)
        // Five transfers there and back from 100.00 each: one dollar left where it went.
        let first = try XCTUnwrap(store.user(named: Username(trusted: "baseline001")))
        XCTAssertEqual(try store.balances(of: first.id), [.checking: .dollars(99), .savings: .dollars(101)])
        let second = try XCTUnwrap(store.user(named: Username(trusted: "baseline002")))
        XCTAssertEqual(try store.balances(of: second.id), [.checking: .dollars(100), .savings: .dollars(100)])
        XCTAssertEqual(try store.statement(of: first.id, limit: 1).first?.balanceAfter, .dollars(101))
    }
}

extension Money {
    static func dollars(_ units: Int64) -> Money { Money(units: units, cents: 0) }
}
