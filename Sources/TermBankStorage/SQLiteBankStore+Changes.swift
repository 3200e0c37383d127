import TermBankCore

extension SQLiteBankStore: OperatorStore {
    /// Where the database file stands: two stamps are equal only if nothing
    /// was committed to it in between, by another connection (any process) or
    /// by this one. Reads no table: far cheaper than reading the data again
    /// to see whether it changed. Its parts: `PRAGMA data_version`, which moves
    /// when another connection commits, and `sqlite3_total_changes64`, which
    /// moves when this connection writes a row (data_version does not count a
    /// connection's own commits).
    public func changeStamp() throws -> ChangeStamp {
        try lock.withLock {
            let version = try connection.query("PRAGMA data_version").first?.int(0) ?? 0
            return ChangeStamp([version, connection.totalChanges])
        }
    }
}
