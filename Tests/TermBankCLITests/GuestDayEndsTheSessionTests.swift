import Foundation
import TermBankCore
import XCTest
@testable import TermBankCLI

/// Decision 67, as a demo terminal wires it: a guest's session opened
/// before its 24 hours end, the driven clock moved past the end, then a
/// transfer between its accounts and a payment to bob. Both are refused,
/// nothing is booked, and the session is ended with the bank as
/// `guest-expired`, its screen told why.
final class GuestDayEndsTheSessionTests: LiveClientTestCase {
    let mine = DemoOrigin(keyFingerprint: "SHA256:my-key", address: "203.0.113.7")

    func testAGuestSessionOpenedBeforeItsDayEndsMovesNoMoneyAfterIt() throws {
        let guest = try GuestRules.makeGuest(on: scratch.database, config: config, origin: mine)
        let (live, context) = try clientAndContext(.unbound, device: "iphone-touchid", lockout: .perOrigin(mine),
                                                   guests: .demo(mine))
        // Signed in a minute before the end (the guest was made by the wall clock, after this test's clock was set).
        clock.advance(seconds: (guest.expiresAt.millisecondsSinceEpoch - clock.now().millisecondsSinceEpoch) / 1000 - 60)
        let info = try signIn(guest.user.username.rawValue, live, password: guest.password)
        let store = try context.store()
        let bob = try XCTUnwrap(try store.user(named: Username(trusted: "bob")))
        let payee = try live.signedIn.lookUpPayee("bob")
        let own = PendingTransfer(userID: guest.user.id, from: .savings, to: .checking, amount: Money(units: 100),
                                  clientID: TransferClientID(trusted: "guest-after-day-1"))
        // The review is confirmed and the code sent before the end…
        guard case .code(let ticket) = try live.signedIn.beginTransferApproval(own) else {
            return XCTFail("a transfer asks for the SMS code (the demo's step-up)")
        }
        let code = try code(on: guest.user.username.rawValue)
        let guests = try XCTUnwrap(try store.balances(of: guest.user.id))
        let bobs = try store.balances(of: bob.id)

        // …and typed after it.
        clock.advance(seconds: 120)
        XCTAssertThrowsError(try live.signedIn.approveTransfer(.smsCode(ticket, code: code), own)) {
            XCTAssertEqual($0 as? SessionError, .ended(.guestExpired))
        }
        let payment = PendingTransfer(userID: guest.user.id, from: .checking, payee: payee, amount: Money(units: 4_000),
                                      reference: nil, clientID: TransferClientID(trusted: "guest-after-day-2"))
        XCTAssertThrowsError(try live.signedIn.beginTransferApproval(payment)) {
            XCTAssertEqual($0 as? SessionError, .ended(.guestExpired), "the screen is told why")
        }

        XCTAssertEqual(try store.balances(of: guest.user.id), guests, "nothing booked")
        XCTAssertEqual(try store.balances(of: bob.id), bobs)
        let ended = try XCTUnwrap(try store.session(info.sessionID))
        XCTAssertEqual(ended.endReason, .guestExpired, "the session is ended with the bank")
        let audit = try Termbank.run(["audit", "--user", guest.user.username.rawValue, "--limit", "1"],
                                     database: scratch.database).stdout
        XCTAssertTrue(audit.contains("session.ended") && audit.contains("guest-expired"), audit)
    }

    /// At rest on the statement, the every-second check ends it too.
    func testAGuestSessionAtRestEndsWhenItsDayDoes() throws {
        let guest = try GuestRules.makeGuest(on: scratch.database, config: config, origin: mine)
        let (live, context) = try clientAndContext(.unbound, device: "iphone-touchid", lockout: .perOrigin(mine),
                                                   guests: .demo(mine))
        clock.advance(seconds: (guest.expiresAt.millisecondsSinceEpoch - clock.now().millisecondsSinceEpoch) / 1000 - 60)
        let info = try signIn(guest.user.username.rawValue, live, password: guest.password)
        XCTAssertNoThrow(try live.signedIn.checkSession())
        clock.advance(seconds: 120)
        XCTAssertThrowsError(try live.signedIn.checkSession()) {
            XCTAssertEqual($0 as? SessionError, .ended(.guestExpired))
        }
        XCTAssertEqual(try context.store().session(info.sessionID)?.endReason, .guestExpired)
    }
}
