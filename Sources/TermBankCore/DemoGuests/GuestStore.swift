/// A guest customer as the store keeps it.
public struct GuestRecord: Equatable, Sendable {
    public let userID: UserID
    public let username: Username
    public let phone: PhoneNumber
    public let keyFingerprint: String?
    public let address: String
    public let createdAt: Timestamp
    public let expiresAt: Timestamp

    public init(userID: UserID, username: Username, phone: PhoneNumber, keyFingerprint: String?, address: String,
                createdAt: Timestamp, expiresAt: Timestamp) {
        self.userID = userID
        self.username = username
        self.phone = phone
        self.keyFingerprint = keyFingerprint
        self.address = address
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// The store's answer to "create this guest".
public enum GuestInsert: Equatable, Sendable {
    case created(UserRecord)
    case usernameTaken
    case phoneTaken
    /// The address made its limit in the window; the oldest of those ages out at `retryAt`.
    case rateLimited(retryAt: Timestamp)
}

/// What removing an expired guest did.
public struct GuestRemoval: Equatable, Sendable {
    public let username: Username
    /// What was swept back to the bank's funding account (both accounts together).
    public let swept: Money
    public let sessionsEnded: Int

    public init(username: Username, swept: Money, sessionsEnded: Int) {
        self.username = username
        self.swept = swept
        self.sessionsEnded = sessionsEnded
    }
}

/// Guest customers' storage. Each method is one transaction.
public protocol GuestStore: AnyObject, Sendable {
    /// Counts the address's guests made since `windowStart` and refuses at
    /// `limit`; checks the username and number are free; then creates the
    /// user (opening balances from the funding account) and the guest row.
    func insertGuest(_ user: NewUser, origin: DemoOrigin, expiresAt: Timestamp, limit: Int, windowStart: Timestamp,
                     at time: Timestamp, context: AuditContext) throws -> GuestInsert
    /// Guests not yet removed whose time is up at `time`.
    func expiredGuests(at time: Timestamp) throws -> [GuestRecord]
    /// Removes a guest: ends and deletes their sessions, sweeps both balances
    /// back to the funding account with booked transfers, deletes every row
    /// that is theirs alone, and leaves the user row (the ledger's accounts
    /// point to it) unable to sign in. Postings and transfers stay: they are immutable.
    func removeGuest(_ user: UserID, at time: Timestamp, context: AuditContext) throws -> GuestRemoval?
    /// Live guests made with this key, newest first.
    func guests(boundTo keyFingerprint: String, at time: Timestamp) throws -> [GuestRecord]
    // The guest row of a user is read with `BankStore.guest(_:)`: every password check asks it.
}
