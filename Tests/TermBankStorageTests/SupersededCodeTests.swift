import TermBankCore
@testable import TermBankStorage
import XCTest

/// One live code per number (the core's rule, in `VerifyService.start`):
/// a code asked for something else replaces the running one, from another
/// session or device of the same customer. The replaced request is
/// SUPERSEDED, not CANCELLED, so the session holding it can be told why,
/// and asking again there starts a new request, under the same limits.
final class SupersededCodeTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    var verify: VerifyService!
    var bob: UserRecord!
    let first = AuditContext(sessionID: "s-first", deviceID: "iphone-touchid")
    let second = AuditContext(sessionID: "s-second", deviceID: "ipad")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
        verify = bank.verify(phone)
        bob = try bank.user("bob")
    }

    func pending(_ units: Int64, id: String) -> PendingTransfer {
        PendingTransfer(userID: bob.id, from: .checking, to: .savings, amount: Money(units: units),
                        clientID: TransferClientID(trusted: id))
    }

    func runningRequests() throws -> Int64 {
        try XCTUnwrap(bank.store.connection.query("SELECT count(*) FROM verifications WHERE status = 'IN PROGRESS'").first?.int(0))
    }

    func testAnotherSessionsCodeSupersedesTheRunningOneAndTheOldCodeSaysSo() throws {
        let mine = pending(250, id: "tx-superseded-01")
        let ticket = try verify.start(for: bob, purpose: .transfer(mine), context: first)
        let code = phone.lastCode
        bank.clock.advance(seconds: 10)
        let theirs = try verify.start(for: bob, purpose: .transfer(pending(300, id: "tx-superseded-02")), context: second)
        XCTAssertNotEqual(theirs.id, ticket.id)
        XCTAssertEqual(try runningRequests(), 1, "one live code for the number")

        XCTAssertEqual(try verify.approve(ticket.id, code: code, transfer: mine, for: bob, context: first),
                       .rejected(.notInProgress(.superseded)), "the right code, replaced: told why, not wrong")
        XCTAssertEqual(try verify.status(ticket.id)?.status, .superseded)
        XCTAssertEqual(try bank.store.connection.query("SELECT status FROM verifications WHERE id = ?",
                                                       [ticket.id.rawValue]).first?.text(0), "SUPERSEDED")
        XCTAssertEqual(try bank.store.balances(of: bob.id), [.checking: .dollars(5_000), .savings: .dollars(10_000)])
        XCTAssertEqual(CheckResult.notInProgress(.superseded).description,
                       "A newer code was requested for your account from another session or device, "
                       + "so this code no longer works. Ask for a new one.")
        // The trail says which request replaced which, in the session that asked.
        let trail = try bank.store.auditTrail(username: bob.username, limit: 10).map(\.event)
        XCTAssertTrue(trail.contains { $0.kind == .verificationCancelled && $0.detail == "\(ticket.id) superseded"
                                       && $0.context.sessionID == "s-second" }, "\(trail)")
    }

    /// Asking again on a superseded code starts a new request at once (its
    /// 30-second wait belonged to a request that is over), which in its turn
    /// supersedes the other session's: still one live code, and each send
    /// counts toward the hourly limits.
    func testAskingAgainOnASupersededCodeStartsANewRequestAndStillOneCodeIsLive() throws {
        let mine = pending(250, id: "tx-superseded-03")
        let ticket = try verify.start(for: bob, purpose: .transfer(mine), context: first)
        bank.clock.advance(seconds: 5)
        let theirs = try verify.start(for: bob, purpose: .transfer(pending(300, id: "tx-superseded-04")), context: second)
        let theirCode = phone.lastCode
        bank.clock.advance(seconds: 1)
        let renewed = try verify.resend(ticket, for: bob, context: first)
        XCTAssertNotEqual(renewed.id, ticket.id)
        XCTAssertNotEqual(renewed.id, theirs.id)
        XCTAssertEqual(renewed.events, 1)
        XCTAssertEqual(phone.last?.channel, .sms)
        XCTAssertTrue(phone.last?.text.contains("approves moving $250.00 from Checking to Savings") ?? false,
                      "the new code is bound to the same transfer")
        XCTAssertEqual(try runningRequests(), 1)
        XCTAssertEqual(try verify.approve(theirs.id, code: theirCode, transfer: pending(300, id: "tx-superseded-04"), for: bob,
                                          context: second), .rejected(.notInProgress(.superseded)))
        guard case .executed = try verify.approve(renewed.id, code: phone.lastCode, transfer: mine, for: bob, context: first) else {
            return XCTFail("the new code approves the transfer")
        }
        XCTAssertEqual(try bank.store.connection.query("SELECT count(*) FROM sms_sends").first?.int(0), 3)
    }

    /// Ping-pong between two sessions cannot send without end: each new request counts toward the number's hourly limit.
    func testTwoSessionsTakingTurnsStopAtTheHourlyLimit() throws {
        var tickets = [try verify.start(for: bob, purpose: .transfer(pending(1, id: "tx-turns-0")), context: first)]
        for turn in 1..<VerifyConfiguration.standard.maximumSendsPerHour {
            bank.clock.advance(seconds: 1)
            tickets.append(try verify.start(for: bob, purpose: .transfer(pending(1, id: "tx-turns-\(turn)")), context: second))
        }
        bank.clock.advance(seconds: 1)
        XCTAssertThrowsError(try verify.resend(tickets[0], for: bob, context: first)) {
            guard case .tooManySends = $0 as? VerifyError else { return XCTFail("\($0)") }
        }
    }

    /// The other reasons a request ends keep their words: ending the session cancels, a change supersedes.
    func testCancellingIsStillCancelled() throws {
        let ticket = try verify.start(for: bob, purpose: .signIn, context: first)
        try verify.cancel(ticket.id, for: bob, reason: "session ended", context: first)
        XCTAssertEqual(try verify.status(ticket.id)?.status, .cancelled)
        XCTAssertThrowsError(try verify.resend(ticket, for: bob, context: first)) {
            XCTAssertEqual($0 as? VerifyError, .notInProgress(.cancelled))
        }
    }
}
