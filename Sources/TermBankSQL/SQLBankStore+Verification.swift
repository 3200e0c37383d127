import TermBankCore

/// Verify requests, the hourly send log, and the core's rules run inside one
/// write transaction.
extension SQLBankStore: VerificationStore {
    public func inVerificationTransaction<T>(_ body: (VerificationTransaction) throws -> T) throws -> T {
        try withConnection { db in
            try db.writeTransaction { try body(SQLVerificationTransaction(db: db, store: self)) }
        }
    }
}

struct SQLVerificationTransaction: VerificationTransaction {
    let db: any SQLConnection
    let store: SQLBankStore

    private static let columns = """
        id, user_id, phone, purpose, binding_digest, code_salt, code_hash, code_length, status, created_at,
        expires_at, wrong_checks, events, last_event_at, finished_at
        """

    private static func decode(_ row: SQLRow) -> VerificationRequest {
        VerificationRequest(
            id: VerificationID(trusted: row.text(0)), userID: UserID(row.int(1)), phone: PhoneNumber(trusted: row.text(2)),
            purposeKind: row.text(3), bindingDigest: row.text(4), codeSalt: row.text(5), codeHash: row.text(6),
            codeLength: Int(row.int(7)), status: VerificationStatus(rawValue: row.text(8)) ?? .failed,
            createdAt: Timestamp(millisecondsSinceEpoch: row.int(9)),
            expiresAt: Timestamp(millisecondsSinceEpoch: row.int(10)), wrongChecks: Int(row.int(11)),
            events: Int(row.int(12)), lastEventAt: Timestamp(millisecondsSinceEpoch: row.int(13)),
            finishedAt: row.optionalInt(14).map(Timestamp.init(millisecondsSinceEpoch:)))
    }

    func activeVerification(for phone: PhoneNumber) throws -> VerificationRequest? {
        try db.query("SELECT \(Self.columns) FROM verifications WHERE phone = ? AND status = 'IN PROGRESS'",
                     [phone.e164]).first.map(Self.decode)
    }

    func verification(_ id: VerificationID) throws -> VerificationRequest? {
        try db.query("SELECT \(Self.columns) FROM verifications WHERE id = ?", [id.rawValue]).first.map(Self.decode)
    }

    func save(_ request: VerificationRequest) throws {
        try db.execute("""
            INSERT INTO verifications (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET code_salt = excluded.code_salt, code_hash = excluded.code_hash,
                status = excluded.status, wrong_checks = excluded.wrong_checks, events = excluded.events,
                last_event_at = excluded.last_event_at, finished_at = excluded.finished_at
            """, [request.id.rawValue, request.userID.rawValue, request.phone.e164, request.purposeKind,
                  request.bindingDigest, request.codeSalt, request.codeHash, request.codeLength,
                  request.status.rawValue, request.createdAt.millisecondsSinceEpoch,
                  request.expiresAt.millisecondsSinceEpoch, request.wrongChecks, request.events,
                  request.lastEventAt.millisecondsSinceEpoch, request.finishedAt?.millisecondsSinceEpoch])
        // Holders matter only while the request runs: an ended one keeps none, so the table stays small.
        if request.status != .inProgress {
            try db.execute("DELETE FROM verification_holders WHERE verification_id = ?", [request.id.rawValue])
        }
    }

    func hold(_ id: VerificationID, by holder: VerificationHolder) throws {
        try db.execute("INSERT INTO verification_holders (verification_id, holder) VALUES (?, ?) ON CONFLICT DO NOTHING",
                       [id.rawValue, holder.rawValue])
    }

    func release(_ id: VerificationID, by holder: VerificationHolder) throws -> Int {
        try db.execute("DELETE FROM verification_holders WHERE verification_id = ? AND holder = ?",
                       [id.rawValue, holder.rawValue])
        return Int(try db.query("SELECT count(*) FROM verification_holders WHERE verification_id = ?",
                                [id.rawValue]).first?.int(0) ?? 0)
    }

    func bankKind() throws -> BankKind {
        try SQLBankStore.bankKind(db: db)
    }

    /// A count without an origin is stored with the origin '' (every real
    /// bank's sends and every send before schema 15), so a demo origin's
    /// sends are never in it and it is in no demo origin's. Codes only: an
    /// announcement is recorded but is not a code (decision 52).
    func sendCount(to phone: PhoneNumber, since time: Timestamp, origin: String?) throws -> Int {
        Int(try db.query("SELECT count(*) FROM sms_sends WHERE phone = ? AND at > ? AND origin = ? AND kind = 'code'",
                         [phone.e164, time.millisecondsSinceEpoch, origin ?? ""]).first?.int(0) ?? 0)
    }

    func oldestSend(to phone: PhoneNumber, since time: Timestamp, origin: String?) throws -> Timestamp? {
        try db.query("SELECT min(at) FROM sms_sends WHERE phone = ? AND at > ? AND origin = ? AND kind = 'code'",
                     [phone.e164, time.millisecondsSinceEpoch, origin ?? ""])
            .first?.optionalInt(0).map(Timestamp.init(millisecondsSinceEpoch:))
    }

    func sendCount(for user: UserID, since time: Timestamp, origin: String?) throws -> Int {
        Int(try db.query("SELECT count(*) FROM sms_sends WHERE user_id = ? AND at > ? AND origin = ? AND kind = 'code'",
                         [user.rawValue, time.millisecondsSinceEpoch, origin ?? ""]).first?.int(0) ?? 0)
    }

    func oldestSend(for user: UserID, since time: Timestamp, origin: String?) throws -> Timestamp? {
        try db.query("SELECT min(at) FROM sms_sends WHERE user_id = ? AND at > ? AND origin = ? AND kind = 'code'",
                     [user.rawValue, time.millisecondsSinceEpoch, origin ?? ""])
            .first?.optionalInt(0).map(Timestamp.init(millisecondsSinceEpoch:))
    }

    func recordSend(to phone: PhoneNumber, for user: UserID, request: VerificationID, event: Int,
                    at time: Timestamp, origin: String?) throws {
        try db.execute("""
            INSERT INTO sms_sends (phone, user_id, kind, verification_id, event, at, origin)
            VALUES (?, ?, 'code', ?, ?, ?, ?)
            """, [phone.e164, user.rawValue, request.rawValue, event, time.millisecondsSinceEpoch, origin ?? ""])
    }

    func recordAnnouncement(to phone: PhoneNumber, for user: UserID, at time: Timestamp, origin: String?) throws -> Int64 {
        try db.query("""
            INSERT INTO sms_sends (phone, user_id, kind, verification_id, event, at, origin)
            VALUES (?, ?, 'announcement', NULL, 0, ?, ?)
            RETURNING id
            """, [phone.e164, user.rawValue, time.millisecondsSinceEpoch, origin ?? ""])[0].int(0)
    }

    func forgetAnnouncement(_ id: Int64) throws {
        try db.execute("DELETE FROM sms_sends WHERE id = ? AND kind = 'announcement'", [id])
    }

    func wrongChecks(for user: UserID, since time: Timestamp) throws -> Int {
        Int(try db.query("SELECT coalesce(sum(wrong_checks), 0) FROM verifications WHERE user_id = ? AND created_at > ?",
                         [user.rawValue, time.millisecondsSinceEpoch]).first?.int(0) ?? 0)
    }

    func smsCodesLockedUntil(for user: UserID) throws -> Timestamp? {
        try db.query("SELECT locked_until FROM sms_code_locks WHERE user_id = ?", [user.rawValue])
            .first.map { Timestamp(millisecondsSinceEpoch: $0.int(0)) }
    }

    func lockSMSCodes(for user: UserID, until time: Timestamp) throws {
        try db.execute("""
            INSERT INTO sms_code_locks (user_id, locked_until) VALUES (?, ?)
            ON CONFLICT (user_id) DO UPDATE SET locked_until = excluded.locked_until
            """, [user.rawValue, time.millisecondsSinceEpoch])
    }

    func forgetSend(request: VerificationID, event: Int) throws {
        try db.execute("DELETE FROM sms_sends WHERE verification_id = ? AND event = ?", [request.rawValue, event])
    }

    func receive(_ message: OutgoingMessage, at time: Timestamp) throws {
        try SQLBankStore.insertInbox(message, at: time, db: db)
    }

    func book(_ transfer: TransferRequest, at time: Timestamp, context: AuditContext) throws -> TransferReceipt {
        try store.bookInTransaction(transfer, at: time, context: context, db: db)
    }

    func append(_ event: AuditEvent) throws {
        try store.insertAudit(event, db: db)
    }
}
