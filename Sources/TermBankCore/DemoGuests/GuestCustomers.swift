/// The demo's guest customers (decision 47): anyone at the demo can make a
/// customer of their own, so no two stakeholders share codes or balances.
/// The rules: only on the demo bank; at most `perWindow` per client address
/// per `windowSeconds`; each lives `lifetimeSeconds`, then `prune` ends their
/// sessions and removes them, sweeping their money back to the bank.
public struct GuestPolicy: Equatable, Sendable {
    public let lifetimeSeconds: Int64
    public let perWindow: Int
    public let windowSeconds: Int64

    public init(lifetimeSeconds: Int64 = 24 * 3600, perWindow: Int = 5, windowSeconds: Int64 = 3600) {
        self.lifetimeSeconds = lifetimeSeconds
        self.perWindow = perWindow
        self.windowSeconds = windowSeconds
    }

    public static let standard = GuestPolicy()
}

/// A new guest's sign-in, shown once on the screen that made it.
public struct GuestCredentials: Equatable, Sendable {
    public let user: UserRecord
    public let password: Secret
    public let expiresAt: Timestamp

    public init(user: UserRecord, password: Secret, expiresAt: Timestamp) {
        self.user = user
        self.password = password
        self.expiresAt = expiresAt
    }
}

public enum GuestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Guests exist only on the demo bank; a real bank never grows customers from a key press.
    case notTheDemoBank
    case tooMany(limit: Int, minutesLeft: Int64)
    /// Every name or number drawn was taken (practically never).
    case noFreeName
    /// A guest made from one SSH key (or browser) signs in only from that key.
    case otherKey(Username)
    /// The same, told in a browser (the web door), in a browser's words.
    case otherBrowser(Username)
    /// Its day is over (whether or not `prune` has removed it yet), told at
    /// the demo, whose welcome screen makes another (g).
    case expired(Username)
    /// The same, told at a terminal without `--demo`, where nothing makes another.
    case expiredOutsideDemoMode(Username)
    /// A terminal without `--demo` (or an operator command) lets no guest in (`GuestAccess`).
    case onlyInDemoMode(Username)

    public var description: String { EnglishCoreCatalog().text(self) }
}

public struct GuestCustomers: Sendable {
    let bank: Bank
    let store: GuestStore
    public let policy: GuestPolicy

    public init(bank: Bank, store: GuestStore, policy: GuestPolicy = .standard) {
        self.bank = bank
        self.store = store
        self.policy = policy
    }

    /// The seed's opening balances, a generated name, password, number and
    /// sitekey, SMS verification on (the story's codes arrive on the phone).
    /// The sitekey's phrase is in `language`, the one the screen that made
    /// the guest speaks.
    public func create(origin: DemoOrigin, language: Language = .english, context: AuditContext) throws -> GuestCredentials {
        guard try bank.store.bankKind() == .demo else { throw GuestError.notTheDemoBank }
        let now = bank.clock.now()
        let expiresAt = now.adding(seconds: policy.lifetimeSeconds)
        var hashed: (password: Secret, hash: Secret)?
        for attempt in 0..<8 {
            let username = GuestNames.username(bank.random, attempt: attempt)
            // A password the policy refuses (the blocklist) is drawn again; the hash is made once.
            if hashed == nil {
                for _ in 0..<8 {
                    let password = GuestNames.password(bank.random)
                    do {
                        try bank.passwordPolicy.check(password, for: username)
                        hashed = (password, Secret(try bank.hasher.hash(password)))
                        break
                    } catch is PasswordPolicy.Problem {
                        continue
                    }
                }
            }
            guard let credentials = hashed else { throw GuestError.noFreeName }
            // Words never include the username's words, but check the rule for this pair anyway.
            guard (try? bank.passwordPolicy.check(credentials.password, for: username)) != nil else {
                hashed = nil
                continue
            }
            let user = NewUser(username: username, passwordHash: credentials.hash, phone: GuestNames.phone(bank.random),
                               smsVerification: true, sitekey: GuestNames.sitekey(bank.random, language: language),
                               openingBalances: DemoBank.openingBalances,
                               displayName: GuestNames.displayName(for: username),
                               // Words and digits: ASCII, its own NFKC.
                               passwordForm: PasswordForms.hashable(credentials.password).form)
            switch try store.insertGuest(user, origin: origin, expiresAt: expiresAt, limit: policy.perWindow,
                                         windowStart: now.adding(seconds: -policy.windowSeconds), at: now,
                                         context: context) {
            case .created(let record):
                return GuestCredentials(user: record, password: credentials.password, expiresAt: expiresAt)
            case .rateLimited(let retryAt):
                let seconds = max(0, retryAt.millisecondsSinceEpoch - now.millisecondsSinceEpoch) / 1000
                throw GuestError.tooMany(limit: policy.perWindow, minutesLeft: max(1, (seconds + 59) / 60))
            case .usernameTaken, .phoneTaken:
                continue
            }
        }
        throw GuestError.noFreeName
    }

    /// Removes every guest whose day is over. Safe to run at any time and more
    /// than once: a guest already removed is not listed again.
    public func prune(context: AuditContext) throws -> [GuestRemoval] {
        let now = bank.clock.now()
        return try store.expiredGuests(at: now).compactMap { try store.removeGuest($0.userID, at: now, context: context) }
    }

    /// Live guests this SSH key made, newest first.
    public func guests(boundTo keyFingerprint: String) throws -> [GuestRecord] {
        try store.guests(boundTo: keyFingerprint, at: bank.clock.now())
    }
}
