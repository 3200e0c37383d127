import TermBankCore

/// The demo's guided story reads what was recorded (`StoryStore`): the
/// audit trail's session and authenticator rows, the sessions' ends, and the
/// transfers booked from the customer's accounts in one of their sessions.
extension SQLBankStore: StoryStore {
    public func storyFacts(of user: UserID, since: Timestamp) throws -> StoryFacts {
        try withConnection { db in
            try db.readTransaction { try storyFacts(of: user, since: since, db: db) }
        }
    }

    /// The same inside the caller's transaction (the presenter's view reads many stories in one).
    func storyFacts(of user: UserID, since: Timestamp, db: any SQLConnection) throws -> StoryFacts {
        // The audit trail is indexed by username; a user row's name never changes.
        guard let name = try db.query("SELECT username FROM users WHERE id = ?", [user.rawValue]).first?.text(0) else {
            return StoryFacts()
        }
        let rows = try db.query("""
            SELECT event, at, detail FROM audit
            WHERE username = ? AND user_id = ? AND event IN (?, ?) AND at >= ? ORDER BY id
            """, [name, user.rawValue, AuditEventKind.sessionStarted.rawValue,
                  AuditEventKind.authenticatorActivated.rawValue, since.millisecondsSinceEpoch])
        var starts: [StoryFacts.SessionStart] = []
        var authenticators = 0
        for row in rows {
            if row.text(0) == AuditEventKind.sessionStarted.rawValue {
                starts.append(StoryFacts.SessionStart(at: Timestamp(millisecondsSinceEpoch: row.int(1)),
                                                      detail: SessionStartDetail(parsing: row.text(2))))
            } else {
                authenticators += 1
            }
        }
        // An idle session is ended by the check that finds it over, without an audit row: the row's end counts.
        let ends = try db.query("""
            SELECT ended_at FROM sessions WHERE user_id = ? AND ended_at IS NOT NULL AND ended_at >= ? ORDER BY ended_at
            """, [user.rawValue, since.millisecondsSinceEpoch]).map { Timestamp(millisecondsSinceEpoch: $0.int(0)) }
        let moved = try db.query("""
            SELECT COUNT(*) FROM transfers t JOIN accounts a ON a.id = t.from_account
            WHERE a.user_id = ? AND t.kind IN ('transfer', 'payment') AND t.session_id IS NOT NULL AND t.booked_at >= ?
            """, [user.rawValue, since.millisecondsSinceEpoch]).first?.int(0) ?? 0
        return StoryFacts(sessionStarts: starts, sessionEnds: ends, moneyMoved: Int(moved),
                          authenticatorsSetUp: authenticators)
    }
}
