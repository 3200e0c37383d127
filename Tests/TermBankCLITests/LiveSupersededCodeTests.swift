import Foundation
@testable import TermBankApp
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// A terminal's transfer code replaced from elsewhere (another process asks
/// for a code for something else to the same number; the core's rule keeps
/// one live code per number): the live client answers `superseded` for the
/// old code, so the screen can say why, the operator's `verify status`
/// names it, and asking again sends a new code that books the transfer.
final class LiveSupersededCodeTests: LiveClientTestCase {
    func testACodeReplacedByAnotherProcessIsSupersededAndAskingAgainSendsOneThatWorks() throws {
        // The other process reads the real clock: this test's clock starts from it now (XCTest makes
        // every test's clock when the run starts, minutes earlier in a full run).
        clock.advance(milliseconds: max(0, SystemClock().now().millisecondsSinceEpoch - clock.now().millisecondsSinceEpoch))
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let alice = try signIn("alice", live).user
        let transfer = PendingTransfer(userID: alice.id, from: .checking, to: .savings, amount: Money(units: 250),
                                       clientID: TransferClientID(trusted: "live-superseded-1"))
        guard case .code(let ticket) = try live.signedIn.beginTransferApproval(transfer) else { return XCTFail("an SMS code") }
        let oldCode = try code(on: "alice")
        // Another device of alice's asks for a sign-in code: a different request to the same number.
        let elsewhere = try Termbank.run(["verify", "start", "alice"], database: scratch.database)
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)

        XCTAssertEqual(try live.signedIn.approveTransfer(.smsCode(ticket, code: oldCode), transfer), .superseded)
        let status = try Termbank.run(["verify", "status", ticket.id.rawValue], database: scratch.database).stdout
        XCTAssertTrue(status.contains("SUPERSEDED"), status)
        XCTAssertTrue(try Termbank.run(["statement", "alice"], database: scratch.database).stdout
            .hasPrefix("alice: Checking 5,000.00, Savings 10,000.00\n"), "nothing booked")

        let renewed = try live.resendCode(ticket)
        XCTAssertNotEqual(renewed.id, ticket.id)
        let reply = try live.signedIn.approveTransfer(.smsCode(renewed, code: try code(on: "alice")), transfer)
        guard case .executed(let receipt) = reply else { return XCTFail("the new code books the transfer: \(reply)") }
        XCTAssertEqual(receipt.fromBalanceAfter, Money(units: 4_750))
    }
}
