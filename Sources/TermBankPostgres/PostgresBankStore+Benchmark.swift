import TermBankCore

/// What `termbank bench ledger` reports beside its rates: how often this
/// process's writes ran again, and the server settings that decide whether
/// an acknowledged commit survives a crash, read from the server rather than assumed.
extension PostgresBankStore {
    /// Write transactions this process ran again after a serialization
    /// failure or a deadlock (SQLSTATE 40001, 40P01).
    public var serializationRetries: Int {
        (try? withConnection { _ in connection.serializationRetries }) ?? 0
    }

    /// `synchronous_commit`, `fsync`, `wal_sync_method`, `commit_delay`,
    /// the default isolation (each write sets its own: `SERIALIZABLE`) and
    /// the server's version, as the server reports them.
    public func durabilitySettings() throws -> [(name: String, value: String)] {
        let names = ["server_version", "synchronous_commit", "fsync", "wal_sync_method", "commit_delay",
                     "default_transaction_isolation"]
        return try withConnection { _ in
            try names.map { name in
                (name, try connection.query("SELECT current_setting('\(name)')").first?.text(0) ?? "")
            }
        }
    }
}
