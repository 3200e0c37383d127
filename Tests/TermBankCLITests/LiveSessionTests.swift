import Foundation
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// The signed-in phase, `LiveSession`, on a real SQLite file: every call it
/// makes for a user passes the one session check, `withSession`.
final class LiveSessionTests: LiveClientTestCase {
    func user(_ name: String) throws -> UserRecord {
        try XCTUnwrap(try SQLiteBankStore(path: scratch.database).user(named: Username(trusted: name)))
    }

    /// Another terminal (or an operator) ends the session: this terminal's
    /// next signed-in call is refused by the one check and changes nothing,
    /// and the session stays ended here, with the bank's reason.
    func testASignedInCallAfterTheSessionEndedElsewhereIsRefusedThroughTheOneCheck() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let info = try signIn("alice", live)
        XCTAssertTrue(live.signedIn.isOpen)
        try endElsewhere(info)

        XCTAssertThrowsError(try live.signedIn.turnOnSMSVerification()) {
            XCTAssertEqual($0 as? SessionError, .ended(.signedOut))
        }
        XCTAssertFalse(try user("alice").smsVerification, "nothing was saved")
        XCTAssertFalse(live.signedIn.isOpen)
        XCTAssertThrowsError(try live.signedIn.withSession { _ in XCTFail("ran after the session ended") }) {
            XCTAssertEqual($0 as? SessionError, .ended(.signedOut), "the reason stays")
        }
    }

    func testNoSignedInCallRunsBeforeASessionOpens() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        XCTAssertThrowsError(try live.signedIn.withSession { _ in XCTFail("ran without a session") }) {
            XCTAssertEqual($0 as? SessionError, .notFound)
        }
        XCTAssertThrowsError(try live.signedIn.turnOnSMSVerification()) { XCTAssertEqual($0 as? SessionError, .notFound) }
        XCTAssertThrowsError(try live.signedIn.loadAccount(try user("alice"))) {
            XCTAssertEqual($0 as? SessionError, .notFound)
        }
    }

    /// A signed-in terminal cannot read another customer's statement by naming them.
    func testTheStatementOfAnotherUserIsRefused() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let info = try signIn("alice", live)
        XCTAssertEqual(try live.signedIn.loadAccount(info.user).user.id, info.user.id)
        XCTAssertThrowsError(try live.signedIn.loadAccount(try user("bob"))) {
            XCTAssertEqual($0 as? SessionError, .notFound)
        }
    }

    func testSigningOutEndsTheSessionWithTheBank() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let info = try signIn("alice", live)
        live.signOut(.signedOut)
        let other = try SQLiteBankStore(path: scratch.database)
        XCTAssertThrowsError(try SessionService(store: other, audit: other, clock: clock, random: SeededRandomSource(seed: 7))
            .validate(info.sessionID)) { XCTAssertEqual($0 as? SessionError, .ended(.signedOut)) }
        XCTAssertThrowsError(try live.signedIn.withSession { _ in XCTFail("ran after signing out") }) {
            XCTAssertEqual($0 as? SessionError, .notFound)
        }
    }
}
