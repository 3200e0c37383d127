/// A customer's row id in the store.
public struct UserID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
}

/// The two accounts every customer has (the seed's "checking" and "saving").
public enum AccountKind: String, CaseIterable, Sendable, Comparable {
    case checking
    case savings

    public var displayName: String { EnglishCoreCatalog().text(self) }

    public var other: AccountKind { self == .checking ? .savings : .checking }

    /// Accepts "checking", "savings" and the seed's "saving".
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "checking": self = .checking
        case "savings", "saving": self = .savings
        default: return nil
        }
    }

    public static func < (lhs: AccountKind, rhs: AccountKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Any account a posting can touch: a customer's, or the bank's own funding
/// account that pays opening balances and deposits (so the ledger sums to zero).
public enum LedgerAccount: Hashable, Sendable, CustomStringConvertible {
    case customer(UserID, AccountKind)
    case bankFunding

    public var description: String {
        switch self {
        case .customer(let user, let kind): return "user \(user) \(kind.rawValue)"
        case .bankFunding: return "bank funding"
        }
    }
}

/// What we know about a customer, without secrets.
public struct UserRecord: Equatable, Sendable {
    public let id: UserID
    public let username: Username
    public let phone: PhoneNumber
    public let smsVerification: Bool
    public let sitekey: Sitekey
    public let createdAt: Timestamp
    /// The language the user chose in the app, saved: the app speaks it at
    /// sign-in (unless `--lang` or `TERMBANK_LANG` say otherwise) and their
    /// phone's texts are written in it. nil until they choose one.
    public let language: Language?

    public init(id: UserID, username: Username, phone: PhoneNumber, smsVerification: Bool,
                sitekey: Sitekey, createdAt: Timestamp, language: Language? = nil) {
        self.id = id
        self.username = username
        self.phone = phone
        self.smsVerification = smsVerification
        self.sitekey = sitekey
        self.createdAt = createdAt
        self.language = language
    }
}

/// A user about to be created: the password already hashed, the opening
/// balances to be booked from the bank's funding account in the same transaction.
public struct NewUser: Sendable {
    public let username: Username
    public let passwordHash: Secret
    /// The spelling the hash was made from. `.asTyped` unless the caller
    /// knows better (`Bank.prepareUser` does): the safe side, on which
    /// sign-in tries every spelling.
    public let passwordForm: PasswordHashForm
    public let phone: PhoneNumber
    public let smsVerification: Bool
    public let sitekey: Sitekey
    public let openingBalances: [AccountKind: Money]
    /// The name on the account ("Bob Builder"), shown masked to payers; nil: none.
    public let displayName: String?

    public init(username: Username, passwordHash: Secret, phone: PhoneNumber, smsVerification: Bool,
                sitekey: Sitekey, openingBalances: [AccountKind: Money] = [:], displayName: String? = nil,
                passwordForm: PasswordHashForm = .asTyped) {
        self.passwordForm = passwordForm
        self.displayName = displayName
        self.username = username
        self.passwordHash = passwordHash
        self.phone = phone
        self.smsVerification = smsVerification
        self.sitekey = sitekey
        self.openingBalances = openingBalances
    }
}

/// One row of `user list`.
public struct UserSummary: Equatable, Sendable {
    public let user: UserRecord
    public let balances: [AccountKind: Money]
    public let lockedUntil: Timestamp?
    public let recentFailures: Int
    /// When the run of failures lapses (the next one starts a new run).
    public let failuresLapseAt: Timestamp?
    /// At the shared demo: when each origin's lock of this customer ends
    /// (run out or not); the fields above are the customer's own count.
    public let originLocksUntil: [Timestamp]
    /// At the shared demo: when each origin's lock of this customer's
    /// authenticator and recovery codes ends (run out or not).
    public let originCodeLocksUntil: [Timestamp]
    /// At the shared demo: the times of the codes and announcements each
    /// origin had sent for this customer, one list per origin (decision 46).
    public let originSendTimes: [[Timestamp]]

    public init(user: UserRecord, balances: [AccountKind: Money], lockedUntil: Timestamp?, recentFailures: Int,
                failuresLapseAt: Timestamp? = nil, originLocksUntil: [Timestamp] = [],
                originCodeLocksUntil: [Timestamp] = [], originSendTimes: [[Timestamp]] = []) {
        self.originCodeLocksUntil = originCodeLocksUntil
        self.originSendTimes = originSendTimes
        self.user = user
        self.balances = balances
        self.lockedUntil = lockedUntil
        self.recentFailures = recentFailures
        self.failuresLapseAt = failuresLapseAt
        self.originLocksUntil = originLocksUntil
    }
}
