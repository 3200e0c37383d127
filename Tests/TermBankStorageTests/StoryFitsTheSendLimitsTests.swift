import TermBankCore
@testable import TermBankStorage
import XCTest

/// The guided story with one retry of every step stays inside the
/// hourly SMS limits, replayed on a real SQLite file with a driven clock:
/// every code and notice it sends goes out. Notices are not codes
/// (decision 52), and the screens learn how many codes are left.
final class StoryFitsTheSendLimitsTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    let context = AuditContext(sessionID: "s-story", deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
    }

    private func signIn(_ verify: VerifyService, _ user: UserRecord, resend: Bool) throws -> VerificationTicket {
        var ticket = try verify.start(for: user, purpose: .signIn, context: context)
        if resend {
            bank.clock.advance(seconds: 30)
            ticket = try verify.resend(ticket, for: user, context: context)   // a voice call reading the same code
        }
        guard case .verified = try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: user,
                                                context: context) else {
            XCTFail("the sign-in code was not accepted")
            return ticket
        }
        return ticket
    }

    func testTheWholeStoryWithOneRetryOfEveryStepStaysInsideTheLimits() throws {
        let bob = try bank.user("bob")
        let verify = bank.verify(phone)
        let security = bank.security(phone)
        var lefts: [Int?] = []

        // Step 1: sign in with a code, asking for it once more.
        lefts.append(try signIn(verify, bob, resend: true).sendsLeftThisHour)
        bank.clock.advance(seconds: 40)

        // Step 2: a transfer approved with a code, after one cancelled.
        let first = PendingTransfer(userID: bob.id, from: .checking, to: .savings, amount: .dollars(30),
                                    clientID: TransferClientID(trusted: "tx-story-cancelled"))
        let cancelled = try verify.start(for: bob, purpose: .transfer(first), context: context)
        lefts.append(cancelled.sendsLeftThisHour)
        try verify.cancel(cancelled.id, for: bob, reason: "cancelled on the review", context: context)
        bank.clock.advance(seconds: 20)
        let transfer = PendingTransfer(userID: bob.id, from: .checking, to: .savings, amount: .dollars(30),
                                       clientID: TransferClientID(trusted: "tx-story-approved"))
        let approval = try verify.start(for: bob, purpose: .transfer(transfer), context: context)
        lefts.append(approval.sendsLeftThisHour)
        guard case .executed = try verify.approve(approval.id, code: phone.lastCode, transfer: transfer, for: bob,
                                                  context: context) else { return XCTFail("the transfer was not booked") }
        bank.clock.advance(seconds: 60)

        // An extra toggle: SMS verification off in Security (a code and a notice), on again.
        let off = try security.sendConfirmationCode(for: bob, change: .turnOffSMSVerification, context: context)
        lefts.append(off.sendsLeftThisHour)
        let offUser = try security.turnOffSMSVerification(for: bob, password: bank.password("bob"),
                                                          confirmation: .sms(off.id, phone.lastCode), context: context)
        XCTAssertFalse(offUser.smsVerification)
        XCTAssertTrue(try security.turnOnSMSVerification(for: bob, context: context).smsVerification)
        bank.clock.advance(seconds: 30)

        // Step 3: sign in again with a code.
        lefts.append(try signIn(verify, bob, resend: false).sendsLeftThisHour)
        bank.clock.advance(seconds: 60)

        // Step 4: the authenticator, its set-up code asked for once more, and the notice that it was set up.
        var setUp = try security.sendConfirmationCode(for: bob, change: .setUpAuthenticator, context: context)
        lefts.append(setUp.sendsLeftThisHour)
        bank.clock.advance(seconds: 30)
        setUp = try verify.resend(setUp, for: bob, context: context)
        lefts.append(setUp.sendsLeftThisHour)
        let enrolment = try security.beginAuthenticatorEnrolment(for: bob, password: bank.password("bob"),
                                                                 confirmation: .sms(setUp.id, phone.lastCode),
                                                                 context: context)
        let app = try AuthenticatorApp(enrolment)
        guard case .activated = try security.finishAuthenticatorEnrolment(for: bob, code: app.code(at: bank.clock.now()),
                                                                          context: context) else {
            return XCTFail("the authenticator was not set up")
        }

        let toBob = phone.messages.filter { $0.to == bob.phone }
        XCTAssertEqual(toBob.count, 10, "8 codes and 2 notices, every one delivered")
        XCTAssertEqual(toBob.last?.text.contains("authenticator"), true, "the last is the notice that the app was set up")
        XCTAssertEqual(lefts, [8, 7, 6, 5, 4, 3, 2], "the notices used none of the codes")
        XCTAssertEqual(setUp.fewSendsLeft, 2, "the code screen says so from two left")
        XCTAssertNil(approval.fewSendsLeft, "and not before")

        // Room to spare: two more codes this hour, then the real limit.
        for turn in 0..<2 {
            let spare = try verify.start(for: bob, purpose: .signIn, context: context)
            XCTAssertEqual(spare.sendsLeftThisHour, 1 - turn)
            try verify.cancel(spare.id, for: bob, reason: "spare \(turn)", context: context)
        }
        XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: context)) {
            guard case .tooManySends = $0 as? VerifyError else { return XCTFail("\($0)") }
        }
    }

    /// A notice goes out at any count and uses none of the codes: a customer
    /// whose phone was told of many changes still gets every code.
    func testNoticesCountTowardNoCodeLimit() throws {
        let bob = try bank.user("bob")
        let verify = bank.verify(phone)
        for index in 0..<12 { verify.announce("TermBank: notice \(index)", to: bob.phone, for: bob, context: context) }
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        XCTAssertEqual(ticket.sendsLeftThisHour, VerifyConfiguration.standard.maximumSendsPerHour - 1)
        XCTAssertEqual(phone.messages.count, 13)
        XCTAssertEqual(try bank.store.connection.query(
            "SELECT count(*) FROM sms_sends WHERE user_id = ? AND kind = 'announcement'", [bob.id.rawValue]).first?.int(0), 12,
                       "still recorded, for the operator")
    }
}
