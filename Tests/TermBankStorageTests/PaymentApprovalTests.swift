import Foundation
import TermBankCore
@testable import TermBankStorage
import XCTest

/// Dynamic linking for payments (PSD2 RTS Art. 5): a step-up code approves
/// exactly one payee, amount and source account; a first payee always needs
/// a code (Art. 13); the daily limit is decided in the approving transaction.
final class PaymentApprovalTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    var verify: VerifyService!
    var alice: UserRecord!
    let context = AuditContext(sessionID: "s-1", deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
        verify = bank.verify(phone)
        alice = try bank.user("alice")
    }

    func payee(_ name: String) throws -> Payee { try XCTUnwrap(try bank.store.payee(named: Username(trusted: name))) }

    func payment(to name: String, _ amount: Money, from account: AccountKind = .checking, reference: String? = nil,
                 id: String = "tx-pay-000001") throws -> PendingTransfer {
        PendingTransfer(userID: alice.id, from: account, payee: try payee(name), amount: amount,
                        reference: try reference.flatMap { try PaymentReference.parse($0) }, clientID: bank.clientID(id))
    }

    func testTheSMSNamesThePayeeTheAmountAndTheAccount() throws {
        _ = try verify.start(for: alice, purpose: .transfer(try payment(to: "bob", .dollars(25))), context: context)
        XCTAssertEqual(phone.last?.text, "TermBank: code \(phone.lastCode) approves paying $25.00 to bob from Checking. "
                       + "It expires in 5 minutes. Never share this code with anyone, not even TermBank staff.")
    }

    func testACodeForBobCannotPayCarol() throws {
        let toBob = try payment(to: "bob", .dollars(25))
        let ticket = try verify.start(for: alice, purpose: .transfer(toBob), context: context)
        let code = phone.lastCode
        let toCarol = try payment(to: "carol", .dollars(25))
        XCTAssertEqual(try verify.approve(ticket.id, code: code, transfer: toCarol, for: alice, context: context),
                       .rejected(.wrongCode(attemptsLeft: 2)))
        XCTAssertEqual(try bank.store.balances(of: try bank.user("carol").id)[.checking], .dollars(5_000))
        guard case .executed = try verify.approve(ticket.id, code: code, transfer: toBob, for: alice, context: context)
        else { return XCTFail("the code still pays bob") }
        XCTAssertEqual(try bank.store.balances(of: try bank.user("bob").id)[.checking], .dollars(5_025))
    }

    func testACodeForTwentyFiveCannotPayTwentyFiveAndOneCent() throws {
        let ticket = try verify.start(for: alice, purpose: .transfer(try payment(to: "bob", .dollars(25))), context: context)
        XCTAssertEqual(try verify.approve(ticket.id, code: phone.lastCode, transfer: try payment(to: "bob", .dollars(25, 1)),
                                          for: alice, context: context), .rejected(.wrongCode(attemptsLeft: 2)))
        XCTAssertEqual(try bank.store.balances(of: alice.id)[.checking], .dollars(5_000))
    }

    func testACodeFromCheckingCannotPayFromSavings() throws {
        let ticket = try verify.start(for: alice, purpose: .transfer(try payment(to: "bob", .dollars(25))), context: context)
        XCTAssertEqual(try verify.approve(ticket.id, code: phone.lastCode,
                                          transfer: try payment(to: "bob", .dollars(25), from: .savings),
                                          for: alice, context: context), .rejected(.wrongCode(attemptsLeft: 2)))
        XCTAssertEqual(try bank.store.balances(of: alice.id)[.savings], .dollars(10_000))
    }

    func testACodeCannotCarryADifferentReference() throws {
        let ticket = try verify.start(for: alice, purpose: .transfer(try payment(to: "bob", .dollars(25), reference: "Rent")),
                                      context: context)
        XCTAssertEqual(try verify.approve(ticket.id, code: phone.lastCode,
                                          transfer: try payment(to: "bob", .dollars(25), reference: "Rent|id=x"),
                                          for: alice, context: context), .rejected(.wrongCode(attemptsLeft: 2)))
    }

    func testACodeForAnOwnTransferCannotPaySomeone() throws {
        let own = PendingTransfer(userID: alice.id, from: .checking, to: .savings, amount: .dollars(25),
                                  clientID: bank.clientID("tx-pay-000001"))
        let ticket = try verify.start(for: alice, purpose: .transfer(own), context: context)
        XCTAssertEqual(try verify.approve(ticket.id, code: phone.lastCode, transfer: try payment(to: "bob", .dollars(25)),
                                          for: alice, context: context), .rejected(.wrongCode(attemptsLeft: 2)))
    }

    func testTheDailyLimitRefusesTheApprovalThatWouldPassItAndTheCodeStaysUnused() throws {
        let limit = PaymentPolicy(dailyLimit: .dollars(100))
        let first = try payment(to: "bob", .dollars(80), id: "tx-limit-0001")
        let ticket = try verify.start(for: alice, purpose: .transfer(first), context: context)
        guard case .executed = try verify.approve(ticket.id, code: phone.lastCode, transfer: first, for: alice,
                                                  payments: limit, context: context) else { return XCTFail() }
        let second = try payment(to: "carol", .dollars(21), id: "tx-limit-0002")
        let next = try verify.start(for: alice, purpose: .transfer(second), context: context)
        XCTAssertThrowsError(try verify.approve(next.id, code: phone.lastCode, transfer: second, for: alice,
                                                payments: limit, context: context)) {
            XCTAssertEqual($0 as? LedgerError, .dailyLimitExceeded(limit: .dollars(100), left: .dollars(20)))
            XCTAssertEqual(CoreMessage($0)?.description,
                           "That would pass your daily payment limit of $100.00; you can pay $20.00 more today.")
        }
        XCTAssertEqual(try verify.status(next.id)?.status, .inProgress, "nothing of the approval was kept")
        XCTAssertEqual(try bank.store.balances(of: try bank.user("carol").id)[.checking], .dollars(5_000))
    }

    func testAnAuthenticatorCodeThatPaidBobCannotPayCarol() throws {
        let (app, _) = try bank.enrolAuthenticator("alice")
        let service = bank.authenticator()
        bank.clock.advance(seconds: 30)
        let code = app.code(at: bank.clock.now())
        guard case .executed(let receipt) = try service.approveTransfer(try payment(to: "bob", .dollars(25)), code: code,
                                                                         for: alice, context: context)
        else { return XCTFail() }
        XCTAssertEqual(receipt.request.to, .customer(try bank.user("bob").id, .checking))
        XCTAssertEqual(try service.approveTransfer(try payment(to: "carol", .dollars(25), id: "tx-pay-000002"), code: code,
                                                   for: alice, context: context),
                       .rejected(.alreadyUsed(attemptsLeft: 4)))
        // The step was used up with the digest of exactly the payment shown (payee included).
        let digests = try bank.store.connection.query("SELECT transfer_digest FROM stepup_confirmations").map { $0.text(0) }
        XCTAssertEqual(digests.count, 1)
        XCTAssertEqual(try bank.store.balances(of: try bank.user("carol").id)[.checking], .dollars(5_000))
    }

    func testAnAuthenticatorPaymentStopsAtTheDailyLimitToo() throws {
        let (app, _) = try bank.enrolAuthenticator("alice")
        bank.clock.advance(seconds: 30)
        XCTAssertThrowsError(try bank.authenticator().approveTransfer(try payment(to: "bob", .dollars(101)),
                                                                      code: app.code(at: bank.clock.now()), for: alice,
                                                                      payments: PaymentPolicy(dailyLimit: .dollars(100)),
                                                                      context: context)) {
            XCTAssertEqual($0 as? LedgerError, .dailyLimitExceeded(limit: .dollars(100), left: .dollars(100)))
        }
    }

    func testAFirstPaymentCannotPassWithABiometricEvenUnderTheThreshold() throws {
        let device = try bank.device("iphone-touchid")
        let policy = StepUpPolicy(smsThreshold: .dollars(100))
        func approval() throws -> BiometricApproval {
            guard case .waiting(let prompt) = bank.authenticator.begin(.biometricsOrPasscode, on: device, reason: .signIn),
                  case .finished(.success, let approval?) = try bank.authenticator.handle(.matchingTouch, in: prompt)
            else { throw ContractFailure("no approval") }
            return approval
        }
        let stepUp = TransferStepUp(bank: bank.bank, policy: policy)
        XCTAssertThrowsError(try stepUp.executeWithBiometric(try payment(to: "bob", .dollars(5)), user: alice, device: device,
                                                             approval: try approval(), context: context)) {
            XCTAssertEqual($0 as? TransferStepUp.StepUpError, .needsSMSCode)
        }
        XCTAssertEqual(try bank.store.balances(of: try bank.user("bob").id)[.checking], .dollars(5_000))

        // Paid once with a code, bob is a trusted beneficiary: small amounts then pass with a touch.
        let first = try payment(to: "bob", .dollars(5), id: "tx-first-001")
        let ticket = try verify.start(for: alice, purpose: .transfer(first), context: context)
        guard case .executed = try verify.approve(ticket.id, code: phone.lastCode, transfer: first, for: alice,
                                                  context: context) else { return XCTFail() }
        let receipt = try stepUp.executeWithBiometric(try payment(to: "bob", .dollars(5), id: "tx-second-01"), user: alice,
                                                      device: device, approval: try approval(), context: context)
        XCTAssertEqual(receipt.toBalanceAfter, .dollars(5_010))
        XCTAssertEqual(try bank.store.recentPayees(of: alice.id, limit: 10).map(\.username.rawValue), ["bob"])
    }
}
