import Foundation
import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// After the phone's enrolled fingers change, biometric sign-in turns itself
/// off; it comes back only with a passing biometric check and the password in
/// one call, pinned to the new enrollment.
final class BiometricSwitchTests: XCTestCase {
    var bank: TestBank!
    var alice: UserRecord!
    let context = AuditContext(sessionID: nil, deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        alice = try bank.user("alice")
    }

    var switchService: BiometricSignInSwitch {
        BiometricSignInSwitch(settings: bank.settings, devices: bank.store,
                              passwords: PasswordSignIn(store: bank.store, hasher: bank.bank.hasher, clock: bank.clock),
                              clock: bank.clock)
    }

    var phone: Device { get throws { try bank.device("iphone-touchid") } }

    func check(_ event: BiometricEvent, on device: String = "iphone-touchid") throws -> BiometricApproval {
        let auth = bank.authenticator
        guard case .waiting(var prompt) = auth.begin(.biometricsOrPasscode, on: try bank.device(device), reason: .turnOnBiometricSignIn) else {
            XCTFail("no prompt")
            throw TestFailure("unreachable")
        }
        if case .passcode = event {
            // The passcode pad opens after a failed touch.
            guard case .waiting(let failed) = try auth.handle(.nonMatchingTouch, in: prompt),
                  case .waiting(let pad) = try auth.handle(.enterPasscode, in: failed) else { throw TestFailure("no pad") }
            prompt = pad
        }
        guard case .finished(.success, let approval?) = try auth.handle(event, in: prompt) else {
            XCTFail("the check did not pass")
            throw TestFailure("unreachable")
        }
        return approval
    }

    /// alice signed in with her finger (the switch pinned to today's
    /// enrollment), then someone enrolled another finger: the switch is off.
    func enrollmentChanged() throws {
        try bank.settings.pin(try check(.matchingTouch), for: alice)
        try bank.store.modifyDevice(try phone.id) { $0.enrollmentState = "a-finger-enrolled-later" }
        let state = try bank.settings.state(for: alice, on: try phone, context: context)
        XCTAssertFalse(state.enabled)
        XCTAssertTrue(state.reverificationRequired)
        XCTAssertEqual(try switchService.status(for: alice, on: try phone), .off(enrollmentChanged: true))
    }

    func turnOn(_ password: Secret, _ approval: BiometricApproval) throws {
        try switchService.turnOn(for: alice, on: try phone, password: password, approval: approval, context: context)
    }

    /// The attack: whoever enrolled their own finger on alice's phone passes
    /// the check; without her password the switch stays off.
    func testSomeoneWhoEnrolledTheirFingerCannotTurnItBackOnWithoutThePassword() throws {
        try enrollmentChanged()
        let approval = try check(.matchingTouch)
        XCTAssertThrowsError(try turnOn(Secret("not-her-password"), approval)) {
            XCTAssertEqual($0 as? ConfirmationError, .password(.incorrect(attemptsLeft: 4)))
        }
        XCTAssertEqual(try switchService.status(for: alice, on: try phone), .off(enrollmentChanged: true))
        XCTAssertEqual(SignInFlow.requiredFactors(user: alice, device: try phone,
                                                  biometricEnabled: try bank.settings.state(for: alice, on: try phone,
                                                                                            context: context).enabled,
                                                  reverificationRequired: false),
                       [.password], "sign-in does not ask for the finger")
    }

    /// The attack: someone who knows the password (phished) but has no finger
    /// on the sensor tries the device passcode, an old check, or another phone's.
    func testThePasswordWithoutAFreshBiometricCheckOnThisPhoneIsNotEnough() throws {
        let before = try check(.matchingTouch)
        try enrollmentChanged()
        let refusals: [(String, BiometricApproval)] = [
            ("a check from before the enrollment changed", before),
            ("the device passcode", try check(.passcode(Secret(DemoBank.devicePasscode)))),
            ("another phone's check", try check(.matchingTouch, on: "iphone-faceid")),
        ]
        for (what, approval) in refusals {
            XCTAssertThrowsError(try turnOn(bank.password("alice"), approval), what) {
                XCTAssertEqual($0 as? BiometricSettings.EnableError, .needsBiometricEvaluation, what)
            }
        }
        let stale = try check(.matchingTouch)
        bank.clock.advance(seconds: 60)
        XCTAssertThrowsError(try turnOn(bank.password("alice"), stale), "a check a minute old") {
            XCTAssertEqual($0 as? BiometricSettings.EnableError, .needsBiometricEvaluation)
        }
        XCTAssertEqual(try switchService.status(for: alice, on: try phone), .off(enrollmentChanged: true))
        let failures = try bank.store.connection.query("SELECT failures FROM signin_throttle WHERE username = 'alice'")
        XCTAssertTrue(failures.isEmpty || failures[0].int(0) == 0, "without the check the password was not even tried")
    }

    func testBothProofsTurnItOnPinnedToTheNewEnrollmentSoTheNextChangeTurnsItOffAgain() throws {
        try enrollmentChanged()
        // She signed in since with the SMS code the change demanded, and opened Security.
        try bank.settings.clearReverification(for: alice, on: try phone)
        try turnOn(bank.password("alice"), try check(.matchingTouch))
        XCTAssertEqual(try switchService.status(for: alice, on: try phone), .on)
        let state = try bank.settings.state(for: alice, on: try phone, context: context)
        XCTAssertTrue(state.enabled)
        XCTAssertEqual(SignInFlow.requiredFactors(user: alice, device: try phone, biometricEnabled: state.enabled,
                                                  reverificationRequired: state.reverificationRequired),
                       [.password, .biometric], "sign-in asks for the finger again")
        let audit = try bank.store.auditTrail(username: alice.username, limit: 5).map(\.event.detail)
        XCTAssertTrue(audit.contains("biometric sign-in turned on on iphone-touchid"), "\(audit)")

        try bank.store.modifyDevice(try phone.id) { $0.enrollmentState = "yet-another-finger" }
        XCTAssertFalse(try bank.settings.state(for: alice, on: try phone, context: context).enabled)
        XCTAssertEqual(try switchService.status(for: alice, on: try phone), .off(enrollmentChanged: true))
    }

    func testAPhoneWithoutBiometryHasNoSwitch() throws {
        XCTAssertNil(try switchService.status(for: alice, on: try bank.device("old-phone")))
        XCTAssertEqual(try switchService.status(for: alice, on: try phone), .on, "on by default where a finger is enrolled")
    }
}
