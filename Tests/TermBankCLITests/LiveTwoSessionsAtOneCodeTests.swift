import Foundation
@testable import TermBankApp
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// Two terminals of bob's at his sign-in code, as `termbank` wires them (one
/// live client each, on one file): one leaves, the other's code still works
/// (decision 49). Before, leaving cancelled the request both waited on, and
/// the other terminal read "This verification was cancelled."
final class LiveTwoSessionsAtOneCodeTests: LiveClientTestCase {
    /// Bob's password typed on a terminal, which then asks for his sign-in code.
    private func atTheCode(_ live: LiveBankingClient) throws -> VerificationTicket {
        guard case .accepted(_, _, .smsCode, _, _) = try live.signingIn.signIn("bob", Secret(Self.passwords["bob"]!)) else {
            throw TestFailure("bob's sign-in asks for an SMS code")
        }
        return try live.signingIn.sendSignInCode()
    }

    private func status(_ ticket: VerificationTicket) throws -> String {
        try Termbank.run(["verify", "status", ticket.id.rawValue], database: scratch.database).stdout
    }

    func testOneTerminalLeavingTheSignInCodeLeavesTheOtherTerminalsCodeWorking() throws {
        for reason in [SessionEndReason.signedOut, .connectionClosed, .terminated] {
            let laptop = try client(.localTerminal(uid: 1001), device: nil)
            let tablet = try client(.localTerminal(uid: 1001), device: nil)
            let first = try atTheCode(laptop)
            let second = try atTheCode(tablet)
            XCTAssertEqual(second.id, first.id, "one code for the number, both wait on it")
            let code = try code(on: "bob")

            laptop.signOut(reason)
            let left = try status(first)
            XCTAssertTrue(left.contains("IN PROGRESS"), "\(reason): \(left)")
            XCTAssertEqual(try tablet.signingIn.checkSignInCode(second, code), .passed(next: nil), "\(reason)")
            XCTAssertEqual(try tablet.signingIn.openSession().user.username.rawValue, "bob")
            tablet.signOut(.signedOut)
        }
    }

    /// The code does not outlive the terminals that wait on it.
    func testWhenBothTerminalsLeaveTheCodeIsCancelled() throws {
        let laptop = try client(.localTerminal(uid: 1001), device: nil)
        let tablet = try client(.localTerminal(uid: 1001), device: nil)
        let ticket = try atTheCode(laptop)
        _ = try atTheCode(tablet)
        tablet.signOut(.connectionClosed)
        laptop.signOut(.signedOut)
        let ended = try status(ticket)
        XCTAssertTrue(ended.contains("CANCELLED"), ended)
        let trail = try Termbank.run(["audit", "--user", "bob"], database: scratch.database).stdout
        XCTAssertEqual(trail.components(separatedBy: "\(ticket.id) session ended").count - 1, 1, trail)
    }
}
