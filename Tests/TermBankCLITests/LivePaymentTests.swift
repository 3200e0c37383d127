import Foundation
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// Paying through the live client, on a real SQLite file: what the app sends
/// back is checked against the bank, a first payee needs a code whatever the
/// threshold, the limit is explained before a code is sent, and the payee's
/// phone is told once.
final class LivePaymentTests: LiveClientTestCase {
    func payment(to payee: Payee, _ amount: Money, from user: UserRecord, id: String) -> PendingTransfer {
        PendingTransfer(userID: user.id, from: .checking, payee: payee, amount: amount, reference: nil,
                        clientID: TransferClientID(trusted: id))
    }

    func lastMessage(on name: String) throws -> String {
        try Termbank.run(["phone", name, "--last"], database: scratch.database).stdout
    }

    func testAFirstPayeeNeedsTheCodeEvenUnderTheThresholdAndAPaidOneATouch() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid",
                              stepUp: StepUpPolicy(smsThreshold: Money(units: 100)))
        let alice = try signIn("alice", live).user
        let bob = try live.signedIn.lookUpPayee("bob")
        XCTAssertEqual(bob.maskedName, "Bob B.")
        let first = payment(to: bob, Money(units: 5), from: alice, id: "live-pay-0001")
        guard case .code(let ticket) = try live.signedIn.beginTransferApproval(first) else {
            return XCTFail("a first payee needs the code")
        }
        guard case .executed = try live.signedIn.approveTransfer(.smsCode(ticket, code: try code(on: "alice")), first) else {
            return XCTFail("the code pays bob")
        }
        XCTAssertTrue(try lastMessage(on: "bob").contains("TermBank: You received $5.00 from alice."))
        let second = payment(to: bob, Money(units: 5), from: alice, id: "live-pay-0002")
        guard case .biometric = try live.signedIn.beginTransferApproval(second) else {
            return XCTFail("bob is now a trusted beneficiary: a touch for small amounts")
        }
        XCTAssertEqual(try live.signedIn.paymentAllowance().recentPayees, [bob])
    }

    func testAPaymentNamingBobWithCarolsIdIsRefusedBeforeACodeIsSent() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let alice = try signIn("alice", live).user
        let carol = try live.signedIn.lookUpPayee("carol")
        let forged = payment(to: Payee(userID: carol.userID, username: Username(trusted: "bob"), maskedName: "Bob B."),
                             Money(units: 25), from: alice, id: "live-forged-01")
        let before = try lastMessage(on: "alice")
        XCTAssertThrowsError(try live.signedIn.beginTransferApproval(forged)) {
            XCTAssertEqual($0 as? LedgerError, .unknownPayee)
        }
        XCTAssertEqual(try lastMessage(on: "alice"), before, "no code was sent")
    }

    func testAPaymentOverWhatIsLeftTodayIsRefusedBeforeACodeIsSent() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let alice = try signIn("alice", live).user
        let bob = try live.signedIn.lookUpPayee("bob")
        let before = try lastMessage(on: "alice")
        XCTAssertThrowsError(try live.signedIn.beginTransferApproval(payment(to: bob, Money(units: 10_000, cents: 1),
                                                                             from: alice, id: "live-limit-01"))) {
            XCTAssertEqual($0 as? LedgerError, .dailyLimitExceeded(limit: Money(units: 10_000), left: Money(units: 10_000)))
        }
        XCTAssertEqual(try lastMessage(on: "alice"), before)
    }

    /// Payees are named on purpose, and unknown ones say so; a session that
    /// probes stops after 20 usernames that name no one, each audited.
    func testASessionThatProbesUsernamesIsStoppedAfterTwentyMisses() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        try signIn("alice", live)
        for index in 0..<PayeeLookups.maximumMisses {
            XCTAssertThrowsError(try live.signedIn.lookUpPayee("nobody\(index)")) {
                XCTAssertEqual($0 as? LedgerError, .unknownPayee)
            }
        }
        XCTAssertThrowsError(try live.signedIn.lookUpPayee("bob")) {
            XCTAssertEqual($0 as? LedgerError, .tooManyPayeeLookups, "even a real name, once the session has probed")
        }
        let audit = try Termbank.run(["audit", "--user", "alice", "--limit", "30"], database: scratch.database).stdout
        XCTAssertEqual(audit.components(separatedBy: "payee.not_found").count - 1, 20)
        XCTAssertFalse(audit.contains("nobody"), "the names typed stay out of the trail")
        // A new session starts afresh.
        live.signOut(.signedOut)
        try signIn("alice", live)
        XCTAssertEqual(try live.signedIn.lookUpPayee("bob").username.rawValue, "bob")
    }
}
