import TermBankCore
import XCTest

/// Payments between customers, as every backend must keep them: the payee
/// behind a username, the payee's checking credited in the same double-entry
/// booking, the payer's reference and the counterparty on both statements,
/// recent payees, the day's total for the daily limit (decided in the
/// booking's transaction), and reversals of payments. Written against the
/// protocols only (`ContractBackend`).
struct PaymentStoreContract {
    let make: MakeContractBackend

    static func payment(_ backend: ContractBackend, from payer: UserRecord, to payee: String, _ amount: Money,
                        reference: String? = nil, id: String) throws -> PendingTransfer {
        guard let found = try backend.store.payee(named: Username(trusted: payee)) else { throw ContractFailure("no payee") }
        return PendingTransfer(userID: payer.id, from: .checking, payee: found, amount: amount,
                               reference: try reference.flatMap { try PaymentReference.parse($0) },
                               clientID: TransferClientID(trusted: id))
    }

    /// Books through the ledger transaction, as the biometric step-up does.
    static func book(_ backend: ContractBackend, _ payment: PendingTransfer,
                     policy: PaymentPolicy = .standard) throws -> TransferReceipt {
        try backend.store.inLedgerTransaction { tx in
            try payment.book(in: tx, policy: policy, at: backend.clock.now(), context: .operatorCLI)
        }
    }

    func aPayeeIsFoundByUsernameWithTheirNameMasked() throws {
        let backend = try make()
        let bob = try XCTUnwrap(try backend.store.payee(named: Username(trusted: "bob")))
        XCTAssertEqual(bob.username.rawValue, "bob")
        XCTAssertEqual(bob.maskedName, "Bob B.")
        XCTAssertEqual(bob.userID, try backend.user("bob").id)
        XCTAssertNil(try backend.store.payee(named: Username(trusted: "mallory")))
    }

    func aPaymentCreditsThePayeesCheckingWithTheReferenceAndCounterpartyOnBothStatements() throws {
        let backend = try make()
        let alice = try backend.user("alice"), bob = try backend.user("bob")
        backend.clock.advance(seconds: 60)
        let receipt = try Self.book(backend, try Self.payment(backend, from: alice, to: "bob", Money(units: 25),
                                                              reference: "Pizza night", id: "pay-contract-01"))
        XCTAssertEqual(receipt.request.kind, .payment)
        XCTAssertEqual(receipt.fromBalanceAfter, Money(units: 4_975))
        XCTAssertEqual(receipt.toBalanceAfter, Money(units: 5_025))
        XCTAssertEqual(try backend.store.balances(of: bob.id)[.checking], Money(units: 5_025))
        XCTAssertEqual(try backend.store.balances(of: bob.id)[.savings], Money(units: 10_000))

        let paid = try XCTUnwrap(try backend.store.statement(of: alice.id, limit: 1).first)
        XCTAssertEqual(paid.kind, .payment)
        XCTAssertEqual(paid.amount, Money(minorUnits: -2_500))
        XCTAssertEqual(paid.counterpartyName?.rawValue, "bob")
        XCTAssertEqual(paid.counterparty, .customer(bob.id, .checking))
        XCTAssertEqual(paid.paymentReference?.text, "Pizza night")
        XCTAssertEqual(paid.label, "Payment to bob")
        let received = try XCTUnwrap(try backend.store.statement(of: bob.id, limit: 1).first)
        XCTAssertEqual(received.amount, Money(units: 25))
        XCTAssertEqual(received.account, .checking)
        XCTAssertEqual(received.counterpartyName?.rawValue, "alice")
        XCTAssertEqual(received.paymentReference?.text, "Pizza night")
        XCTAssertEqual(received.label, "Payment from alice")
        XCTAssertEqual(received.reference, receipt.reference)
        XCTAssertEqual(try backend.store.transfer(receipt.reference)?.paymentReference?.text, "Pizza night")

        let own = try XCTUnwrap(try backend.store.statement(of: alice.id, limit: 10).last)
        XCTAssertNil(own.counterpartyName, "an opening balance has no other customer")
        XCTAssertNil(own.paymentReference)
        XCTAssertEqual(try backend.store.checkInvariants().problems, [])
    }

    func aRetriedPaymentBooksOnceAndAChangedReferenceIsADifferentRequest() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        let payment = try Self.payment(backend, from: alice, to: "bob", Money(units: 25), reference: "Rent", id: "pay-contract-02")
        let first = try Self.book(backend, payment)
        let again = try Self.book(backend, payment)
        XCTAssertTrue(again.replayed)
        XCTAssertEqual(again.reference, first.reference)
        let changed = try Self.payment(backend, from: alice, to: "bob", Money(units: 25), reference: "Rent!", id: "pay-contract-02")
        XCTAssertThrowsError(try Self.book(backend, changed)) {
            XCTAssertEqual($0 as? LedgerError, .clientIDReused(TransferClientID(trusted: "pay-contract-02")))
        }
        XCTAssertEqual(try backend.store.balances(of: alice.id)[.checking], Money(units: 4_975))
    }

    func theDailyLimitCountsTodaysPaymentsOnlyAndRefusesThePaymentThatWouldPassIt() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        let policy = PaymentPolicy(dailyLimit: Money(units: 100))
        _ = try Self.book(backend, try Self.payment(backend, from: alice, to: "bob", Money(units: 60), id: "pay-limit-01"),
                          policy: policy)
        _ = try backend.bank.transfer(user: alice, from: .checking, to: .savings, amount: Money(units: 500),
                                      clientID: TransferClientID(trusted: "own-transfer-1"), context: .operatorCLI)
        XCTAssertEqual(try backend.store.paidOut(by: alice.id, since: PaymentPolicy.dayStart(backend.clock.now())),
                       Money(units: 60), "moving money between one's own accounts is not a payment")
        XCTAssertThrowsError(try Self.book(backend, try Self.payment(backend, from: alice, to: "carol", Money(units: 40, cents: 1),
                                                                     id: "pay-limit-02"), policy: policy)) {
            XCTAssertEqual($0 as? LedgerError, .dailyLimitExceeded(limit: Money(units: 100), left: Money(units: 40)))
        }
        XCTAssertEqual(try backend.store.balances(of: try backend.user("carol").id)[.checking], Money(units: 5_000),
                       "a refused payment books nothing")
        let exact = try Self.payment(backend, from: alice, to: "carol", Money(units: 40), id: "pay-limit-03")
        _ = try Self.book(backend, exact, policy: policy)
        XCTAssertTrue(try Self.book(backend, exact, policy: policy).replayed,
                      "a retry at the limit returns its receipt rather than a refusal for its own money")
        // The next day starts afresh.
        backend.clock.advance(seconds: 86_400)
        _ = try Self.book(backend, try Self.payment(backend, from: alice, to: "bob", Money(units: 100), id: "pay-limit-04"),
                          policy: policy)
        XCTAssertEqual(try backend.bank.paymentAllowance(for: alice.id).leftToday, Money(units: 9_900))
    }

    func aPaymentToOneselfOrToAUsernameThatNowNamesSomeoneElseIsRefused() throws {
        let backend = try make()
        let alice = try backend.user("alice"), carol = try backend.user("carol")
        let me = try XCTUnwrap(try backend.store.payee(named: alice.username))
        let selfPayment = PendingTransfer(userID: alice.id, from: .checking, payee: me, amount: Money(units: 1), reference: nil,
                                          clientID: TransferClientID(trusted: "pay-self-001"))
        XCTAssertThrowsError(try Self.book(backend, selfPayment)) { XCTAssertEqual($0 as? LedgerError, .selfPayment) }
        XCTAssertThrowsError(try backend.bank.lookUpPayee("alice", for: alice)) { XCTAssertEqual($0 as? LedgerError, .selfPayment) }
        XCTAssertThrowsError(try backend.bank.lookUpPayee("nobody", for: alice)) {
            XCTAssertEqual(($0 as? LedgerError)?.description, "No customer with that username.")
        }
        // A client that names bob but carries carol's id is refused: the username is what the code's text named.
        let forged = PendingTransfer(userID: alice.id, from: .checking,
                                     payee: Payee(userID: carol.id, username: Username(trusted: "bob"), maskedName: "Bob B."),
                                     amount: Money(units: 1), reference: nil, clientID: TransferClientID(trusted: "pay-forged-1"))
        XCTAssertThrowsError(try Self.book(backend, forged)) { XCTAssertEqual($0 as? LedgerError, .unknownPayee) }
        XCTAssertEqual(try backend.store.checkInvariants().transferCount, 6)
    }

    func recentPayeesAreTheCustomersPaidMostRecentFirstEachOnce() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        XCTAssertEqual(try backend.store.recentPayees(of: alice.id, limit: 10), [])
        XCTAssertFalse(try backend.store.hasPaid(try backend.user("bob").id, from: alice.id))
        for (index, name) in ["bob", "carol", "bob"].enumerated() {
            _ = try Self.book(backend, try Self.payment(backend, from: alice, to: name, Money(units: 1), id: "pay-recent-\(index)0"))
        }
        XCTAssertEqual(try backend.store.recentPayees(of: alice.id, limit: 10).map(\.username.rawValue), ["bob", "carol"])
        XCTAssertEqual(try backend.store.recentPayees(of: alice.id, limit: 1).map(\.maskedName), ["Bob B."])
        XCTAssertTrue(try backend.store.hasPaid(try backend.user("bob").id, from: alice.id))
        XCTAssertFalse(try backend.store.hasPaid(alice.id, from: try backend.user("bob").id), "paying is one way")
        XCTAssertEqual(try backend.store.recentPayees(of: try backend.user("bob").id, limit: 10), [])
    }

    func aReversedPaymentTakesTheMoneyBackFromThePayeeOnlyWhileTheyHaveIt() throws {
        let backend = try make()
        let alice = try backend.user("alice"), bob = try backend.user("bob")
        let first = try Self.book(backend, try Self.payment(backend, from: alice, to: "bob", Money(units: 25), id: "pay-rev-0001"))
        let reversal = try backend.bank.reverse(first.reference, context: .operatorCLI)
        XCTAssertEqual(reversal.request.from, .customer(bob.id, .checking))
        XCTAssertEqual(reversal.request.to, .customer(alice.id, .checking))
        XCTAssertEqual(try backend.store.balances(of: alice.id)[.checking], Money(units: 5_000))
        XCTAssertEqual(try backend.store.balances(of: bob.id)[.checking], Money(units: 5_000))
        XCTAssertEqual(try backend.store.statement(of: bob.id, limit: 1).first?.counterpartyName?.rawValue, "alice")

        // Bob spends what he was paid: the reversal would take his account below zero, so it is refused.
        let second = try Self.book(backend, try Self.payment(backend, from: alice, to: "bob", Money(units: 25), id: "pay-rev-0002"))
        _ = try backend.bank.transfer(user: bob, from: .checking, to: .savings, amount: Money(units: 5_010),
                                      clientID: TransferClientID(trusted: "bob-saves-all"), context: .operatorCLI)
        XCTAssertThrowsError(try backend.bank.reverse(second.reference, context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .reversalNotCovered(second.reference))
        }
        XCTAssertEqual(try backend.store.balances(of: bob.id)[.checking], Money(units: 15))
        XCTAssertEqual(try backend.store.checkInvariants().problems, [])
    }

    func aLedgerTransactionThatThrowsKeepsNothing() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        let payment = try Self.payment(backend, from: alice, to: "bob", Money(units: 25), id: "pay-rollback-1")
        XCTAssertThrowsError(try backend.store.inLedgerTransaction { tx -> Void in
            _ = try payment.book(in: tx, policy: .standard, at: backend.clock.now(), context: .operatorCLI)
            XCTAssertEqual(try tx.paidOut(by: alice.id, since: PaymentPolicy.dayStart(backend.clock.now())), Money(units: 25),
                           "the transaction reads its own booking")
            throw RolledBack()
        })
        XCTAssertEqual(try backend.store.balances(of: alice.id)[.checking], Money(units: 5_000))
        XCTAssertEqual(try backend.store.paidOut(by: alice.id, since: PaymentPolicy.dayStart(backend.clock.now())), .zero)
    }
}
