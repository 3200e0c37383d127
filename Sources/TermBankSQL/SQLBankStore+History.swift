import TermBankCore

/// The whole history, a page at a time: keyset pages on each account's
/// `postings_by_account (account_id, id)` index, so the thousandth page costs
/// what the first does; and the balance chart's days from the
/// `postings_by_account_time (account_id, booked_at)` index.
extension SQLBankStore {
    public func statementPage(of user: UserID, filter: StatementFilter, from cursor: StatementCursor,
                              limit: Int) throws -> [StatementLine] {
        guard limit > 0 else { return [] }
        return try withConnection { db in
            try db.readTransaction {
                var accounts: [(id: Int64, kind: AccountKind)] = []
                for row in try db.query("SELECT id, kind FROM accounts WHERE user_id = ? ORDER BY id", [user.rawValue]) {
                    guard let kind = AccountKind(rawValue: row.text(1)), filter.account.map({ $0 == kind }) ?? true
                    else { continue }
                    accounts.append((row.int(0), kind))
                }
                // One index range per account, each already in order and
                // limited, merged here: a single query over both accounts would
                // have to sort the customer's whole history to order it.
                var lines: [StatementLine] = []
                for account in accounts {
                    lines += try page(account: account.id, kind: account.kind, filter: filter, cursor: cursor,
                                      limit: limit, db: db)
                }
                let newestFirst = lines.sorted { $0.posting > $1.posting }
                switch cursor {
                case .newest, .below: return Array(newestFirst.prefix(limit))
                case .oldest, .above: return Array(newestFirst.suffix(limit))
                }
            }
        }
    }

    /// The SQL of one account's page, with its arguments (tests read its query plan).
    package static func pageQuery(account: Int64, filter: StatementFilter, cursor: StatementCursor, limit: Int,
                                  dialect: SQLDialect) -> (sql: String, arguments: [any SQLBindable]) {
        var conditions = ["p.account_id = ?"]
        var arguments: [any SQLBindable] = [account]
        let ascending: Bool
        switch cursor {
        case .newest: ascending = false
        case .oldest: ascending = true
        case .below(let id):
            ascending = false
            conditions.append("p.id < ?")
            arguments.append(id.rawValue)
        case .above(let id):
            ascending = true
            conditions.append("p.id > ?")
            arguments.append(id.rawValue)
        }
        // Unary + keeps the dates off the time index: the keyset index must drive, in order.
        if let from = filter.from {
            conditions.append("+p.booked_at >= ?")
            arguments.append(from.millisecondsSinceEpoch)
        }
        if let until = filter.until {
            conditions.append("+p.booked_at < ?")
            arguments.append(until.millisecondsSinceEpoch)
        }
        if let search = filter.search {
            var any: [String] = []
            if let reference = search.reference {
                any.append("t.id = ? OR t.reverses = ?")
                arguments += [reference.rawValue, reference.rawValue]
            }
            for description in LineDescription.allCases where search.descriptions.contains(description) {
                any.append(sqlCondition(description))
            }
            // The payer's words and the other customer's name, as typed (letters in any case: the dialect's LIKE).
            let pattern = "%" + search.text.flatMap { "%_\\".contains($0) ? ["\\", $0] : [$0] } + "%"
            any.append("t.payment_reference \(dialect.caseInsensitiveLike) ? ESCAPE '\\'")
            any.append("(other.user_id <> p_owner.user_id AND ou.username \(dialect.caseInsensitiveLike) ? ESCAPE '\\')")
            arguments += [String(pattern), String(pattern)]
            conditions.append(any.isEmpty ? "FALSE" : "(" + any.joined(separator: " OR ") + ")")
        }
        arguments.append(limit)
        let sql = """
            SELECT p.id, t.id, t.kind, t.booked_at, p.amount, p.balance_after, other.user_id, other.kind, t.reverses,
                   CASE WHEN other.user_id <> p_owner.user_id THEN ou.username END, t.payment_reference
            FROM postings p
            JOIN accounts p_owner ON p_owner.id = p.account_id
            JOIN transfers t ON t.id = p.transfer_id
            JOIN postings op ON op.transfer_id = p.transfer_id AND op.id <> p.id
            JOIN accounts other ON other.id = op.account_id
            LEFT JOIN users ou ON ou.id = other.user_id
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY p.id \(ascending ? "ASC" : "DESC")
            LIMIT ?
            """
        return (sql, arguments)
    }

    private static func sqlCondition(_ description: LineDescription) -> String {
        switch description {
        case .opening: return "t.kind = 'opening'"
        case .deposit: return "t.kind = 'deposit'"
        case .reversal: return "t.kind = 'reversal'"
        case .transferFromChecking: return "(t.kind = 'transfer' AND p.amount > 0 AND other.kind = 'checking')"
        case .transferFromSavings: return "(t.kind = 'transfer' AND p.amount > 0 AND other.kind = 'savings')"
        case .transferToChecking: return "(t.kind = 'transfer' AND p.amount < 0 AND other.kind = 'checking')"
        case .transferToSavings: return "(t.kind = 'transfer' AND p.amount < 0 AND other.kind = 'savings')"
        case .paymentFrom: return "(t.kind = 'payment' AND p.amount > 0)"
        case .paymentTo: return "(t.kind = 'payment' AND p.amount < 0)"
        }
    }

    private func page(account: Int64, kind: AccountKind, filter: StatementFilter, cursor: StatementCursor, limit: Int,
                      db: any SQLConnection) throws -> [StatementLine] {
        let query = Self.pageQuery(account: account, filter: filter, cursor: cursor, limit: limit, dialect: db.dialect)
        return try db.query(query.sql, query.arguments).compactMap { row in
            guard let transferKind = TransferKind(rawValue: row.text(2)) else { return nil }
            let counterparty: LedgerAccount
            if let otherUser = row.optionalInt(6), let otherKind = AccountKind(rawValue: row.text(7)) {
                counterparty = .customer(UserID(otherUser), otherKind)
            } else {
                counterparty = .bankFunding
            }
            return StatementLine(posting: PostingID(row.int(0)), reference: TransferReference(row.int(1)),
                                 kind: transferKind, bookedAt: Timestamp(millisecondsSinceEpoch: row.int(3)),
                                 account: kind, amount: Money(minorUnits: row.int(4)),
                                 balanceAfter: Money(minorUnits: row.int(5)), counterparty: counterparty,
                                 reverses: row.optionalInt(8).map(TransferReference.init),
                                 counterpartyName: row.optionalText(9).map(Username.init(trusted:)),
                                 paymentReference: row.optionalText(10).map(PaymentReference.init(trusted:)))
        }
    }

    /// The SQL of the chart's days (tests read its query plan): per transfer
    /// first, so a move between the customer's own accounts nets to nothing.
    package static let balanceHistoryQuery = """
        SELECT (booked_at - ?) / 86400000 AS day,
               SUM(CASE WHEN net > 0 THEN net ELSE 0 END), SUM(CASE WHEN net < 0 THEN net ELSE 0 END)
        FROM (SELECT MIN(booked_at) AS booked_at, SUM(amount) AS net FROM postings
              WHERE account_id IN (SELECT id FROM accounts WHERE user_id = ?) AND booked_at >= ?
              GROUP BY transfer_id) AS per_transfer
        GROUP BY day ORDER BY day
        """

    public func balanceHistory(of user: UserID, firstDay: Timestamp, days: Int) throws -> BalanceHistory {
        try withConnection { db in
            try db.readTransaction {
                let total = try db.query("SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE user_id = ?",
                                         [user.rawValue]).first?.int(0) ?? 0
                var flows = Array(repeating: DailyFlow.none, count: max(0, days))
                var since: Int64 = 0
                let start = firstDay.millisecondsSinceEpoch
                for row in try db.query(Self.balanceHistoryQuery, [start, user.rawValue, start]) {
                    let day = Int(row.int(0))
                    since &+= row.int(1) &+ row.int(2)
                    // Booked after today (a clock set back): in the total, on no day.
                    guard day < flows.count else { continue }
                    flows[day] = DailyFlow(moneyIn: Money(minorUnits: row.int(1)), moneyOut: Money(minorUnits: row.int(2)))
                }
                // Anything booked after the last day is part of today's total, so it is taken from the opening too.
                return BalanceHistory(firstDay: firstDay, opening: Money(minorUnits: total &- since), days: flows)
            }
        }
    }
}
