import TermBankCore

/// What to do: plain values the runtime performs against the bank; their
/// results come back as actions. The reducer never performs anything itself.
public enum Effect: Equatable, Sendable {
    case selectDevice(String)
    case lookUpSitekey(username: String)
    case signIn(username: String, password: Secret)
    case beginBiometric(reason: BiometricReason)
    case biometric(BiometricEvent, BiometricPrompt)
    case sendSignInCode
    case resendCode(VerificationTicket)
    case checkSignInCode(VerificationTicket, code: String)
    case checkAuthenticatorCode(String)
    case checkRecoveryCode(Secret)
    case makeRecoveryCodes(password: Secret)
    case loadSecurity
    /// A phone change's codes carry the password: the bank checks it before it sends them.
    case sendConfirmationCode(SecurityChange, password: Secret? = nil)
    case beginEnrolment(password: Secret, code: Secret?)
    case finishEnrolment(String)
    case chooseSignInFactor(SignInFactor, password: Secret?, code: Secret?)
    case turnOffSMSVerification(password: Secret, code: Secret)
    case turnOffAuthenticator(password: Secret, code: Secret)
    case regenerateRecoveryCodes(password: Secret, code: Secret)
    case changePhone(PhoneNumber, password: Secret, code: Secret, newPhoneCode: Secret)
    case trustDevice
    case revokeTrustedDevice(TrustedDeviceID)
    case openSession
    case loadAccount(UserRecord)
    /// Another window of the statement's history (a scroll, a filter, a search).
    case loadStatement(StatementRequest)
    case reviewTransfer(user: UserID, from: AccountKind, to: AccountKind, amount: Money)
    /// How Enter on this review will approve it, asked when the review is shown.
    case loadStepUpApproval(PendingTransfer)
    case beginTransferApproval(PendingTransfer)
    case loadPaymentAllowance
    case lookUpPayee(String)
    case reviewPayment(user: UserID, from: AccountKind, payee: Payee, amount: Money, reference: PaymentReference?)
    case approveTransfer(StepUpProof, PendingTransfer)
    case turnOnSMSVerification
    case touchSession
    /// Asks whether the session still stands (every second while signed in), without counting as activity.
    case checkSession
    case beginBiometricSwitch
    case biometricSwitch(BiometricEvent, BiometricPrompt)
    case turnOnBiometricSignIn(password: Secret)
    case signOut(SessionEndReason)
    case notMyImage
    /// Demo mode only: a guest customer, their sitekey phrase in this language.
    case createGuest(Language)
    case loadPhone
    /// Demo mode: the guided story's marks, read again each second like the phone.
    case loadStory
    case watchPhone(String)
    /// The language on the screen changed: the phone's texts fall back to it.
    case useLanguage(Language)
    /// Saves the signed-in user's chosen language as their preference (audited as a settings change).
    case saveLanguage(Language)
    case redraw
    case quit
}
