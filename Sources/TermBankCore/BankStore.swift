/// How long a run of wrong passwords may be, and what it costs.
public struct LockoutPolicy: Equatable, Sendable {
    public let maximumFailures: Int
    public let lockSeconds: Int64
    /// A run of failures lapses this long after its last failure (or when
    /// its lock ends), for every typed name alike: a made-up name's count is
    /// then forgotten (its row deleted) without the forgetting telling it
    /// apart from a real account's.
    public let failureWindowSeconds: Int64

    public init(maximumFailures: Int = 5, lockSeconds: Int64 = 15 * 60, failureWindowSeconds: Int64 = 15 * 60) {
        self.maximumFailures = maximumFailures
        self.lockSeconds = lockSeconds
        self.failureWindowSeconds = failureWindowSeconds
    }

    public static let standard = LockoutPolicy()
}

/// The store's answer to "may this username try a password now?"
public enum SignInReservation: Equatable, Sendable {
    /// Locked: no attempt allowed before `until`.
    case locked(until: Timestamp)
    /// The attempt was counted as a failure in advance (so a crash or a
    /// concurrent burst cannot buy extra guesses); a correct password clears it.
    /// `failures` includes this attempt; `lockedUntil` is set when it is the last one allowed.
    case reserved(failures: Int, lockedUntil: Timestamp?)
}

/// Everything the core needs from persistent storage. The core owns this
/// protocol; SQLite is its first implementation. Every method is atomic: it
/// either happens entirely or not at all, whatever crashes.
public protocol BankStore: AnyObject, Sendable {
    // MARK: Users
    func createUser(_ user: NewUser, at time: Timestamp, context: AuditContext) throws -> UserRecord
    func user(named username: Username) throws -> UserRecord?
    func user(id: UserID) throws -> UserRecord?
    func passwordHash(of user: UserID) throws -> Secret?
    /// The user's hash and the spelling it was made from (nil user: none),
    /// and whether any customer's hash is still as typed, in one read.
    func passwordCheck(for user: UserID?) throws -> PasswordCheck
    /// The demo guest row of a user, removed or not; nil for a customer who is
    /// not a guest (every customer of a real bank). Every password check asks
    /// it: the guest rules (`GuestAccess`) are the core's, not the demo's wiring's.
    func guest(_ user: UserID) throws -> GuestRecord?
    /// Replaces the user's hash made as typed with `new`, made from NFKC (or
    /// the same hash, found to be NFKC's already), and marks it NFKC, with
    /// an audit row that names no password or hash; only while the stored
    /// hash is still `old` and as typed. Returns whether it replaced it (a
    /// concurrent sign-in may have done it first).
    func upgradePasswordHash(of user: UserID, from old: Secret, to new: Secret, at time: Timestamp,
                             context: AuditContext) throws -> Bool
    func listUsers() throws -> [UserSummary]
    /// Saves the user's "SMS verification on sign-in" switch, with its audit row.
    func setSMSVerification(_ on: Bool, for user: UserID, at time: Timestamp, context: AuditContext) throws -> UserRecord
    /// Saves the language the user chose in the app as their preference, with
    /// its audit row (a settings change: the code only).
    func setLanguage(_ language: Language, for user: UserID, at time: Timestamp, context: AuditContext) throws -> UserRecord

    // MARK: Sign-in throttling, shared by every process on the bank
    func reserveSignInAttempt(for counter: SignInCounter, policy: LockoutPolicy, at time: Timestamp) throws -> SignInReservation
    func clearSignInFailures(for counter: SignInCounter) throws
    /// Clears the name's locks and failure counts, its own and every origin's.
    /// Returns whether there was anything to clear.
    func unlock(_ username: Username, at time: Timestamp, context: AuditContext) throws -> Bool

    // MARK: Ledger
    func balances(of user: UserID) throws -> [AccountKind: Money]
    /// Books a transfer: one transfer row and two postings in one transaction,
    /// plus its audit row. A client id already booked returns the first receipt
    /// with `replayed == true`; reused for a different request, it throws.
    func book(_ request: TransferRequest, at time: Timestamp, context: AuditContext) throws -> TransferReceipt
    /// Books every request, in order, each at its own time, in one
    /// transaction: all of them or none. The same checks as `book` (a
    /// refusal anywhere books nothing). For a history booked at once: the
    /// demo's days, a benchmark's or a test's long statement.
    func book(all requests: [(request: TransferRequest, at: Timestamp)], context: AuditContext) throws -> [TransferReceipt]
    /// The transfer behind a reference, for reversals and receipts.
    func transfer(_ reference: TransferReference) throws -> TransferRequest?
    /// The reversal already booked for a transfer, if any.
    func reversal(of reference: TransferReference) throws -> TransferReference?
    /// Postings on the user's accounts, newest first, with the balance after each.
    func statement(of user: UserID, limit: Int) throws -> [StatementLine]
    /// One page of the user's statement, newest first: at most `limit`
    /// postings the filter admits, starting at `cursor` (keyset: the cost
    /// does not grow with how far back the page is). `.oldest` and `.above`
    /// pages are the postings just after their start, still returned newest first.
    func statementPage(of user: UserID, filter: StatementFilter, from cursor: StatementCursor,
                       limit: Int) throws -> [StatementLine]
    /// The user's total balance over the `days` days (UTC) from `firstDay`:
    /// the balance when the first began, and each day's money in and out
    /// (moves between the user's own accounts count as neither). The opening
    /// is today's balance less everything booked since `firstDay`, so the last
    /// day closes on today's balance.
    func balanceHistory(of user: UserID, firstDay: Timestamp, days: Int) throws -> BalanceHistory
    func checkInvariants() throws -> LedgerCheck

    // MARK: Payments
    /// Runs `body` in one write transaction that may book (the payment rules
    /// of the biometric step-up run in it): commits when it returns, rolls back when it throws.
    func inLedgerTransaction<T>(_ body: (LedgerTransaction) throws -> T) throws -> T
    /// The customer behind a username, with their name masked (confirmation of payee).
    func payee(named username: Username) throws -> Payee?
    /// Customers this one paid, most recently paid first, each once.
    func recentPayees(of user: UserID, limit: Int) throws -> [Payee]
    /// Payments to other customers booked from this customer's accounts since a time.
    func paidOut(by user: UserID, since time: Timestamp) throws -> Money
    /// Whether this customer has paid that customer before.
    func hasPaid(_ payee: UserID, from user: UserID) throws -> Bool

    // MARK: Audit (append-only)
    func append(_ event: AuditEvent) throws
    func auditTrail(username: Username?, limit: Int) throws -> [AuditRecord]

    // MARK: Bank lifecycle
    func bankKind() throws -> BankKind
    /// Wipes every user, account, transfer, device, verification and session
    /// (the audit trail stays) and creates `users` with their opening balances
    /// and `devices`, in one transaction.
    func reset(to kind: BankKind, users: [NewUser], devices: [NewDevice], at time: Timestamp,
               context: AuditContext) throws
}

extension BankStore {
    /// The name's own counter, shared by every origin (a real bank's only kind).
    public func reserveSignInAttempt(for username: Username, policy: LockoutPolicy,
                                     at time: Timestamp) throws -> SignInReservation {
        try reserveSignInAttempt(for: SignInCounter(username), policy: policy, at: time)
    }

    public func clearSignInFailures(for username: Username) throws {
        try clearSignInFailures(for: SignInCounter(username))
    }
}

/// Whether a database holds the demo bank, a real one, or nothing yet.
public enum BankKind: String, Sendable {
    case empty
    case demo
    case custom
}
