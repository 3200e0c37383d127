import TermBankCore

/// The shared demo's presence rows (decision 0120), the same SQL on both
/// engines. Every change is a heartbeat too (`seen_at`).
extension SQLBankStore: DemoTerminalStore {
    private static let terminalColumns = """
        id, origin, door, device, language, user_id, customer_since, screen, screen_since, started_at,
        last_action_at, seen_at, ended_at FROM demo_terminals
        """

    static func decodeTerminal(_ row: SQLRow) -> DemoTerminal {
        func time(_ index: Int) -> Timestamp { Timestamp(millisecondsSinceEpoch: row.int(index)) }
        return DemoTerminal(id: row.text(0), origin: row.text(1), door: Stakeholder.Door(rawValue: row.text(2)) ?? .local,
                            device: row.optionalText(3), language: Language(rawValue: row.text(4)) ?? .english,
                            customer: row.optionalInt(5).map(UserID.init),
                            customerSince: row.optionalInt(6).map(Timestamp.init(millisecondsSinceEpoch:)),
                            screen: row.text(7), screenSince: time(8), startedAt: time(9), lastAction: time(10),
                            seenAt: time(11), endedAt: row.optionalInt(12).map(Timestamp.init(millisecondsSinceEpoch:)))
    }

    public func startDemoTerminal(_ terminal: DemoTerminal) throws {
        try withConnection { db in
            try db.writeTransaction {
                try db.execute("DELETE FROM demo_terminals WHERE id = ?", [terminal.id])
                try db.execute("""
                    INSERT INTO demo_terminals (id, origin, door, device, language, user_id, customer_since, screen,
                        screen_since, started_at, last_action_at, seen_at, ended_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [terminal.id, terminal.origin, terminal.door.rawValue, terminal.device, terminal.language.code,
                          terminal.customer?.rawValue, terminal.customerSince?.millisecondsSinceEpoch, terminal.screen,
                          terminal.screenSince.millisecondsSinceEpoch, terminal.startedAt.millisecondsSinceEpoch,
                          terminal.lastAction.millisecondsSinceEpoch, terminal.seenAt.millisecondsSinceEpoch,
                          terminal.endedAt?.millisecondsSinceEpoch])
            }
        }
    }

    @discardableResult
    public func recordDemoTerminal(_ id: String, _ change: DemoTerminalChange, at time: Timestamp) throws -> Bool {
        let now = time.millisecondsSinceEpoch
        let (set, values): (String, [any SQLBindable]) = switch change {
        // The same screen again keeps its "since".
        case .screen(let name): ("screen_since = CASE WHEN screen = ? THEN screen_since ELSE ? END, screen = ?",
                                 [name, now, name])
        case .customer(let user, let since): ("user_id = ?, customer_since = ?",
                                              [user?.rawValue, since?.millisecondsSinceEpoch])
        case .language(let language): ("language = ?", [language.code])
        case .action(let pressed): ("last_action_at = ?", [pressed.millisecondsSinceEpoch])
        case .heartbeat: ("", [])
        case .ended: ("ended_at = COALESCE(ended_at, ?)", [now])
        }
        return try withConnection { db in
            try db.writeTransaction {
                try db.execute("UPDATE demo_terminals SET \(set.isEmpty ? "" : set + ", ")seen_at = ? WHERE id = ?", values + [now, id])
                return db.changes > 0
            }
        }
    }

    public func connectedDemoTerminals(seenSince: Timestamp) throws -> [DemoTerminal] {
        try withConnection { db in
            try db.query("""
                SELECT \(Self.terminalColumns) WHERE ended_at IS NULL AND seen_at >= ? ORDER BY started_at, id
                """, [seenSince.millisecondsSinceEpoch]).map(Self.decodeTerminal)
        }
    }

    public func demoTerminal(_ id: String) throws -> DemoTerminal? {
        try withConnection { db in
            try db.query("SELECT \(Self.terminalColumns) WHERE id = ?", [id]).first.map(Self.decodeTerminal)
        }
    }

    public func pruneDemoTerminals(goneBefore time: Timestamp) throws -> Int {
        try withConnection { db in
            try db.writeTransaction {
                try db.execute("DELETE FROM demo_terminals WHERE COALESCE(ended_at, seen_at) < ?", [time.millisecondsSinceEpoch])
                return db.changes
            }
        }
    }
}
