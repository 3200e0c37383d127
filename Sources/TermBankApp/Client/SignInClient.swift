import TermBankCore

/// Signing in (the live `LiveSignIn`): the sign-in and second-factor
/// features' effects run against it. The client holds the attempt and its proofs.
public struct SignInClient: Sendable {
    /// Chooses the simulated device this session stands for (SSH without a known key).
    public var selectDevice: @Sendable (_ name: String) throws -> Void = unimplemented("signingIn.selectDevice")
    /// After the username: this device's record of a completed sign-in by that
    /// name, if any. Every other case (no such user too) is `.notKnownHere`.
    public var lookUpSitekey: @Sendable (_ username: String) throws -> SitekeyLookup = unimplemented("signingIn.lookUpSitekey")
    public var notMyImage: @Sendable () throws -> Void = unimplemented("signingIn.notMyImage")
    /// Password step. On success the client holds the sign-in attempt.
    public var signIn: @Sendable (_ username: String, _ password: Secret) throws -> SignInReply = unimplemented("signingIn.signIn")
    public var beginBiometric: @Sendable (_ reason: BiometricReason) throws -> BiometricReply
        = unimplemented("signingIn.beginBiometric")
    public var biometric: @Sendable (_ event: BiometricEvent, _ prompt: BiometricPrompt) throws -> BiometricReply
        = unimplemented("signingIn.biometric")
    /// Starts (or re-uses) the sign-in SMS code.
    public var sendSignInCode: @Sendable () throws -> VerificationTicket = unimplemented("signingIn.sendSignInCode")
    /// A new code for a ticket: the sign-in's, or a transfer's step-up (the phase that sent it resends it).
    public var resendCode: @Sendable (_ ticket: VerificationTicket) throws -> VerificationTicket
        = unimplemented("signingIn.resendCode")
    public var checkSignInCode: @Sendable (_ ticket: VerificationTicket, _ code: String) throws -> CodeReply
        = unimplemented("signingIn.checkSignInCode")
    /// A code from the authenticator app in place of the SMS code (when the attempt's next factor is `.authenticator`).
    public var checkAuthenticatorCode: @Sendable (_ code: String) throws -> CodeReply = unimplemented("signingIn.checkAuthenticatorCode")
    /// A recovery code in place of whichever second factor is due.
    public var checkRecoveryCode: @Sendable (_ code: Secret) throws -> CodeReply = unimplemented("signingIn.checkRecoveryCode")
    /// After signing in with the last recovery code: the password makes a new set, shown once.
    public var makeRecoveryCodesAfterLastUse: @Sendable (_ password: Secret) throws -> RecoveryCodesReply
        = unimplemented("signingIn.makeRecoveryCodesAfterLastUse")
    /// Opens the session once every factor has passed.
    public var openSession: @Sendable () throws -> SessionInfo = unimplemented("signingIn.openSession")

    public init() {}
}
