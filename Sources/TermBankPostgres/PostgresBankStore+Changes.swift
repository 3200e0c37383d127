import TermBankCore

extension PostgresBankStore: OperatorStore {
    /// Where the bank stands: two stamps are equal only if nothing was
    /// committed in between, by any process on any host. Sends no query: it
    /// reads the commit notifications (`LISTEN termbank_changes`) the server
    /// already pushed down this connection, and counts reconnections (commits
    /// made while the connection was down were not notified to it). So an
    /// idle session asks the server nothing at all (PostgreSQL's counterpart
    /// of SQLite's `PRAGMA data_version`).
    public func changeStamp() throws -> ChangeStamp {
        try withConnection { _ in
            ChangeStamp([try connection.pollNotifications(), connection.reconnections])
        }
    }
}
