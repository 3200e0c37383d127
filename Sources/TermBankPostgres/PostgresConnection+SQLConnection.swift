import TermBankCore
import TermBankSQL

/// The PostgreSQL connection as the shared store uses it (`SQLConnection`).
extension PostgresConnection: SQLConnection {
    var dialect: SQLDialect { .postgres }

    /// Runs one store operation, reopening the connection first if it was
    /// lost. When the connection proves dead at the operation's very first
    /// statement (the server restarted while this process sat idle), nothing
    /// was sent that could commit, so the operation runs once more on a new
    /// connection; lost later, the error goes to the caller, whose retry is
    /// safe (a transfer's client id books it at most once).
    func operation<T>(_ body: () throws -> T) throws -> T {
        try ensureConnected()
        do {
            return try body()
        } catch StoreError.connectionLost where lostBeforeAnyWork {
            try ensureConnected()
            return try body()
        }
    }

    /// PostgreSQL enforces foreign keys as it writes and checksums pages
    /// itself: SQLite's integrity and foreign-key checks have no counterpart
    /// to run here.
    func integrityProblems() throws -> [String] { [] }
}

extension SQLDialect {
    /// PostgreSQL's LIKE tells case apart, ILIKE does not; the tables that
    /// need an insertion order have an identity column `seq` (SQLite's rowid).
    package static let postgres = SQLDialect(caseInsensitiveLike: "ILIKE", insertionOrder: "seq")
}

extension SQLValue {
    /// The value as libpq's text format sends it, or nil for NULL: money and
    /// time are BIGINT, flags 0/1 BIGINT as in SQLite.
    var postgresText: String? {
        switch self {
        case .integer(let value): String(value)
        case .text(let text): text
        case .null: nil
        }
    }
}
