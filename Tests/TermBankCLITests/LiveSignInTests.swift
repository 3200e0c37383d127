import Foundation
import TermBankApp
import TermBankCore
import XCTest
@testable import TermBankCLI

/// The signing-in phase, `LiveSignIn`, on a real SQLite file: it opens a
/// session only with every factor passed, and what the finished sign-in
/// still allows needs that session to stand.
final class LiveSignInTests: LiveClientTestCase {
    /// bob needs the SMS code: the password alone, or with a wrong code, opens nothing.
    func testNoSessionOpensBeforeEveryFactorIsPassed() throws {
        let live = try client(.localTerminal(uid: 1000), device: nil)
        guard case .accepted(_, let required, let next, _, _) = try live.signingIn.signIn("bob", Secret("builder-2026")) else {
            return XCTFail("password refused")
        }
        XCTAssertEqual(required, [.password, .smsCode])
        XCTAssertEqual(next, .smsCode)
        XCTAssertThrowsError(try live.signingIn.openSession(), "the password alone")
        XCTAssertFalse(live.signedIn.isOpen)

        let ticket = try live.signingIn.sendSignInCode()
        let right = try code(on: "bob")
        let wrong = right == "000000" ? "111111" : "000000"
        guard case .wrong = try live.signingIn.checkSignInCode(ticket, wrong) else { return XCTFail("a wrong code passed") }
        XCTAssertThrowsError(try live.signingIn.openSession(), "after a wrong code")
        XCTAssertFalse(live.signedIn.isOpen)

        guard case .passed = try live.signingIn.checkSignInCode(ticket, right) else { return XCTFail("code refused") }
        XCTAssertEqual(try live.signingIn.openSession().user.username, Username(trusted: "bob"))
        XCTAssertTrue(live.signedIn.isOpen)
    }

    /// The attempt is spent when its session opens: it cannot open another.
    func testAFinishedSignInCannotOpenASecondSession() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        try signIn("alice", live)
        XCTAssertThrowsError(try live.signingIn.openSession())
    }

    func testTrustingTheDeviceAfterTheSessionEndedElsewhereIsRefused() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid")
        let info = try signIn("bob", live)
        XCTAssertTrue(info.mayTrustDevice)
        try endElsewhere(info)
        XCTAssertThrowsError(try live.signingIn.trustDevice()) { XCTAssertEqual($0 as? SessionError, .ended(.signedOut)) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: config + "/termbank/trusted-devices/local-uid-1000"))
    }

    func testSigningOutMidwayIsAuditedAsAnAbandonedSignIn() throws {
        let live = try client(.localTerminal(uid: 1000), device: nil)
        guard case .accepted = try live.signingIn.signIn("bob", Secret("builder-2026")) else { return XCTFail("refused") }
        live.signOut(.signedOut)
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "1"], database: scratch.database).stdout
        XCTAssertTrue(audit.contains("sign-in not completed"), audit)
        XCTAssertThrowsError(try live.signingIn.openSession(), "the attempt is gone")
    }

    /// A hang-up after the password, before the second factor: the abandoned
    /// sign-in's row says the connection closed, not that bob chose to leave.
    func testAHangUpMidwayIsAuditedWithItsReason() throws {
        let live = try client(.localTerminal(uid: 1000), device: nil)
        guard case .accepted = try live.signingIn.signIn("bob", Secret("builder-2026")) else { return XCTFail("refused") }
        live.signOut(.connectionClosed)
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "1"], database: scratch.database).stdout
        XCTAssertTrue(audit.contains("sign-in not completed: connection-closed"), audit)
        XCTAssertFalse(audit.contains("builder-2026"), audit)
    }
}
