/// What the shared store needs of one engine's connection: prepared
/// statements with bound values (`?` placeholders, `?N` for the Nth), rows
/// read by column, and the engine's own transactions. SQLite's and
/// PostgreSQL's connections implement it; the store's SQL is written once
/// over it (docs/decisions/0029-one-store-two-engines.md).
///
/// Not thread-safe: `SQLBankStore` holds its lock around every use.
package protocol SQLConnection: AnyObject {
    /// The few spellings the two engines do not share.
    var dialect: SQLDialect { get }

    /// Runs one statement and returns every row (an `INSERT … RETURNING`
    /// returns its new row's columns). Statements are prepared once and
    /// reused. A constraint the statement breaks throws `SQLConstraintViolation`;
    /// every other failure throws a `StoreError` in the bank's words.
    @discardableResult
    func query(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow]

    /// Several statements with no arguments (scripts, transaction control).
    func executeScript(_ sql: String) throws

    /// Rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { get }

    /// A write transaction with the engine's own guarantee that the body's
    /// reads and writes behave as if it were the only writer: commits when
    /// `body` returns, rolls back when it throws. On SQLite one writer at a
    /// time (`BEGIN IMMEDIATE`); on PostgreSQL `SERIALIZABLE`, run again from
    /// the start on a serialization failure, so a body must do nothing
    /// outside the transaction.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T

    /// A read transaction: every query inside sees one snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T

    /// One store operation, with the engine's own recovery around it: on
    /// PostgreSQL a connection found lost before the operation sent anything
    /// is reopened and the operation run once more; on SQLite, just the body.
    func operation<T>(_ body: () throws -> T) throws -> T

    /// What the engine's own consistency checks find wrong with the database
    /// (`check`): SQLite's integrity and foreign-key checks; nothing on
    /// PostgreSQL, which checks keys as it writes and checksums its pages.
    func integrityProblems() throws -> [String]
}

extension SQLConnection {
    @discardableResult
    package func query(_ sql: String) throws -> [SQLRow] {
        try query(sql, [])
    }

    package func execute(_ sql: String, _ arguments: [any SQLBindable] = []) throws {
        try query(sql, arguments)
    }
}

/// A statement broke a constraint (a unique key, a CHECK, a trigger's
/// refusal): raised by either engine's connection so the store can turn it
/// into a domain error (a duplicate user, a device name in use).
package struct SQLConstraintViolation: Error {
    package let message: String

    package init(message: String) {
        self.message = message
    }
}
