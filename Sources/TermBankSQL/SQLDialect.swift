/// The spellings SQLite and PostgreSQL do not share, as far as the store's
/// SQL needs them. Everything else is written once in the SQL both accept:
/// `INSERT … RETURNING id` (SQLite 3.35+), `ON CONFLICT … DO UPDATE/NOTHING`
/// (SQLite 3.24+), `CAST(? AS TEXT)`, `CASE` rather than a comparison summed
/// as a number, `FALSE`, an alias on every derived table.
package struct SQLDialect: Sendable {
    /// A LIKE that ignores the case of letters: SQLite's `LIKE` (ASCII
    /// letters), PostgreSQL's `ILIKE`.
    package let caseInsensitiveLike: String
    /// A column that orders a table's rows as they were inserted, where a
    /// timestamp can tie: SQLite's `rowid`; on PostgreSQL the tables that
    /// need it have an identity column `seq`.
    package let insertionOrder: String

    package init(caseInsensitiveLike: String, insertionOrder: String) {
        self.caseInsensitiveLike = caseInsensitiveLike
        self.insertionOrder = insertionOrder
    }
}
