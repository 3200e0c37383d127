import TermBankCore
import XCTest

/// The backend-independent store behaviour (each test run on SQLite and on PostgreSQL: ContractTestCase).
final class StoreContractTests: ContractTestCase {
    private var contract: BankStoreContract {
        BankStoreContract {
            let backend = try self.keptBackend()
            return (backend.bank, backend.clock)
        }
    }

    func testAPasswordHashMadeAsTypedIsUpgradedOnceAndThenNoneIsLeft() throws {
        try onEachBackend { try contract.aPasswordHashMadeAsTypedIsUpgradedOnceAndThenNoneIsLeft() }
    }
    func testOpeningBalancesComeFromTheBankAndTheLedgerSumsToZero() throws {
        try onEachBackend { try contract.openingBalancesComeFromTheBankAndTheLedgerSumsToZero() }
    }
    func testATransferIsTwoPostingsAndTheStatementShowsRunningBalancesNewestFirst() throws {
        try onEachBackend { try contract.aTransferIsTwoPostingsAndTheStatementShowsRunningBalancesNewestFirst() }
    }
    func testTheWholeBalanceMayMoveButNotOneCentMore() throws {
        try onEachBackend { try contract.theWholeBalanceMayMoveButNotOneCentMore() }
    }
    func testInvalidTransfersAreRefusedBeforeTheStore() throws {
        try onEachBackend { try contract.invalidTransfersAreRefusedBeforeTheStore() }
    }
    func testARetriedClientIDReturnsTheFirstReceiptAndBooksOnce() throws {
        try onEachBackend { try contract.aRetriedClientIDReturnsTheFirstReceiptAndBooksOnce() }
    }
    func testReversalsAreNewTransfersAndHappenOnce() throws {
        try onEachBackend { try contract.reversalsAreNewTransfersAndHappenOnce() }
    }
    func testAReversalNeedsTheMoneyToStillBeThere() throws {
        try onEachBackend { try contract.aReversalNeedsTheMoneyToStillBeThere() }
    }
    func testDepositsComeFromTheBanksFundingAccount() throws {
        try onEachBackend { try contract.depositsComeFromTheBanksFundingAccount() }
    }
    func testUsernamesAreUnique() throws { try onEachBackend { try contract.usernamesAreUnique() } }
    func testFailedSignInsAreCountedAndLockAfterFive() throws {
        try onEachBackend { try contract.failedSignInsAreCountedAndLockAfterFive() }
    }
    func testCountsOfOneNameFromTwoOriginsAreApartAndUnlockClearsThemAll() throws {
        try onEachBackend { try contract.countsOfOneNameFromTwoOriginsAreApartAndUnlockClearsThemAll() }
    }
    func testTheAuditTrailIsNewestFirstAndFiltersByUser() throws {
        try onEachBackend { try contract.theAuditTrailIsNewestFirstAndFiltersByUser() }
    }
    func testAChosenLanguageIsSavedWithTheUserAndAuditedAsASettingsChange() throws {
        try onEachBackend { try contract.aChosenLanguageIsSavedWithTheUserAndAuditedAsASettingsChange() }
    }
    func testAResetWipesMoneyAndUsersButKeepsTheAuditTrail() throws {
        try onEachBackend { try contract.aResetWipesMoneyAndUsersButKeepsTheAuditTrail() }
    }
}
