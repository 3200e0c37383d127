import TermBankCore

/// Authenticators, recovery codes, trusted devices and step-up records; the
/// core's rules run inside one write transaction.
extension SQLBankStore: SecondFactorStore {
    public func inSecondFactorTransaction<T>(_ body: (SecondFactorTransaction) throws -> T) throws -> T {
        try withConnection { db in
            try db.writeTransaction { try body(SQLSecondFactorTransaction(db: db, store: self)) }
        }
    }

    public func bankID() throws -> String {
        try withConnection { db in
            guard let id = try db.query("SELECT value FROM bank_meta WHERE key = 'bank_id'").first?.text(0) else {
                throw StoreError.backend("the bank has no id")
            }
            return id
        }
    }

    /// The id of the key the bank's authenticator secrets are sealed with,
    /// as the first host to seal recorded it (never the key).
    public func sealingKeyID() throws -> String? {
        try withConnection { db in
            try db.query("SELECT value FROM bank_meta WHERE key = 'sealing_key_id'").first?.text(0)
        }
    }

    /// Records `id` as the bank's sealing key id unless one is recorded
    /// already; returns the recorded one, which every host's key must match.
    public func recordSealingKeyID(_ id: String) throws -> String {
        try withConnection { db in
            try db.writeTransaction {
                try db.execute("INSERT INTO bank_meta (key, value) VALUES ('sealing_key_id', ?) ON CONFLICT (key) DO NOTHING",
                               [id])
                return try db.query("SELECT value FROM bank_meta WHERE key = 'sealing_key_id'").first?.text(0) ?? id
            }
        }
    }

    public func trustedDevices(of user: UserID) throws -> [TrustedDevice] {
        try withConnection { db in
            try db.query("""
                SELECT \(SQLSecondFactorTransaction.trustedColumns) FROM trusted_devices t JOIN devices d ON d.id = t.device_id
                WHERE t.user_id = ? ORDER BY t.id DESC
                """, [user.rawValue]).map(SQLSecondFactorTransaction.decodeTrusted)
        }
    }
}

struct SQLSecondFactorTransaction: SecondFactorTransaction {
    let db: any SQLConnection
    let store: SQLBankStore

    // MARK: Users

    func user(_ id: UserID) throws -> UserRecord? {
        try db.query("""
            SELECT id, username, phone, sms_verification, sitekey_image, sitekey_phrase, created_at, language
            FROM users WHERE id = ?
            """, [id.rawValue]).first.map(SQLBankStore.decodeUser)
    }

    func setSMSVerification(_ on: Bool, for user: UserID) throws {
        try db.execute("UPDATE users SET sms_verification = ? WHERE id = ?", [on, user.rawValue])
    }

    func setPhone(_ phone: PhoneNumber, for user: UserID) throws {
        do {
            try db.execute("UPDATE users SET phone = ? WHERE id = ?", [phone.e164, user.rawValue])
        } catch is SQLConstraintViolation {
            throw StoreError.phoneInUse(phone)
        }
    }

    func owner(of phone: PhoneNumber) throws -> UserID? {
        try db.query("SELECT id FROM users WHERE phone = ?", [phone.e164]).first.map { UserID($0.int(0)) }
    }

    func cancelVerifications(of user: UserID, to phone: PhoneNumber, at time: Timestamp) throws {
        try db.execute("""
            DELETE FROM verification_holders WHERE verification_id IN
                (SELECT id FROM verifications WHERE user_id = ? AND phone = ? AND status = 'IN PROGRESS')
            """, [user.rawValue, phone.e164])
        try db.execute("""
            UPDATE verifications SET status = 'CANCELLED', finished_at = ?
            WHERE user_id = ? AND phone = ? AND status = 'IN PROGRESS'
            """, [time.millisecondsSinceEpoch, user.rawValue, phone.e164])
    }

    // MARK: Authenticators

    private static let authenticatorColumns = """
        user_id, secret, activated_at, pending_secret, pending_started_at, previous_secret, previous_valid_until,
        last_step, sign_in_with, failures, locked_until
        """

    func authenticator(of user: UserID) throws -> AuthenticatorRecord? {
        try db.query("SELECT \(Self.authenticatorColumns) FROM authenticators WHERE user_id = ?", [user.rawValue])
            .first.map { row in
                func time(_ index: Int) -> Timestamp? { row.optionalInt(index).map(Timestamp.init(millisecondsSinceEpoch:)) }
                return AuthenticatorRecord(
                    userID: UserID(row.int(0)), secret: row.optionalText(1), activatedAt: time(2),
                    pendingSecret: row.optionalText(3), pendingStartedAt: time(4), previousSecret: row.optionalText(5),
                    previousValidUntil: time(6), lastAcceptedStep: row.optionalInt(7),
                    signInWith: row.text(8) == "sms" ? .smsCode : .authenticator, failures: Int(row.int(9)),
                    lockedUntil: time(10))
            }
    }

    func saveAuthenticator(_ record: AuthenticatorRecord) throws {
        try db.execute("""
            INSERT INTO authenticators (\(Self.authenticatorColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, activated_at = excluded.activated_at,
                pending_secret = excluded.pending_secret, pending_started_at = excluded.pending_started_at,
                previous_secret = excluded.previous_secret, previous_valid_until = excluded.previous_valid_until,
                last_step = excluded.last_step, sign_in_with = excluded.sign_in_with, failures = excluded.failures,
                locked_until = excluded.locked_until
            """, [record.userID.rawValue, record.secret, record.activatedAt?.millisecondsSinceEpoch,
                  record.pendingSecret, record.pendingStartedAt?.millisecondsSinceEpoch, record.previousSecret,
                  record.previousValidUntil?.millisecondsSinceEpoch, record.lastAcceptedStep,
                  record.signInWith == .smsCode ? "sms" : "totp", record.failures,
                  record.lockedUntil?.millisecondsSinceEpoch])
    }

    func deleteAuthenticator(of user: UserID) throws {
        try db.execute("DELETE FROM authenticators WHERE user_id = ?", [user.rawValue])
        // The demo origins' runs went with the authenticator they counted against.
        try db.execute("DELETE FROM second_factor_throttle WHERE user_id = ?", [user.rawValue])
    }

    func bankKind() throws -> BankKind {
        try SQLBankStore.bankKind(db: db)
    }

    func codeFailures(of user: UserID, origin: String) throws -> CodeFailures {
        guard let row = try db.query("""
            SELECT failures, locked_until FROM second_factor_throttle WHERE user_id = ? AND origin = ?
            """, [user.rawValue, origin]).first else { return CodeFailures() }
        return CodeFailures(failures: Int(row.int(0)), lockedUntil: row.optionalInt(1).map(Timestamp.init(millisecondsSinceEpoch:)))
    }

    func saveCodeFailures(_ run: CodeFailures, of user: UserID, origin: String) throws {
        guard run.failures > 0 || run.lockedUntil != nil else {
            try db.execute("DELETE FROM second_factor_throttle WHERE user_id = ? AND origin = ?", [user.rawValue, origin])
            return
        }
        try db.execute("""
            INSERT INTO second_factor_throttle (user_id, origin, failures, locked_until) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id, origin) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until
            """, [user.rawValue, origin, run.failures, run.lockedUntil?.millisecondsSinceEpoch])
    }

    // MARK: Recovery codes

    func recoveryCodes(of user: UserID) throws -> [RecoveryCodeRecord] {
        try db.query("SELECT id, code_hash, used_at FROM recovery_codes WHERE user_id = ? ORDER BY id", [user.rawValue])
            .map { RecoveryCodeRecord(id: $0.int(0), hash: $0.text(1),
                                      usedAt: $0.optionalInt(2).map(Timestamp.init(millisecondsSinceEpoch:))) }
    }

    func replaceRecoveryCodes(of user: UserID, hashes: [String], at time: Timestamp) throws {
        try deleteRecoveryCodes(of: user)
        for hash in hashes {
            try db.execute("INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)",
                           [user.rawValue, hash, time.millisecondsSinceEpoch])
        }
    }

    func markRecoveryCodeUsed(_ id: Int64, of user: UserID, at time: Timestamp) throws -> Bool {
        try db.execute("UPDATE recovery_codes SET used_at = ? WHERE id = ? AND user_id = ? AND used_at IS NULL",
                       [time.millisecondsSinceEpoch, id, user.rawValue])
        return db.changes == 1
    }

    func deleteRecoveryCodes(of user: UserID) throws {
        try db.execute("DELETE FROM recovery_codes WHERE user_id = ?", [user.rawValue])
    }

    // MARK: Step-up

    func recordStepUp(_ confirmation: StepUpConfirmation) throws {
        do {
            try db.execute("""
                INSERT INTO stepup_confirmations (user_id, method, step, transfer_digest, client_id, at)
                VALUES (?, ?, ?, ?, ?, ?)
                """, [confirmation.userID.rawValue, confirmation.method, confirmation.step, confirmation.transferDigest,
                      confirmation.clientID.rawValue, confirmation.at.millisecondsSinceEpoch])
        } catch is SQLConstraintViolation {
            throw StoreError.backend("that authenticator code already approved something")
        }
    }

    func book(_ transfer: TransferRequest, at time: Timestamp, context: AuditContext) throws -> TransferReceipt {
        try store.bookInTransaction(transfer, at: time, context: context, db: db)
    }

    // MARK: Trusted devices

    static let trustedColumns = """
        t.id, t.user_id, t.device_id, d.name, t.token_digest, t.created_at, t.expires_at, t.last_used_at, t.revoked_at
        """

    static func decodeTrusted(_ row: SQLRow) -> TrustedDevice {
        TrustedDevice(id: TrustedDeviceID(row.int(0)), userID: UserID(row.int(1)), deviceID: DeviceID(row.int(2)),
                      deviceName: row.text(3), tokenDigest: row.text(4),
                      createdAt: Timestamp(millisecondsSinceEpoch: row.int(5)),
                      expiresAt: Timestamp(millisecondsSinceEpoch: row.int(6)),
                      lastUsedAt: row.optionalInt(7).map(Timestamp.init(millisecondsSinceEpoch:)),
                      revokedAt: row.optionalInt(8).map(Timestamp.init(millisecondsSinceEpoch:)))
    }

    func trustedDevice(tokenDigest: String) throws -> TrustedDevice? {
        try db.query("""
            SELECT \(Self.trustedColumns) FROM trusted_devices t JOIN devices d ON d.id = t.device_id
            WHERE t.token_digest = ?
            """, [tokenDigest]).first.map(Self.decodeTrusted)
    }

    func trustedDevice(_ id: TrustedDeviceID) throws -> TrustedDevice? {
        try db.query("""
            SELECT \(Self.trustedColumns) FROM trusted_devices t JOIN devices d ON d.id = t.device_id WHERE t.id = ?
            """, [id.rawValue]).first.map(Self.decodeTrusted)
    }

    func insertTrustedDevice(user: UserID, device: DeviceID, tokenDigest: String, createdAt: Timestamp,
                             expiresAt: Timestamp) throws -> TrustedDevice {
        let id = try db.query("""
            INSERT INTO trusted_devices (user_id, device_id, token_digest, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
            RETURNING id
            """, [user.rawValue, device.rawValue, tokenDigest, createdAt.millisecondsSinceEpoch,
                  expiresAt.millisecondsSinceEpoch])[0].int(0)
        guard let row = try trustedDevice(TrustedDeviceID(id)) else {
            throw StoreError.backend("the trusted device was not saved")
        }
        return row
    }

    func saveTrustedDevice(_ device: TrustedDevice) throws {
        try db.execute("UPDATE trusted_devices SET last_used_at = ?, revoked_at = ? WHERE id = ?",
                       [device.lastUsedAt?.millisecondsSinceEpoch, device.revokedAt?.millisecondsSinceEpoch,
                        device.id.rawValue])
    }

    func endSessions(openedThrough trust: TrustedDeviceID, at time: Timestamp, reason: SessionEndReason) throws -> Int {
        try db.execute("""
            UPDATE sessions SET ended_at = ?, end_reason = ? WHERE trusted_device_id = ? AND ended_at IS NULL
            """, [time.millisecondsSinceEpoch, reason.rawValue, trust.rawValue])
        return db.changes
    }

    func append(_ event: AuditEvent) throws {
        try store.insertAudit(event, db: db)
    }
}
