import TermBankCore

// The banking feature's screens: the statement and the transfer form.

public struct StatementScreen: Equatable, Sendable {
    public var notice: String?
    public var noticeIsError = false
    public init(notice: String? = nil, noticeIsError: Bool = false) {
        self.notice = notice
        self.noticeIsError = noticeIsError
    }
}

public struct TransferForm: Equatable, Sendable {
    public enum Stage: Equatable, Sendable {
        case editing
        /// What will be approved, exactly.
        case review(PendingTransfer)
    }
    public var from: AccountKind = .checking
    public var amountText = ""
    public var stage: Stage = .editing
    public var error: AppMessage?
    public var busy = false
    public init() {}
}
