/// One biometric prompt on screen: an `evaluatePolicy` call in progress.
/// A value: the app keeps it in its state and hands it back with each event.
public struct BiometricPrompt: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// Waiting for a finger or a face.
        case biometric
        /// The device passcode pad (fallback, or because biometry is locked).
        case passcode
    }

    public let deviceID: DeviceID
    public let biometry: BiometryType
    public let policy: BiometricPolicy
    /// Why the prompt is up, shown under the title in the customer's words.
    public let reason: BiometricReason
    public internal(set) var mode: Mode
    /// Non-matching attempts in this prompt.
    public internal(set) var failedAttempts: Int
    /// A line under the reason: "Try Again", "Wrong passcode", ...
    public internal(set) var notice: BiometricNotice?

    /// A prompt is only what the sheet shows; the proof of a pass is a
    /// `BiometricApproval`, which only the authenticator makes.
    public init(deviceID: DeviceID, biometry: BiometryType, policy: BiometricPolicy, reason: BiometricReason, mode: Mode,
                failedAttempts: Int = 0, notice: BiometricNotice? = nil) {
        self.deviceID = deviceID
        self.biometry = biometry
        self.policy = policy
        self.reason = reason
        self.mode = mode
        self.failedAttempts = failedAttempts
        self.notice = notice
    }

    /// The "Enter Passcode" button appears after the first failure, as on iOS.
    public var offersPasscode: Bool {
        mode == .biometric && failedAttempts > 0 && policy == .biometricsOrPasscode
    }
}

/// What the person does at the prompt.
public enum BiometricEvent: Sendable {
    case matchingTouch
    case nonMatchingTouch
    case cancel
    case enterPasscode
    case systemCancel
    case passcode(Secret)
}

/// The prompt's state after an event.
public enum BiometricProgress: Equatable, Sendable {
    case waiting(BiometricPrompt)
    case finished(BiometricOutcome, BiometricApproval?)
}

/// Proof that an evaluation succeeded just now on a device. Only the
/// authenticator can make one, so no other code can claim a biometric pass.
public struct BiometricApproval: Equatable, Sendable {
    public enum Method: Equatable, Sendable {
        case biometric
        case devicePasscode
    }

    public let deviceID: DeviceID
    public let method: Method
    public let enrollmentState: String?
    public let at: Timestamp

    init(deviceID: DeviceID, method: Method, enrollmentState: String?, at: Timestamp) {
        self.deviceID = deviceID
        self.method = method
        self.enrollmentState = enrollmentState
        self.at = at
    }
}
