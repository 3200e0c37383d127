import TermBankSQL

extension SQLDialect {
    /// SQLite's LIKE already ignores the case of ASCII letters; every table
    /// has a `rowid` in insertion order.
    package static let sqlite = SQLDialect(caseInsensitiveLike: "LIKE", insertionOrder: "rowid")
}
