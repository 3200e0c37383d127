import TermBankCore

/// Demo guest customers. Removal keeps the ledger whole: transfers
/// and postings are immutable, so a guest's money goes back to the bank's
/// funding account as booked transfers (client id "demo-expired-<user>-<kind>",
/// so a second prune cannot sweep twice), their accounts stay at zero, and the
/// user row stays because those accounts point to it; it can no longer sign in.
/// Everything else that was theirs (sessions, codes, phone messages, second
/// factors, the sign-in throttle) is deleted.
extension SQLBankStore: GuestStore {
    /// Stored in place of a removed guest's password hash: no password verifies against it.
    static let removedPasswordHash = "!removed-demo-guest"

    public func insertGuest(_ user: NewUser, origin: DemoOrigin, expiresAt: Timestamp, limit: Int,
                            windowStart: Timestamp, at time: Timestamp, context: AuditContext) throws -> GuestInsert {
        try withConnection { db in
            try db.writeTransaction {
                // Counted inside the write transaction: concurrent connections from
                // one address queue here, so the sixth cannot slip in beside the fifth.
                let recent = try db.query("""
                    SELECT created_at FROM demo_guests WHERE client_address = ? AND created_at > ? ORDER BY created_at
                    """, [origin.address, windowStart.millisecondsSinceEpoch]).map { $0.int(0) }
                if recent.count >= limit {
                    let window = time.millisecondsSinceEpoch - windowStart.millisecondsSinceEpoch
                    return .rateLimited(retryAt: Timestamp(millisecondsSinceEpoch: recent[recent.count - limit] + window))
                }
                if try !db.query("SELECT 1 FROM users WHERE username = ?", [user.username.rawValue]).isEmpty {
                    return .usernameTaken
                }
                if try !db.query("SELECT 1 FROM users WHERE phone = ?", [user.phone.e164]).isEmpty { return .phoneTaken }
                let record = try insertUser(user, at: time, context: context, db: db)
                try db.execute("""
                    INSERT INTO demo_guests (user_id, key_fingerprint, client_address, created_at, expires_at)
                    VALUES (?, ?, ?, ?, ?)
                    """, [record.id.rawValue, origin.keyFingerprint, origin.address, time.millisecondsSinceEpoch,
                          expiresAt.millisecondsSinceEpoch])
                try insertAudit(AuditEvent(at: time, kind: .guestCreated, username: record.username, userID: record.id,
                                           context: context,
                                           detail: "from \(origin.address)\(origin.keyFingerprint.map { " key \($0)" } ?? ""), expires \(expiresAt)"),
                                db: db)
                return .created(record)
            }
        }
    }

    private static let guestColumns = """
        g.user_id, u.username, u.phone, g.key_fingerprint, g.client_address, g.created_at, g.expires_at
        FROM demo_guests g JOIN users u ON u.id = g.user_id
        """

    private static func decodeGuest(_ row: SQLRow) -> GuestRecord {
        GuestRecord(userID: UserID(row.int(0)), username: Username(trusted: row.text(1)),
                    phone: PhoneNumber(trusted: row.text(2)), keyFingerprint: row.optionalText(3), address: row.text(4),
                    createdAt: Timestamp(millisecondsSinceEpoch: row.int(5)),
                    expiresAt: Timestamp(millisecondsSinceEpoch: row.int(6)))
    }

    public func expiredGuests(at time: Timestamp) throws -> [GuestRecord] {
        try withConnection { db in
            try db.query("SELECT \(Self.guestColumns) WHERE g.removed_at IS NULL AND g.expires_at <= ? ORDER BY g.user_id",
                         [time.millisecondsSinceEpoch]).map(Self.decodeGuest)
        }
    }

    public func guests(boundTo keyFingerprint: String, at time: Timestamp) throws -> [GuestRecord] {
        try withConnection { db in
            try db.query("""
                SELECT \(Self.guestColumns)
                WHERE g.key_fingerprint = ? AND g.removed_at IS NULL AND g.expires_at > ?
                ORDER BY g.created_at DESC, g.user_id DESC
                """, [keyFingerprint, time.millisecondsSinceEpoch]).map(Self.decodeGuest)
        }
    }

    public func guest(_ user: UserID) throws -> GuestRecord? {
        try withConnection { db in
            try db.query("SELECT \(Self.guestColumns) WHERE g.user_id = ?", [user.rawValue]).first.map(Self.decodeGuest)
        }
    }

    public func removeGuest(_ user: UserID, at time: Timestamp, context: AuditContext) throws -> GuestRemoval? {
        try withConnection { db in
            try db.writeTransaction {
                guard let row = try db.query("""
                    SELECT u.username, u.phone FROM demo_guests g JOIN users u ON u.id = g.user_id
                    WHERE g.user_id = ? AND g.removed_at IS NULL
                    """, [user.rawValue]).first else { return nil }
                let username = Username(trusted: row.text(0))
                let phone = row.text(1)
                let open = try db.query("SELECT count(*) FROM sessions WHERE user_id = ? AND ended_at IS NULL",
                                        [user.rawValue]).first?.int(0) ?? 0
                var swept = Money.zero
                for kind in AccountKind.allCases {
                    let balance = Money(minorUnits: try db.query(
                        "SELECT balance FROM accounts WHERE user_id = ? AND kind = ?", [user.rawValue, kind.rawValue]
                    ).first?.int(0) ?? 0)
                    guard balance > .zero else { continue }
                    let request = TransferRequest(
                        clientID: TransferClientID(trusted: "demo-expired-\(user.rawValue)-\(kind.rawValue)"),
                        kind: .transfer, from: .customer(user, kind), to: .bankFunding, amount: balance)
                    _ = try bookInTransaction(request, at: time, context: context, db: db)
                    swept = swept.adding(balance) ?? swept
                }
                // Sessions first: a live app on this guest finds its session gone at its next check and signs out.
                for table in ["sessions", "stepup_confirmations", "recovery_codes", "authenticators", "trusted_devices",
                              "biometric_settings", "verifications", "sms_code_locks", "known_sign_ins",
                              "second_factor_throttle"] {
                    try db.execute("DELETE FROM \(table) WHERE user_id = ?", [user.rawValue])
                }
                try db.execute("DELETE FROM sms_sends WHERE phone = ? OR user_id = ?", [phone, user.rawValue])
                try db.execute("DELETE FROM phone_inbox WHERE phone = ? OR user_id = ?", [phone, user.rawValue])
                try db.execute("DELETE FROM signin_throttle WHERE username = ?", [username.rawValue])
                try db.execute("UPDATE users SET password_hash = ?, password_form = 'nfkc', sms_verification = 0 WHERE id = ?",
                               [Self.removedPasswordHash, user.rawValue])
                try db.execute("UPDATE demo_guests SET removed_at = ? WHERE user_id = ?",
                               [time.millisecondsSinceEpoch, user.rawValue])
                try insertAudit(AuditEvent(at: time, kind: .guestRemoved, username: username, userID: user,
                                           context: context,
                                           detail: "expired: \(open) session(s) ended, \(swept) returned to bank-funding"),
                                db: db)
                return GuestRemoval(username: username, swept: swept, sessionsEnded: Int(open))
            }
        }
    }

    /// The customer most recently signed in on a device (an SSH key's phone), and when, if any.
    public func lastSignedIn(onDevice device: DeviceID) throws -> (user: UserRecord, at: Timestamp)? {
        try withConnection { db in
            try db.query("""
                SELECT u.id, u.username, u.phone, u.sms_verification, u.sitekey_image, u.sitekey_phrase, u.created_at,
                       u.language, s.started_at
                FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE s.device_id = ? ORDER BY s.started_at DESC, s.\(db.dialect.insertionOrder) DESC LIMIT 1
                """, [device.rawValue]).first.map { (Self.decodeUser($0), Timestamp(millisecondsSinceEpoch: $0.int(8))) }
        }
    }

    /// From the audit trail, which records every accepted password with the
    /// device it was typed on; read from the newest row back, so a device
    /// that signs in often is found at once.
    public func lastPasswordAccepted(onDevice name: String) throws -> (user: UserRecord, at: Timestamp)? {
        try withConnection { db in
            try db.query("""
                SELECT u.id, u.username, u.phone, u.sms_verification, u.sitekey_image, u.sitekey_phrase, u.created_at,
                       u.language, a.at
                FROM audit a JOIN users u ON u.id = a.user_id
                WHERE a.device_id = ? AND a.event = ? ORDER BY a.id DESC LIMIT 1
                """, [name, AuditEventKind.signInSucceeded.rawValue]).first.map {
                (Self.decodeUser($0), Timestamp(millisecondsSinceEpoch: $0.int(8)))
            }
        }
    }
}
