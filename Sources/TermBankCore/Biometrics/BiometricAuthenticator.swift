/// A faithful simulation of LocalAuthentication on a stored device:
/// availability checks, the prompt's attempts, lockout after 5 non-matching
/// attempts in a row (persisted), the passcode fallback that clears it, and
/// growing delays after 6 wrong passcodes.
///
/// The lock-outs are the phone's, as on a real one. At the shared demo the
/// picker's phones are everyone's (a password SSH login picks one), so there
/// each origin counts its own (`scope`, as wrong passwords and codes do,
/// decisions 40 and 46): one stakeholder's five `x` and six wrong passcodes
/// lock `iphone-touchid` for that stakeholder alone (decision 68).
public struct BiometricAuthenticator: Sendable {
    public static let lockoutAfter = 5
    /// A single prompt gives up with `authenticationFailed` after this many.
    public static let attemptsPerPrompt = 3
    public static let freePasscodeAttempts = 5

    let store: DeviceStore
    let hasher: PasswordHasher
    let clock: TimeSource
    /// Whose counters a prompt's failures go to: the device's, or at the shared demo this origin's.
    let scope: LockoutScope

    public init(store: DeviceStore, hasher: PasswordHasher, clock: TimeSource, scope: LockoutScope = .perCustomer) {
        self.store = store
        self.hasher = hasher
        self.clock = clock
        self.scope = scope
    }

    /// The device as this authenticator counts it: give `begin` this one.
    public func device(_ id: DeviceID) throws -> Device? {
        try store.device(id: id, scope: scope)
    }

    /// How long to wait after the n-th wrong passcode in a row (iOS-like):
    /// five free tries, then 1, 5, 15 and 60 minutes.
    public static func passcodeDelaySeconds(afterFailures failures: Int) -> Int64 {
        switch failures {
        case ..<6: return 0
        case 6: return 60
        case 7: return 5 * 60
        case 8: return 15 * 60
        default: return 60 * 60
        }
    }

    /// `canEvaluatePolicy`: nil when a prompt can be shown, else the error.
    public func availability(of policy: BiometricPolicy, on device: Device) -> BiometricOutcome? {
        // iOS allows biometry only on a device with a passcode.
        guard device.hasPasscode else { return .passcodeNotSet }
        switch policy {
        case .biometricsOnly:
            if device.biometry == .none { return .biometryNotAvailable }
            if !device.enrolled { return .biometryNotEnrolled }
            if device.biometryLockedOut { return .biometryLockout }
            return nil
        case .biometricsOrPasscode:
            return nil
        }
    }

    /// `evaluatePolicy`: shows the prompt, or ends at once with the reason it cannot.
    public func begin(_ policy: BiometricPolicy, on device: Device, reason: BiometricReason) -> BiometricProgress {
        if let problem = availability(of: policy, on: device) { return .finished(problem, nil) }
        let biometricUsable = device.hasUsableBiometry && !device.biometryLockedOut
        var prompt = BiometricPrompt(deviceID: device.id, biometry: device.biometry, policy: policy, reason: reason,
                                     mode: biometricUsable ? .biometric : .passcode, failedAttempts: 0, notice: nil)
        if device.biometryLockedOut {
            prompt.notice = .biometryLockedOut
        }
        return .waiting(prompt)
    }

    public func handle(_ event: BiometricEvent, in prompt: BiometricPrompt) throws -> BiometricProgress {
        var prompt = prompt
        switch event {
        case .cancel:
            return .finished(.userCancel, nil)
        case .systemCancel:
            return .finished(.systemCancel, nil)
        case .enterPasscode:
            guard prompt.mode == .biometric, prompt.failedAttempts > 0 else { return .waiting(prompt) }
            guard prompt.policy == .biometricsOrPasscode else { return .finished(.userFallback, nil) }
            prompt.mode = .passcode
            prompt.notice = nil
            return .waiting(prompt)
        case .matchingTouch:
            guard prompt.mode == .biometric else { return .waiting(prompt) }
            let state = try store.modifyDevice(prompt.deviceID, scope: scope) { counters -> String? in
                counters.biometricFailures = 0
                return counters.enrollmentState
            }
            return .finished(.success, BiometricApproval(deviceID: prompt.deviceID, method: .biometric,
                                                        enrollmentState: state, at: clock.now()))
        case .nonMatchingTouch:
            guard prompt.mode == .biometric else { return .waiting(prompt) }
            let lockedOut = try store.modifyDevice(prompt.deviceID, scope: scope) { counters -> Bool in
                counters.biometricFailures += 1
                if counters.biometricFailures >= BiometricAuthenticator.lockoutAfter { counters.biometryLockedOut = true }
                return counters.biometryLockedOut
            }
            prompt.failedAttempts += 1
            if lockedOut {
                guard prompt.policy == .biometricsOrPasscode else { return .finished(.biometryLockout, nil) }
                prompt.mode = .passcode
                prompt.notice = .biometryLockedOut
                return .waiting(prompt)
            }
            if prompt.failedAttempts >= BiometricAuthenticator.attemptsPerPrompt {
                return .finished(.authenticationFailed, nil)
            }
            prompt.notice = .tryAgain
            return .waiting(prompt)
        case .passcode(let passcode):
            guard prompt.mode == .passcode else { return .waiting(prompt) }
            return try checkPasscode(passcode, prompt: prompt)
        }
    }

    private func checkPasscode(_ passcode: Secret, prompt: BiometricPrompt) throws -> BiometricProgress {
        var prompt = prompt
        let now = clock.now()
        guard let device = try store.device(id: prompt.deviceID, scope: scope) else { return .finished(.systemCancel, nil) }
        if let retryAt = device.passcodeRetryAt, now < retryAt {
            prompt.notice = .deviceLocked(minutes: BiometricAuthenticator.minutes(until: retryAt, from: now))
            return .waiting(prompt)
        }
        let hash = try store.devicePasscodeHash(prompt.deviceID)
        let matches = hash.map { hasher.verify(passcode, against: $0.exposedValue) } ?? false
        if matches {
            let state = try store.modifyDevice(prompt.deviceID, scope: scope) { counters -> String? in
                counters.passcodeFailures = 0
                counters.passcodeRetryAt = nil
                // A correct passcode is what clears a biometric lockout.
                counters.biometricFailures = 0
                counters.biometryLockedOut = false
                return counters.enrollmentState
            }
            return .finished(.success, BiometricApproval(deviceID: prompt.deviceID, method: .devicePasscode,
                                                        enrollmentState: state, at: now))
        }
        let retryAt = try store.modifyDevice(prompt.deviceID, scope: scope) { counters -> Timestamp? in
            counters.passcodeFailures += 1
            let delay = BiometricAuthenticator.passcodeDelaySeconds(afterFailures: counters.passcodeFailures)
            counters.passcodeRetryAt = delay > 0 ? now.adding(seconds: delay) : nil
            return counters.passcodeRetryAt
        }
        prompt.notice = .wrongPasscode(lockedForMinutes: retryAt.map { BiometricAuthenticator.minutes(until: $0, from: now) })
        return .waiting(prompt)
    }

    /// Whole minutes until a time, rounded up: a lock never reads as shorter than it is.
    static func minutes(until: Timestamp, from now: Timestamp) -> Int64 {
        let seconds = max(0, (until.millisecondsSinceEpoch - now.millisecondsSinceEpoch + 999) / 1000)
        return (seconds + 59) / 60
    }
}
