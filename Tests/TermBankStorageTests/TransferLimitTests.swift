import Foundation
@testable import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// The per-transfer limit (1,000,000.00) is the core's rule on every booking
/// path, not only the UI's amount parser: a client that sends 2,000,000.00
/// with a valid code, approval or operator command is refused.
final class TransferLimitTests: XCTestCase {
    var bank: TestBank!
    let context = AuditContext(sessionID: "s-1", deviceID: "iphone-touchid")
    let twoMillion = Money(units: 2_000_000)

    override func setUpWithError() throws {
        bank = try TestBank()
    }

    /// Enough money that only the limit can stop a 2,000,000.00 transfer.
    func fund(_ name: String) throws -> UserRecord {
        for index in 0..<3 {
            _ = try bank.bank.deposit(to: Username(trusted: name), account: .checking, amount: Money(units: 1_000_000),
                                      clientID: bank.clientID("fund-\(name)-\(index)"), context: .operatorCLI)
        }
        return try bank.user(name)
    }

    func pending(_ user: UserRecord, _ amount: Money, _ id: String) -> PendingTransfer {
        PendingTransfer(userID: user.id, from: .checking, to: .savings, amount: amount, clientID: bank.clientID(id))
    }

    func refusals(_ name: String) throws -> [String] {
        try bank.store.auditTrail(username: Username(trusted: name), limit: 50)
            .filter { $0.event.kind == .transferRefused }.map(\.event.detail)
    }

    func testATwoMillionSMSApprovalIsRefusedByTheCoreEvenWithAValidCodeBoundToIt() throws {
        let bob = try fund("bob")
        let phone = RecordingGateway()
        let verify = bank.verify(phone)
        let transfer = pending(bob, twoMillion, "big-1")

        XCTAssertThrowsError(try verify.start(for: bob, purpose: .transfer(transfer), context: context)) {
            XCTAssertEqual($0 as? LedgerError, .aboveLimit(Money(units: 1_000_000)))
            XCTAssertEqual("\($0)", "The most you can transfer at once is 1,000,000.00.")
        }
        XCTAssertTrue(phone.messages.isEmpty, "no code is sent for a transfer the core will not book")

        // A request bound to exactly that transfer (made before the limit, or
        // written by hand): its right code still books nothing.
        let hasher = Blake2bCodeHasher()
        let binding = VerificationPurpose.transfer(transfer).binding + "|for=\(bob.id.rawValue)"
        let id = VerificationID(trusted: String(repeating: "b", count: 32))
        let now = bank.clock.now()
        try bank.store.inVerificationTransaction { tx in
            try tx.save(VerificationRequest(
                id: id, userID: bob.id, phone: bob.phone, purposeKind: "transfer",
                bindingDigest: hasher.bindingDigest(binding), codeSalt: "salt",
                codeHash: hasher.digest(code: "123456", binding: binding, salt: "salt"), codeLength: 6,
                status: .inProgress, createdAt: now, expiresAt: now.adding(seconds: 300), wrongChecks: 0, events: 1,
                lastEventAt: now, finishedAt: nil))
        }
        XCTAssertThrowsError(try verify.approve(id, code: "123456", transfer: transfer, for: bob, context: context)) {
            XCTAssertEqual($0 as? LedgerError, .aboveLimit(Money(units: 1_000_000)))
        }
        XCTAssertEqual(try bank.store.balances(of: bob.id)[.checking], Money(units: 3_005_000))
        XCTAssertEqual(try verify.status(id)?.status, .inProgress, "refused before the code is checked")
        XCTAssertEqual(try refusals("bob").count, 2)
        XCTAssertEqual(try bank.store.checkInvariants().problems, [])
    }

    func testATwoMillionAuthenticatorApprovalIsRefusedAndTheCodeStaysUnused() throws {
        let (app, _) = try bank.enrolAuthenticator("carol")
        let carol = try fund("carol")
        let service = bank.authenticator()
        bank.clock.advance(seconds: 30)
        let code = app.code(at: bank.clock.now())
        XCTAssertThrowsError(try service.approveTransfer(pending(carol, twoMillion, "big-2"), code: code, for: carol,
                                                         context: context)) {
            XCTAssertEqual($0 as? LedgerError, .aboveLimit(Money(units: 1_000_000)))
        }
        XCTAssertEqual(try bank.store.balances(of: carol.id)[.checking], Money(units: 3_005_000))
        guard case .executed(let receipt) = try service.approveTransfer(pending(carol, Money(units: 1_000_000), "ok-2"),
                                                                        code: code, for: carol, context: context) else {
            return XCTFail("exactly the limit passes, with the same code")
        }
        XCTAssertEqual(receipt.request.amount, Money(units: 1_000_000))
        XCTAssertEqual(try refusals("carol").count, 1)
    }

    func testATwoMillionBiometricStepUpIsRefusedByTheCore() throws {
        let alice = try fund("alice")
        let device = try bank.device("iphone-touchid")
        // A threshold above the amount, so only the limit stands in the way.
        let policy = StepUpPolicy(smsThreshold: Money(units: 5_000_000))
        let transfer = pending(alice, twoMillion, "big-3")
        guard case .waiting(let prompt) = bank.authenticator.begin(.biometricsOrPasscode, on: device,
                                                                   reason: .transfer(transfer)),
              case .finished(.success, let approval?) = try bank.authenticator.handle(.matchingTouch, in: prompt) else {
            return XCTFail("no approval")
        }
        XCTAssertThrowsError(try TransferStepUp(bank: bank.bank, policy: policy).executeWithBiometric(
            transfer, user: alice, device: device, approval: approval, context: context)) {
            XCTAssertEqual($0 as? LedgerError, .aboveLimit(Money(units: 1_000_000)))
        }
        XCTAssertEqual(try bank.store.balances(of: alice.id)[.checking], Money(units: 3_005_000))
    }

    func testATwoMillionOperatorDepositIsRefusedByTheCore() throws {
        XCTAssertThrowsError(try bank.bank.deposit(to: Username(trusted: "alice"), account: .checking, amount: twoMillion,
                                                   clientID: bank.clientID("big-4"), context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .aboveLimit(Money(units: 1_000_000)))
        }
        XCTAssertEqual(try bank.store.balances(of: try bank.user("alice").id)[.checking], Money(units: 5_000))
    }
}
