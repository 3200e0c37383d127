import TermBankCore
import XCTest

/// The backend-independent store behaviour, run on SQLite.
final class SQLiteStoreContractTests: XCTestCase {
    private var banks: [TestBank] = []

    private var contract: StoreContract {
        StoreContract {
            let bank = try TestBank()
            self.banks.append(bank)  // keep the temporary folder alive for the test
            return (bank.bank, bank.clock)
        }
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
    func testTheAuditTrailIsNewestFirstAndFiltersByUser() throws { try contract.theAuditTrailIsNewestFirstAndFiltersByUser() }
    func testAResetWipesMoneyAndUsersButKeepsTheAuditTrail() throws {
        try contract.aResetWipesMoneyAndUsersButKeepsTheAuditTrail()
    }
}
