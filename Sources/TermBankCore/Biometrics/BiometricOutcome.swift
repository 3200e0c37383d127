/// How a biometric evaluation ended, mirroring LAError (plus success).
public enum BiometricOutcome: String, Equatable, Sendable, CaseIterable {
    case success
    case authenticationFailed
    case userCancel
    case userFallback
    case systemCancel
    case biometryNotAvailable
    case biometryNotEnrolled
    case biometryLockout
    case passcodeNotSet

    /// What the user is told, after the table in seed 001. `nil`: show
    /// nothing (the user cancelled on purpose, or chose the passcode).
    public func message(for biometry: BiometryType) -> String? {
        let sensor = biometry == .none ? "Face ID / Touch ID" : biometry.displayName
        switch self {
        case .success, .userCancel, .userFallback:
            return nil
        case .authenticationFailed:
            return "\(sensor) Authentication Failed. Sign In process stopped."
        case .systemCancel:
            return "Authentication was cancelled by the system."
        case .biometryNotAvailable:
            return "Face ID / Touch ID is not available on this device. Please use your passcode."
        case .biometryNotEnrolled:
            let settings = biometry == .faceID ? "Face ID & Passcode" : "Touch ID & Passcode"
            return "No biometric data is enrolled. Please set up \(sensor) in Settings > \(settings)."
        case .biometryLockout:
            return "Too many failed attempts. Please use your passcode to unlock biometrics."
        case .passcodeNotSet:
            return "A device passcode is required to use biometric authentication. Set one in Settings."
        }
    }
}

/// LAPolicy: biometrics only (`deviceOwnerAuthenticationWithBiometrics`), or
/// biometrics with the device passcode as fallback (`deviceOwnerAuthentication`).
public enum BiometricPolicy: Sendable, Equatable {
    case biometricsOnly
    case biometricsOrPasscode
}
