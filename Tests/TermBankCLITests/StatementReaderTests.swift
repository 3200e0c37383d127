import Foundation
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// The app asks for the statement every second; the tables are read again
/// only when something was committed since, and then the change shows.
final class StatementReaderTests: XCTestCase {
    func testTheStatementIsReadAgainOnlyAfterACommitAndThenShowsIt() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        let store = try SQLiteBankStore(path: scratch.database)
        let alice = try XCTUnwrap(store.user(named: Username(trusted: "alice")))
        let reader = StatementReader(store: store)

        let first = try XCTUnwrap(reader.snapshot(of: alice.id))
        XCTAssertEqual(first.balances[.checking], Money(units: 5_000, cents: 0))
        for _ in 0..<5 { XCTAssertEqual(try reader.snapshot(of: alice.id), first) }
        XCTAssertEqual(reader.reads, 1, "nothing changed, so nothing is read again")

        // Another process only reads: still nothing to read again.
        XCTAssertEqual(try Termbank.run(["statement", "alice"], database: scratch.database).status, 0)
        XCTAssertEqual(try reader.snapshot(of: alice.id), first)
        XCTAssertEqual(reader.reads, 1)

        // Another process books money: the next tick shows it.
        XCTAssertEqual(try Termbank.run(["deposit", "alice", "checking", "25"], database: scratch.database).status, 0)
        let deposited = try XCTUnwrap(reader.snapshot(of: alice.id))
        XCTAssertEqual(reader.reads, 2)
        XCTAssertEqual(deposited.balances[.checking], Money(units: 5_025, cents: 0))
        XCTAssertEqual(deposited.lines.first?.label, "Deposit")
        XCTAssertEqual(try reader.snapshot(of: alice.id), deposited)
        XCTAssertEqual(reader.reads, 2)

        // This process's own write (its connection's commits do not move data_version) shows too.
        _ = try store.setSMSVerification(true, for: alice.id, at: SystemClock().now(), context: .operatorCLI)
        XCTAssertEqual(try reader.snapshot(of: alice.id)?.user.smsVerification, true)
        XCTAssertEqual(reader.reads, 3)

        // Another user's statement is never served from the one remembered.
        let bob = try XCTUnwrap(store.user(named: Username(trusted: "bob")))
        XCTAssertEqual(try reader.snapshot(of: bob.id)?.user.username, bob.username)
        XCTAssertEqual(reader.reads, 4)
        reader.forget()
        _ = try reader.snapshot(of: bob.id)
        XCTAssertEqual(reader.reads, 5)
    }

    /// Each session keeps its statement in memory for the whole session: a
    /// customer with years of history costs the host no more than one with a week.
    func testALongHistoryIsHeldAsTheLastFiftyLinesOnly() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        let store = try SQLiteBankStore(path: scratch.database)
        let alice = try XCTUnwrap(store.user(named: Username(trusted: "alice")))
        for index in 1...80 {
            let request = TransferRequest(clientID: TransferClientID(trusted: "history-\(index)"), kind: .deposit,
                                          from: .bankFunding, to: .customer(alice.id, .checking),
                                          amount: Money(minorUnits: Int64(index)))
            _ = try store.book(request, at: SystemClock().now(), context: .operatorCLI)
        }
        let snapshot = try XCTUnwrap(StatementReader(store: store).snapshot(of: alice.id))
        XCTAssertEqual(snapshot.lines.count, 50)
        XCTAssertEqual(snapshot.lines.first?.amount, Money(minorUnits: 80), "the newest first")
        XCTAssertEqual(snapshot.lines.last?.amount, Money(minorUnits: 31))
    }
}

