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
        EnglishCoreCatalog().text(self, biometry: biometry)
    }

    /// The same as a value for a catalog to word. Which outcomes show
    /// nothing is the table's rule, not a language's: the English catalog,
    /// which holds the table, decides it for every language.
    public func notice(for biometry: BiometryType) -> CoreMessage? {
        message(for: biometry) == nil ? nil : .biometric(self, biometry)
    }
}

/// LAPolicy: biometrics only (`deviceOwnerAuthenticationWithBiometrics`), or
/// biometrics with the device passcode as fallback (`deviceOwnerAuthentication`).
public enum BiometricPolicy: Sendable, Equatable {
    case biometricsOnly
    case biometricsOrPasscode
}
