import XCTest

// The migrations' contracts from a bank at schema 10, each test run on SQLite and on PostgreSQL (ContractTestCase).

final class StoredTextMigrationContractTests: ContractTestCase {
    var contract: StoredTextMigrationContract { StoredTextMigrationContract(make: on.schemaTen) }
    func testAReferenceStoredDecomposedIsFoundByASearchTypedEitherWay() throws {
        try onEachBackend { try contract.aReferenceStoredDecomposedIsFoundByASearchTypedEitherWay() }
    }
    func testNamesAndPhrasesAreComposedAndTextAlreadyComposedIsLeftByteForByte() throws {
        try onEachBackend { try contract.namesAndPhrasesAreComposedAndTextAlreadyComposedIsLeftByteForByte() }
    }
    func testNoAmountPostingIDOrAuditRowChangesAndTheLedgerStillBalances() throws {
        try onEachBackend { try contract.noAmountPostingIDOrAuditRowChangesAndTheLedgerStillBalances() }
    }
    func testTheMigrationRunsOnceAndComposingAgainChangesNothing() throws {
        try onEachBackend { try contract.theMigrationRunsOnceAndComposingAgainChangesNothing() }
    }
    func testWithoutTheUnicodeLibraryTheBankIsNotUpgradedAndNothingChanges() throws {
        try onEachBackend { try contract.withoutTheUnicodeLibraryTheBankIsNotUpgradedAndNothingChanges() }
    }
}

final class ThrottleMigrationContractTests: ContractTestCase {
    var contract: ThrottleMigrationContract { ThrottleMigrationContract(make: on.schemaTen) }
    func testLocksAndCountsFromBeforeCarryOnAsEachNamesOwn() throws {
        try onEachBackend { try contract.locksAndCountsFromBeforeCarryOnAsEachNamesOwn() }
    }
}

final class DemoCountsMigrationContractTests: ContractTestCase {
    var contract: DemoCountsMigrationContract { DemoCountsMigrationContract(make: on.schemaTen) }
    func testSendsFromBeforeStayEveryonesCountAndAnOriginsStartsApart() throws {
        try onEachBackend { try contract.sendsFromBeforeStayEveryonesCountAndAnOriginsStartsApart() }
    }
}
