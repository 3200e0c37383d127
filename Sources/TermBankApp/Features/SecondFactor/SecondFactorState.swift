import TermBankCore

// The second factor's screens, at sign-in and for a transfer's step-up.

/// Why a prompt or a code screen is up.
public enum StepPurpose: Equatable, Sendable {
    case signIn
    case transfer(PendingTransfer)
}

public struct BiometricScreen: Equatable, Sendable {
    /// Why the prompt is up: a step (`StepPurpose`), or Security's check;
    /// the core's reason, which the sheet words.
    public typealias Purpose = BiometricReason
    public var prompt: BiometricPrompt
    public let purpose: Purpose
    /// What has been typed on the passcode pad.
    public var passcode = Secret("")
    public var busy = false
    /// A transfer's step-up that is not what its review named (the bank decided again at Enter).
    public var changedSinceReview = false
}

public struct PinEntry: Equatable, Sendable, HasFormStatus {
    public var ticket: VerificationTicket
    public let purpose: StepPurpose
    public var digits = ""
    public var notice: AppMessage?
    public var attemptsLeft = VerifyConfiguration.standard.maximumWrongChecks
    /// `u` opens the recovery-code field (only at sign-in, when the attempt accepts one).
    public var acceptsRecoveryCode = false
    /// A transfer's step-up that is not what its review named (the bank decided again at Enter).
    public var changedSinceReview = false
    /// When the bank said a new code may be asked for, if it refused one
    /// sooner than this screen's ticket counted (another session of the same
    /// customer asked for one on the same request).
    public var resendNotBefore: Timestamp?
    /// The bank said a newer code was asked for elsewhere, so this one no
    /// longer works: `r` asks for a new one at once, as for an expired code.
    public var superseded = false
    public var status = FormStatus()
    public init(ticket: VerificationTicket, purpose: StepPurpose, digits: String = "", error: AppMessage? = nil,
                notice: AppMessage? = nil, attemptsLeft: Int = VerifyConfiguration.standard.maximumWrongChecks, busy: Bool = false, acceptsRecoveryCode: Bool = false) {
        self.ticket = ticket
        self.purpose = purpose
        self.digits = digits
        self.notice = notice
        self.attemptsLeft = attemptsLeft
        self.acceptsRecoveryCode = acceptsRecoveryCode
        self.status = FormStatus(busy: busy, error: error)
    }
}

public struct AuthenticatorEntry: Equatable, Sendable, HasFormStatus {
    public var purpose: StepPurpose
    public var digits = ""
    /// A transfer's step-up that is not what its review named (the bank decided again at Enter).
    public var changedSinceReview = false
    public var status = FormStatus()
    public init(purpose: StepPurpose = .signIn, digits: String = "", error: AppMessage? = nil, busy: Bool = false) {
        self.purpose = purpose
        self.digits = digits
        self.status = FormStatus(busy: busy, error: error)
    }
}

public struct RecoveryCodeEntry: Equatable, Sendable, HasFormStatus {
    /// Where Esc goes back to: the screen the recovery code stands in for.
    public enum Instead: Equatable, Sendable {
        case authenticator
        case smsCode(VerificationTicket)
    }
    public let instead: Instead
    public var code = Secret("")
    public var status = FormStatus()
    public init(instead: Instead, code: Secret = Secret(""), error: AppMessage? = nil, busy: Bool = false) {
        self.instead = instead
        self.code = code
        self.status = FormStatus(busy: busy, error: error)
    }
}

public struct NewRecoveryCodesScreen: Equatable, Sendable, HasFormStatus {
    public enum Stage: Equatable, Sendable {
        /// The password makes the new set (the last code's grant stands in for the second factor).
        case password(Secret)
        /// Shown once; leaving the screen forgets them.
        case shown([Secret])
    }
    public var stage: Stage
    public var status = FormStatus()
    public init(stage: Stage = .password(Secret("")), error: AppMessage? = nil, busy: Bool = false) {
        self.stage = stage
        self.status = FormStatus(busy: busy, error: error)
    }
}
