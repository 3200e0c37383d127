/// The few value types TermBank stores, as text on the wire (libpq's text
/// format): money and time are BIGINT, flags are 0/1 BIGINT as in SQLite.
protocol PostgresBindable {
    /// The parameter's text, or nil for NULL.
    var postgresText: String? { get }
}

extension Int64: PostgresBindable { var postgresText: String? { String(self) } }
extension Int: PostgresBindable { var postgresText: String? { String(self) } }
extension String: PostgresBindable { var postgresText: String? { self } }
extension Bool: PostgresBindable { var postgresText: String? { self ? "1" : "0" } }
extension Optional: PostgresBindable where Wrapped: PostgresBindable {
    var postgresText: String? { self?.postgresText }
}

/// One result row, read by column index, with the same readers as the SQLite store's rows.
struct PostgresRow {
    let values: [String?]

    func int(_ index: Int) -> Int64 { optionalInt(index) ?? 0 }

    func optionalInt(_ index: Int) -> Int64? { values[index].flatMap { Int64($0) } }

    func text(_ index: Int) -> String { values[index] ?? "" }

    func optionalText(_ index: Int) -> String? { values[index] }
}
