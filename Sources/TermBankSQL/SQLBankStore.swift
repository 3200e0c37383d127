import TermBankCore
import TermBankSystem

/// The bank's store, written once over `SQLConnection` for both engines:
/// `SQLiteBankStore` (one file, one host) and `PostgresBankStore` (one
/// database, many hosts) are this class with their own connection, schema,
/// change stamp and faults. Every rule the core runs inside a store
/// transaction runs inside the engine's write transaction, which behaves as
/// if it were the only writer (SQLite: `BEGIN IMMEDIATE`; PostgreSQL:
/// `SERIALIZABLE`, run again on a serialization failure), so the same
/// contracts hold on both (Tests/TermBankStorageTests/Contracts).
open class SQLBankStore: BankStore, @unchecked Sendable {
    /// Where the bank is, for messages (a PostgreSQL URL without its password).
    public let path: String
    private let database: any SQLConnection
    /// One connection is not safe to use from two threads at once.
    package let lock = Lock()

    package init(path: String, connection: any SQLConnection) {
        self.path = path
        database = connection
    }

    /// Runs `body` on the connection under the store's lock, with the
    /// engine's recovery around it (`SQLConnection.operation`).
    package func withConnection<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try database.operation { try body(database) }
    }

    // MARK: Bank lifecycle

    public func bankKind() throws -> BankKind {
        try withConnection { db in try Self.bankKind(db: db) }
    }

    /// In the caller's transaction: the rules that differ at the shared demo read it where they count.
    static func bankKind(db: any SQLConnection) throws -> BankKind {
        let value = try db.query("SELECT value FROM bank_meta WHERE key = 'kind'").first?.text(0)
        return value.flatMap(BankKind.init(rawValue:)) ?? .custom
    }

    public func reset(to kind: BankKind, users: [NewUser], devices: [NewDevice], at time: Timestamp,
                      context: AuditContext) throws {
        try withConnection { db in
            try db.writeTransaction {
                // The immutability triggers let deletes through only while this
                // flag is set, and it is never visible outside this transaction.
                try db.execute("""
                    INSERT INTO bank_meta (key, value) VALUES ('wiping', 'yes')
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """)
                try db.executeScript("""
                    DELETE FROM postings;
                    DELETE FROM transfers;
                    DELETE FROM accounts WHERE kind <> 'funding';
                    UPDATE accounts SET balance = 0 WHERE kind = 'funding';
                    DELETE FROM signin_throttle;
                    DELETE FROM known_sign_ins;
                    DELETE FROM sessions;
                    DELETE FROM stepup_confirmations;
                    DELETE FROM recovery_codes;
                    DELETE FROM second_factor_throttle;
                    DELETE FROM authenticators;
                    DELETE FROM trusted_devices;
                    DELETE FROM biometric_settings;
                    DELETE FROM verifications;
                    DELETE FROM sms_sends;
                    DELETE FROM sms_code_locks;
                    DELETE FROM phone_inbox;
                    DELETE FROM device_throttle;
                    DELETE FROM devices;
                    DELETE FROM demo_guests;
                    DELETE FROM demo_terminals;
                    DELETE FROM users;
                    DELETE FROM bank_meta WHERE key = 'wiping';
                    """)
                try db.execute("UPDATE bank_meta SET value = ? WHERE key = 'kind'", [kind.rawValue])
                for user in users { _ = try insertUser(user, at: time, context: context, db: db) }
                for device in devices { _ = try insertDevice(device, at: time, context: context, db: db) }
                try insertAudit(AuditEvent(at: time, kind: .demoReset, username: nil, userID: nil, context: context,
                                           detail: "bank reset to \(kind.rawValue) with \(users.count) users and \(devices.count) devices"), db: db)
            }
        }
    }

    // MARK: Users

    public func createUser(_ user: NewUser, at time: Timestamp, context: AuditContext) throws -> UserRecord {
        try withConnection { db in
            try db.writeTransaction {
                try db.execute("UPDATE bank_meta SET value = 'custom' WHERE key = 'kind' AND value = 'empty'")
                return try insertUser(user, at: time, context: context, db: db)
            }
        }
    }

    func insertUser(_ user: NewUser, at time: Timestamp, context: AuditContext,
                            db: any SQLConnection) throws -> UserRecord {
        if try !db.query("SELECT 1 FROM users WHERE phone = ?", [user.phone.e164]).isEmpty {
            throw StoreError.phoneInUse(user.phone)
        }
        let id: UserID
        do {
            id = UserID(try db.query("""
                INSERT INTO users (username, password_hash, phone, sms_verification, sitekey_image, sitekey_phrase, created_at,
                                   display_name, password_form)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """, [user.username.rawValue, user.passwordHash.exposedValue, user.phone.e164, user.smsVerification,
                      user.sitekey.image, user.sitekey.phrase, time.millisecondsSinceEpoch, user.displayName,
                      user.passwordForm.rawValue])[0].int(0))
        } catch is SQLConstraintViolation {
            throw StoreError.duplicateUser(user.username)
        }
        for kind in AccountKind.allCases {
            try db.execute("INSERT INTO accounts (user_id, kind, balance) VALUES (?, ?, 0)", [id.rawValue, kind.rawValue])
        }
        let record = UserRecord(id: id, username: user.username, phone: user.phone,
                                smsVerification: user.smsVerification, sitekey: user.sitekey, createdAt: time)
        try insertAudit(AuditEvent(at: time, kind: .userCreated, username: user.username, userID: id,
                                   context: context, detail: "phone \(user.phone.masked)"), db: db)
        for kind in AccountKind.allCases {
            guard let amount = user.openingBalances[kind], amount > .zero else { continue }
            let request = TransferRequest(clientID: TransferClientID(trusted: "opening-\(id.rawValue)-\(kind.rawValue)"),
                                          kind: .opening, from: .bankFunding, to: .customer(id, kind), amount: amount)
            _ = try bookInTransaction(request, at: time, context: context, db: db)
        }
        return record
    }

    public func user(named username: Username) throws -> UserRecord? {
        try withConnection { db in
            try db.query("""
                SELECT id, username, phone, sms_verification, sitekey_image, sitekey_phrase, created_at, language
                FROM users WHERE username = ?
                """, [username.rawValue]).first.map(Self.decodeUser)
        }
    }

    public func user(id: UserID) throws -> UserRecord? {
        try withConnection { db in
            try db.query("""
                SELECT id, username, phone, sms_verification, sitekey_image, sitekey_phrase, created_at, language
                FROM users WHERE id = ?
                """, [id.rawValue]).first.map(Self.decodeUser)
        }
    }

    public func setSMSVerification(_ on: Bool, for user: UserID, at time: Timestamp,
                                   context: AuditContext) throws -> UserRecord {
        try withConnection { db in
            try db.writeTransaction {
                try db.execute("UPDATE users SET sms_verification = ? WHERE id = ?", [on, user.rawValue])
                guard let record = try db.query("""
                    SELECT id, username, phone, sms_verification, sitekey_image, sitekey_phrase, created_at, language
                    FROM users WHERE id = ?
                    """, [user.rawValue]).first.map(Self.decodeUser) else { throw StoreError.backend("no user \(user)") }
                try insertAudit(AuditEvent(at: time, kind: .settingsChanged, username: record.username, userID: user,
                                           context: context, detail: "sms verification \(on ? "on" : "off")"), db: db)
                return record
            }
        }
    }

    /// A user from the columns `id, username, phone, sms_verification,
    /// sitekey_image, sitekey_phrase, created_at, language`, in that order.
    /// A language code this build does not speak (saved by a newer one) reads as none.
    static func decodeUser(_ row: SQLRow) -> UserRecord {
        UserRecord(id: UserID(row.int(0)), username: Username(trusted: row.text(1)),
                   phone: PhoneNumber(trusted: row.text(2)), smsVerification: row.int(3) != 0,
                   sitekey: Sitekey(trustedImage: row.text(4), phrase: row.text(5)),
                   createdAt: Timestamp(millisecondsSinceEpoch: row.int(6)),
                   language: row.optionalText(7).flatMap(Language.init(code:)))
    }

    public func setLanguage(_ language: Language, for user: UserID, at time: Timestamp,
                            context: AuditContext) throws -> UserRecord {
        try withConnection { db in
            try db.writeTransaction {
                try db.execute("UPDATE users SET language = ? WHERE id = ?", [language.code, user.rawValue])
                guard let record = try db.query("""
                    SELECT id, username, phone, sms_verification, sitekey_image, sitekey_phrase, created_at, language
                    FROM users WHERE id = ?
                    """, [user.rawValue]).first.map(Self.decodeUser) else { throw StoreError.backend("no user \(user)") }
                try insertAudit(AuditEvent(at: time, kind: .settingsChanged, username: record.username, userID: user,
                                           context: context, detail: "language \(language.code)"), db: db)
                return record
            }
        }
    }

    public func passwordHash(of user: UserID) throws -> Secret? {
        try withConnection { db in
            try db.query("SELECT password_hash FROM users WHERE id = ?", [user.rawValue]).first.map { Secret($0.text(0)) }
        }
    }

    public func passwordCheck(for user: UserID?) throws -> PasswordCheck {
        try withConnection { db in
            // One read for both, so the count of spellings and the hash come from one snapshot.
            let row = try db.query("""
                SELECT u.password_hash, u.password_form,
                       CASE WHEN EXISTS (SELECT 1 FROM users WHERE password_form = 'as-typed') THEN 1 ELSE 0 END
                FROM (SELECT 1 AS one) AS o LEFT JOIN users u ON u.id = ?
                """, [user?.rawValue])[0]
            let stored = row.optionalText(0).map { hash in
                StoredPassword(hash: Secret(hash), form: PasswordHashForm(rawValue: row.text(1)) ?? .asTyped)
            }
            return PasswordCheck(stored: stored, asTypedHashesRemain: row.int(2) != 0)
        }
    }

    public func upgradePasswordHash(of user: UserID, from old: Secret, to new: Secret, at time: Timestamp,
                                    context: AuditContext) throws -> Bool {
        try withConnection { db in
            try db.writeTransaction {
                try db.execute("""
                    UPDATE users SET password_hash = ?, password_form = 'nfkc'
                    WHERE id = ? AND password_hash = ? AND password_form = 'as-typed'
                    """, [new.exposedValue, user.rawValue, old.exposedValue])
                guard db.changes > 0 else { return false }
                let username = try db.query("SELECT username FROM users WHERE id = ?", [user.rawValue]).first?.text(0)
                let same = new.exposedValue == old.exposedValue
                try insertAudit(AuditEvent(at: time, kind: .passwordHashUpgraded, username: username.map(Username.init(trusted:)),
                                           userID: user, context: context,
                                           detail: same ? "hash found to be of the NFKC spelling; marked"
                                                        : "hash made again from the NFKC spelling"), db: db)
                return true
            }
        }
    }

    public func listUsers() throws -> [UserSummary] {
        try withConnection { db in
            try db.readTransaction {
                let balances = try db.query("SELECT user_id, kind, balance FROM accounts WHERE user_id IS NOT NULL")
                var byUser: [Int64: [AccountKind: Money]] = [:]
                for row in balances {
                    if let kind = AccountKind(rawValue: row.text(1)) {
                        byUser[row.int(0), default: [:]][kind] = Money(minorUnits: row.int(2))
                    }
                }
                var originLocks: [String: [Timestamp]] = [:]
                for row in try db.query("""
                    SELECT username, locked_until FROM signin_throttle WHERE origin <> '' AND locked_until IS NOT NULL
                    """) {
                    originLocks[row.text(0), default: []].append(Timestamp(millisecondsSinceEpoch: row.int(1)))
                }
                var codeLocks: [Int64: [Timestamp]] = [:]
                for row in try db.query("""
                    SELECT user_id, locked_until FROM second_factor_throttle WHERE locked_until IS NOT NULL
                    """) {
                    codeLocks[row.int(0), default: []].append(Timestamp(millisecondsSinceEpoch: row.int(1)))
                }
                var sends: [Int64: [String: [Timestamp]]] = [:]
                for row in try db.query("""
                    SELECT user_id, origin, at FROM sms_sends
                    WHERE origin <> '' AND user_id IS NOT NULL AND kind = 'code' ORDER BY id
                    """) {
                    sends[row.int(0), default: [:]][row.text(1), default: []]
                        .append(Timestamp(millisecondsSinceEpoch: row.int(2)))
                }
                return try db.query("""
                    SELECT u.id, u.username, u.phone, u.sms_verification, u.sitekey_image, u.sitekey_phrase,
                           u.created_at, u.language, t.locked_until, COALESCE(t.failures, 0), t.window_ends_at
                    FROM users u LEFT JOIN signin_throttle t ON t.username = u.username AND t.origin = ''
                    ORDER BY u.username
                    """).map { row in
                    UserSummary(user: Self.decodeUser(row), balances: byUser[row.int(0)] ?? [:],
                                lockedUntil: row.optionalInt(8).map(Timestamp.init(millisecondsSinceEpoch:)),
                                recentFailures: Int(row.int(9)),
                                failuresLapseAt: row.optionalInt(10).map(Timestamp.init(millisecondsSinceEpoch:)),
                                originLocksUntil: originLocks[row.text(1)] ?? [],
                                originCodeLocksUntil: codeLocks[row.int(0)] ?? [],
                                originSendTimes: (sends[row.int(0)] ?? [:]).sorted { $0.key < $1.key }.map(\.value))
                }
            }
        }
    }

    // MARK: Sign-in throttling

    /// A counter without an origin is stored with the origin '' (a key
    /// column cannot be NULL and stay unique).
    public func reserveSignInAttempt(for counter: SignInCounter, policy: LockoutPolicy,
                                     at time: Timestamp) throws -> SignInReservation {
        let origin = counter.origin ?? ""
        return try withConnection { db in
            try db.writeTransaction {
                try pruneSignInThrottle(policy: policy, at: time, db: db)
                let row = try db.query("""
                    SELECT failures, locked_until, window_ends_at FROM signin_throttle WHERE username = ? AND origin = ?
                    """, [counter.username.rawValue, origin]).first
                var failures = Int(row?.int(0) ?? 0)
                if let until = row?.optionalInt(1) {
                    if time.millisecondsSinceEpoch < until {
                        return .locked(until: Timestamp(millisecondsSinceEpoch: until))
                    }
                    failures = 0  // the lock has run out: a fresh run of attempts
                } else if let ends = row?.optionalInt(2), time.millisecondsSinceEpoch >= ends {
                    failures = 0  // the run lapsed: as if the row had been pruned, for every name alike
                }
                failures += 1
                let lockedUntil = failures >= policy.maximumFailures ? time.adding(seconds: policy.lockSeconds) : nil
                let windowEnds = max(time.adding(seconds: policy.failureWindowSeconds).millisecondsSinceEpoch,
                                     lockedUntil?.millisecondsSinceEpoch ?? 0)
                try db.execute("""
                    INSERT INTO signin_throttle (username, origin, failures, locked_until, window_ends_at)
                    VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (username, origin) DO UPDATE SET failures = excluded.failures,
                        locked_until = excluded.locked_until, window_ends_at = excluded.window_ends_at
                    """, [counter.username.rawValue, origin, failures, lockedUntil?.millisecondsSinceEpoch, windowEnds])
                return .reserved(failures: failures, lockedUntil: lockedUntil)
            }
        }
    }

    /// Deletes the rows of names that are not users once their window is over
    /// (a lapsed row and no row read the same, so this tells no one anything),
    /// and the demo's rows per origin likewise. Users' own rows stay: `user
    /// list` shows their failures. Runs with every attempt, through the
    /// window index, so the table holds at most the names (and, at the demo,
    /// the names and origins) tried within one window.
    func pruneSignInThrottle(policy: LockoutPolicy, at time: Timestamp, db: any SQLConnection) throws {
        let now = time.millisecondsSinceEpoch
        // Rows from before windows were kept start theirs now.
        try db.execute("UPDATE signin_throttle SET window_ends_at = ? WHERE window_ends_at IS NULL",
                       [time.adding(seconds: policy.failureWindowSeconds).millisecondsSinceEpoch])
        try db.execute("""
            DELETE FROM signin_throttle
            WHERE window_ends_at <= ? AND (locked_until IS NULL OR locked_until <= ?)
              AND (origin <> '' OR username NOT IN (SELECT username FROM users))
            """, [now, now])
    }

    public func clearSignInFailures(for counter: SignInCounter) throws {
        try withConnection { db in
            try db.writeTransaction {
                try db.execute("DELETE FROM signin_throttle WHERE username = ? AND origin = ?",
                               [counter.username.rawValue, counter.origin ?? ""])
            }
        }
    }

    public func unlock(_ username: Username, at time: Timestamp, context: AuditContext) throws -> Bool {
        try withConnection { db in
            try db.writeTransaction {
                let user = try db.query("SELECT id FROM users WHERE username = ?", [username.rawValue]).first
                guard let user else { throw StoreError.unknownUser(username) }
                try db.execute("DELETE FROM signin_throttle WHERE username = ?", [username.rawValue])
                let passwords = db.changes > 0
                // The shared demo's runs of wrong codes and hourly SMS counts
                // per origin (decision 46). The customer's own second-factor
                // lock and SMS count are not the operator's to lift: as before.
                try db.execute("DELETE FROM second_factor_throttle WHERE user_id = ?", [user.int(0)])
                var demo = db.changes > 0
                try db.execute("DELETE FROM sms_sends WHERE user_id = ? AND origin <> ''", [user.int(0)])
                demo = demo || db.changes > 0
                let detail = [passwords ? "lock and failure count cleared" : nil,
                              demo ? "demo origins' code locks and SMS counts cleared" : nil].compactMap { $0 }
                try insertAudit(AuditEvent(at: time, kind: .accountUnlocked, username: username,
                                           userID: UserID(user.int(0)), context: context,
                                           detail: detail.isEmpty ? "nothing to clear" : detail.joined(separator: "; ")),
                                db: db)
                return passwords || demo
            }
        }
    }

    // MARK: Audit

    public func append(_ event: AuditEvent) throws {
        try withConnection { db in
            try db.writeTransaction { try insertAudit(event, db: db) }
        }
    }

    func insertAudit(_ event: AuditEvent, db: any SQLConnection) throws {
        try db.execute("""
            INSERT INTO audit (at, event, username, user_id, session_id, device_id, detail)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [event.at.millisecondsSinceEpoch, event.kind.rawValue, event.username?.rawValue,
                  event.userID?.rawValue, event.context.sessionID, event.context.deviceID, event.detail])
    }

    public func auditTrail(username: Username?, limit: Int) throws -> [AuditRecord] {
        try withConnection { db in
            try db.query("""
                SELECT id, at, event, username, user_id, session_id, device_id, detail FROM audit
                WHERE CAST(?1 AS TEXT) IS NULL OR username = CAST(?1 AS TEXT) ORDER BY id DESC LIMIT ?2
                """, [username?.rawValue, limit]).compactMap { row in
                // A row whose event this build does not know (written by a newer
                // TermBank) is skipped rather than misreported.
                guard let kind = AuditEventKind(rawValue: row.text(2)) else { return nil }
                return AuditRecord(id: row.int(0), event: AuditEvent(
                    at: Timestamp(millisecondsSinceEpoch: row.int(1)), kind: kind,
                    username: row.optionalText(3).map(Username.init(trusted:)),
                    userID: row.optionalInt(4).map(UserID.init),
                    context: AuditContext(sessionID: row.optionalText(5), deviceID: row.optionalText(6)),
                    detail: row.text(7)))
            }
        }
    }
}

extension SQLBankStore {
    /// Audit rows with an id above `afterID`, oldest first, at most `limit`:
    /// an export reads the whole trail page by page in one snapshot each.
    public func auditRows(after afterID: Int64, limit: Int) throws -> [StoredAuditRow] {
        try withConnection { db in
            try db.query("""
                SELECT id, at, event, username, user_id, session_id, device_id, detail FROM audit
                WHERE id > ? ORDER BY id LIMIT ?
                """, [afterID, limit]).map { row in
                StoredAuditRow(id: row.int(0), at: Timestamp(millisecondsSinceEpoch: row.int(1)), event: row.text(2),
                               username: row.optionalText(3), userID: row.optionalInt(4), sessionID: row.optionalText(5),
                               deviceID: row.optionalText(6), detail: row.text(7))
            }
        }
    }
}
