import TermBankCore
@testable import TermBankStorage
import XCTest

/// `StepUpQuery` on a real SQLite file: the review's answer for a customer
/// whose 4-digit SMS codes are locked is the refusal `VerifyService.start`
/// gives when Enter would send the code (the live client's SMS path), and
/// both lift together when the lock ends.
final class StepUpQueryTests: XCTestCase {
    let context = AuditContext(sessionID: nil, deviceID: "old-phone")

    func testLockedSMSCodesAreNamedOnTheReviewAsEnterWouldMeetThem() throws {
        let bank = try TestBank()
        let phone = RecordingGateway()
        let bob = try bank.user("bob")
        let verify = bank.verify(phone, configuration: try VerifyConfiguration(codeLength: 4))
        let query = StepUpQuery(bank: bank.bank, policy: .always, authenticator: bank.authenticator(), verify: verify)
        let transfer = PendingTransfer(userID: bob.id, from: .checking, to: .savings, amount: Money(units: 250),
                                       clientID: TransferClientID(trusted: "review-sms-lock-1"))
        XCTAssertEqual(try query.approval(for: transfer, by: bob, on: nil), .smsCode(to: bob.phone, firstPayee: false))

        // Ten wrong 4-digit codes across requests lock bob's SMS codes for 24 hours.
        var locked = false
        while !locked {
            let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
            for _ in 0..<3 where !locked {
                let wrong = phone.lastCode.hasPrefix("0") ? "1111" : "0000"
                let result = try verify.check(ticket.id, code: wrong, purpose: .signIn, for: bob, context: context)
                if case .smsCodesLocked = result { locked = true }
                if result == .tooManyWrongCodes { break }
            }
        }
        let until = bank.clock.now().adding(seconds: 24 * 3600)
        let sent = phone.messages.count
        XCTAssertThrowsError(try query.approval(for: transfer, by: bob, on: nil)) {
            XCTAssertEqual($0 as? VerifyError, .smsCodesLocked(until: until), "the review says so")
        }
        XCTAssertThrowsError(try verify.start(for: bob, purpose: .transfer(transfer), context: context)) {
            XCTAssertEqual($0 as? VerifyError, .smsCodesLocked(until: until), "Enter meets the same refusal")
        }
        XCTAssertEqual(phone.messages.count, sent, "asking sent nothing")

        bank.clock.advance(seconds: 24 * 3600)
        XCTAssertEqual(try query.approval(for: transfer, by: bob, on: nil), .smsCode(to: bob.phone, firstPayee: false))
        XCTAssertNoThrow(try verify.start(for: bob, purpose: .transfer(transfer), context: context))
    }
}
