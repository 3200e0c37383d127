import TermBankCore

/// Double-entry booking: every transfer is one immutable transfer row and two
/// postings (debit and credit), written with the balance updates and the audit
/// row in a single write transaction.
extension SQLBankStore {
    private struct AccountRow {
        let id: Int64
        let account: LedgerAccount
        let balance: Money
        let username: Username?
    }

    public func balances(of user: UserID) throws -> [AccountKind: Money] {
        try withConnection { db in
            var result: [AccountKind: Money] = [:]
            for row in try db.query("SELECT kind, balance FROM accounts WHERE user_id = ?", [user.rawValue]) {
                if let kind = AccountKind(rawValue: row.text(0)) { result[kind] = Money(minorUnits: row.int(1)) }
            }
            return result
        }
    }

    public func book(_ request: TransferRequest, at time: Timestamp, context: AuditContext) throws -> TransferReceipt {
        try withConnection { db in
            try db.writeTransaction { try bookInTransaction(request, at: time, context: context, db: db) }
        }
    }

    public func book(all requests: [(request: TransferRequest, at: Timestamp)],
                     context: AuditContext) throws -> [TransferReceipt] {
        try withConnection { db in
            try db.writeTransaction {
                try requests.map { try bookInTransaction($0.request, at: $0.at, context: context, db: db) }
            }
        }
    }

    func bookInTransaction(_ request: TransferRequest, at time: Timestamp, context: AuditContext,
                           db: any SQLConnection) throws -> TransferReceipt {
        // Idempotency: the same client id returns the first booking, untouched.
        if let existing = try db.query("SELECT id FROM transfers WHERE client_id = ?", [request.clientID.rawValue]).first {
            let reference = TransferReference(existing.int(0))
            guard let first = try receipt(for: reference, db: db), first.request == request else {
                throw LedgerError.clientIDReused(request.clientID)
            }
            return first
        }
        guard request.amount > .zero else { throw LedgerError.nonPositiveAmount }
        guard let from = try account(request.from, db: db), let to = try account(request.to, db: db) else {
            throw LedgerError.unknownAccount
        }
        guard from.id != to.id else { throw LedgerError.sameAccount }
        if let reversed = request.reverses,
           let existing = try db.query("SELECT id FROM transfers WHERE reverses = ?", [reversed.rawValue]).first {
            throw LedgerError.alreadyReversed(reversed, by: TransferReference(existing.int(0)))
        }

        guard let fromAfter = from.balance.subtracting(request.amount),
              let toAfter = to.balance.adding(request.amount) else { throw LedgerError.balanceOverflow }
        if case .customer(_, let kind) = from.account, fromAfter < .zero {
            throw LedgerError.insufficientFunds(kind)
        }

        let reference = TransferReference(try db.query("""
            INSERT INTO transfers (client_id, kind, from_account, to_account, amount, reverses, booked_at, session_id,
                                   device_id, payment_reference)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """, [request.clientID.rawValue, request.kind.rawValue, from.id, to.id, request.amount.minorUnits,
                  request.reverses?.rawValue, time.millisecondsSinceEpoch, context.sessionID, context.deviceID,
                  request.paymentReference?.text])[0].int(0))
        // The two balances are written in account-id order, whatever the
        // direction: two transfers between the same accounts in opposite
        // directions then queue on the same first row instead of each holding
        // one and waiting for the other (on PostgreSQL a deadlock, found only
        // after deadlock_timeout; SQLite has one writer and cannot deadlock).
        for (account, after) in [(from, fromAfter), (to, toAfter)].sorted(by: { $0.0.id < $1.0.id }) {
            try db.execute("UPDATE accounts SET balance = ? WHERE id = ?", [after.minorUnits, account.id])
        }
        for (account, amount, after) in [(from, -request.amount.minorUnits, fromAfter), (to, request.amount.minorUnits, toAfter)] {
            try db.execute("""
                INSERT INTO postings (transfer_id, account_id, amount, balance_after, booked_at) VALUES (?, ?, ?, ?, ?)
                """, [reference.rawValue, account.id, amount, after.minorUnits, time.millisecondsSinceEpoch])
        }

        let customer = [from, to].first { $0.username != nil }
        let eventKind: AuditEventKind = switch request.kind {
        case .transfer, .opening: .transferBooked
        case .deposit: .depositBooked
        case .reversal: .reversalBooked
        case .payment: .paymentBooked
        }
        // The reference is the customer's words: it stays out of the audit trail.
        var detail = "\(reference) \(request.kind.rawValue) \(request.amount) \(describe(from.account)) -> \(describe(to.account))"
        if request.kind == .payment, let payee = to.username { detail += " of \(payee)" }
        if let reversed = request.reverses { detail += " reverses \(reversed)" }
        try insertAudit(AuditEvent(at: time, kind: eventKind, username: customer?.username,
                                   userID: customer.flatMap { if case .customer(let id, _) = $0.account { id } else { nil } },
                                   context: context, detail: detail), db: db)
        return TransferReceipt(reference: reference, request: request, bookedAt: time,
                               fromBalanceAfter: fromAfter, toBalanceAfter: toAfter, replayed: false)
    }

    private func describe(_ account: LedgerAccount) -> String {
        switch account {
        case .customer(_, let kind): return kind.rawValue
        case .bankFunding: return "bank-funding"
        }
    }

    private func account(_ account: LedgerAccount, db: any SQLConnection) throws -> AccountRow? {
        let row: SQLRow?
        switch account {
        case .customer(let user, let kind):
            row = try db.query("""
                SELECT a.id, a.balance, u.username FROM accounts a JOIN users u ON u.id = a.user_id
                WHERE a.user_id = ? AND a.kind = ?
                """, [user.rawValue, kind.rawValue]).first
        case .bankFunding:
            row = try db.query("SELECT id, balance, NULL FROM accounts WHERE kind = 'funding'").first
        }
        return row.map { AccountRow(id: $0.int(0), account: account, balance: Money(minorUnits: $0.int(1)),
                                    username: $0.optionalText(2).map(Username.init(trusted:))) }
    }

    private func ledgerAccount(id: Int64, db: any SQLConnection) throws -> LedgerAccount? {
        guard let row = try db.query("SELECT user_id, kind FROM accounts WHERE id = ?", [id]).first else { return nil }
        guard let user = row.optionalInt(0), let kind = AccountKind(rawValue: row.text(1)) else { return .bankFunding }
        return .customer(UserID(user), kind)
    }

    /// The receipt of a booked transfer, rebuilt from its rows (for retries).
    private func receipt(for reference: TransferReference, db: any SQLConnection) throws -> TransferReceipt? {
        guard let request = try transferRequest(reference, db: db),
              let row = try db.query("SELECT booked_at FROM transfers WHERE id = ?", [reference.rawValue]).first
        else { return nil }
        let postings = try db.query("SELECT amount, balance_after FROM postings WHERE transfer_id = ?", [reference.rawValue])
        let debit = postings.first { $0.int(0) < 0 }?.int(1) ?? 0
        let credit = postings.first { $0.int(0) > 0 }?.int(1) ?? 0
        return TransferReceipt(reference: reference, request: request,
                               bookedAt: Timestamp(millisecondsSinceEpoch: row.int(0)),
                               fromBalanceAfter: Money(minorUnits: debit), toBalanceAfter: Money(minorUnits: credit),
                               replayed: true)
    }

    private func transferRequest(_ reference: TransferReference, db: any SQLConnection) throws -> TransferRequest? {
        guard let row = try db.query("""
            SELECT client_id, kind, from_account, to_account, amount, reverses, payment_reference FROM transfers WHERE id = ?
            """, [reference.rawValue]).first,
              let kind = TransferKind(rawValue: row.text(1)),
              let from = try ledgerAccount(id: row.int(2), db: db),
              let to = try ledgerAccount(id: row.int(3), db: db)
        else { return nil }
        return TransferRequest(clientID: TransferClientID(trusted: row.text(0)), kind: kind, from: from, to: to,
                               amount: Money(minorUnits: row.int(4)),
                               reverses: row.optionalInt(5).map(TransferReference.init),
                               paymentReference: row.optionalText(6).map(PaymentReference.init(trusted:)))
    }

    public func transfer(_ reference: TransferReference) throws -> TransferRequest? {
        try withConnection { db in try transferRequest(reference, db: db) }
    }

    public func reversal(of reference: TransferReference) throws -> TransferReference? {
        try withConnection { db in
            try db.query("SELECT id FROM transfers WHERE reverses = ?", [reference.rawValue]).first
                .map { TransferReference($0.int(0)) }
        }
    }

    public func statement(of user: UserID, limit: Int) throws -> [StatementLine] {
        try statementPage(of: user, filter: .all, from: .newest, limit: limit)
    }

    /// Every invariant the ledger promises, checked from the rows themselves.
    public func checkInvariants() throws -> LedgerCheck {
        try withConnection { db in
            try db.readTransaction {
                var problems: [String] = []
                problems += try db.integrityProblems()

                let ledgerTotal = try db.query("SELECT COALESCE(SUM(balance), 0) FROM accounts").first?.int(0) ?? 0
                if ledgerTotal != 0 { problems.append("accounts sum to \(Money(minorUnits: ledgerTotal)), not 0.00") }
                let customerTotal = try db.query(
                    "SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE kind <> 'funding'").first?.int(0) ?? 0

                for row in try db.query("SELECT id FROM accounts WHERE kind <> 'funding' AND balance < 0") {
                    problems.append("account \(row.int(0)) is negative")
                }
                for row in try db.query("""
                    SELECT t.id FROM transfers t LEFT JOIN postings p ON p.transfer_id = t.id
                    GROUP BY t.id
                    HAVING count(p.id) <> 2
                        OR COALESCE(SUM(p.amount), 0) <> 0
                        OR SUM(CASE WHEN p.account_id = t.from_account AND p.amount = -t.amount THEN 1 ELSE 0 END) <> 1
                        OR SUM(CASE WHEN p.account_id = t.to_account AND p.amount = t.amount THEN 1 ELSE 0 END) <> 1
                    """) {
                    problems.append("\(TransferReference(row.int(0))) is not two balanced postings")
                }
                for row in try db.query("""
                    SELECT a.id FROM accounts a
                    LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM postings GROUP BY account_id) s
                           ON s.account_id = a.id
                    WHERE a.balance <> COALESCE(s.total, 0)
                    """) {
                    problems.append("account \(row.int(0)) balance differs from its postings")
                }
                for row in try db.query("""
                    SELECT p.transfer_id FROM postings p JOIN transfers t ON t.id = p.transfer_id
                    WHERE p.booked_at <> t.booked_at
                    """) {
                    problems.append("\(TransferReference(row.int(0))) has a posting dated otherwise than the transfer")
                }
                for row in try db.query("""
                    SELECT a.id FROM accounts a
                    JOIN postings p ON p.id = (SELECT MAX(id) FROM postings WHERE account_id = a.id)
                    WHERE p.balance_after <> a.balance
                    """) {
                    problems.append("account \(row.int(0)) running balance differs from its balance")
                }
                let transfers = try db.query("SELECT count(*) FROM transfers").first?.int(0) ?? 0
                return LedgerCheck(customerTotal: Money(minorUnits: customerTotal), ledgerTotal: Money(minorUnits: ledgerTotal),
                                   transferCount: Int(transfers), problems: problems)
            }
        }
    }
}
