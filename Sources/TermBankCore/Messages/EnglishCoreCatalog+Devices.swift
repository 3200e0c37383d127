/// The simulated phone's biometric sheet and the biometric sign-in switch,
/// in the words of the LocalAuthentication table (seed 001).
extension EnglishCoreCatalog {
    public func text(_ error: BiometricSettings.EnableError) -> String {
        "Turning biometric sign-in on needs a successful Touch ID or Face ID check."
    }

    public func text(_ outcome: BiometricOutcome, biometry: BiometryType) -> String? {
        let sensor = biometry == .none ? "Face ID / Touch ID" : biometry.displayName
        switch outcome {
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

    public func text(_ notice: BiometricNotice, biometry: BiometryType) -> String {
        switch notice {
        case .biometryLockedOut: return text(.biometryLockout, biometry: biometry) ?? ""
        case .tryAgain: return "Try Again"
        case .deviceLocked(let minutesLeft): return "Device locked. Try again in \(minutes(minutesLeft))."
        case .wrongPasscode(lockedForMinutes: nil): return "Wrong passcode. Try again."
        case .wrongPasscode(lockedForMinutes: let minutesLeft?):
            return "Wrong passcode. Device locked; try again in \(minutes(minutesLeft))."
        }
    }
}
