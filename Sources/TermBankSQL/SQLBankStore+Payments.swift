import TermBankCore

/// What payments between customers read: the payee behind a username, the
/// customers paid before, and the day's total for the daily limit. The rules
/// are the core's (`PendingTransfer.book(in:policy:at:context:)`); these are
/// the rows they read, inside the booking's own transaction when they decide.
extension SQLBankStore {
    public func inLedgerTransaction<T>(_ body: (LedgerTransaction) throws -> T) throws -> T {
        try withConnection { db in
            try db.writeTransaction { try body(SQLLedgerTransaction(db: db, store: self)) }
        }
    }

    public func payee(named username: Username) throws -> Payee? {
        try withConnection { db in try Self.payee(named: username, db: db) }
    }

    public func recentPayees(of user: UserID, limit: Int) throws -> [Payee] {
        try withConnection { db in
            try db.query("""
                SELECT u.id, u.username, u.display_name, MAX(t.id) AS last
                FROM transfers t
                JOIN accounts payer ON payer.id = t.from_account
                JOIN accounts payee ON payee.id = t.to_account
                JOIN users u ON u.id = payee.user_id
                WHERE t.kind = 'payment' AND payer.user_id = ?
                GROUP BY u.id
                ORDER BY last DESC
                LIMIT ?
                """, [user.rawValue, limit]).map(Self.decodePayee)
        }
    }

    public func paidOut(by user: UserID, since time: Timestamp) throws -> Money {
        try withConnection { db in try Self.paidOut(by: user, since: time, db: db) }
    }

    public func hasPaid(_ payee: UserID, from user: UserID) throws -> Bool {
        try withConnection { db in try Self.hasPaid(payee, from: user, db: db) }
    }

    // MARK: Shared with the transactions that book

    static func payee(named username: Username, db: any SQLConnection) throws -> Payee? {
        try db.query("SELECT id, username, display_name FROM users WHERE username = ?", [username.rawValue])
            .first.map(decodePayee)
    }

    static func decodePayee(_ row: SQLRow) -> Payee {
        Payee(userID: UserID(row.int(0)), username: Username(trusted: row.text(1)), displayName: row.optionalText(2))
    }

    static func paidOut(by user: UserID, since time: Timestamp, db: any SQLConnection) throws -> Money {
        let total = try db.query("""
            SELECT COALESCE(SUM(t.amount), 0) FROM transfers t
            WHERE t.kind = 'payment' AND t.booked_at >= ?
              AND t.from_account IN (SELECT id FROM accounts WHERE user_id = ?)
            """, [time.millisecondsSinceEpoch, user.rawValue]).first?.int(0) ?? 0
        return Money(minorUnits: total)
    }

    static func hasPaid(_ payee: UserID, from user: UserID, db: any SQLConnection) throws -> Bool {
        try !db.query("""
            SELECT 1 FROM transfers t
            JOIN accounts payer ON payer.id = t.from_account
            JOIN accounts payee ON payee.id = t.to_account
            WHERE t.kind = 'payment' AND payer.user_id = ? AND payee.user_id = ?
            LIMIT 1
            """, [user.rawValue, payee.rawValue]).isEmpty
    }
}

/// What every transaction that books reads for the payment rules.
protocol SQLPaymentReads: LedgerTransaction {
    var db: any SQLConnection { get }
}

extension SQLVerificationTransaction: SQLPaymentReads {}
extension SQLSecondFactorTransaction: SQLPaymentReads {}

/// A write transaction that books, for the biometric step-up's payments.
struct SQLLedgerTransaction: SQLPaymentReads {
    let db: any SQLConnection
    let store: SQLBankStore

    func book(_ transfer: TransferRequest, at time: Timestamp, context: AuditContext) throws -> TransferReceipt {
        try store.bookInTransaction(transfer, at: time, context: context, db: db)
    }

    func append(_ event: AuditEvent) throws { try store.insertAudit(event, db: db) }
}

extension SQLPaymentReads {
    func paidOut(by user: UserID, since time: Timestamp) throws -> Money {
        try SQLBankStore.paidOut(by: user, since: time, db: db)
    }

    func hasPaid(_ payee: UserID, from user: UserID) throws -> Bool {
        try SQLBankStore.hasPaid(payee, from: user, db: db)
    }

    func payee(named username: Username) throws -> Payee? {
        try SQLBankStore.payee(named: username, db: db)
    }

    func guestExpiry(of user: UserID) throws -> Timestamp? {
        try db.query("SELECT expires_at FROM demo_guests WHERE user_id = ?", [user.rawValue])
            .first.map { Timestamp(millisecondsSinceEpoch: $0.int(0)) }
    }
}
