import TermBankCore

extension SQLiteBankStore {
    /// Where the database file stands: two stamps are equal only if nothing
    /// was committed to it in between, by another connection (any process) or
    /// by this one.
    public struct ChangeStamp: Equatable, Sendable {
        /// `PRAGMA data_version`: moves when another connection commits.
        let dataVersion: Int64
        /// `sqlite3_total_changes64`: moves when this connection writes a row
        /// (data_version does not count a connection's own commits).
        let ownChanges: Int64
    }

    /// The file's change stamp. Reads no table: far cheaper than reading the
    /// data again to see whether it changed.
    public func changeStamp() throws -> ChangeStamp {
        try withConnection { db in
            let version = try db.query("PRAGMA data_version").first?.int(0) ?? 0
            return ChangeStamp(dataVersion: version, ownChanges: db.totalChanges)
        }
    }
}
