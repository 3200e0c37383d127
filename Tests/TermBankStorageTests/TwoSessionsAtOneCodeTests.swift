import TermBankCore
@testable import TermBankStorage
import XCTest

/// Two terminals of one customer at the same code (Verify's rule: the second
/// to ask for a sign-in code gets the request already running, not a second
/// code). Each terminal is a holder of the request; one that leaves (quits,
/// signs out, hangs up, its sign-in expires) gives up only its own wait, and
/// the request is cancelled when no one waits on it any more (decision 49).
/// Real SQLite, driven clock.
final class TwoSessionsAtOneCodeTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    var verify: VerifyService!
    var bob: UserRecord!
    let laptop = AuditContext(sessionID: nil, deviceID: "laptop")
    let tablet = AuditContext(sessionID: nil, deviceID: "tablet")
    let laptopTerminal = VerificationHolder(trusted: "terminal-laptop")
    let tabletTerminal = VerificationHolder(trusted: "terminal-tablet")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
        verify = bank.verify(phone)
        bob = try bank.user("bob")
    }

    /// Both terminals at bob's sign-in code, the laptop's first.
    private func bothWaiting() throws -> (laptop: VerificationTicket, tablet: VerificationTicket, code: String) {
        let first = try verify.start(for: bob, purpose: .signIn, context: laptop, holder: laptopTerminal)
        let code = phone.lastCode
        bank.clock.advance(seconds: 5)
        let second = try verify.start(for: bob, purpose: .signIn, context: tablet, holder: tabletTerminal)
        XCTAssertEqual(second.id, first.id, "the same request: one code for the number")
        XCTAssertTrue(second.reused)
        XCTAssertEqual(phone.messages.count, 1, "no second text")
        return (first, second, code)
    }

    private func cancelledRows(_ id: VerificationID) throws -> [AuditEvent] {
        try bank.store.auditTrail(username: bob.username, limit: 50).map(\.event)
            .filter { $0.kind == .verificationCancelled && $0.detail.hasPrefix(id.rawValue) }
    }

    func testTheTerminalThatAskedFirstLeavingLeavesTheOtherTerminalsCodeWorking() throws {
        let (first, second, code) = try bothWaiting()
        bank.clock.advance(seconds: 10)
        XCTAssertFalse(try verify.release(first.id, for: bob, holder: laptopTerminal, reason: "session ended", context: laptop))
        XCTAssertEqual(try verify.status(first.id)?.status, .inProgress)
        XCTAssertEqual(try cancelledRows(first.id), [], "nothing was cancelled")
        guard case .verified = try verify.check(second.id, code: code, purpose: .signIn, for: bob, context: tablet) else {
            return XCTFail("the tablet's code still works")
        }
    }

    func testTheTerminalThatAskedSecondLeavingLeavesTheFirstTerminalsCodeWorking() throws {
        let (first, second, code) = try bothWaiting()
        XCTAssertFalse(try verify.release(second.id, for: bob, holder: tabletTerminal, reason: "connection-closed",
                                          context: tablet))
        guard case .verified = try verify.check(first.id, code: code, purpose: .signIn, for: bob, context: laptop) else {
            return XCTFail("the laptop's code still works")
        }
    }

    /// The code does not outlive everyone who waits on it: the last to leave cancels it, once, in the trail.
    func testTheLastTerminalToLeaveCancelsTheCode() throws {
        let (first, second, code) = try bothWaiting()
        XCTAssertFalse(try verify.release(first.id, for: bob, holder: laptopTerminal, reason: "session ended", context: laptop))
        XCTAssertTrue(try verify.release(second.id, for: bob, holder: tabletTerminal, reason: "session ended", context: tablet))
        XCTAssertEqual(try verify.status(first.id)?.status, .cancelled)
        XCTAssertEqual(try cancelledRows(first.id).map(\.detail), ["\(first.id) session ended"])
        XCTAssertEqual(try verify.check(first.id, code: code, purpose: .signIn, for: bob, context: laptop),
                       .notInProgress(.cancelled))
        XCTAssertEqual(try bank.store.connection.query("SELECT count(*) FROM verification_holders").first?.int(0), 0)
    }

    /// A terminal that asks twice (back to the form, Enter again) is one
    /// holder: its leaving alone still cancels, and no ghost keeps the code alive.
    func testOneTerminalAskingTwiceIsOneHolder() throws {
        let first = try verify.start(for: bob, purpose: .signIn, context: laptop, holder: laptopTerminal)
        let again = try verify.start(for: bob, purpose: .signIn, context: laptop, holder: laptopTerminal)
        XCTAssertEqual(again.id, first.id)
        XCTAssertTrue(try verify.release(first.id, for: bob, holder: laptopTerminal, reason: "session ended", context: laptop))
        XCTAssertEqual(try verify.status(first.id)?.status, .cancelled)
    }

    /// Leaving after the other terminal used the code changes nothing: the
    /// request is over, and an ended request keeps no holders.
    func testLeavingAfterTheOtherTerminalUsedTheCodeChangesNothing() throws {
        let (first, second, code) = try bothWaiting()
        guard case .verified = try verify.check(second.id, code: code, purpose: .signIn, for: bob, context: tablet) else {
            return XCTFail("verified")
        }
        XCTAssertFalse(try verify.release(first.id, for: bob, holder: laptopTerminal, reason: "session ended", context: laptop))
        XCTAssertEqual(try verify.status(first.id)?.status, .success)
        XCTAssertEqual(try bank.store.connection.query("SELECT count(*) FROM verification_holders").first?.int(0), 0)
    }

    /// A code another terminal asked for after this one's expired is that
    /// terminal's: leaving here (with the old ticket) does not touch it.
    func testLeavingWithAnExpiredCodeDoesNotCancelTheNewOneAnotherTerminalAskedFor() throws {
        let (first, _, _) = try bothWaiting()
        bank.clock.advance(seconds: VerifyConfiguration.standard.expirySeconds + 1)
        let renewed = try verify.resend(first, for: bob, context: tablet, holder: tabletTerminal)
        XCTAssertNotEqual(renewed.id, first.id)
        XCTAssertFalse(try verify.release(first.id, for: bob, holder: laptopTerminal, reason: "session ended", context: laptop))
        XCTAssertEqual(try verify.status(renewed.id)?.status, .inProgress)
        guard case .verified = try verify.check(renewed.id, code: phone.lastCode, purpose: .signIn, for: bob,
                                                context: tablet) else { return XCTFail("the new code works") }
    }

    /// The operator's `verify start` never leaves: a terminal sharing its request leaving does not cancel it.
    func testAnOperatorsCodeOutlivesATerminalThatSharedIt() throws {
        let started = try verify.start(for: bob, purpose: .signIn, context: .operatorCLI, holder: .operatorCLI)
        let shared = try verify.start(for: bob, purpose: .signIn, context: laptop, holder: laptopTerminal)
        XCTAssertEqual(shared.id, started.id)
        XCTAssertFalse(try verify.release(shared.id, for: bob, holder: laptopTerminal, reason: "session ended", context: laptop))
        XCTAssertEqual(try verify.status(started.id)?.status, .inProgress)
    }

    /// Not a way to end another customer's code: the request is looked up as the leaver's own.
    func testAnotherCustomerCannotReleaseBobsCode() throws {
        let (first, _, _) = try bothWaiting()
        let alice = try bank.user("alice")
        XCTAssertThrowsError(try verify.release(first.id, for: alice, holder: laptopTerminal, reason: "x", context: laptop)) {
            XCTAssertEqual($0 as? VerifyError, .notFound)
        }
        XCTAssertEqual(try verify.status(first.id)?.status, .inProgress)
    }

    /// The operator's cancel still ends the request for everyone who waits on it.
    func testTheOperatorsCancelEndsItForBothTerminals() throws {
        let (first, second, code) = try bothWaiting()
        try verify.cancel(first.id, for: bob, reason: "cancelled by operator", context: .operatorCLI)
        XCTAssertEqual(try verify.check(second.id, code: code, purpose: .signIn, for: bob, context: tablet),
                       .notInProgress(.cancelled))
    }
}
