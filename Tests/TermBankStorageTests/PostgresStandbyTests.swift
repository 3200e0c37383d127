import Foundation
import TermBankCore
import TermBankHarness
import TermBankPostgres
import TermBankSecurity
import XCTest

/// A PostgreSQL primary with a streaming-replication hot standby
/// (`pg_basebackup -R`, synchronous), each test its own pair: the standby
/// serves the bank's reads and refuses its writes in the bank's words, and
/// a store given both servers (`target_session_attrs=read-write`) follows
/// the primary through a failover (docs/postgresql.md, "Standby and failover").
final class PostgresStandbyTests: XCTestCase {
    struct Pair {
        let primary: ThrowawayPostgres
        let standby: ThrowawayPostgres
        /// Both servers, primary first: libpq keeps the one that takes writes.
        var failoverURL: String { ThrowawayPostgres.url(naming: [primary, standby]) }
    }

    func pair() throws -> Pair {
        let primary = try ThrowawayPostgres()
        addTeardownBlock { primary.stop() }
        let standby = try primary.makeStandby()
        addTeardownBlock { standby.stop() }
        return Pair(primary: primary, standby: standby)
    }

    func demoBank(_ url: String) throws -> (store: PostgresBankStore, bank: Bank) {
        let store = try PostgresBankStore(location: PostgresLocation(url: url))
        let bank = Bank(store: store, hasher: Argon2idHasher(), blocklist: TestBank.blocklist, clock: DrivenClock(),
                        random: SeededRandomSource(seed: 7))
        return (store, bank)
    }

    func testAStandbyServesBalancesAndHistoryAndRefusesEveryWriteInTheBanksWords() throws {
        let pair = try pair()
        let (primaryStore, bank) = try demoBank(pair.primary.url())
        try DemoBank.reset(bank, context: .operatorCLI)
        let alice = try XCTUnwrap(primaryStore.user(named: Username(trusted: "alice")))
        let bob = try XCTUnwrap(primaryStore.user(named: Username(trusted: "bob")))
        _ = try primaryStore.book(PostgresStoreTests.transfer("standby-read-1", alice, bob, cents: 123_45),
                                  at: bank.clock.now(), context: .operatorCLI)
        try pair.standby.waitForReplay(of: pair.primary)

        let standby = try PostgresBankStore(location: PostgresLocation(url: pair.standby.url()))
        XCTAssertTrue(standby.isStandby)
        XCTAssertEqual(try standby.balances(of: alice.id)[.checking], Money(minorUnits: 5_000_00 - 123_45))
        XCTAssertEqual(try standby.statement(of: bob.id, limit: 5).first?.amount, Money(minorUnits: 123_45))
        XCTAssertEqual(try standby.checkInvariants().problems, [])
        XCTAssertEqual(try standby.checkInvariants().transferCount, 7)

        let refused = StoreError.readOnlyStandby(location: standby.path)
        XCTAssertThrowsError(try standby.book(PostgresStoreTests.transfer("standby-write-1", alice, bob, cents: 1),
                                              at: bank.clock.now(), context: .operatorCLI)) { error in
            XCTAssertEqual(error as? StoreError, refused)
        }
        XCTAssertThrowsError(try standby.append(AuditEvent(at: bank.clock.now(), kind: .accountUnlocked, username: nil,
                                                           userID: nil, context: .operatorCLI, detail: "on a standby"))) {
            XCTAssertEqual($0 as? StoreError, refused)
        }
        XCTAssertThrowsError(try standby.requireWritable()) { XCTAssertEqual($0 as? StoreError, refused) }
        XCTAssertTrue(refused.isTransient, "the app keeps the form: the standby may be promoted")
        XCTAssertTrue(refused.description.contains("is a standby, which only reads"), refused.description)
        XCTAssertEqual(try primaryStore.checkInvariants().transferCount, 7, "nothing was booked anywhere")

        // Both servers named, the standby preferred: reads go to the standby; a write finds only it again.
        let reader = try PostgresBankStore(location: PostgresLocation(
            url: ThrowawayPostgres.url(naming: [pair.primary, pair.standby], sessionAttributes: "prefer-standby")))
        XCTAssertTrue(reader.isStandby)
        XCTAssertEqual(try reader.balances(of: bob.id)[.checking], Money(minorUnits: 5_000_00 + 123_45))
        XCTAssertThrowsError(try reader.book(PostgresStoreTests.transfer("standby-write-2", alice, bob, cents: 1),
                                             at: bank.clock.now(), context: .operatorCLI)) { error in
            XCTAssertEqual(error as? StoreError, .readOnlyStandby(location: reader.path))
        }
    }

    func testAnEmptyStandbyIsNeverMigratedButRefusedInOneLine() throws {
        let pair = try pair()
        XCTAssertThrowsError(try PostgresBankStore(location: PostgresLocation(url: pair.standby.url()))) { error in
            guard case .readOnlyStandby? = error as? StoreError else { return XCTFail("\(error)") }
        }
    }

    /// Promoted while a connection sits on it, the standby takes that
    /// connection's writes, and the connection now hears other commits.
    func testAConnectionOnAStandbyThatIsPromotedWritesAndListens() throws {
        let pair = try pair()
        let (primaryStore, bank) = try demoBank(pair.primary.url())
        try DemoBank.reset(bank, context: .operatorCLI)
        try pair.standby.waitForReplay(of: pair.primary)
        let onStandby = try PostgresBankStore(location: PostgresLocation(url: pair.standby.url()))
        let alice = try XCTUnwrap(onStandby.user(named: Username(trusted: "alice")))
        let bob = try XCTUnwrap(onStandby.user(named: Username(trusted: "bob")))
        _ = primaryStore

        try pair.primary.halt(mode: "immediate")
        try pair.standby.promote()
        let receipt = try onStandby.book(PostgresStoreTests.transfer("promoted-1", alice, bob, cents: 100),
                                         at: bank.clock.now(), context: .operatorCLI)
        XCTAssertFalse(receipt.replayed)
        XCTAssertFalse(onStandby.isStandby)

        let other = try PostgresBankStore(location: PostgresLocation(url: pair.standby.url()))
        let before = try onStandby.changeStamp()
        _ = try other.book(PostgresStoreTests.transfer("promoted-2", bob, alice, cents: 100), at: bank.clock.now(),
                           context: .operatorCLI)
        var moved = false
        for _ in 0..<6_000 where !moved {  // up to a minute: a hang guard
            moved = try onStandby.changeStamp() != before
            if !moved { usleep(10_000) }
        }
        XCTAssertTrue(moved, "the promoted server's commits reach the connection opened on the standby")
    }

    /// The primary dies (`pg_ctl stop -m immediate`) under a store given
    /// both servers: until the standby is promoted, a transfer fails in one
    /// line naming each server and what it said; after `pg_ctl promote`, the
    /// same request (same client id) books on the new primary, once.
    func testAStoreNamingBothServersFollowsThePrimaryThroughAFailover() throws {
        let pair = try pair()
        let (store, bank) = try demoBank(pair.failoverURL)
        try DemoBank.reset(bank, context: .operatorCLI)
        let alice = try XCTUnwrap(store.user(named: Username(trusted: "alice")))
        let bob = try XCTUnwrap(store.user(named: Username(trusted: "bob")))
        let acknowledged = try store.book(PostgresStoreTests.transfer("failover-1", alice, bob, cents: 10_00),
                                          at: bank.clock.now(), context: .operatorCLI)
        XCTAssertFalse(acknowledged.replayed)
        let before = store.serverProcessID

        try pair.primary.halt(mode: "immediate")
        let request = PostgresStoreTests.transfer("failover-2", alice, bob, cents: 20_00)
        // The first try may meet the dead connection mid-request (connection lost); the next looks for a primary.
        _ = try? store.book(request, at: bank.clock.now(), context: .operatorCLI)
        XCTAssertThrowsError(try store.book(request, at: bank.clock.now(), context: .operatorCLI)) { error in
            guard case .serverUnavailable(let location, let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(location, store.path)
            XCTAssertTrue(reason.hasPrefix(pair.primary.directory + ": "), reason)
            XCTAssertTrue(reason.hasSuffix("; \(pair.standby.directory): session is read-only"), reason)
        }

        try pair.standby.promote()
        XCTAssertFalse(try store.book(request, at: bank.clock.now(), context: .operatorCLI).replayed,
                       "the request never reached a primary before")
        XCTAssertTrue(try store.book(request, at: bank.clock.now(), context: .operatorCLI).replayed)
        XCTAssertTrue(try store.book(PostgresStoreTests.transfer("failover-1", alice, bob, cents: 10_00),
                                     at: bank.clock.now(), context: .operatorCLI).replayed,
                      "the transfer acknowledged by the old primary is on the new one")
        XCTAssertNotEqual(store.serverProcessID, before)
        XCTAssertFalse(store.isStandby)
        let check = try store.checkInvariants()
        XCTAssertEqual(check.problems, [])
        XCTAssertEqual(check.transferCount, 8)
    }
}
