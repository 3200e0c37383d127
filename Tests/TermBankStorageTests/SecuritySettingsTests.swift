import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import XCTest

/// Turning factors off and changing the phone: password and a second-factor
/// code in the same call, audited without secrets, announced on the phone.
final class SecuritySettingsTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    let context = AuditContext(sessionID: "abcd1234", deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
    }

    func testTurningSMSVerificationOffNeedsThePasswordAndACodeBoundToThatChange() throws {
        let bob = try bank.user("bob")
        let security = bank.security(phone)
        // A code sent to approve something else does not confirm this.
        let other = try security.sendConfirmationCode(for: bob, change: .changePhone(to: PhoneNumber(trusted: "+15550199")), password: bank.password("bob"),
                                                      context: context)
        XCTAssertTrue(phone.last?.text.hasPrefix("TermBank: code ") ?? false)
        XCTAssertTrue(phone.last?.text.contains("confirms: change your phone number to +1 ***-***-0199.") ?? false,
                      phone.last?.text ?? "")
        XCTAssertThrowsError(try security.turnOffSMSVerification(for: bob, password: bank.password("bob"),
                                                                 confirmation: .sms(other.id, phone.lastCode),
                                                                 context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .sms(.wrongCode(attemptsLeft: 2)))
        }
        let ticket = try security.sendConfirmationCode(for: bob, change: .turnOffSMSVerification, context: context)
        let code = phone.lastCode
        XCTAssertTrue(phone.last?.text.contains("confirms: turn off sign-in codes by SMS.") ?? false)
        XCTAssertThrowsError(try security.turnOffSMSVerification(for: bob, password: Secret("builder-2025"),
                                                                 confirmation: .sms(ticket.id, code), context: context),
                             "a wrong password does not use the code up") {
            XCTAssertEqual($0 as? ConfirmationError, .password(.incorrect(attemptsLeft: 4)))
        }
        let saved = try security.turnOffSMSVerification(for: bob, password: bank.password("bob"),
                                                        confirmation: .sms(ticket.id, code), context: context)
        XCTAssertFalse(saved.smsVerification)
        XCTAssertFalse(try bank.user("bob").smsVerification)
        XCTAssertEqual(phone.last?.to, bob.phone)
        XCTAssertTrue(phone.last?.text.hasPrefix("TermBank: two-factor sign-in was turned off (codes by SMS) at ") ?? false,
                      phone.last?.text ?? "")
        let trail = try bank.store.auditTrail(username: bob.username, limit: 3).map(\.event)
        XCTAssertTrue(trail.contains { $0.kind == .settingsChanged && $0.detail == "sms verification off" }, "\(trail)")
        XCTAssertFalse(trail.map(\.detail).joined().contains(code))
    }

    func testWithAnAuthenticatorOnlyItOrARecoveryCodeTurnsThingsOff() throws {
        let (app, codes) = try bank.enrolAuthenticator("bob", phone: phone)
        let bob = try bank.user("bob")
        let security = bank.security(phone)
        let ticket = try security.sendConfirmationCode(for: bob, change: .turnOffAuthenticator, context: context)
        XCTAssertThrowsError(try security.turnOffAuthenticator(for: bob, password: bank.password("bob"),
                                                               confirmation: .sms(ticket.id, phone.lastCode),
                                                               context: context), "a SIM swap cannot undo it") {
            XCTAssertEqual($0 as? ConfirmationError, .needsStrongFactor)
        }
        bank.clock.advance(seconds: 60)
        XCTAssertThrowsError(try security.turnOffAuthenticator(for: bob, password: Secret("wrong-password-1"),
                                                               confirmation: .authenticator(app.code(at: bank.clock.now())),
                                                               context: context))
        try security.turnOffAuthenticator(for: bob, password: bank.password("bob"),
                                          confirmation: .authenticator(app.code(at: bank.clock.now())), context: context)
        let status = try security.status(for: bob)
        XCTAssertFalse(status.authenticatorActive)
        XCTAssertEqual(status.recoveryCodesLeft, 0, "recovery codes go with the last strong factor")
        XCTAssertEqual(status.signInFactor, .smsCode, "bob's SMS verification is still on")
        XCTAssertTrue(phone.last?.text.hasPrefix("TermBank: two-factor sign-in was turned off (your authenticator app)") ?? false)
        XCTAssertEqual(try bank.recovery.useForSignIn(for: bob, code: codes[0], context: context), .notEnrolled)
        XCTAssertTrue(try bank.store.auditTrail(username: bob.username, limit: 5).contains { $0.event.kind == .authenticatorDisabled })
    }

    func testChangingThePhoneProvesTheNewNumberTellsBothAndCancelsCodesToTheOldOne() throws {
        let alice = try bank.user("alice")
        let security = bank.security(phone)
        let new = try PhoneNumber(validating: "+1 555 0199")
        let verify = bank.verify(phone)
        let pendingSignIn = try verify.start(for: alice, purpose: .signIn, context: context)
        let ticket = try security.sendConfirmationCode(for: alice, change: .changePhone(to: new), password: bank.password("alice"), context: context)
        XCTAssertEqual(phone.last?.to, alice.phone, "the current factor: a code to the number in use")
        XCTAssertNotEqual(ticket.id, pendingSignIn.id)
        let oldCode = phone.lastCode
        let proof = try security.sendConfirmationCode(for: alice, change: .proveNewPhone(new), password: bank.password("alice"), context: context)
        XCTAssertEqual(phone.last?.to, new, "the code that proves the new number goes to it")
        XCTAssertTrue(phone.last?.text.contains("confirms: this number receives your TermBank codes from now on.") ?? false,
                      phone.last?.text ?? "")
        let newCode = phone.lastCode
        XCTAssertThrowsError(try security.changePhone(for: alice, to: new, password: bank.password("alice"),
                                                      confirmation: .sms(ticket.id, oldCode), newPhoneCode: nil,
                                                      context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .needsNewPhoneCode)
        }
        XCTAssertThrowsError(try security.changePhone(for: alice, to: new, password: bank.password("alice"),
                                                      confirmation: .sms(proof.id, newCode),
                                                      newPhoneCode: (ticket.id, oldCode), context: context),
                             "each code proves only its own number") {
            XCTAssertEqual($0 as? ConfirmationError, .sms(.wrongCode(attemptsLeft: 2)))
        }
        let saved = try security.changePhone(for: alice, to: new, password: bank.password("alice"),
                                             confirmation: .sms(ticket.id, oldCode), newPhoneCode: (proof.id, newCode),
                                             context: context)
        XCTAssertEqual(saved.phone, new)
        let last = phone.messages.suffix(2)
        XCTAssertEqual(last.map(\.to), [alice.phone, new])
        XCTAssertTrue(last.first!.text.contains("your phone number was changed to +1 ***-***-0199"))
        XCTAssertTrue(last.last!.text.contains("this number now receives your TermBank codes"))
        XCTAssertEqual(try verify.status(pendingSignIn.id)?.status, .superseded, "the confirmation's code replaced it")
        XCTAssertEqual(try bank.store.auditTrail(username: alice.username, limit: 1).first?.event.detail,
                       "phone changed from +1 ***-***-0100 to +1 ***-***-0199")
        XCTAssertThrowsError(try security.changePhone(for: saved, to: new, password: bank.password("alice"),
                                                      confirmation: .sms(ticket.id, "000000"),
                                                      newPhoneCode: (proof.id, newCode), context: context))
    }

    func testAWrongAuthenticatorCodeLeavesTheSettingAndCountsTowardTheLock() throws {
        let (app, _) = try bank.enrolAuthenticator("carol", phone: phone)
        let carol = try bank.user("carol")
        let security = bank.security(phone)
        bank.clock.advance(seconds: 60)
        XCTAssertThrowsError(try security.turnOffAuthenticator(for: carol, password: bank.password("carol"),
                                                               confirmation: .authenticator("123456"), context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .authenticator(.wrongCode(attemptsLeft: 4)))
        }
        XCTAssertTrue(try security.status(for: carol).authenticatorActive)
        // A change that fails after the code was accepted leaves the code unused.
        XCTAssertThrowsError(try security.turnOffSMSVerification(for: carol, password: bank.password("carol"),
                                                                 confirmation: .authenticator(app.code(at: bank.clock.now())),
                                                                 context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .nothingToChange(.smsVerificationAlreadyOff))
        }
        guard case .verified = try bank.authenticator().checkSignIn(for: carol, code: app.code(at: bank.clock.now()),
                                                                    context: context) else {
            return XCTFail("rolled back with the refused change")
        }
    }
}
