import Foundation
import TermBankApp
import TermBankCore
import XCTest
@testable import TermBankCLI

/// Decision 68: on password SSH logins everyone picks from the same
/// demo phones, and their biometric and passcode lock-outs lived on the
/// shared device row. One stakeholder's five `x` and six wrong passcodes on
/// `iphone-touchid` refused carol's correct passcode to a stakeholder at
/// another address. Two terminals wired as `--demo` wires them, from two
/// origins: the lock is the one who caused it's alone.
final class SharedPhoneLockoutTests: LiveClientTestCase {
    let attacker = DemoOrigin(keyFingerprint: nil, address: "198.51.100.66")
    let stakeholder = DemoOrigin(keyFingerprint: nil, address: "203.0.113.7")

    /// A terminal at `origin` on the picked `iphone-touchid`, `name`'s password accepted, at the finger prompt.
    func atTheFingerPrompt(_ name: String, from origin: DemoOrigin) throws -> (LiveBankingClient, BiometricPrompt) {
        let live = try client(.unbound, device: "iphone-touchid", pickable: ["iphone-touchid"],
                              lockout: .perOrigin(origin))
        guard case .accepted(_, _, .biometric, _, _) = try live.signingIn.signIn(name, Secret(Self.passwords[name]!)),
              case .waiting(let prompt) = try live.signingIn.beginBiometric(.signIn) else {
            throw TestFailure("\(name) should be asked for a finger")
        }
        return (live, prompt)
    }

    /// Five failed touches (over two prompts) and six wrong passcodes: the phone's lock-outs, as this origin counts them.
    func lockThePhone(from origin: DemoOrigin) throws {
        var (live, prompt) = try atTheFingerPrompt("alice", from: origin)
        for touch in 1...BiometricAuthenticator.lockoutAfter {
            switch try live.signingIn.biometric(.nonMatchingTouch, prompt) {
            case .waiting(let next): prompt = next
            case .failed(.authenticationFailed, _) where touch == BiometricAuthenticator.attemptsPerPrompt:
                guard case .waiting(let next) = try live.signingIn.beginBiometric(.signIn) else {
                    throw TestFailure("a second prompt")
                }
                prompt = next
            case let other: throw TestFailure("touch \(touch): \(other)")
            }
        }
        XCTAssertEqual(prompt.mode, .passcode, "five failed touches lock the sensor")
        for _ in 1...(BiometricAuthenticator.freePasscodeAttempts + 1) {
            guard case .waiting(let next) = try live.signingIn.biometric(.passcode(Secret("000000")), prompt) else {
                throw TestFailure("a wrong passcode keeps the pad open")
            }
            prompt = next
        }
        XCTAssertEqual(prompt.notice, .wrongPasscode(lockedForMinutes: 1), "the sixth locks the passcode for a minute")
    }

    func testOneOriginsFailedTouchesAndPasscodesDoNotLockTheSharedPhoneForAnother() throws {
        try lockThePhone(from: attacker)

        // Another stakeholder picks the same phone: its sensor answers, and carol's passcode is taken.
        var (other, prompt) = try atTheFingerPrompt("carol", from: stakeholder)
        XCTAssertEqual(prompt.mode, .biometric, "the sensor is not locked here")
        XCTAssertNil(prompt.notice)
        guard case .waiting(let again) = try other.signingIn.biometric(.nonMatchingTouch, prompt),
              case .waiting(let pad) = try other.signingIn.biometric(.enterPasscode, again) else {
            return XCTFail("the passcode pad opens after a failed touch")
        }
        prompt = pad
        guard case .passed = try other.signingIn.biometric(.passcode(Secret(DemoBank.devicePasscode)), prompt) else {
            return XCTFail("carol's correct passcode is refused at another address")
        }
        _ = other

        // The one who locked it still meets the lock: its passcode pad is closed for the minute.
        let (locked, lockedPrompt) = try atTheFingerPrompt("carol", from: attacker)
        XCTAssertEqual(lockedPrompt.mode, .passcode, "the sensor is locked for the origin that locked it")
        guard case .waiting(let refused) = try locked.signingIn.biometric(.passcode(Secret(DemoBank.devicePasscode)),
                                                                            lockedPrompt) else {
            return XCTFail("the locked pad refuses even the right passcode")
        }
        XCTAssertEqual(refused.notice, .deviceLocked(minutes: 1))

        // And the phone's own counters, every real bank's, are untouched.
        let store = try clientAndContext(.unbound, device: nil).context.store()
        let phone = try XCTUnwrap(try store.device(named: "iphone-touchid"))
        XCTAssertEqual([phone.biometricFailures, phone.passcodeFailures], [0, 0])
        XCTAssertFalse(phone.biometryLockedOut)
    }
}
