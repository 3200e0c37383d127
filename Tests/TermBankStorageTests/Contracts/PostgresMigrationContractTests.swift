import TermBankHarness
@testable import TermBankPostgres
import TermBankSQL
import XCTest

// The migrations' contracts, run on PostgreSQL: a bank at schema 10 on a
// fresh schema of the throwaway cluster (ContractTwinTests pairs them with SQLite's).

enum PostgresSchemaTenBank {
    static func make() throws -> SchemaTenBank {
        let location = try PostgresLocation(url: try ThrowawayPostgres.shared().freshSchemaURL())
        let raw = try PostgresConnection(location: location)
        for migration in PostgresSchema.migrations where migration.version <= 10 {
            try raw.executeScript(migration.sql)
        }
        try raw.execute("UPDATE termbank_schema SET version = 10")
        return SchemaTenBank(raw: raw, version: { Int(try raw.query("SELECT version FROM termbank_schema").first?.int(0) ?? 0) },
                             open: { try PostgresBankStore(location: location) }, latest: PostgresBankStore.latestSchemaVersion, resources: nil)
    }
}

final class PostgresStoredTextMigrationContractTests: XCTestCase {
    let contract = StoredTextMigrationContract(make: PostgresSchemaTenBank.make)
    func testAReferenceStoredDecomposedIsFoundByASearchTypedEitherWay() throws {
        try contract.aReferenceStoredDecomposedIsFoundByASearchTypedEitherWay()
    }
    func testNamesAndPhrasesAreComposedAndTextAlreadyComposedIsLeftByteForByte() throws {
        try contract.namesAndPhrasesAreComposedAndTextAlreadyComposedIsLeftByteForByte()
    }
    func testNoAmountPostingIDOrAuditRowChangesAndTheLedgerStillBalances() throws {
        try contract.noAmountPostingIDOrAuditRowChangesAndTheLedgerStillBalances()
    }
    func testTheMigrationRunsOnceAndComposingAgainChangesNothing() throws {
        try contract.theMigrationRunsOnceAndComposingAgainChangesNothing()
    }
    func testWithoutTheUnicodeLibraryTheBankIsNotUpgradedAndNothingChanges() throws {
        try contract.withoutTheUnicodeLibraryTheBankIsNotUpgradedAndNothingChanges()
    }
}

final class PostgresThrottleMigrationContractTests: XCTestCase {
    let contract = ThrottleMigrationContract(make: PostgresSchemaTenBank.make)
    func testLocksAndCountsFromBeforeCarryOnAsEachNamesOwn() throws {
        try contract.locksAndCountsFromBeforeCarryOnAsEachNamesOwn()
    }
}

final class PostgresDemoCountsMigrationContractTests: XCTestCase {
    let contract = DemoCountsMigrationContract(make: PostgresSchemaTenBank.make)
    func testSendsFromBeforeStayEveryonesCountAndAnOriginsStartsApart() throws {
        try contract.sendsFromBeforeStayEveryonesCountAndAnOriginsStartsApart()
    }
}
