import TermBankCore
import XCTest

/// The backend-independent store behaviour, run on SQLite.
final class SQLiteStoreContractTests: XCTestCase {
    private var backends: [ContractBackend] = []

    private var contract: BankStoreContract {
        BankStoreContract {
            let backend = try SQLiteContractBackend.make()
            self.backends.append(backend)  // keep the temporary folder alive for the test
            return (backend.bank, backend.clock)
        }
    }

    func testAPasswordHashMadeAsTypedIsUpgradedOnceAndThenNoneIsLeft() throws {
        try contract.aPasswordHashMadeAsTypedIsUpgradedOnceAndThenNoneIsLeft()
    }
    func testOpeningBalancesComeFromTheBankAndTheLedgerSumsToZero() throws {
        try contract.openingBalancesComeFromTheBankAndTheLedgerSumsToZero()
    }
    func testATransferIsTwoPostingsAndTheStatementShowsRunningBalancesNewestFirst() throws {
        try contract.aTransferIsTwoPostingsAndTheStatementShowsRunningBalancesNewestFirst()
    }
    func testTheWholeBalanceMayMoveButNotOneCentMore() throws { try contract.theWholeBalanceMayMoveButNotOneCentMore() }
    func testInvalidTransfersAreRefusedBeforeTheStore() throws { try contract.invalidTransfersAreRefusedBeforeTheStore() }
    func testARetriedClientIDReturnsTheFirstReceiptAndBooksOnce() throws {
        try contract.aRetriedClientIDReturnsTheFirstReceiptAndBooksOnce()
    }
    func testReversalsAreNewTransfersAndHappenOnce() throws { try contract.reversalsAreNewTransfersAndHappenOnce() }
    func testAReversalNeedsTheMoneyToStillBeThere() throws { try contract.aReversalNeedsTheMoneyToStillBeThere() }
    func testDepositsComeFromTheBanksFundingAccount() throws { try contract.depositsComeFromTheBanksFundingAccount() }
    func testUsernamesAreUnique() throws { try contract.usernamesAreUnique() }
    func testFailedSignInsAreCountedAndLockAfterFive() throws { try contract.failedSignInsAreCountedAndLockAfterFive() }
    func testCountsOfOneNameFromTwoOriginsAreApartAndUnlockClearsThemAll() throws {
        try contract.countsOfOneNameFromTwoOriginsAreApartAndUnlockClearsThemAll()
    }
    func testTheAuditTrailIsNewestFirstAndFiltersByUser() throws { try contract.theAuditTrailIsNewestFirstAndFiltersByUser() }
    func testAChosenLanguageIsSavedWithTheUserAndAuditedAsASettingsChange() throws {
        try contract.aChosenLanguageIsSavedWithTheUserAndAuditedAsASettingsChange()
    }
    func testAResetWipesMoneyAndUsersButKeepsTheAuditTrail() throws {
        try contract.aResetWipesMoneyAndUsersButKeepsTheAuditTrail()
    }
}
