import TermBankCore

/// The security settings (the live `LiveSecurity`; the SMS switch and the
/// saved language are the session's, trusting the device the sign-in's):
/// the security feature's effects run against it.
public struct SecurityClient: Sendable {
    /// The settings screen: the user's second factors and trusted devices.
    public var securityOverview: @Sendable () throws -> SecurityOverview = unimplemented("settings.securityOverview")
    /// An SMS code bound to a change (users without an authenticator confirm with it); a phone
    /// change's codes with the password, which the bank checks first.
    public var sendConfirmationCode: @Sendable (_ change: SecurityChange, _ password: Secret?) throws -> VerificationTicket
        = unimplemented("settings.sendConfirmationCode")
    /// The password (and, to replace an active authenticator, its code or a recovery code): the secret to show once.
    public var beginEnrolment: @Sendable (_ password: Secret, _ code: Secret?) throws -> EnrolmentReply
        = unimplemented("settings.beginEnrolment")
    /// The first code from the new app turns it on.
    public var finishEnrolment: @Sendable (_ code: String) throws -> ActivationReply = unimplemented("settings.finishEnrolment")
    /// Which second factor signs in; moving to SMS needs the password and a code.
    public var chooseSignInFactor: @Sendable (_ factor: SignInFactor, _ password: Secret?, _ code: Secret?) throws
        -> SecurityChangeReply = unimplemented("settings.chooseSignInFactor")
    /// SMS verification on, at once (off needs the password and a code: `turnOffSMSVerification`).
    public var turnOnSMSVerification: @Sendable () throws -> SMSSwitchReply = unimplemented("settings.turnOnSMSVerification")
    public var turnOffSMSVerification: @Sendable (_ password: Secret, _ code: Secret) throws -> SecurityChangeReply
        = unimplemented("settings.turnOffSMSVerification")
    /// Turning the authenticator off, a new set of recovery codes, a new phone
    /// number: each needs the password and a second-factor code in the same call.
    public var turnOffAuthenticator: @Sendable (_ password: Secret, _ code: Secret) throws -> SecurityChangeReply
        = unimplemented("settings.turnOffAuthenticator")
    public var regenerateRecoveryCodes: @Sendable (_ password: Secret, _ code: Secret) throws -> RecoveryCodesReply
        = unimplemented("settings.regenerateRecoveryCodes")
    /// The current second factor's code and the code sent to the new number.
    public var changePhone: @Sendable (_ phone: PhoneNumber, _ password: Secret, _ code: Secret, _ newPhoneCode: Secret) throws
        -> SecurityChangeReply = unimplemented("settings.changePhone")
    /// "Trust this device for 30 days", right after a sign-in that passed a second factor: until when.
    public var trustDevice: @Sendable () throws -> Timestamp = unimplemented("settings.trustDevice")
    public var revokeTrustedDevice: @Sendable (_ id: TrustedDeviceID) throws -> SecurityChangeReply
        = unimplemented("settings.revokeTrustedDevice")
    /// The biometric check (a finger or a face, not the passcode) that, with the password, turns biometric sign-in on.
    public var beginBiometricSwitch: @Sendable () throws -> BiometricReply = unimplemented("settings.beginBiometricSwitch")
    public var biometricSwitch: @Sendable (_ event: BiometricEvent, _ prompt: BiometricPrompt) throws -> BiometricReply
        = unimplemented("settings.biometricSwitch")
    /// The password, with the check just passed: biometric sign-in on, pinned to the enrollment the check saw.
    public var turnOnBiometricSignIn: @Sendable (_ password: Secret) throws -> SecurityChangeReply
        = unimplemented("settings.turnOnBiometricSignIn")
    /// Saves the signed-in user's chosen language as their preference (a settings change, audited).
    public var saveLanguage: @Sendable (_ language: Language) throws -> Void = unimplemented("settings.saveLanguage")

    public init() {}
}
