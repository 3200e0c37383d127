import TermBankCore

// Versions 18 on, on both engines.
extension SchemaLadder {
    /// The shared demo's terminals (decision 0120): one row per `termbank
    /// --demo` process, for the presenter's view. Nothing in it is a secret:
    /// the origin as the per-origin throttles name it (a key's fingerprint or
    /// an address), the device's name as the audit trail has it, the screen's
    /// stable name, times. `seen_at` is the heartbeat: a row not seen lately
    /// is a terminal killed without a goodbye. `demo prune` deletes old rows.
    static let version18 = Migration(18, both: { engine in """
    CREATE TABLE demo_terminals (
        id              TEXT PRIMARY KEY CHECK (\(engine.length)(id) BETWEEN 1 AND 64),
        origin          TEXT NOT NULL CHECK (\(engine.length)(origin) BETWEEN 1 AND 120),
        door            TEXT NOT NULL CHECK (door IN ('ssh', 'web', 'local')),
        device          TEXT CHECK (\(engine.length)(device) <= 120),
        language        TEXT NOT NULL CHECK (\(engine.length)(language) BETWEEN 1 AND 16),
        user_id         \(engine.integer) REFERENCES users(id) ON DELETE SET NULL,
        customer_since  \(engine.integer),
        screen          TEXT NOT NULL CHECK (\(engine.length)(screen) BETWEEN 1 AND 40),
        screen_since    \(engine.integer) NOT NULL,
        started_at      \(engine.integer) NOT NULL,
        last_action_at  \(engine.integer) NOT NULL,
        seen_at         \(engine.integer) NOT NULL,
        ended_at        \(engine.integer)
    )\(engine.tableOptions);
    CREATE INDEX demo_terminals_by_seen ON demo_terminals(seen_at);
    """ })
}
