import XCTest

/// The payment contract (each test run on SQLite and on PostgreSQL: ContractTestCase).
final class PaymentContractTests: ContractTestCase {
    private var contract: PaymentStoreContract {
        PaymentStoreContract { try self.keptBackend() }
    }

    func testAPayeeIsFoundByUsernameWithTheirNameMasked() throws {
        try onEachBackend { try contract.aPayeeIsFoundByUsernameWithTheirNameMasked() }
    }
    func testAPaymentCreditsThePayeesCheckingWithTheReferenceAndCounterpartyOnBothStatements() throws {
        try onEachBackend { try contract.aPaymentCreditsThePayeesCheckingWithTheReferenceAndCounterpartyOnBothStatements() }
    }
    func testARetriedPaymentBooksOnceAndAChangedReferenceIsADifferentRequest() throws {
        try onEachBackend { try contract.aRetriedPaymentBooksOnceAndAChangedReferenceIsADifferentRequest() }
    }
    func testTheDailyLimitCountsTodaysPaymentsOnlyAndRefusesThePaymentThatWouldPassIt() throws {
        try onEachBackend { try contract.theDailyLimitCountsTodaysPaymentsOnlyAndRefusesThePaymentThatWouldPassIt() }
    }
    func testAPaymentToOneselfOrToAUsernameThatNowNamesSomeoneElseIsRefused() throws {
        try onEachBackend { try contract.aPaymentToOneselfOrToAUsernameThatNowNamesSomeoneElseIsRefused() }
    }
    func testRecentPayeesAreTheCustomersPaidMostRecentFirstEachOnce() throws {
        try onEachBackend { try contract.recentPayeesAreTheCustomersPaidMostRecentFirstEachOnce() }
    }
    func testAReversedPaymentTakesTheMoneyBackFromThePayeeOnlyWhileTheyHaveIt() throws {
        try onEachBackend { try contract.aReversedPaymentTakesTheMoneyBackFromThePayeeOnlyWhileTheyHaveIt() }
    }
    func testALedgerTransactionThatThrowsKeepsNothing() throws {
        try onEachBackend { try contract.aLedgerTransactionThatThrowsKeepsNothing() }
    }
}
