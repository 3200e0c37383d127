import XCTest

/// The payment contract on PostgreSQL.
final class PostgresPaymentContractTests: XCTestCase {
    private var backends: [ContractBackend] = []

    private var contract: PaymentStoreContract {
        PaymentStoreContract {
            let backend = try PostgresContractBackend.make()
            self.backends.append(backend)
            return backend
        }
    }

    func testAPayeeIsFoundByUsernameWithTheirNameMasked() throws { try contract.aPayeeIsFoundByUsernameWithTheirNameMasked() }
    func testAPaymentCreditsThePayeesCheckingWithTheReferenceAndCounterpartyOnBothStatements() throws {
        try contract.aPaymentCreditsThePayeesCheckingWithTheReferenceAndCounterpartyOnBothStatements()
    }
    func testARetriedPaymentBooksOnceAndAChangedReferenceIsADifferentRequest() throws {
        try contract.aRetriedPaymentBooksOnceAndAChangedReferenceIsADifferentRequest()
    }
    func testTheDailyLimitCountsTodaysPaymentsOnlyAndRefusesThePaymentThatWouldPassIt() throws {
        try contract.theDailyLimitCountsTodaysPaymentsOnlyAndRefusesThePaymentThatWouldPassIt()
    }
    func testAPaymentToOneselfOrToAUsernameThatNowNamesSomeoneElseIsRefused() throws {
        try contract.aPaymentToOneselfOrToAUsernameThatNowNamesSomeoneElseIsRefused()
    }
    func testRecentPayeesAreTheCustomersPaidMostRecentFirstEachOnce() throws {
        try contract.recentPayeesAreTheCustomersPaidMostRecentFirstEachOnce()
    }
    func testAReversedPaymentTakesTheMoneyBackFromThePayeeOnlyWhileTheyHaveIt() throws {
        try contract.aReversedPaymentTakesTheMoneyBackFromThePayeeOnlyWhileTheyHaveIt()
    }
    func testALedgerTransactionThatThrowsKeepsNothing() throws { try contract.aLedgerTransactionThatThrowsKeepsNothing() }
}
