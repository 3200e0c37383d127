import TermBankCore

/// Signed in (the live `LiveSession`): the session's checks and the banking
/// feature's effects run against it. Each call checks the session first.
public struct SessionClient: Sendable {
    /// Records activity; throws `SessionError` when the session has ended.
    public var touchSession: @Sendable () throws -> Void = unimplemented("signedIn.touchSession")
    /// Throws `SessionError` once the session has ended (elsewhere too); not activity.
    public var checkSession: @Sendable () throws -> Void = unimplemented("signedIn.checkSession")
    public var loadAccount: @Sendable (_ user: UserRecord) throws -> AccountSnapshot = unimplemented("signedIn.loadAccount")
    /// The statement with another window of the history (scrolled, filtered, searched): the
    /// refreshes that follow (`loadAccount`) read that window until the next request.
    public var loadStatement: @Sendable (_ request: StatementRequest) throws -> AccountSnapshot
        = unimplemented("signedIn.loadStatement")
    public var newTransferID: @Sendable () throws -> TransferClientID = unimplemented("signedIn.newTransferID")
    /// How Enter on a review will approve this transfer or payment, as the
    /// bank's step-up policy decides it now (sends nothing). Throws the
    /// refusal Enter would meet: over today's limit, the factor it needs locked.
    public var stepUpApproval: @Sendable (_ transfer: PendingTransfer) throws -> StepUpApproval
        = unimplemented("signedIn.stepUpApproval")
    /// What the step-up for this transfer needs, and starts it.
    public var beginTransferApproval: @Sendable (_ transfer: PendingTransfer) throws -> StepUpStart
        = unimplemented("signedIn.beginTransferApproval")
    /// The step-up's proof (the SMS code, the biometric prompt's event, or the
    /// authenticator's code) and the booking of exactly this transfer, in one call.
    public var approveTransfer: @Sendable (_ proof: StepUpProof, _ transfer: PendingTransfer) throws -> TransferApprovalReply
        = unimplemented("signedIn.approveTransfer")
    /// The pay form: the daily limit, what is left of it today, and up to 10 recent payees.
    public var paymentAllowance: @Sendable () throws -> PaymentAllowance = unimplemented("signedIn.paymentAllowance")
    /// Confirmation of payee: the customer a username names, their name masked.
    /// Throws the core's `unknownPayee` or `selfPayment`.
    public var lookUpPayee: @Sendable (_ username: String) throws -> Payee = unimplemented("signedIn.lookUpPayee")

    public init() {}
}
