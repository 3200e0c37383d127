@testable import TermBankApp
import TermBankCore
import XCTest

extension Fixture {
    static let bobPayee = Payee(userID: bob.id, username: bob.username, maskedName: "Bob B.")
    static let carolPayee = Payee(userID: carol.id, username: carol.username, maskedName: "Carol H.")
    static let allowance = PaymentAllowance(dailyLimit: Money(units: 10_000), leftToday: Money(units: 9_975),
                                            recentPayees: [bobPayee, carolPayee])
    static let payment = PendingTransfer(userID: alice.id, from: .checking, payee: bobPayee, amount: Money(units: 25),
                                         reference: PaymentReference(trusted: "Pizza night"),
                                         clientID: TransferClientID(trusted: "tx-pay-0123456789"))
    static let paymentReceipt = TransferReceipt(reference: TransferReference(8), request: payment.request,
                                                bookedAt: start.adding(seconds: 90), fromBalanceAfter: Money(units: 4_975),
                                                toBalanceAfter: Money(units: 5_025), replayed: false)

    static func payForm(_ stage: PayForm.Stage = .payee, allowance: PaymentAllowance? = Fixture.allowance,
                        _ change: (inout PayForm) -> Void = { _ in }) -> PayForm {
        var form = PayForm()
        form.stage = stage
        form.allowance = allowance
        change(&form)
        return form
    }
}

/// Paying another customer, key by key: the payee (typed or a recent one),
/// confirmation of payee, amount, reference and account, the review, and the
/// step-up through the one approval endpoint. The scripted bank answers
/// through the app's own effect runner.
final class PaymentReducerTests: ReducerTestCase {
    override class var initialState: AppState { Fixture.signedIn() }

    final class Asked: @unchecked Sendable {
        var lookedUp: [String] = []
        var approved: [PendingTransfer] = []
    }

    func bank(_ asked: Asked) -> BankingClient {
        var client = BankingClient.refusingAll(now: { Fixture.start })
        client.signedIn.paymentAllowance = { Fixture.allowance }
        client.signedIn.lookUpPayee = { typed in
            asked.lookedUp.append(typed)
            switch typed {
            case "bob": return Fixture.bobPayee
            case "alice": throw CoreMessage.ledger(.selfPayment)
            default: throw CoreMessage.ledger(.unknownPayee)
            }
        }
        client.signedIn.newTransferID = { Fixture.payment.clientID }
        client.signedIn.stepUpApproval = { pending in
            XCTAssertEqual(pending, Fixture.payment)
            return Fixture.smsToAlice
        }
        client.signedIn.beginTransferApproval = { pending in
            XCTAssertEqual(pending, Fixture.payment)
            return .code(Fixture.ticket(.transfer(pending), phone: Fixture.alice.phone))
        }
        client.signedIn.approveTransfer = { _, pending in
            asked.approved.append(pending)
            return .executed(Fixture.paymentReceipt)
        }
        return client
    }

    /// A change to the pay form on show.
    func pay(_ change: @escaping (inout PayForm) -> Void) -> (inout AppState) -> Void {
        { state in
            guard case .pay(var form) = state.screen else { return XCTFail("not on the pay form") }
            change(&form)
            state.screen = .pay(form)
        }
    }

    func testAlicePaysBobFromARecentPayeeWithAReferenceAndTheSMSCode() {
        let asked = Asked()
        store.client = bank(asked)
        send(.key(.character("p")), effects: [.banking(.loadPaymentAllowance)]) {
            $0.screen = .pay(Fixture.payForm(allowance: nil) { $0.busy = true })
        }
        receive(.banking(.allowanceLoaded(.success(Fixture.allowance)))) { $0.screen = .pay(Fixture.payForm()) }
        send(.key(.down)) {
            $0.screen = .pay(Fixture.payForm { form in
                form.highlighted = 0
                form.usernameText = "bob"
            })
        }
        send(.key(.enter), effects: [.banking(.lookUpPayee("bob"))]) {
            $0.screen = .pay(Fixture.payForm { form in
                form.highlighted = 0
                form.usernameText = "bob"
                form.busy = true
            })
        }
        receive(.banking(.payeeFound(.success(Fixture.bobPayee)))) {
            $0.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { form in
                form.highlighted = 0
                form.usernameText = "bob"
            })
        }
        XCTAssertEqual(asked.lookedUp, ["bob"], "the bank confirms the payee before any money moves")
        send(.typed("25"), pay { $0.amountText = "25" })
        send(.key(.tab), pay { $0.field = .reference })
        send(.typed("  Pizza   night "), pay { $0.referenceText = "  Pizza   night " })
        send(.key(.enter), effects: [.banking(.reviewPayment(user: Fixture.alice.id, from: .checking, payee: Fixture.bobPayee,
                                                    amount: Money(units: 25),
                                                    reference: PaymentReference(trusted: "Pizza night")))]) {
            guard case .pay(var form) = $0.screen else { return }
            form.busy = true
            $0.screen = .pay(form)
        }
        receive(.banking(.paymentReviewed(Fixture.payment)), effects: [.banking(.loadStepUpApproval(Fixture.payment))]) {
            guard case .pay(var form) = $0.screen else { return }
            form.busy = false
            form.stage = .review(Fixture.payment)
            $0.screen = .pay(form)
        }
        // The review names the SMS code to alice's phone, as the bank answers for bob, paid before.
        receive(.banking(.stepUpApprovalLoaded(Fixture.payment, .success(Fixture.smsToAlice)))) {
            guard case .pay(var form) = $0.screen else { return }
            form.approval = .success(Fixture.smsToAlice)
            $0.screen = .pay(form)
        }
        let ticket = Fixture.ticket(.transfer(Fixture.payment), phone: Fixture.alice.phone)
        send(.key(.enter), effects: [.banking(.beginTransferApproval(Fixture.payment))]) {
            guard case .pay(var form) = $0.screen else { return }
            form.busy = true
            $0.screen = .pay(form)
        }
        receive(.banking(.stepUpStarted(.success(.code(ticket))))) {
            $0.screen = .pin(PinEntry(ticket: ticket, purpose: .transfer(Fixture.payment)))
        }
        send(.typed("123456"), effects: [.banking(.approveTransfer(.smsCode(ticket, code: "123456"), Fixture.payment))]) {
            $0.screen = .pin(PinEntry(ticket: ticket, purpose: .transfer(Fixture.payment), digits: "123456", busy: true))
        }
        receive(.banking(.transferApproved(.executed(Fixture.paymentReceipt))), effects: [.banking(.loadAccount(Fixture.alice))]) {
            $0.screen = .paid(Fixture.paymentReceipt, Fixture.bobPayee)
        }
        XCTAssertEqual(asked.approved, [Fixture.payment], "exactly the payment reviewed")
        send(.key(.enter)) { $0.screen = .statement(StatementScreen()) }
    }

    func testAnUnknownUsernameSaysNoCustomerWithThatUsernameAndKeepsWhatWasTyped() {
        store.client = bank(Asked())
        state.screen = .pay(Fixture.payForm { $0.usernameText = "mallory" })
        send(.key(.enter), effects: [.banking(.lookUpPayee("mallory"))]) {
            $0.screen = .pay(Fixture.payForm { form in
                form.usernameText = "mallory"
                form.busy = true
            })
        }
        receive(.banking(.payeeFound(.failure(.core(.ledger(.unknownPayee)))))) {
            $0.screen = .pay(Fixture.payForm { form in
                form.usernameText = "mallory"
                form.error = .core(.ledger(.unknownPayee))
            })
        }
        XCTAssertEqual(EnglishAppCatalog().text(AppMessage.core(.ledger(.unknownPayee))), "No customer with that username.")
    }

    func testPayingOneselfIsRefusedAtThePayee() {
        store.client = bank(Asked())
        state.screen = .pay(Fixture.payForm { $0.usernameText = "alice" })
        send(.key(.enter), effects: [.banking(.lookUpPayee("alice"))]) {
            $0.screen = .pay(Fixture.payForm { form in
                form.usernameText = "alice"
                form.busy = true
            })
        }
        receive(.banking(.payeeFound(.failure(.core(.ledger(.selfPayment)))))) {
            $0.screen = .pay(Fixture.payForm { form in
                form.usernameText = "alice"
                form.error = .core(.ledger(.selfPayment))
            })
        }
    }

    func testAnAmountAboveWhatIsLeftTodayIsExplainedAndGoesNowhere() {
        state.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { $0.amountText = "9975.01" })
        let limit = CoreMessage.ledger(.dailyLimitExceeded(limit: Money(units: 10_000), left: Money(units: 9_975)))
        XCTAssertEqual(BankingFeature.validate(Fixture.payForm(.details(Fixture.bobPayee)) { $0.amountText = "9975.01" },
                                               balances: [.checking: Money(units: 20_000)], numbers: .english).error, limit)
        state.account = Fixture.account(checking: 20_000)
        send(.key(.enter)) {
            $0.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { form in
                form.amountText = "9975.01"
                form.error = .core(limit)
            })
        }
    }

    func testAReferenceWithABidiOverrideIsRefusedOnTheForm() {
        // What the field's editor lets through (a bidi override: not a control key) the core's reference refuses.
        state.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { form in
            form.amountText = "25"
            form.field = .reference
            form.referenceText = "rent\u{202E}gnp.exe"
        })
        send(.key(.enter)) {
            $0.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { form in
                form.amountText = "25"
                form.field = .reference
                form.referenceText = "rent\u{202E}gnp.exe"
                form.error = .core(.paymentReference(.unprintable))
            })
        }
    }

    func testEscOnTheCodeGoesBackToThePaymentsReviewNotTheTransfers() {
        let ticket = Fixture.ticket(.transfer(Fixture.payment), phone: Fixture.alice.phone)
        state.screen = .pin(PinEntry(ticket: ticket, purpose: .transfer(Fixture.payment)))
        send(.key(.escape), effects: [.banking(.loadStepUpApproval(Fixture.payment))]) {
            $0.screen = .pay(BankingFeature.reviewingPayment(Fixture.payment))
        }
        guard case .pay(let form) = state.screen else { return XCTFail() }
        XCTAssertEqual(form.stage, .review(Fixture.payment))
        XCTAssertEqual(form.referenceText, "Pizza night")
    }

    func testARefusedApprovalReturnsToThePaymentWithTheBanksWords() {
        let ticket = Fixture.ticket(.transfer(Fixture.payment), phone: Fixture.alice.phone)
        state.screen = .pin(PinEntry(ticket: ticket, purpose: .transfer(Fixture.payment), digits: "123456", busy: true))
        let refusal = AppMessage.core(.ledger(.dailyLimitExceeded(limit: Money(units: 100), left: Money(units: 20))))
        send(.banking(.transferApproved(.refused(refusal)))) {
            var form = BankingFeature.reviewingPayment(Fixture.payment, error: refusal)
            form.stage = .details(Fixture.bobPayee)
            $0.screen = .pay(form)
        }
    }

    func testRecentPayeesArePickedWithUpAndDownAndStopAtTheEnds() {
        state.screen = .pay(Fixture.payForm())
        send(.key(.up)) {
            $0.screen = .pay(Fixture.payForm { form in
                form.highlighted = 1
                form.usernameText = "carol"
            })
        }
        send(.key(.down)) {
            $0.screen = .pay(Fixture.payForm { form in
                form.highlighted = 1
                form.usernameText = "carol"
            })
        }
        send(.key(.up)) {
            $0.screen = .pay(Fixture.payForm { form in
                form.highlighted = 0
                form.usernameText = "bob"
            })
        }
        send(.key(.escape)) { $0.screen = .statement(StatementScreen()) }
    }
}
