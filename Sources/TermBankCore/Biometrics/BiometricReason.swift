/// Why a biometric prompt is up: LocalAuthentication's `localizedReason`,
/// kept as a value so that the sheet says it in the customer's language
/// (the app's catalog words it when it draws the sheet).
public enum BiometricReason: Equatable, Sendable {
    /// The second factor of a sign-in.
    case signIn
    /// The step-up for this transfer: the sheet names what it approves.
    case transfer(PendingTransfer)
    /// The check that (with the password) turns biometric sign-in back on.
    case turnOnBiometricSignIn
}
