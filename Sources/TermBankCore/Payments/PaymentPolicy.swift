/// The rules a payment to another customer is booked under, checked in the
/// booking's own transaction (`PendingTransfer.book(in:policy:at:context:)`),
/// whichever step-up approved it.
public struct PaymentPolicy: Equatable, Sendable {
    /// The most a customer may pay other customers in one UTC calendar day.
    public let dailyLimit: Money

    public init(dailyLimit: Money = PaymentPolicy.defaultDailyLimit) { self.dailyLimit = dailyLimit }

    public static let defaultDailyLimit = Money(units: 10_000)
    public static let standard = PaymentPolicy()

    /// Midnight UTC at the start of `now`'s day: the bank's business day.
    public static func dayStart(_ now: Timestamp) -> Timestamp {
        let day: Int64 = 86_400_000
        let ms = now.millisecondsSinceEpoch
        return Timestamp(millisecondsSinceEpoch: (ms >= 0 ? ms / day : (ms - day + 1) / day) * day)
    }

    /// What may still be paid today, given what was paid (never negative).
    public func left(afterPaying paid: Money) -> Money {
        max(.zero, dailyLimit.subtracting(paid) ?? .zero)
    }
}

/// What the pay form shows before anything is typed.
public struct PaymentAllowance: Equatable, Sendable {
    public let dailyLimit: Money
    public let leftToday: Money
    /// Up to 10 customers paid before, most recent first.
    public let recentPayees: [Payee]

    public init(dailyLimit: Money, leftToday: Money, recentPayees: [Payee]) {
        self.dailyLimit = dailyLimit
        self.leftToday = leftToday
        self.recentPayees = recentPayees
    }
}

/// The part of a write transaction that books money: the verification, second-factor
/// and plain ledger transactions all offer it, so a payment's rules run in the
/// same transaction as the check of the code that approves it.
public protocol LedgerTransaction {
    /// Books in this same transaction (the store's double-entry booking).
    func book(_ transfer: TransferRequest, at time: Timestamp, context: AuditContext) throws -> TransferReceipt
    /// The total of payments to other customers booked from this customer's accounts since a time.
    func paidOut(by user: UserID, since time: Timestamp) throws -> Money
    /// Whether this customer has paid that customer before (a trusted beneficiary).
    func hasPaid(_ payee: UserID, from user: UserID) throws -> Bool
    /// The customer behind a username now, with their masked name.
    func payee(named username: Username) throws -> Payee?
    func append(_ event: AuditEvent) throws
    /// When this customer's demo day ends, if they are a guest (removed or not); nil for every other customer.
    func guestExpiry(of user: UserID) throws -> Timestamp?
}

extension PendingTransfer {
    /// Books this transfer in the caller's transaction. A payment is booked
    /// only to the customer its username names now, never to oneself, and
    /// only within the daily limit; a retried client id returns its first
    /// receipt. The limit is checked after booking, counting this payment, so
    /// a retry is never refused for the money it moved itself; a refusal
    /// throws, which rolls the whole transaction back.
    public func book(in tx: LedgerTransaction, policy: PaymentPolicy, at now: Timestamp,
                     context: AuditContext) throws -> TransferReceipt {
        try GuestDay.check(userID, in: tx, at: now)
        try checkLimit()
        guard let payee else { return try tx.book(request, at: now, context: context) }
        guard payee.userID != userID else { throw LedgerError.selfPayment }
        guard let current = try tx.payee(named: payee.username), current.userID == payee.userID else {
            throw LedgerError.unknownPayee
        }
        let receipt = try tx.book(request, at: now, context: context)
        guard !receipt.replayed else { return receipt }
        let paid = try tx.paidOut(by: userID, since: PaymentPolicy.dayStart(now))
        if paid > policy.dailyLimit {
            let before = paid.subtracting(amount) ?? paid
            throw LedgerError.dailyLimitExceeded(limit: policy.dailyLimit, left: policy.left(afterPaying: before))
        }
        return receipt
    }
}
