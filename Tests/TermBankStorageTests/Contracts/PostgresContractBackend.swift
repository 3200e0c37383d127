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
                               phoneInbox: test.store, guests: test.store, operatorStore: test.store,
                               resources: test.store)
    }
}

/// One PostgreSQL cluster for the whole test run, started on first use and
/// stopped when the run ends (a watchdog stops it if the run dies). Missing
/// PostgreSQL is an error, not a skip: CI installs it (scripts/setup-deps).
enum TestPostgres {
    nonisolated(unsafe) private static var started: Result<ThrowawayPostgres, Error>?
    private static let lock = NSLock()

    static func cluster() throws -> ThrowawayPostgres {
        try lock.withLock {
            if let started { return try started.get() }
            let result = Result { try ThrowawayPostgres() }
            started = result
            if case .success = result {
                atexit {
                    if case .success(let cluster)? = TestPostgres.started { cluster.stop() }
                }
            }
            return try result.get()
        }
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
        url = try TestPostgres.cluster().freshSchemaURL()
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
