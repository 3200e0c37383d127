import TermBankCore

/// The presenter's desk (decision 0120): every record of the view in one
/// read transaction, the same SQL on both engines; and lifting one origin's
/// locks for one customer.
extension SQLBankStore: PresenterStore {
    public func presenterRecords(at time: Timestamp, connectedSince: Timestamp, sendWindowStart: Timestamp,
                                 events: [AuditEventKind], eventLimit: Int) throws -> PresenterRecords {
        try withConnection { db in
            try db.readTransaction {
                var users: [Int64: UserRecord] = [:]
                func user(_ id: Int64) throws -> UserRecord? {
                    if let known = users[id] { return known }
                    let found = try db.query("""
                        SELECT id, username, phone, sms_verification, sitekey_image, sitekey_phrase, created_at, language
                        FROM users WHERE id = ?
                        """, [id]).first.map(Self.decodeUser)
                    users[id] = found
                    return found
                }
                // Each story once: a guest followed at two terminals, or seen as a live guest too, is read once.
                var facts: [StoryKey: StoryFacts] = [:]
                func story(_ id: Int64, since: Int64) throws -> StoryFacts {
                    let key = StoryKey(user: id, since: since)
                    if let known = facts[key] { return known }
                    let read = try storyFacts(of: UserID(id), since: Timestamp(millisecondsSinceEpoch: since), db: db)
                    facts[key] = read
                    return read
                }
                let marks = Array(repeating: "?", count: events.count).joined(separator: ", ")
                let kinds: [any SQLBindable] = events.map(\.rawValue)
                var terminals: [PresenterRecords.Terminal] = []
                for row in try db.query("""
                    SELECT id, origin, door, device, language, user_id, customer_since, screen, screen_since, started_at,
                           last_action_at, seen_at, ended_at FROM demo_terminals
                    WHERE ended_at IS NULL AND seen_at >= ? ORDER BY started_at, id
                    """, [connectedSince.millisecondsSinceEpoch]) {
                    let terminal = Self.decodeTerminal(row)
                    guard let id = terminal.customer?.rawValue, let customer = try user(id) else {
                        terminals.append(PresenterRecords.Terminal(terminal: terminal, customer: nil, facts: nil,
                                                                   passwordLockedUntil: nil, codesLockedUntil: nil,
                                                                   codeSends: 0, recentEvents: []))
                        continue
                    }
                    let passwordLock = try db.query("""
                        SELECT locked_until FROM signin_throttle WHERE username = ? AND origin = ?
                        """, [customer.username.rawValue, terminal.origin]).first?.optionalInt(0)
                    let codeLock = try db.query("""
                        SELECT locked_until FROM second_factor_throttle WHERE user_id = ? AND origin = ?
                        """, [id, terminal.origin]).first?.optionalInt(0)
                    let sends = try db.query("""
                        SELECT COUNT(*) FROM sms_sends WHERE user_id = ? AND origin = ? AND kind = 'code' AND at > ?
                        """, [id, terminal.origin, sendWindowStart.millisecondsSinceEpoch]).first?.int(0) ?? 0
                    // At this terminal's device when it has one: another stakeholder's refusals for a shared customer are theirs.
                    var recent: [PresenterRecords.RecentEvent] = []
                    if !events.isEmpty {
                        let device = terminal.device == nil ? "" : " AND device_id = ?"
                        let arguments: [any SQLBindable] = [customer.username.rawValue, id,
                                                            terminal.startedAt.millisecondsSinceEpoch]
                            + (terminal.device.map { [$0] } ?? []) + kinds + [eventLimit]
                        recent = try db.query("""
                            SELECT event, at FROM audit WHERE username = ? AND user_id = ? AND at >= ?\(device)
                            AND event IN (\(marks)) ORDER BY id DESC LIMIT ?
                            """, arguments).compactMap { row in
                            AuditEventKind(rawValue: row.text(0)).map {
                                PresenterRecords.RecentEvent(kind: $0, at: Timestamp(millisecondsSinceEpoch: row.int(1)))
                            }
                        }
                    }
                    terminals.append(PresenterRecords.Terminal(
                        terminal: terminal, customer: customer,
                        facts: try terminal.customerSince.map { try story(id, since: $0.millisecondsSinceEpoch) },
                        passwordLockedUntil: passwordLock.map(Timestamp.init(millisecondsSinceEpoch:)),
                        codesLockedUntil: codeLock.map(Timestamp.init(millisecondsSinceEpoch:)),
                        codeSends: Int(sends), recentEvents: recent))
                }
                // The stories "finished" counts: each live guest's whole life, and each story a presence row follows.
                var keys: [StoryKey] = try db.query("""
                    SELECT user_id FROM demo_guests WHERE removed_at IS NULL AND expires_at > ? ORDER BY user_id
                    """, [time.millisecondsSinceEpoch]).map { StoryKey(user: $0.int(0), since: 0) }
                keys += try db.query("""
                    SELECT DISTINCT user_id, customer_since FROM demo_terminals
                    WHERE user_id IS NOT NULL AND customer_since IS NOT NULL
                      AND user_id NOT IN (SELECT user_id FROM demo_guests WHERE removed_at IS NOT NULL)
                    ORDER BY user_id, customer_since
                    """).map { StoryKey(user: $0.int(0), since: $0.int(1)) }
                var seen: Set<StoryKey> = []
                var stories: [PresenterRecords.Story] = []
                for key in keys where seen.insert(key).inserted {
                    guard let customer = try user(key.user) else { continue }
                    stories.append(PresenterRecords.Story(customer: customer, facts: try story(key.user, since: key.since)))
                }
                let moved = try db.query("""
                    SELECT COALESCE(SUM(amount), 0) FROM transfers WHERE kind IN ('transfer', 'payment') AND session_id IS NOT NULL
                    """).first?.int(0) ?? 0
                return PresenterRecords(terminals: terminals, stories: stories, moneyMoved: Money(minorUnits: moved))
            }
        }
    }

    public func liftOriginLocks(of user: UserID, origin: String, at time: Timestamp, context: AuditContext,
                                detail: String) throws -> Bool {
        try withConnection { db in
            try db.writeTransaction {
                guard let name = try db.query("SELECT username FROM users WHERE id = ?", [user.rawValue]).first?.text(0) else {
                    throw StoreError.unknownUser(Username(trusted: "#\(user.rawValue)"))
                }
                // Only this origin's rows: never the customer's own ('' or the authenticator's), nor another origin's.
                guard !origin.isEmpty else { return false }
                try db.execute("DELETE FROM signin_throttle WHERE username = ? AND origin = ?", [name, origin])
                var lifted = db.changes > 0
                try db.execute("DELETE FROM second_factor_throttle WHERE user_id = ? AND origin = ?", [user.rawValue, origin])
                lifted = lifted || db.changes > 0
                try db.execute("DELETE FROM sms_sends WHERE user_id = ? AND origin = ?", [user.rawValue, origin])
                lifted = lifted || db.changes > 0
                guard lifted else { return false }
                try insertAudit(AuditEvent(at: time, kind: .accountUnlocked, username: Username(trusted: name),
                                           userID: user, context: context, detail: detail), db: db)
                return true
            }
        }
    }
}

/// One story: a customer, from when its facts count.
private struct StoryKey: Hashable {
    let user: Int64
    let since: Int64
}
