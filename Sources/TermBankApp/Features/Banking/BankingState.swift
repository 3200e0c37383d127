import TermBankCore

// The banking feature's screens: the statement and the transfer form.

public struct StatementScreen: Equatable, Sendable {
    public var notice: Notice?
    public init(notice: Notice? = nil) {
        self.notice = notice
    }
}

public struct TransferForm: Equatable, Sendable, HasFormStatus {
    public enum Stage: Equatable, Sendable {
        case editing
        /// What will be approved, exactly.
        case review(PendingTransfer)
    }
    public var from: AccountKind = .checking
    public var amountText = ""
    public var stage: Stage = .editing
    /// How Enter on the review will approve, as the bank answered when the
    /// review was shown (nil while it is asked). Only explains: Enter decides again.
    public var approval: Outcome<StepUpApproval>?
    public var status = FormStatus()
    public init() {}
}

/// Paying another customer: the payee's username (or a recent payee), then
/// confirmation of payee with the amount, reference and account, then the
/// review of exactly what the step-up will approve.
public struct PayForm: Equatable, Sendable, HasFormStatus {
    public enum Stage: Equatable, Sendable {
        case payee
        /// The bank confirmed who the username is; nothing moves yet.
        case details(Payee)
        case review(PendingTransfer)
    }
    public enum Field: Equatable, Sendable {
        case amount
        case reference
    }
    public var stage: Stage = .payee
    public var usernameText = ""
    /// Which recent payee ↑/↓ picked.
    public var highlighted: Int?
    public var amountText = ""
    public var referenceText = ""
    public var field: Field = .amount
    public var from: AccountKind = .checking
    /// The day's limit, what is left of it, and recent payees (nil until the bank answers).
    public var allowance: PaymentAllowance?
    /// How Enter on the review will approve, as the bank answered when the
    /// review was shown (nil while it is asked). Only explains: Enter decides again.
    public var approval: Outcome<StepUpApproval>?
    public var status = FormStatus()
    public init() {}
}

extension StepUpStart {
    /// Whether the bank started the approval the review named. Anything
    /// else (a sensor locked since, an app turned on elsewhere, a new phone
    /// number) is said on the step-up's screen.
    public func isWhat(_ approval: StepUpApproval) -> Bool {
        switch (self, approval) {
        case (.code(let ticket), .smsCode(let phone, _)): return ticket.phone == phone
        case (.authenticator, .authenticator): return true
        case (.biometric(let prompt), .biometric(let biometry)): return prompt.mode == .biometric && prompt.biometry == biometry
        case (.biometric(let prompt), .devicePasscode): return prompt.mode == .passcode
        default: return false
        }
    }
}
