/// The engine a bank lives on, for the schema: the few spellings its tables
/// take on each, so a migration the two engines share is written once
/// (`SchemaLadder`, decision 88). The store's queries need fewer and get
/// them from `SQLDialect`.
package enum SQLEngine: Sendable, CaseIterable {
    case sqlite
    case postgresql

    /// A 64-bit integer (money, time, ids, flags): SQLite's INTEGER is 64
    /// bits, PostgreSQL's 32.
    package var integer: String {
        switch self {
        case .sqlite: "INTEGER"
        case .postgresql: "BIGINT"
        }
    }

    /// An id the table hands out and never again, even after a delete
    /// (SQLite's AUTOINCREMENT; a PostgreSQL sequence never goes back).
    package var neverReusedKey: String {
        switch self {
        case .sqlite: "INTEGER PRIMARY KEY AUTOINCREMENT"
        case .postgresql: "BIGSERIAL PRIMARY KEY"
        }
    }

    /// An id the table hands out (SQLite's rowid).
    package var rowKey: String {
        switch self {
        case .sqlite: "INTEGER PRIMARY KEY"
        case .postgresql: "BIGSERIAL PRIMARY KEY"
        }
    }

    /// A text's length in characters; PostgreSQL's `char_length` says so by its name.
    package var length: String {
        switch self {
        case .sqlite: "length"
        case .postgresql: "char_length"
        }
    }

    /// After a table's closing parenthesis. SQLite's tables are STRICT, so a
    /// value of the wrong type is refused, as PostgreSQL always does.
    package var tableOptions: String {
        switch self {
        case .sqlite: " STRICT"
        case .postgresql: ""
        }
    }

    /// The same for a table whose primary key is its only index: SQLite
    /// keeps its rows in that key (WITHOUT ROWID).
    package var keyedTableOptions: String {
        switch self {
        case .sqlite: " STRICT, WITHOUT ROWID"
        case .postgresql: ""
        }
    }
}
