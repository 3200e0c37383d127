import TermBankCore
import TermBankStorage

/// The SQLite backend for every store contract: one `SQLiteBankStore` on a
/// fresh temporary file serves every protocol.
enum SQLiteContractBackend {
    static func make() throws -> ContractBackend {
        let test = try TestBank()
        return ContractBackend(bank: test.bank, clock: test.clock, devices: test.store, sessions: test.store,
                               verifications: test.store, secondFactors: test.store, knownSignIns: test.store,
                               phoneInbox: test.store, guests: test.store, story: test.store, operatorStore: test.store,
                               presence: test.store, all: test.store,
                               resources: test.directory)
    }
}
