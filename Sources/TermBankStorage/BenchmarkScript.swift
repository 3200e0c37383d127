import TermBankCore

extension SQLiteBankStore {
    /// The statements `book` runs for one customer transfer, written out as a
    /// script for the `sqlite3` shell, so the benchmark can compare TermBank
    /// with SQLite doing the same work and nothing else. Amounts alternate
    /// direction so balances never run out and no statement fails.
    public static func shellReplayScript(user: UserID, transfers: Int, prefix: String, busyTimeoutMilliseconds: Int) -> String {
        var script = """
        .bail on
        .timeout \(busyTimeoutMilliseconds)
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = FULL;
        PRAGMA foreign_keys = ON;

        """
        for index in 0..<transfers {
            let (from, to) = index % 2 == 0 ? ("checking", "savings") : ("savings", "checking")
            let client = "\(prefix)-\(index)"
            let fromID = "(SELECT id FROM accounts WHERE user_id = \(user.rawValue) AND kind = '\(from)')"
            let toID = "(SELECT id FROM accounts WHERE user_id = \(user.rawValue) AND kind = '\(to)')"
            script += """
            BEGIN IMMEDIATE;
            SELECT id FROM transfers WHERE client_id = '\(client)';
            SELECT a.id, a.balance, u.username FROM accounts a JOIN users u ON u.id = a.user_id WHERE a.user_id = \(user.rawValue) AND a.kind = '\(from)';
            SELECT a.id, a.balance, u.username FROM accounts a JOIN users u ON u.id = a.user_id WHERE a.user_id = \(user.rawValue) AND a.kind = '\(to)';
            INSERT INTO transfers (client_id, kind, from_account, to_account, amount, reverses, booked_at, session_id, device_id) VALUES ('\(client)', 'transfer', \(fromID), \(toID), 100, NULL, 1796000000000, 'bench', 'bench');
            UPDATE accounts SET balance = balance - 100 WHERE id = \(fromID);
            INSERT INTO postings (transfer_id, account_id, amount, balance_after) SELECT t.id, t.from_account, -100, (SELECT balance FROM accounts WHERE id = t.from_account) FROM transfers t WHERE t.client_id = '\(client)';
            UPDATE accounts SET balance = balance + 100 WHERE id = \(toID);
            INSERT INTO postings (transfer_id, account_id, amount, balance_after) SELECT t.id, t.to_account, 100, (SELECT balance FROM accounts WHERE id = t.to_account) FROM transfers t WHERE t.client_id = '\(client)';
            INSERT INTO audit (at, event, username, user_id, session_id, device_id, detail) VALUES (1796000000000, 'transfer.booked', 'bench', \(user.rawValue), 'bench', 'bench', '1.00 \(from) -> \(to)');
            COMMIT;

            """
        }
        return script
    }
}
