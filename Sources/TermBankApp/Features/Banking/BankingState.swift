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
