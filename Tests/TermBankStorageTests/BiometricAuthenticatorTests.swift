import TermBankCore
import TermBankStorage
import XCTest

/// The simulated LocalAuthentication, case by case, with its numbers at their boundaries.
final class BiometricAuthenticatorTests: XCTestCase {
    var bank: TestBank!

    override func setUpWithError() throws { bank = try TestBank() }

    func prompt(_ device: String, policy: BiometricPolicy = .biometricsOrPasscode) throws -> BiometricPrompt {
        guard case .waiting(let prompt) = bank.authenticator.begin(policy, on: try bank.device(device),
                                                                    reason: .signIn) else {
            XCTFail("no prompt")
            throw TestFailure("unreachable")
        }
        return prompt
    }

    func addDevice(_ name: String, biometry: BiometryType, enrolled: Bool, passcode: Bool) throws -> Device {
        try bank.store.addDevice(NewDevice(name: name, biometry: biometry, enrolled: enrolled,
                                           passcodeHash: passcode ? Secret(try bank.bank.hasher.hash(Secret("2468"))) : nil,
                                           enrollmentState: enrolled ? "state-1" : nil),
                                 at: bank.clock.now(), context: .operatorCLI)
    }

    func testAvailabilityMirrorsCanEvaluatePolicy() throws {
        let auth = bank.authenticator
        XCTAssertNil(auth.availability(of: .biometricsOnly, on: try bank.device("iphone-touchid")))
        XCTAssertNil(auth.availability(of: .biometricsOnly, on: try bank.device("iphone-faceid")))
        XCTAssertEqual(auth.availability(of: .biometricsOnly, on: try bank.device("old-phone")), .biometryNotAvailable)
        XCTAssertNil(auth.availability(of: .biometricsOrPasscode, on: try bank.device("old-phone")))
        let notEnrolled = try addDevice("bare-phone", biometry: .touchID, enrolled: false, passcode: true)
        XCTAssertEqual(auth.availability(of: .biometricsOnly, on: notEnrolled), .biometryNotEnrolled)
        let noPasscode = try addDevice("open-phone", biometry: .faceID, enrolled: true, passcode: false)
        XCTAssertEqual(auth.availability(of: .biometricsOnly, on: noPasscode), .passcodeNotSet)
        XCTAssertEqual(auth.availability(of: .biometricsOrPasscode, on: noPasscode), .passcodeNotSet)
        XCTAssertEqual(auth.begin(.biometricsOnly, on: noPasscode, reason: .signIn), .finished(.passcodeNotSet, nil))
    }

    func testAMatchingFingerSucceedsWithABiometricApproval() throws {
        let progress = try bank.authenticator.handle(.matchingTouch, in: try prompt("iphone-touchid"))
        guard case .finished(.success, let approval?) = progress else { return XCTFail("\(progress)") }
        XCTAssertEqual(approval.method, .biometric)
        XCTAssertEqual(approval.deviceID, try bank.device("iphone-touchid").id)
    }

    func testTheFirstFailureOffersThePasscodeAndTheThirdEndsThePrompt() throws {
        let auth = bank.authenticator
        let start = try prompt("iphone-touchid")
        XCTAssertFalse(start.offersPasscode)
        guard case .waiting(let once) = try auth.handle(.nonMatchingTouch, in: start) else { return XCTFail() }
        XCTAssertEqual(once.notice, .tryAgain)
        XCTAssertTrue(once.offersPasscode)
        guard case .waiting(let twice) = try auth.handle(.nonMatchingTouch, in: once) else { return XCTFail() }
        XCTAssertEqual(try auth.handle(.nonMatchingTouch, in: twice), .finished(.authenticationFailed, nil))
        XCTAssertEqual(try bank.device("iphone-touchid").biometricFailures, 3)
    }

    func testFiveNonMatchingAttemptsInARowLockBiometryAndTheLockIsPersisted() throws {
        let auth = bank.authenticator
        var current = try prompt("iphone-faceid")
        for _ in 0..<3 { if case .waiting(let next) = try auth.handle(.nonMatchingTouch, in: current) { current = next } }
        current = try prompt("iphone-faceid")
        guard case .waiting(let fourth) = try auth.handle(.nonMatchingTouch, in: current) else { return XCTFail() }
        XCTAssertFalse(try bank.device("iphone-faceid").biometryLockedOut, "4 in a row: not yet")
        guard case .waiting(let fifth) = try auth.handle(.nonMatchingTouch, in: fourth) else { return XCTFail() }
        XCTAssertTrue(try bank.device("iphone-faceid").biometryLockedOut, "the 5th locks")
        XCTAssertEqual(fifth.mode, .passcode, "with the passcode policy, lockout falls back to the passcode")
        XCTAssertEqual(fifth.notice, .biometryLockedOut)

        // Another process, another prompt: still locked.
        XCTAssertEqual(bank.authenticator.availability(of: .biometricsOnly, on: try bank.device("iphone-faceid")),
                       .biometryLockout)
        XCTAssertEqual(try prompt("iphone-faceid").mode, .passcode)
        let correct = try auth.handle(.passcode(Secret(DemoBank.devicePasscode)), in: try prompt("iphone-faceid"))
        guard case .finished(.success, let approval?) = correct else { return XCTFail("\(correct)") }
        XCTAssertEqual(approval.method, .devicePasscode)
        XCTAssertFalse(try bank.device("iphone-faceid").biometryLockedOut, "a correct passcode clears the lockout")
        XCTAssertEqual(try prompt("iphone-faceid").mode, .biometric)
    }

    func testAMatchingFingerResetsTheRun() throws {
        let auth = bank.authenticator
        for _ in 0..<2 { _ = try auth.handle(.nonMatchingTouch, in: try prompt("iphone-touchid")) }
        _ = try auth.handle(.matchingTouch, in: try prompt("iphone-touchid"))
        XCTAssertEqual(try bank.device("iphone-touchid").biometricFailures, 0)
    }

    func testBiometricsOnlyLockoutEndsThePromptWithLockout() throws {
        let auth = bank.authenticator
        for _ in 0..<4 { _ = try auth.handle(.nonMatchingTouch, in: try prompt("iphone-touchid", policy: .biometricsOnly)) }
        XCTAssertEqual(try auth.handle(.nonMatchingTouch, in: try prompt("iphone-touchid", policy: .biometricsOnly)),
                       .finished(.biometryLockout, nil))
    }

    func testWrongPasscodesGetGrowingDelaysAfterSix() throws {
        let auth = bank.authenticator
        var current = try prompt("old-phone")
        XCTAssertEqual(current.mode, .passcode)
        for _ in 0..<5 {
            guard case .waiting(let next) = try auth.handle(.passcode(Secret("0000")), in: current) else { return XCTFail() }
            XCTAssertEqual(next.notice, .wrongPasscode(lockedForMinutes: nil))
            current = next
        }
        guard case .waiting(let sixth) = try auth.handle(.passcode(Secret("0000")), in: current) else { return XCTFail() }
        XCTAssertEqual(sixth.notice, .wrongPasscode(lockedForMinutes: 1))
        bank.clock.advance(seconds: 59)
        guard case .waiting(let early) = try auth.handle(.passcode(Secret(DemoBank.devicePasscode)), in: sixth) else {
            return XCTFail("even the right passcode waits")
        }
        XCTAssertEqual(early.notice, .deviceLocked(minutes: 1))
        bank.clock.advance(seconds: 1)
        guard case .waiting(let seventh) = try auth.handle(.passcode(Secret("0000")), in: early) else { return XCTFail() }
        XCTAssertEqual(seventh.notice, .wrongPasscode(lockedForMinutes: 5))
        XCTAssertEqual(BiometricAuthenticator.passcodeDelaySeconds(afterFailures: 8), 15 * 60)
        XCTAssertEqual(BiometricAuthenticator.passcodeDelaySeconds(afterFailures: 9), 60 * 60)
        bank.clock.advance(seconds: 300)
        guard case .finished(.success, _) = try auth.handle(.passcode(Secret(DemoBank.devicePasscode)), in: seventh) else {
            return XCTFail()
        }
        XCTAssertEqual(try bank.device("old-phone").passcodeFailures, 0)
    }

    func testCancelFallbackAndSystemCancel() throws {
        let auth = bank.authenticator
        XCTAssertEqual(try auth.handle(.cancel, in: try prompt("iphone-touchid")), .finished(.userCancel, nil))
        XCTAssertEqual(try auth.handle(.systemCancel, in: try prompt("iphone-touchid")), .finished(.systemCancel, nil))
        let start = try prompt("iphone-touchid", policy: .biometricsOnly)
        XCTAssertEqual(try auth.handle(.enterPasscode, in: start), .waiting(start), "no fallback button before a failure")
        guard case .waiting(let failed) = try auth.handle(.nonMatchingTouch, in: start) else { return XCTFail() }
        XCTAssertEqual(try auth.handle(.enterPasscode, in: failed), .finished(.userFallback, nil))
    }

    func testEveryOutcomeHasTheSeedsMessage() {
        XCTAssertNil(BiometricOutcome.userCancel.message(for: .touchID), "the user cancelled on purpose: no error")
        XCTAssertNil(BiometricOutcome.userFallback.message(for: .touchID))
        XCTAssertNil(BiometricOutcome.success.message(for: .faceID))
        XCTAssertEqual(BiometricOutcome.authenticationFailed.message(for: .touchID),
                       "Touch ID Authentication Failed. Sign In process stopped.")
        XCTAssertEqual(BiometricOutcome.biometryNotAvailable.message(for: .none),
                       "Face ID / Touch ID is not available on this device. Please use your passcode.")
        XCTAssertEqual(BiometricOutcome.biometryNotEnrolled.message(for: .faceID),
                       "No biometric data is enrolled. Please set up Face ID in Settings > Face ID & Passcode.")
        XCTAssertEqual(BiometricOutcome.biometryLockout.message(for: .touchID),
                       "Too many failed attempts. Please use your passcode to unlock biometrics.")
        XCTAssertEqual(BiometricOutcome.passcodeNotSet.message(for: .touchID),
                       "A device passcode is required to use biometric authentication. Set one in Settings.")
        XCTAssertEqual(BiometricOutcome.systemCancel.message(for: .touchID), "Authentication was cancelled by the system.")
    }
}
