import TermBankCore

/// What happened: a key, the clock, or a reply from the bank.
public enum Action: Equatable, Sendable {
    case key(Key)
    /// Text typed or pasted in one go (each Unicode scalar as a key, as the terminal sends them).
    case typed(String)
    case tick(Timestamp)

    case deviceSelected(Outcome<String>)
    /// Whether this device knows the username typed (its sitekey comes before the password).
    case sitekeyLookedUp(username: String, SitekeyLookup)
    case signInReplied(SignInReply)
    case biometricReplied(BiometricReply)
    case codeSent(Outcome<VerificationTicket>)
    case codeChecked(CodeReply)
    case authenticatorCodeChecked(CodeReply)
    case recoveryCodeChecked(CodeReply)
    case recoveryCodesMade(RecoveryCodesReply)
    case securityLoaded(Outcome<SecurityOverview>)
    case confirmationCodeSent(Outcome<VerificationTicket>)
    case enrolmentStarted(EnrolmentReply)
    case enrolmentFinished(ActivationReply)
    case securityChanged(SecurityChangeReply)
    case deviceTrusted(Outcome<Timestamp>)
    case trustedDeviceRevoked(SecurityChangeReply)
    case authenticatorTransferReplied(TransferReply)
    case sessionOpened(Outcome<SessionInfo>)
    /// The core asks for a factor the user turned on after the password step.
    case signInStillNeeds(SignInFactor)
    /// The sign-in attempt outlived its 5 minutes; the core's words.
    case signInExpired(String)
    case accountLoaded(Outcome<AccountSnapshot>)
    case transferReviewed(PendingTransfer)
    case stepUpStarted(Outcome<StepUpStart>)
    case transferReplied(TransferReply)
    case biometricTransferReplied(BiometricTransferReply)
    case smsSwitchReplied(SMSSwitchReply)
    /// The biometric check that turns biometric sign-in back on.
    case biometricSwitchReplied(BiometricReply)
    case sessionEnded(String)
    /// Demo mode: a guest customer made (or why not).
    case guestCreated(Outcome<GuestCredentials>)
    /// Demo mode: the simulated phone (nil: nobody is being signed in).
    case phoneLoaded(Outcome<PhoneInbox?>)
    /// Demo mode's phone window: watching that customer's phone (or why not).
    case phoneWatched(Outcome<String>)
}

/// A reply that may have failed, with a message fit for the screen.
public enum Outcome<Value: Equatable & Sendable>: Equatable, Sendable {
    case success(Value)
    case failure(String)
}

/// What to do: plain values the runtime performs against the bank; their
/// results come back as actions. The reducer never performs anything itself.
public enum Effect: Equatable, Sendable {
    case selectDevice(String)
    case lookUpSitekey(username: String)
    case signIn(username: String, password: Secret)
    case beginBiometric(reason: String)
    case biometric(BiometricEvent, BiometricPrompt)
    case sendSignInCode
    case resendCode(VerificationTicket)
    case checkSignInCode(VerificationTicket, code: String)
    case checkAuthenticatorCode(String)
    case checkRecoveryCode(Secret)
    case makeRecoveryCodes(password: Secret)
    case loadSecurity
    case sendConfirmationCode(SecurityChange)
    case beginEnrolment(password: Secret, code: Secret?)
    case finishEnrolment(String)
    case chooseSignInFactor(SignInFactor, password: Secret?, code: Secret?)
    case turnOffSMSVerification(password: Secret, code: Secret)
    case turnOffAuthenticator(password: Secret, code: Secret)
    case regenerateRecoveryCodes(password: Secret, code: Secret)
    case changePhone(PhoneNumber, password: Secret, code: Secret, newPhoneCode: Secret)
    case trustDevice
    case revokeTrustedDevice(TrustedDeviceID)
    case approveTransferWithAuthenticator(code: String, PendingTransfer)
    case openSession
    case loadAccount(UserRecord)
    case reviewTransfer(user: UserID, from: AccountKind, to: AccountKind, amount: Money)
    case beginTransferApproval(PendingTransfer)
    case approveTransfer(VerificationTicket, code: String, PendingTransfer)
    case approveTransferWithBiometric(BiometricEvent, BiometricPrompt, PendingTransfer)
    case turnOnSMSVerification
    case touchSession
    /// Asks whether the session still stands (every second while signed in), without counting as activity.
    case checkSession
    case beginBiometricSwitch
    case biometricSwitch(BiometricEvent, BiometricPrompt)
    case turnOnBiometricSignIn(password: Secret)
    case signOut(SessionEndReason)
    case notMyImage
    /// Demo mode only.
    case createGuest
    case loadPhone
    case watchPhone(String)
    case redraw
    case quit
}

extension BiometricEvent: Equatable {
    public static func == (lhs: BiometricEvent, rhs: BiometricEvent) -> Bool {
        switch (lhs, rhs) {
        case (.matchingTouch, .matchingTouch), (.nonMatchingTouch, .nonMatchingTouch), (.cancel, .cancel),
             (.enterPasscode, .enterPasscode), (.systemCancel, .systemCancel):
            return true
        case (.passcode(let a), .passcode(let b)):
            return a == b
        default:
            return false
        }
    }
}
