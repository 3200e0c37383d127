import Foundation
import TermBankCore
@testable import TermBankStorage
import XCTest

/// A phone change proves the new number; a number belongs to one customer;
/// codes are limited per customer as well as per number (announcements are
/// not codes: decision 52); and starting a verification never cancels another customer's.
final class PhoneChangeTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    let context = AuditContext(sessionID: "s-1", deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
    }

    func number(_ text: String) throws -> PhoneNumber { try PhoneNumber(validating: text) }

    func testAPhoneChangeCannotPointAtAnotherCustomersNumber() throws {
        let alice = try bank.user("alice"), bob = try bank.user("bob")
        let security = bank.security(phone)
        XCTAssertThrowsError(try security.sendConfirmationCode(for: alice, change: .proveNewPhone(bob.phone), password: bank.password("alice"),
                                                               context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .phoneInUse)
            XCTAssertEqual("\($0)", "That number belongs to another TermBank customer. Use a number of your own.")
        }
        XCTAssertThrowsError(try security.sendConfirmationCode(for: alice, change: .changePhone(to: bob.phone), password: bank.password("alice"),
                                                               context: context), "nor a code to her own phone for it") {
            XCTAssertEqual($0 as? ConfirmationError, .phoneInUse)
        }
        XCTAssertTrue(phone.messages.isEmpty, "nothing is sent to bob's phone, nor to alice's")
        // Even with every code right for a free number, the change cannot land on bob's.
        XCTAssertThrowsError(try security.changePhone(for: alice, to: bob.phone, password: bank.password("alice"),
                                                      confirmation: .sms(VerificationID(trusted: String(repeating: "c", count: 32)), "000000"),
                                                      newPhoneCode: (VerificationID(trusted: String(repeating: "d", count: 32)), "000000"),
                                                      context: context))
        XCTAssertEqual(try bank.user("alice").phone, alice.phone)
        XCTAssertTrue(try bank.store.auditTrail(username: alice.username, limit: 3).contains {
            $0.event.detail == "phone change to +1 ***-***-0101 refused: another customer's number"
        })
    }

    /// The attack: someone at alice's open session types numbers into the
    /// phone change with any password. It used to send a code to each free
    /// number and say which numbers were other customers'. Without her
    /// password nothing is sent and every number gets the same refusal,
    /// counted toward her sign-in lockout.
    func testWithoutThePasswordNoCodeIsSentAndNoNumberIsToldApart() throws {
        let alice = try bank.user("alice"), bob = try bank.user("bob")
        let security = bank.security(phone)
        var refusals: [String] = []
        for change in [SecurityChange.proveNewPhone(bob.phone), .proveNewPhone(try number("+1 555 0199")),
                       .changePhone(to: bob.phone)] {
            XCTAssertThrowsError(try security.sendConfirmationCode(for: alice, change: change, password: Secret("guess-1234"),
                                                                   context: context)) {
                guard case .password = $0 as? ConfirmationError else { return XCTFail("\($0)") }
                refusals.append("\($0)".replacingOccurrences(of: #"\d attempt"#, with: "N attempt",
                                                             options: .regularExpression))
            }
            XCTAssertThrowsError(try security.sendConfirmationCode(for: alice, change: change, context: context),
                                 "no password at all is a wrong one")
        }
        XCTAssertEqual(Set(refusals).count, 1, "the same words whoever owns the number: \(refusals)")
        XCTAssertTrue(phone.messages.isEmpty, "nothing was sent to any number")
        XCTAssertFalse(try bank.store.auditTrail(username: alice.username, limit: 20).contains {
            $0.event.detail.contains("another customer's number")
        })
        for _ in 0..<2 {
            _ = try? security.sendConfirmationCode(for: alice, change: .proveNewPhone(bob.phone), password: Secret("guess-1234"),
                                                   context: context)
        }
        XCTAssertThrowsError(try security.sendConfirmationCode(for: alice, change: .proveNewPhone(try number("+1 555 0198")),
                                                               password: bank.password("alice"), context: context),
                             "five wrong passwords lock her sign-in, as at the login") {
            guard case .password(.locked) = $0 as? ConfirmationError else { return XCTFail("\($0)") }
        }
    }

    func testANumberCannotBelongToTwoCustomers() throws {
        let bob = try bank.user("bob")
        let dave = try bank.bank.prepareUser(username: Username(trusted: "dave"), password: Secret("long-enough-9"),
                                             phone: bob.phone, sitekey: nil, smsVerification: true)
        XCTAssertThrowsError(try bank.bank.addUser(dave, context: .operatorCLI)) {
            XCTAssertEqual($0 as? StoreError, .phoneInUse(bob.phone))
            XCTAssertEqual("\($0)", "The number +1 ***-***-0101 already belongs to another customer; each customer needs their own.")
        }
        XCTAssertThrowsError(try bank.store.connection.execute("UPDATE users SET phone = ? WHERE username = 'alice'",
                                                               [bob.phone.e164]), "the schema holds the rule too")
    }

    func testAPhoneChangeCannotExhaustAnotherCustomersSends() throws {
        let alice = try bank.user("alice"), bob = try bank.user("bob")
        let security = bank.security(phone)
        // Alice aims at bob's number over and over: refused before any send.
        for _ in 0..<10 {
            XCTAssertThrowsError(try security.sendConfirmationCode(for: alice, change: .proveNewPhone(bob.phone), password: bank.password("alice"),
                                                                   context: context))
        }
        // Then floods free numbers: her own hourly limit stops her, whatever the number.
        var sent = 0
        for index in 0..<12 {
            do {
                _ = try security.sendConfirmationCode(for: alice, change: .proveNewPhone(number("+1 555 02\(10 + index)")),
                                                      password: bank.password("alice"), context: context)
                sent += 1
            } catch let refusal as VerifyError {
                guard case .tooManySendsForCustomer = refusal else { return XCTFail("\(refusal)") }
                XCTAssertTrue(refusal.description.hasPrefix("Too many codes and messages were sent for your account"))
            }
        }
        XCTAssertEqual(sent, 10, "10 sends per customer per hour")
        // Bob's sign-in and step-up codes are untouched: all of his hourly sends are his.
        let verify = bank.verify(phone)
        for index in 0..<VerifyConfiguration.standard.maximumSendsPerHour {
            let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
            try verify.cancel(ticket.id, for: bob, reason: "test \(index)", context: context)
        }
        XCTAssertEqual(phone.messages.filter { $0.to == bob.phone }.count, VerifyConfiguration.standard.maximumSendsPerHour)
    }

    func testStartingAVerificationNeverCancelsAnotherCustomersRequest() throws {
        let alice = try bank.user("alice"), carol = try bank.user("carol")
        let security = bank.security(phone)
        let free = try number("+1 555 0199")
        let alices = try security.sendConfirmationCode(for: alice, change: .proveNewPhone(free), password: bank.password("alice"), context: context)
        let code = phone.lastCode
        XCTAssertThrowsError(try security.sendConfirmationCode(for: carol, change: .proveNewPhone(free), password: bank.password("carol"), context: context)) {
            guard case .numberBusy(let until) = $0 as? VerifyError else { return XCTFail("\($0)") }
            XCTAssertEqual(until, alices.expiresAt)
        }
        XCTAssertEqual(try bank.verify(phone).status(alices.id)?.status, .inProgress, "alice's request runs on")
        XCTAssertEqual(phone.messages.count, 1, "carol's request sent nothing")
        let ticket = try security.sendConfirmationCode(for: alice, change: .changePhone(to: free), password: bank.password("alice"), context: context)
        let saved = try security.changePhone(for: alice, to: free, password: bank.password("alice"),
                                             confirmation: .sms(ticket.id, phone.lastCode),
                                             newPhoneCode: (alices.id, code), context: context)
        XCTAssertEqual(saved.phone, free)
        // Now it is alice's number: carol cannot have it.
        bank.clock.advance(seconds: 600)
        XCTAssertThrowsError(try security.sendConfirmationCode(for: carol, change: .proveNewPhone(free), password: bank.password("carol"), context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .phoneInUse)
        }
    }

    /// A notice is not a code (decision 52): it goes out at any count, uses
    /// none of the codes, and is recorded for the operator.
    func testAnnouncementsAlwaysGoOutAndCountTowardNoCodeLimit() throws {
        let bob = try bank.user("bob")
        let verify = bank.verify(phone)
        for index in 0..<10 { verify.announce("TermBank: notice \(index)", to: bob.phone, for: bob, context: context) }
        XCTAssertEqual(phone.messages.count, 10, "a notice always goes out")
        XCTAssertNoThrow(try verify.start(for: bob, purpose: .signIn, context: context), "and uses none of the codes")
        verify.announce("TermBank: one more notice", to: bob.phone, for: bob, context: context)
        XCTAssertEqual(phone.last?.text, "TermBank: one more notice", "a change is never hidden")
        XCTAssertEqual(try bank.store.connection.query(
            "SELECT count(*) FROM sms_sends WHERE user_id = ? AND kind = 'announcement'", [bob.id.rawValue]).first?.int(0), 11)
        phone.fail(true)
        verify.announce("TermBank: lost", to: bob.phone, for: bob, context: context)
        XCTAssertEqual(try bank.store.connection.query(
            "SELECT count(*) FROM sms_sends WHERE user_id = ? AND kind = 'announcement'", [bob.id.rawValue]).first?.int(0), 11,
                       "a notice that did not go out is not recorded")
    }
}
