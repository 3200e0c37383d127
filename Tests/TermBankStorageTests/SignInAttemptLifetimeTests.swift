import TermBankCore
import TermBankStorage
import XCTest

/// A sign-in attempt lives 5 minutes from its password step, and the factors
/// it needs are the user's settings when the session opens, not when the
/// password was checked: an attempt parked on a screen cannot open a session
/// without a factor turned on meanwhile.
final class SignInAttemptLifetimeTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    let context = AuditContext(sessionID: nil, deviceID: "old-phone")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
    }

    func begin(_ name: String, on device: String) throws -> SignInAttempt {
        guard case .inProgress(let attempt) = try bank.flow.begin(username: name, password: bank.password(name),
                                                                  device: try bank.device(device), context: context) else {
            XCTFail("refused")
            throw TestFailure("unreachable")
        }
        return attempt
    }

    func smsProof(_ name: String) throws -> VerificationProof {
        let user = try bank.user(name)
        let verify = bank.verify(phone)
        let ticket = try verify.start(for: user, purpose: .signIn, context: context)
        guard case .verified(let proof) = try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: user,
                                                           context: context) else {
            XCTFail("not verified")
            throw TestFailure("unreachable")
        }
        return proof
    }

    func testAnAttemptParkedOnTheSitekeyAsksForSMSTurnedOnMeanwhile() throws {
        let parked = try begin("alice", on: "old-phone")
        XCTAssertEqual(parked.required, [.password], "alice has no second factor when she types her password")
        _ = try bank.store.setSMSVerification(true, for: parked.user.id, at: bank.clock.now(), context: context)

        XCTAssertThrowsError(try bank.flow.complete(parked, context: context), "the parked attempt opens nothing") {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .incomplete(missing: .smsCode))
        }
        let rechecked = try bank.flow.recheck(parked, context: context)
        XCTAssertEqual(rechecked.next, .smsCode, "asked for, not skipped")
        let done = try bank.flow.complete(try bank.flow.passSMSCode(rechecked, proof: try smsProof("alice")),
                                          context: context)
        XCTAssertEqual(done.factors, [.password, .smsCode])
    }

    func testAnAttemptParkedOnTheBiometricPromptAsksForAnAuthenticatorSetUpMeanwhile() throws {
        let parked = try begin("alice", on: "iphone-touchid")
        XCTAssertEqual(parked.required, [.password, .biometric])
        let (app, _) = try bank.enrolAuthenticator("alice")
        guard case .waiting(let prompt) = bank.authenticator.begin(.biometricsOrPasscode, on: try bank.device("iphone-touchid"),
                                                                   reason: .signIn),
              case .finished(.success, let approval?) = try bank.authenticator.handle(.matchingTouch, in: prompt) else {
            return XCTFail("no approval")
        }
        let afterFinger = try bank.flow.passBiometric(parked, approval: approval)
        XCTAssertThrowsError(try bank.flow.complete(afterFinger, context: context)) {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .incomplete(missing: .authenticator))
        }
        bank.clock.advance(seconds: 30)
        let rechecked = try bank.flow.recheck(afterFinger, context: context)
        XCTAssertTrue(rechecked.acceptsRecoveryCode, "her new recovery codes stand in too")
        guard case .verified(let proof) = try bank.authenticator().checkSignIn(
            for: rechecked.user, code: app.code(at: bank.clock.now()), context: context) else { return XCTFail() }
        let done = try bank.flow.complete(try bank.flow.passAuthenticator(rechecked, proof: proof), context: context)
        XCTAssertEqual(done.factors, [.password, .biometric, .authenticator])
    }

    func testAnAttemptParkedMoreThanFiveMinutesOpensNothing() throws {
        let parked = try begin("alice", on: "old-phone")
        bank.clock.advance(seconds: 299)
        XCTAssertNoThrow(try bank.flow.recheck(parked, context: context), "4:59 after the password: still alive")
        bank.clock.advance(seconds: 1)
        XCTAssertThrowsError(try bank.flow.complete(parked, context: context)) {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .expired)
            XCTAssertEqual("\($0)", "This sign-in was started more than 5 minutes ago. "
                           + "Start again with your username and password.")
        }
    }

    func testAFreshCodeCannotReviveAnExpiredAttempt() throws {
        let parked = try begin("bob", on: "old-phone")
        bank.clock.advance(seconds: 300)
        let proof = try smsProof("bob")
        XCTAssertThrowsError(try bank.flow.passSMSCode(parked, proof: proof), "the code is fresh, the attempt is not") {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .expired)
        }
    }
}
