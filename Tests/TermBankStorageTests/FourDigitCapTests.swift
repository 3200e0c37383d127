import TermBankCore
@testable import TermBankStorage
import XCTest

/// With 4-digit codes each request still allows 3 wrong codes, but across
/// requests a customer gets at most 10 wrong codes in 24 hours: the 10th
/// locks their SMS codes for 24 hours, audited and announced on the phone.
final class FourDigitCapTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    var bob: UserRecord!
    let context = AuditContext(sessionID: nil, deviceID: "old-phone")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
        bob = try bank.user("bob")
    }

    func service(digits: Int) throws -> VerifyService {
        bank.verify(phone, configuration: try VerifyConfiguration(codeLength: digits))
    }

    /// A code that is not the one just sent.
    var wrong: String { phone.lastCode.hasPrefix("0") ? String(repeating: "1", count: phone.lastCode.count)
                                                      : String(repeating: "0", count: phone.lastCode.count) }

    func testGuessingFourDigitCodesAcrossRequestsLocksSMSCodesAfterTen() throws {
        let verify = try service(digits: 4)
        var results: [CheckResult] = []
        for _ in 0..<4 {
            let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
            for _ in 0..<3 {
                let result = try verify.check(ticket.id, code: wrong, purpose: .signIn, for: bob, context: context)
                results.append(result)
                if result == .tooManyWrongCodes { break }
                if case .smsCodesLocked = result { break }
            }
            if case .smsCodesLocked = results.last { break }
        }
        XCTAssertEqual(results.count, 10)
        XCTAssertEqual(results.filter { $0 == .tooManyWrongCodes }.count, 3, "each request still fails after 3")
        let until = bank.clock.now().adding(seconds: 24 * 3600)
        XCTAssertEqual(results.last, .smsCodesLocked(until: until))
        XCTAssertEqual(phone.last?.to, bob.phone)
        XCTAssertTrue(phone.last?.text.hasPrefix("TermBank: too many wrong codes were typed for your account, so codes by SMS "
                                                 + "are locked until") ?? false, phone.last?.text ?? "")
        XCTAssertTrue(try bank.store.auditTrail(username: bob.username, limit: 5).contains {
            $0.event.kind == .secondFactorLocked && $0.event.detail.contains("10 wrong SMS codes in 24 hours")
        })

        // Locked: no code is sent, and the right code of a running request is not checked.
        XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: context)) {
            XCTAssertEqual($0 as? VerifyError, .smsCodesLocked(until: until))
        }
        bank.clock.advance(seconds: 24 * 3600 - 1)
        XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: context))
        bank.clock.advance(seconds: 1)
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        guard case .verified = try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: bob,
                                                context: context) else { return XCTFail("unlocked after 24 hours") }
    }

    func testSixDigitCodesKeepThePerRequestLimitOnly() throws {
        let verify = try service(digits: 6)
        for _ in 0..<4 {
            let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
            for _ in 0..<3 { _ = try verify.check(ticket.id, code: wrong, purpose: .signIn, for: bob, context: context) }
        }
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        guard case .verified = try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: bob,
                                                context: context) else { return XCTFail("12 wrong 6-digit codes lock nothing") }
    }
}
