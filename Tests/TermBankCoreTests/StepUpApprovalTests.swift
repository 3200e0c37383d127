import TermBankCore
import XCTest

/// The step-up policy's one rule for how a reviewed transfer is approved
/// (`StepUpPolicy.approval(given:)`), pure: the review names its answer, and
/// `beginTransferApproval` starts it (`LiveStepUpApprovalTests` checks the two agree).
final class StepUpApprovalTests: XCTestCase {
    let phone = PhoneNumber(trusted: "+15550100")
    let threshold = StepUpPolicy(smsThreshold: Money(units: 100))
    let later = Timestamp(secondsSinceEpoch: 1_796_000_900)

    func device(_ biometry: BiometryType, lockedOut: Bool = false, enrolled: Bool = true) -> Device {
        Device(id: DeviceID(1), name: "phone", biometry: biometry, enrolled: enrolled, hasPasscode: true,
               biometricFailures: lockedOut ? 5 : 0, biometryLockedOut: lockedOut, passcodeFailures: 0,
               passcodeRetryAt: nil, enrollmentState: enrolled ? "e" : nil)
    }

    func facts(_ units: Int64, device: Device?, authenticator: Bool = false, payment: StepUpFacts.Payment? = nil,
               authenticatorLockedUntil: Timestamp? = nil, smsLockedUntil: Timestamp? = nil) -> StepUpFacts {
        StepUpFacts(amount: Money(units: units), payment: payment, phone: phone, device: device,
                    authenticatorActive: authenticator, authenticatorLockedUntil: authenticatorLockedUntil,
                    smsCodesLockedUntil: smsLockedUntil)
    }

    func paid(firstPayee: Bool, left: Int64 = 10_000) -> StepUpFacts.Payment {
        StepUpFacts.Payment(firstPayee: firstPayee, dailyLimit: Money(units: 10_000), leftToday: Money(units: left))
    }

    func testUnderTheThresholdOnATouchIDPhoneTheFingerprintApproves() throws {
        XCTAssertEqual(try threshold.approval(given: facts(5, device: device(.touchID))), .biometric(.touchID))
        XCTAssertEqual(try threshold.approval(given: facts(5, device: device(.faceID))), .biometric(.faceID))
        XCTAssertEqual(try threshold.approval(given: facts(5, device: device(.touchID), payment: paid(firstPayee: false))),
                       .biometric(.touchID), "a payee paid before is a trusted beneficiary")
    }

    func testWithoutAThresholdEveryTransferNeedsTheSMSCodeToTheRegisteredPhone() throws {
        XCTAssertEqual(try StepUpPolicy.always.approval(given: facts(5, device: device(.touchID))),
                       .smsCode(to: phone, firstPayee: false))
        XCTAssertEqual(try threshold.approval(given: facts(100, device: device(.touchID))),
                       .smsCode(to: phone, firstPayee: false), "at the threshold, the code")
        XCTAssertEqual(try threshold.approval(given: facts(5, device: device(.none))), .smsCode(to: phone, firstPayee: false),
                       "no sensor, no biometric step-up")
        XCTAssertEqual(try threshold.approval(given: facts(5, device: device(.touchID, enrolled: false))),
                       .smsCode(to: phone, firstPayee: false), "a sensor with nothing enrolled")
        XCTAssertEqual(try threshold.approval(given: facts(5, device: nil)), .smsCode(to: phone, firstPayee: false))
    }

    func testAnActiveAuthenticatorReplacesTheSMSCodeButNotTheFingerprint() throws {
        XCTAssertEqual(try threshold.approval(given: facts(500, device: device(.touchID), authenticator: true)),
                       .authenticator(firstPayee: false))
        XCTAssertEqual(try threshold.approval(given: facts(5, device: device(.touchID), authenticator: true)),
                       .biometric(.touchID))
    }

    func testAFirstPayeeNeedsACodeUnderTheThresholdAndTheReviewSaysThatIsWhy() throws {
        XCTAssertEqual(try threshold.approval(given: facts(5, device: device(.touchID), payment: paid(firstPayee: true))),
                       .smsCode(to: phone, firstPayee: true))
        XCTAssertEqual(try threshold.approval(given: facts(5, device: device(.touchID), authenticator: true,
                                                           payment: paid(firstPayee: true))),
                       .authenticator(firstPayee: true))
        XCTAssertEqual(try threshold.approval(given: facts(500, device: device(.touchID), payment: paid(firstPayee: true))),
                       .smsCode(to: phone, firstPayee: false), "over the threshold the amount asks for the code anyway")
    }

    func testALockedSensorFallsBackToTheDevicePasscodeAsThePromptDoes() throws {
        XCTAssertEqual(try threshold.approval(given: facts(5, device: device(.faceID, lockedOut: true))),
                       .devicePasscode(.faceID))
        XCTAssertEqual(try StepUpPolicy.always.approval(given: facts(5, device: device(.faceID, lockedOut: true))),
                       .smsCode(to: phone, firstPayee: false), "a lockout matters only where biometry would approve")
    }

    func testALockedAuthenticatorNeverFallsBackToAnSMSCode() {
        // A thief with the session and a swapped SIM would lock the app on purpose, then approve by SMS.
        XCTAssertThrowsError(try threshold.approval(given: facts(500, device: device(.touchID), authenticator: true,
                                                                 authenticatorLockedUntil: later))) {
            XCTAssertEqual($0 as? CoreMessage, .authenticator(.locked(until: self.later)))
        }
        XCTAssertEqual(try threshold.approval(given: facts(5, device: device(.touchID), authenticator: true,
                                                           authenticatorLockedUntil: later)),
                       .biometric(.touchID), "a lock on codes does not stop a fingerprint where one approves")
    }

    func testLockedSMSCodesRefuseWhatNeedsOne() {
        XCTAssertThrowsError(try StepUpPolicy.always.approval(given: facts(5, device: device(.touchID),
                                                                           smsLockedUntil: later))) {
            XCTAssertEqual($0 as? VerifyError, .smsCodesLocked(until: self.later))
        }
        XCTAssertEqual(try threshold.approval(given: facts(500, device: nil, authenticator: true, smsLockedUntil: later)),
                       .authenticator(firstPayee: false), "an authenticator user does not need SMS codes")
    }

    func testAPaymentOverWhatIsLeftTodayIsRefusedWhateverTheFactor() {
        XCTAssertThrowsError(try threshold.approval(given: facts(21, device: device(.touchID),
                                                                 payment: paid(firstPayee: false, left: 20)))) {
            XCTAssertEqual($0 as? LedgerError, .dailyLimitExceeded(limit: Money(units: 10_000), left: Money(units: 20)))
        }
        XCTAssertEqual(try threshold.approval(given: facts(20, device: device(.touchID),
                                                           payment: paid(firstPayee: false, left: 20))),
                       .biometric(.touchID), "exactly what is left is allowed")
    }

    /// The answer never names a factor the booking would refuse: wherever it
    /// says biometric, the older `requirement` (which the biometric booking
    /// checks) says biometric too, for every combination.
    func testTheApprovalNeverPromisesLessThanTheRequirement() throws {
        for policy in [StepUpPolicy.always, threshold] {
            for phoneDevice in [nil, device(.touchID), device(.faceID, lockedOut: true), device(.none)] {
                for authenticator in [false, true] {
                    for payment in [nil, paid(firstPayee: true), paid(firstPayee: false)] {
                        for units: Int64 in [5, 100, 500] {
                            let given = facts(units, device: phoneDevice, authenticator: authenticator, payment: payment)
                            let required = policy.requirement(for: given.amount, on: phoneDevice,
                                                              authenticatorActive: authenticator,
                                                              firstPayment: payment?.firstPayee ?? false)
                            switch try policy.approval(given: given) {
                            case .biometric, .devicePasscode: XCTAssertEqual(required, .biometric)
                            case .smsCode: XCTAssertEqual(required, .smsCode)
                            case .authenticator: XCTAssertEqual(required, .authenticator)
                            }
                        }
                    }
                }
            }
        }
    }
}
