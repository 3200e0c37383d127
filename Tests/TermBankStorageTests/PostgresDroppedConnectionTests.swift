import Foundation
import TermBankCore
import TermBankHarness
import TermBankPostgres
import XCTest

/// The connection to PostgreSQL dropped at each statement of a booking
/// (docs/tests.md, "Storage faults"), through `StatementCuttingProxy`: before the server sees the
/// statement and just after it ran, the COMMIT included. The caller is told
/// the connection was lost (or, when the store reconnected before anything
/// was written, the booking simply happened); the ledger stays whole with
/// each booking's audit row; asked again, the booking is there exactly once.
final class PostgresDroppedConnectionTests: XCTestCase {
    func testTheConnectionDroppedAtEachStatementOfABookingLosesAndDoublesNothing() throws {
        let cluster = try ThrowawayPostgres.shared()
        let test = try PostgresTestBank()
        let proxy = try StatementCuttingProxy(server: cluster.directory)
        let store = try PostgresBankStore(location: PostgresLocation(url: proxy.url(test.url, server: cluster.directory)))
        let alice = try test.user("alice"), bob = try test.user("bob")
        let observer = test.store
        let bobBefore = try XCTUnwrap(try observer.balances(of: bob.id)[.checking])
        let bookedKinds: Set<AuditEventKind> = [.transferBooked, .depositBooked, .paymentBooked, .reversalBooked]
        var points = 0, lostAnswers = 0, booked = 0, failed = 0
        func audited() throws -> Int {
            try observer.auditTrail(username: nil, limit: 100_000).filter { bookedKinds.contains($0.event.kind) }.count
        }
        let transfersBefore = try observer.checkInvariants().transferCount, auditedBefore = try audited()
        for cut in [StatementCuttingProxy.Cut.before, .after] {
            var finished = false
            for n in 1...60 {
                let request = PostgresStoreTests.transfer("pg-cut-\(cut)-\(n)", alice, bob, cents: 100)
                proxy.arm(at: n, cut)
                let first = Result { try store.book(request, at: test.clock.now(), context: .operatorCLI) }
                let (hit, statements) = proxy.disarm()
                if !hit {
                    XCTAssertNoThrow(try first.get(), "\(statements) statements and no cut")
                    finished = true
                    booked += 1
                    break
                }
                points += 1
                if case .failure(let error) = first {
                    failed += 1
                    XCTAssertEqual(error as? StoreError, .connectionLost(location: store.path), "\(cut) statement \(n)")
                }
                XCTAssertEqual(try observer.checkInvariants().problems, [], "\(cut) statement \(n)")
                // A COMMIT the cut let through may land while this looks: the
                // audit rows are counted between two equal counts of transfers.
                for _ in 0..<1_000 {
                    let transfers = try observer.checkInvariants().transferCount
                    let rows = try audited()
                    guard try observer.checkInvariants().transferCount == transfers else { continue }
                    XCTAssertEqual(rows - auditedBefore, transfers - transfersBefore,
                                   "\(cut) statement \(n): the audit row with its booking or neither")
                    break
                }
                // Asked again, as the app's "try again" does: booked once, whichever side of the COMMIT the cut fell.
                let again = try store.book(request, at: test.clock.now(), context: .operatorCLI)
                if case .failure = first, again.replayed { lostAnswers += 1 }
                if case .success = first { XCTAssertTrue(again.replayed) }
                booked += 1
                let transfers = try observer.checkInvariants().transferCount
                XCTAssertEqual(transfers, transfersBefore + booked, "\(cut) statement \(n): lost or doubled")
                XCTAssertEqual(try audited() - auditedBefore, booked, "\(cut) statement \(n): each booking with its audit row")
            }
            XCTAssertTrue(finished, "a booking never ran uncut")
        }
        XCTAssertEqual(try observer.balances(of: bob.id)[.checking], bobBefore.adding(Money(minorUnits: 100 * Int64(booked))))
        XCTAssertGreaterThan(lostAnswers, 0, "a cut after the COMMIT: booked, the answer lost, the retry replayed")
        XCTAssertGreaterThan(failed, 0, "no cut failed a booking")
        print("PostgresDroppedConnectionTests: \(points) fault points, \(failed) failed the booking, \(booked) bookings, "
              + "\(lostAnswers) answers lost after the commit")
    }
}
