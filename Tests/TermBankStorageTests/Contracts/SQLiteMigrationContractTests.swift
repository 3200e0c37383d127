import Foundation
import TermBankSQL
@testable import TermBankStorage
import XCTest

// The migrations' contracts, run on SQLite: a bank at schema 10 on a temporary file.

enum SQLiteSchemaTenBank {
    static func make() throws -> SchemaTenBank {
        let directory = TemporaryDirectory()
        let path = directory.file("old.sqlite")
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw ContractFailure("could not create \(path)")
        }
        let raw = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 5_000)
        try raw.executeScript("PRAGMA journal_mode = WAL; PRAGMA application_id = \(Schema.applicationID)")
        for migration in Schema.migrations where migration.version <= 10 {
            try raw.executeScript("BEGIN; \(migration.sql); PRAGMA user_version = \(migration.version); COMMIT;")
        }
        try raw.executeScript("PRAGMA foreign_keys = ON")
        return SchemaTenBank(raw: raw, version: { Int(try raw.query("PRAGMA user_version").first?.int(0) ?? 0) },
                             open: { try SQLiteBankStore(path: path) }, latest: SQLiteBankStore.latestSchemaVersion, resources: directory)
    }
}

final class SQLiteStoredTextMigrationContractTests: XCTestCase {
    let contract = StoredTextMigrationContract(make: SQLiteSchemaTenBank.make)
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

final class SQLiteThrottleMigrationContractTests: XCTestCase {
    let contract = ThrottleMigrationContract(make: SQLiteSchemaTenBank.make)
    func testLocksAndCountsFromBeforeCarryOnAsEachNamesOwn() throws {
        try contract.locksAndCountsFromBeforeCarryOnAsEachNamesOwn()
    }
}

final class SQLiteDemoCountsMigrationContractTests: XCTestCase {
    let contract = DemoCountsMigrationContract(make: SQLiteSchemaTenBank.make)
    func testSendsFromBeforeStayEveryonesCountAndAnOriginsStartsApart() throws {
        try contract.sendsFromBeforeStayEveryonesCountAndAnOriginsStartsApart()
    }
}
