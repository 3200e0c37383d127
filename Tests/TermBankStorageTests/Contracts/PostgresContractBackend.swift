import TermBankCore
import TermBankHarness
import TermBankPostgres
import TermBankSecurity
import XCTest

/// The PostgreSQL backend for every store contract: one `PostgresBankStore`
/// on a fresh schema of the test run's throwaway cluster serves every protocol.
enum PostgresContractBackend {
    static func make() throws -> ContractBackend {
        let test = try PostgresTestBank()
        return ContractBackend(bank: test.bank, clock: test.clock, devices: test.store, sessions: test.store,
                               verifications: test.store, secondFactors: test.store, knownSignIns: test.store,
                               phoneInbox: test.store, guests: test.store, story: test.store, operatorStore: test.store,
                               presence: test.store, all: test.store,
                               resources: test.store)
    }
}

/// A demo bank on a fresh schema of the throwaway cluster, with a driven
/// clock and seeded randomness: `TestBank` on PostgreSQL.
struct PostgresTestBank {
    let url: String
    let store: PostgresBankStore
    let bank: Bank
    let clock: DrivenClock

    init(demo: Bool = true, clock: DrivenClock = DrivenClock()) throws {
        url = try ThrowawayPostgres.shared().freshSchemaURL()
        self.clock = clock
        store = try PostgresBankStore(location: PostgresLocation(url: url))
        bank = Bank(store: store, hasher: Argon2idHasher(), blocklist: TestBank.blocklist, clock: clock,
                    random: SeededRandomSource(seed: 42))
        if demo { try DemoBank.reset(bank, context: .operatorCLI) }
    }

    /// Another connection to the same database, as another process (or host) would have.
    func secondStore() throws -> PostgresBankStore {
        try PostgresBankStore(location: PostgresLocation(url: url))
    }

    func user(_ name: String) throws -> UserRecord {
        try XCTUnwrap(store.user(named: Username(trusted: name)))
    }
}
