import Foundation
import TermBankCore
import TermBankHarness
import TermBankPostgres
import XCTest

/// What the PostgreSQL store adds to the contracts: commits seen through
/// LISTEN/NOTIFY without a query, writers on several connections serialised
/// (retried on 40001/40P01) with every ledger guarantee kept, the append-only
/// tables, and the faults a network database has, each injected for real.
final class PostgresStoreTests: XCTestCase {
    func cluster() throws -> ThrowawayPostgres { try ThrowawayPostgres.shared() }

    static func transfer(_ id: String, _ from: UserRecord, _ to: UserRecord, cents: Int64) -> TransferRequest {
        TransferRequest(clientID: TransferClientID(trusted: id), kind: .transfer, from: .customer(from.id, .checking),
                        to: .customer(to.id, .checking), amount: Money(minorUnits: cents))
    }

    /// Waits (up to a minute, as a guard, never as an assertion of speed) for the stamp to move.
    func stampMoves(_ store: PostgresBankStore, from before: ChangeStamp) throws -> Bool {
        for _ in 0..<6_000 {
            if try store.changeStamp() != before { return true }
            usleep(10_000)
        }
        return false
    }

    // MARK: Live refresh

    func testAnotherHostsCommitMovesTheStampWhichSendsNoQuery() throws {
        let test = try PostgresTestBank()
        let otherHost = try test.secondStore()
        let alice = try test.user("alice"), bob = try test.user("bob")
        let before = try test.store.changeStamp()
        let sent = test.store.statementsSent
        for _ in 0..<50 { XCTAssertEqual(try test.store.changeStamp(), before, "nothing committed yet") }
        _ = try otherHost.book(Self.transfer("pg-live-1", alice, bob, cents: 100), at: test.clock.now(), context: .operatorCLI)
        XCTAssertTrue(try stampMoves(test.store, from: before), "the other connection's commit was notified")
        XCTAssertEqual(test.store.statementsSent, sent, "asking for the stamp sent no statement to the server")
    }

    func testAReadOnlyTransactionNotifiesNoOne() throws {
        let test = try PostgresTestBank()
        let watcher = try test.secondStore()
        let before = try watcher.changeStamp()
        let bob = try test.user("bob")
        _ = try test.store.inVerificationTransaction { tx in try tx.sendCount(for: bob.id, since: test.clock.now()) }
        _ = try test.store.modifySession(SessionID(trusted: "no-such-session")) { _ in }
        // A commit after them, so a notification from them would have arrived first.
        try test.store.append(AuditEvent(at: test.clock.now(), kind: .accountUnlocked, username: nil, userID: nil,
                                         context: .operatorCLI, detail: "marker"))
        XCTAssertEqual(before, ChangeStamp([0, 0]), "a fresh connection has seen no notification")
        XCTAssertTrue(try stampMoves(watcher, from: before))
        // A query ends with whatever the server had queued for this connection by then.
        _ = try watcher.balances(of: bob.id)
        XCTAssertEqual(try watcher.changeStamp(), ChangeStamp([1, 0]),
                       "one notification, the marker's: the transactions that changed nothing sent none")
    }

    // MARK: Concurrency

    func testWritersOnSixConnectionsAtOnceKeepEveryLedgerGuarantee() throws {
        let test = try PostgresTestBank()
        let names = ["alice", "bob", "carol"]
        let users = try names.map { try test.user($0) }
        let stores = try (0..<6).map { _ in try test.secondStore() }
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: stores.count) { index in
            var random = SystemRandomNumberGenerator()
            for round in 0..<25 {
                let from = users[Int.random(in: 0..<3, using: &random)]
                let to = users.filter { $0.id != from.id }[Int.random(in: 0..<2, using: &random)]
                // Large amounts so that some are refused for want of funds.
                let request = Self.transfer("pg-race-\(index)-\(round)", from, to, cents: Int64.random(in: 1...300_000, using: &random))
                do {
                    _ = try stores[index].book(request, at: test.clock.now(), context: .operatorCLI)
                    // The same client id again, from another connection: the first receipt, nothing booked.
                    let replay = try stores[(index + 1) % stores.count].book(request, at: test.clock.now(), context: .operatorCLI)
                    outcomes.add(replay.replayed ? "booked" : "booked twice")
                } catch LedgerError.insufficientFunds {
                    outcomes.add("refused")
                } catch {
                    outcomes.add("error: \(error)")
                }
            }
        }
        XCTAssertEqual(outcomes.all.filter { $0 != "booked" && $0 != "refused" }, [])
        XCTAssertGreaterThan(outcomes.all.filter { $0 == "booked" }.count, 0)
        let check = try test.store.checkInvariants()
        XCTAssertEqual(check.problems, [])
        XCTAssertEqual(check.customerTotal, .dollars(45_000), "no money created or lost")
        XCTAssertEqual(check.transferCount, 6 + outcomes.all.filter { $0 == "booked" }.count)
    }

    func testARecoveryCodeRacedFromTwoHostsIsUsedOnce() throws {
        let test = try PostgresTestBank()
        let carol = try test.user("carol")
        try test.store.inSecondFactorTransaction { tx in
            try tx.replaceRecoveryCodes(of: carol.id, hashes: ["$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA"],
                                        at: test.clock.now())
        }
        let id = try test.store.inSecondFactorTransaction { tx in try tx.recoveryCodes(of: carol.id)[0].id }
        for round in 0..<5 {
            try test.store.inSecondFactorTransaction { tx in
                try tx.replaceRecoveryCodes(of: carol.id, hashes: ["$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA"],
                                            at: test.clock.now())
            }
            let code = try test.store.inSecondFactorTransaction { tx in try tx.recoveryCodes(of: carol.id)[0].id }
            XCTAssertNotEqual(code, id)
            let hosts = try (0..<4).map { _ in try test.secondStore() }
            let outcomes = Outcomes()
            DispatchQueue.concurrentPerform(iterations: hosts.count) { index in
                do {
                    let used = try hosts[index].inSecondFactorTransaction { tx in
                        try tx.markRecoveryCodeUsed(code, of: carol.id, at: test.clock.now())
                    }
                    outcomes.add(used ? "used" : "already used")
                } catch {
                    outcomes.add("error: \(error)")
                }
            }
            XCTAssertEqual(outcomes.all.sorted(), ["already used", "already used", "already used", "used"], "round \(round)")
        }
    }

    // MARK: Append-only

    func testBookedMoneyAndTheAuditTrailCannotBeChangedEvenByTheDatabaseOwner() throws {
        let test = try PostgresTestBank()
        let schema = try XCTUnwrap(test.url.components(separatedBy: "%3D").last)
        for statement in ["UPDATE \(schema).transfers SET amount = 1", "DELETE FROM \(schema).postings",
                          "DELETE FROM \(schema).transfers", "UPDATE \(schema).audit SET detail = ''",
                          "DELETE FROM \(schema).audit", "TRUNCATE \(schema).audit", "TRUNCATE \(schema).postings CASCADE",
                          "TRUNCATE \(schema).transfers CASCADE"] {
            XCTAssertThrowsError(try cluster().psql(statement, database: "termbank"), statement) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains("are immutable; book a reversal") || text.contains("audit rows are append-only"),
                              "\(statement): \(text)")
            }
        }
        XCTAssertEqual(try test.store.checkInvariants().transferCount, 6)
        XCTAssertFalse(try test.store.auditTrail(username: nil, limit: 100).isEmpty)
    }

    // MARK: Faults

    func testAConnectionDroppedMidTransferKeepsNothingAndTheRetryBooksOnce() throws {
        let test = try PostgresTestBank()
        let alice = try test.user("alice"), bob = try test.user("bob")
        let request = Self.transfer("pg-dropped-1", alice, bob, cents: 250_00)
        let backend = test.store.serverProcessID
        XCTAssertThrowsError(try test.store.inVerificationTransaction { tx -> Void in
            _ = try tx.book(request, at: test.clock.now(), context: .operatorCLI)
            // The transfer's rows are written, not committed: the server drops this connection now.
            XCTAssertEqual(try self.cluster().psql("SELECT pg_terminate_backend(\(backend))"), "t")
            try tx.append(AuditEvent(at: test.clock.now(), kind: .accountUnlocked, username: nil, userID: nil,
                                     context: .operatorCLI, detail: "after the drop"))
        }) { error in
            XCTAssertEqual(error as? StoreError, .connectionLost(location: test.store.path))
        }
        let observer = try test.secondStore()
        XCTAssertEqual(try observer.balances(of: alice.id)[.checking], .dollars(5_000), "no half-applied transfer")
        XCTAssertNil(try observer.transfer(TransferReference(7)))
        // Asked again, the store reconnects and books the transfer, once.
        let receipt = try test.store.book(request, at: test.clock.now(), context: .operatorCLI)
        XCTAssertFalse(receipt.replayed)
        XCTAssertTrue(try test.store.book(request, at: test.clock.now(), context: .operatorCLI).replayed)
        XCTAssertNotEqual(test.store.serverProcessID, backend, "a new connection")
        XCTAssertEqual(try observer.checkInvariants().problems, [])
        XCTAssertEqual(try observer.checkInvariants().transferCount, 7)
    }

    func testAConnectionDroppedWhileIdleIsReopenedByTheNextCall() throws {
        let test = try PostgresTestBank()
        let alice = try test.user("alice")
        let before = try test.store.changeStamp()
        XCTAssertEqual(try cluster().psql("SELECT pg_terminate_backend(\(test.store.serverProcessID))"), "t")
        usleep(100_000)  // the server's goodbye on its way; the call below works either way
        XCTAssertEqual(try test.store.balances(of: alice.id)[.checking], .dollars(5_000))
        XCTAssertNotEqual(try test.store.changeStamp(), before, "commits missed while away count as a change")
    }

    func testAServerRestartDuringASessionIsAClearErrorThenTheSessionCarriesOn() throws {
        let test = try PostgresTestBank()
        let alice = try test.user("alice"), bob = try test.user("bob")
        try cluster().halt()
        defer { try? cluster().start() }
        XCTAssertThrowsError(try test.store.book(Self.transfer("pg-restart-1", alice, bob, cents: 100), at: test.clock.now(),
                                                 context: .operatorCLI)) { error in
            guard case .serverUnavailable(let location, _)? = error as? StoreError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(location, test.store.path)
        }
        try cluster().start()
        let receipt = try test.store.book(Self.transfer("pg-restart-1", alice, bob, cents: 100), at: test.clock.now(),
                                          context: .operatorCLI)
        XCTAssertFalse(receipt.replayed, "nothing was booked while the server was down")
        XCTAssertEqual(try test.store.checkInvariants().problems, [])
    }

    func testAWrongPasswordIsRefusedWithoutTheURLsPassword() throws {
        let role = "pw_\(getpid())"
        try cluster().psql("CREATE ROLE \(role) LOGIN PASSWORD 'right-horse'")
        let url = try cluster().url(user: role, password: "wrong-battery")
        XCTAssertThrowsError(try PostgresBankStore(location: PostgresLocation(url: url))) { error in
            XCTAssertEqual(error as? StoreError, .authenticationFailed(location: "postgresql://\(role)@/termbank?host=\((try? self.cluster().directory) ?? "")"))
            XCTAssertFalse("\(error)".contains("wrong-battery"))
        }
    }
}

/// Outcomes gathered from several threads.
final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
