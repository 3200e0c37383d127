/// The line under a biometric sheet's reason after something went wrong, as
/// a value; the catalog words it (LocalAuthentication's table, seed 001).
public enum BiometricNotice: Equatable, Sendable {
    /// Five non-matching touches or faces: only the passcode unlocks biometry.
    case biometryLockedOut
    /// A non-matching touch or face, with tries left in this prompt.
    case tryAgain
    /// Too many wrong passcodes: the pad is locked for this long (rounded up).
    case deviceLocked(minutes: Int64)
    /// A wrong passcode, and the lock it started if it started one.
    case wrongPasscode(lockedForMinutes: Int64?)
}
