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
    public var status = FormStatus()
    public init() {}
}
