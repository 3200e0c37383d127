import Foundation
import TermBankCore
@testable import TermBankStorage
import XCTest

/// SMS PIN verification, modelled on Vonage Verify, every number at its boundary.
final class VerifyServiceTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    var verify: VerifyService!
    var bob: UserRecord!
    let context = AuditContext(sessionID: "s-1", deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
        verify = bank.verify(phone)
        bob = try bank.user("bob")
    }

    func start(_ purpose: VerificationPurpose = .signIn) throws -> VerificationTicket {
        try verify.start(for: bob, purpose: purpose, context: context)
    }

    func check(_ ticket: VerificationTicket, _ code: String) throws -> CheckResult {
        try verify.check(ticket.id, code: code, purpose: .signIn, for: bob, context: context)
    }

    func testTheCodeGoesOutBySMSAndIsStoredOnlyAsAHash() throws {
        let ticket = try start()
        let message = try XCTUnwrap(phone.last)
        XCTAssertEqual(message.channel, .sms)
        XCTAssertEqual(message.to, bob.phone)
        let code = phone.lastCode
        XCTAssertEqual(code.count, 6)
        XCTAssertEqual(message.text, "TermBank: your sign-in code is \(code). It expires in 5 minutes. "
                       + "Never share this code with anyone, not even TermBank staff.")
        XCTAssertEqual(ticket.expiresAt, bank.clock.now().adding(seconds: 300))
        XCTAssertEqual(ticket.id.rawValue.count, 32)
        let db = bank.store.connection
        let stored = try db.query("SELECT * FROM verifications").flatMap(\.values) + (try db.query("SELECT * FROM audit").flatMap(\.values))
        XCTAssertFalse(stored.contains { if case .text(let text) = $0 { text.contains(code) } else { false } },
                       "the code appears in no verification or audit row")
    }

    func testTheRightCodeIsAcceptedOnce() throws {
        let ticket = try start()
        let code = phone.lastCode
        guard case .verified(let proof) = try check(ticket, code) else { return XCTFail() }
        XCTAssertEqual(proof.userID, bob.id)
        XCTAssertEqual(try check(ticket, code), .notInProgress(.success))
        XCTAssertEqual(CheckResult.notInProgress(.success).description, "This code was already used.")
    }

    func testThreeWrongCodesFailTheRequest() throws {
        let ticket = try start()
        let code = phone.lastCode
        let wrong = code == "000000" ? "111111" : "000000"
        XCTAssertEqual(try check(ticket, wrong), .wrongCode(attemptsLeft: 2))
        XCTAssertEqual(try check(ticket, wrong), .wrongCode(attemptsLeft: 1))
        XCTAssertEqual(try check(ticket, wrong), .tooManyWrongCodes)
        XCTAssertEqual(CheckResult.tooManyWrongCodes.description, "Unsuccessful Identification. Logging out. Goodbye.")
        XCTAssertEqual(try check(ticket, code), .notInProgress(.failed), "the right code is too late")
        XCTAssertEqual(try verify.status(ticket.id)?.status, .failed)
    }

    func testTwoWrongCodesThenTheRightOneStillVerifies() throws {
        let ticket = try start()
        let code = phone.lastCode
        _ = try check(ticket, "12")
        _ = try check(ticket, "abcdef")
        guard case .verified = try check(ticket, code) else { return XCTFail() }
    }

    func testACodeExpiresAfterFiveMinutes() throws {
        let early = try start()
        bank.clock.advance(seconds: 4 * 60 + 59)
        guard case .verified = try check(early, phone.lastCode) else { return XCTFail("4:59 is in time") }

        let late = try start()
        bank.clock.advance(seconds: 5 * 60 + 1)
        XCTAssertEqual(try check(late, phone.lastCode), .expired, "5:01 is too late")
        XCTAssertEqual(try verify.status(late.id)?.status, .expired)
    }

    func testExpiryIsConfigurableUpToTenMinutesAndCodesCanHaveFourDigits() throws {
        let configuration = try VerifyConfiguration(codeLength: 4, expirySeconds: 600)
        verify = bank.verify(phone, configuration: configuration)
        let ticket = try start()
        XCTAssertEqual(phone.lastCode.count, 4)
        XCTAssertTrue(phone.last!.text.contains("expires in 10 minutes"))
        bank.clock.advance(seconds: 599)
        guard case .verified = try check(ticket, phone.lastCode) else { return XCTFail() }
        XCTAssertThrowsError(try VerifyConfiguration(codeLength: 6, expirySeconds: 601))
        XCTAssertThrowsError(try VerifyConfiguration(codeLength: 5))
    }

    func testOneRequestPerNumberAStartAgainReturnsTheRunningOne() throws {
        let first = try start()
        bank.clock.advance(seconds: 10)
        let second = try start()
        XCTAssertEqual(second.id, first.id)
        XCTAssertTrue(second.reused)
        XCTAssertEqual(phone.messages.count, 1, "nothing new was sent")
    }

    func testResendAfterThirtySecondsIsAVoiceCallThenAFreshCode() throws {
        var ticket = try start()
        let firstCode = phone.lastCode
        bank.clock.advance(seconds: 29)
        XCTAssertThrowsError(try verify.resend(ticket, for: bob, context: context)) {
            XCTAssertEqual($0 as? VerifyError, .resendTooSoon(secondsLeft: 1))
        }
        bank.clock.advance(seconds: 1)
        ticket = try verify.resend(ticket, for: bob, context: context)
        let call = try XCTUnwrap(phone.last)
        XCTAssertEqual(call.channel, .voice)
        let spoken = firstCode.map(String.init).joined(separator: ", ")
        XCTAssertTrue(call.text.hasPrefix("Voice call from TermBank: your code to sign in is \(spoken). Again: \(spoken)."),
                      call.text)
        bank.clock.advance(seconds: 30)
        ticket = try verify.resend(ticket, for: bob, context: context)
        XCTAssertEqual(phone.last?.channel, .sms)
        let freshCode = phone.lastCode
        XCTAssertEqual(ticket.events, 3)
        bank.clock.advance(seconds: 30)
        XCTAssertThrowsError(try verify.resend(ticket, for: bob, context: context)) {
            XCTAssertEqual($0 as? VerifyError, .noMoreEvents)
        }
        if freshCode != firstCode {
            XCTAssertEqual(try check(ticket, firstCode), .wrongCode(attemptsLeft: 2), "the old code no longer works")
        }
        guard case .verified = try check(ticket, freshCode) else { return XCTFail() }
    }

    /// Found in tmux with --pin-expiry 1: the code expired, the screen said
    /// "Press r for a new one", and r answered "This code has expired. Ask for
    /// a new one." forever; the customer could only start the sign-in again.
    func testAskingAgainAfterTheCodeExpiredSendsAFreshCodeInANewRequest() throws {
        let expired = try start()
        let oldCode = phone.lastCode
        bank.clock.advance(seconds: 5 * 60 + 1)
        let fresh = try verify.resend(expired, for: bob, context: context)
        XCTAssertNotEqual(fresh.id, expired.id, "a new request: the old one is over")
        XCTAssertEqual(fresh.events, 1)
        XCTAssertEqual(fresh.expiresAt, bank.clock.now().adding(seconds: 300))
        XCTAssertEqual(phone.messages.count, 2)
        XCTAssertEqual(phone.last?.channel, .sms)
        XCTAssertEqual(try verify.status(expired.id)?.status, .expired)
        XCTAssertEqual(try check(expired, oldCode), .notInProgress(.expired), "the old code stays dead")
        guard case .verified = try check(fresh, phone.lastCode) else { return XCTFail("the new code works") }

        // The same once a check has already marked it expired, after its voice call.
        var used = try start()
        bank.clock.advance(seconds: 30)
        used = try verify.resend(used, for: bob, context: context)
        bank.clock.advance(seconds: 5 * 60)
        XCTAssertEqual(try check(used, phone.lastCode), .expired)
        let again = try verify.resend(used, for: bob, context: context)
        XCTAssertNotEqual(again.id, used.id)
        guard case .verified = try check(again, phone.lastCode) else { return XCTFail() }
    }

    /// A new request is a send like any other: the hourly limit still holds.
    func testANewCodeAfterExpiryCountsTowardTheSendLimit() throws {
        let limit = VerifyConfiguration.standard.maximumSendsPerHour
        var ticket = try start()                          // send 1
        for _ in 1..<limit {                              // sends 2 to 10, each a new request, all within the hour
            bank.clock.advance(seconds: 5 * 60 + 1)
            ticket = try verify.resend(ticket, for: bob, context: context)
        }
        bank.clock.advance(seconds: 5 * 60 + 1)
        XCTAssertThrowsError(try verify.resend(ticket, for: bob, context: context)) {
            guard case .tooManySends = $0 as? VerifyError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(phone.messages.count, limit)
    }

    func testAtMostTenCodesPerNumberPerHour() throws {
        var sent = 0
        while sent < VerifyConfiguration.standard.maximumSendsPerHour {
            var ticket = try start()                  // a new request
            sent += 1
            for _ in 0..<2 where sent < VerifyConfiguration.standard.maximumSendsPerHour {
                bank.clock.advance(seconds: 30)
                ticket = try verify.resend(ticket, for: bob, context: context)   // its voice call, then a fresh SMS
                sent += 1
            }
            try verify.cancel(ticket.id, for: bob, reason: "test", context: context)
        }
        XCTAssertEqual(phone.messages.count, 10)
        XCTAssertThrowsError(try start()) { error in   // the eleventh
            guard case .tooManySends(let next) = error as? VerifyError else { return XCTFail("\(error)") }
            XCTAssertTrue((error as! VerifyError).description.hasPrefix("Too many codes were sent to this number in the last hour."))
            XCTAssertEqual(next, Timestamp(secondsSinceEpoch: 1_796_000_000).adding(seconds: 3600))
        }
        XCTAssertEqual(phone.messages.count, 10)
        bank.clock.advance(seconds: 3600 - 60)
        XCTAssertNoThrow(try start(), "the first send has left the window")
    }

    func testAFailedDeliveryIsNotCountedAndTheRequestCannotBeUsed() throws {
        phone.fail(true)
        XCTAssertThrowsError(try start()) {
            XCTAssertEqual(($0 as? VerifyError)?.description,
                           "The code could not be sent: the SMS command failed (exit status 1)")
        }
        let sends = try bank.store.connection.query("SELECT count(*) FROM sms_sends").first?.int(0)
        XCTAssertEqual(sends, 0)
        XCTAssertEqual(try bank.store.connection.query("SELECT status FROM verifications").first?.text(0), "CANCELLED")
        phone.fail(false)
        XCTAssertFalse(try start().reused, "a fresh request can start")
    }

    func testCancelEndsTheRequest() throws {
        let ticket = try start()
        try verify.cancel(ticket.id, for: bob, reason: "user", context: context)
        XCTAssertEqual(try check(ticket, phone.lastCode), .notInProgress(.cancelled))
        XCTAssertThrowsError(try verify.cancel(ticket.id, for: bob, reason: "again", context: context))
    }

    func testASignInCodeForOneUserIsUselessForAnother() throws {
        let ticket = try start()
        let alice = try bank.user("alice")
        XCTAssertEqual(try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: alice, context: context),
                       .notFound)
    }

    // MARK: Dynamic linking

    func pending(_ amount: Money, _ from: AccountKind = .checking, id: String = "tx-step-up-0001") -> PendingTransfer {
        PendingTransfer(userID: bob.id, from: from, to: from.other, amount: amount, clientID: TransferClientID(trusted: id))
    }

    func testATransferCodeNamesTheTransferAndApprovesOnlyIt() throws {
        let transfer = pending(.dollars(250))
        let ticket = try start(.transfer(transfer))
        let code = phone.lastCode
        XCTAssertEqual(phone.last?.text, "TermBank: code \(code) approves moving $250.00 from Checking to Savings. "
                       + "It expires in 5 minutes. Never share this code with anyone, not even TermBank staff.")
        XCTAssertEqual(try verify.approve(ticket.id, code: code, transfer: pending(Money(minorUnits: 25_001)), for: bob,
                                          context: context), .rejected(.wrongCode(attemptsLeft: 2)), "250.01 is another transfer")
        XCTAssertEqual(try verify.approve(ticket.id, code: code, transfer: pending(.dollars(250), .savings), for: bob,
                                          context: context), .rejected(.wrongCode(attemptsLeft: 1)), "the other direction too")
        XCTAssertEqual(try bank.store.balances(of: bob.id), [.checking: .dollars(5_000), .savings: .dollars(10_000)])
        guard case .executed(let receipt) = try verify.approve(ticket.id, code: code, transfer: transfer, for: bob,
                                                               context: context) else { return XCTFail() }
        XCTAssertEqual(receipt.fromBalanceAfter, .dollars(4_750))
        XCTAssertEqual(try bank.store.balances(of: bob.id), [.checking: .dollars(4_750), .savings: .dollars(10_250)])
        XCTAssertEqual(try verify.approve(ticket.id, code: code, transfer: transfer, for: bob, context: context),
                       .rejected(.notInProgress(.success)), "a code approves once")
        XCTAssertEqual(try bank.store.checkInvariants().problems, [])
    }

    func testASignInCodeCannotApproveATransfer() throws {
        let ticket = try start(.signIn)
        XCTAssertEqual(try verify.approve(ticket.id, code: phone.lastCode, transfer: pending(.dollars(1)), for: bob,
                                          context: context), .rejected(.wrongCode(attemptsLeft: 2)))
    }

    func testChangingTheTransferVoidsTheRunningApproval() throws {
        let first = try start(.transfer(pending(.dollars(250))))
        let firstCode = phone.lastCode
        let second = try start(.transfer(pending(.dollars(300), id: "tx-step-up-0002")))
        XCTAssertNotEqual(second.id, first.id)
        XCTAssertEqual(try verify.approve(first.id, code: firstCode, transfer: pending(.dollars(250)), for: bob,
                                          context: context), .rejected(.notInProgress(.superseded)))
    }

    func testWhenFundsAreGoneTheApprovalBooksNothingAndStaysUnused() throws {
        let transfer = pending(.dollars(5_000))
        let ticket = try start(.transfer(transfer))
        let code = phone.lastCode
        _ = try bank.bank.transfer(user: bob, from: .checking, to: .savings, amount: .dollars(1),
                                   clientID: TransferClientID(trusted: "tx-drain-0001"), context: context)
        XCTAssertThrowsError(try verify.approve(ticket.id, code: code, transfer: transfer, for: bob, context: context)) {
            XCTAssertEqual($0 as? LedgerError, .insufficientFunds(.checking))
        }
        XCTAssertEqual(try verify.status(ticket.id)?.status, .inProgress)
    }

    func testTheSameTransferCodeSubmittedTwiceAtOnceExecutesOnce() throws {
        for round in 0..<5 {
            let transfer = pending(.dollars(10), id: "tx-race-\(round)-abc")
            let ticket = try start(.transfer(transfer))
            let code = phone.lastCode
            let services = try (0..<3).map { _ in bank.verify(phone, store: try bank.secondStore()) }
            let results = ApprovalBox()
            let (bob, context) = (self.bob!, context)
            DispatchQueue.concurrentPerform(iterations: services.count) { index in
                results.add(try? services[index].approve(ticket.id, code: code, transfer: transfer, for: bob, context: context))
            }
            XCTAssertEqual(results.all.filter { if case .executed = $0 { true } else { false } }.count, 1)
            XCTAssertEqual(results.all.filter { $0 == .rejected(.notInProgress(.success)) }.count, 2)
        }
        XCTAssertEqual(try bank.store.balances(of: bob.id)[.savings], .dollars(10_050))
    }
}

final class ApprovalBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [VerifyService.ApprovalResult] = []
    func add(_ result: VerifyService.ApprovalResult?) { lock.withLock { if let result { results.append(result) } } }
    var all: [VerifyService.ApprovalResult] { lock.withLock { results } }
}
