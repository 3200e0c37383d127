/// The few SQLite value types TermBank stores. Money and time are INTEGER.
enum SQLiteValue: Equatable {
    case integer(Int64)
    case text(String)
    case null
}

protocol SQLiteBindable {
    var sqliteValue: SQLiteValue { get }
}

extension Int64: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(self) } }
extension Int: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(Int64(self)) } }
extension String: SQLiteBindable { var sqliteValue: SQLiteValue { .text(self) } }
extension Bool: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) } }
extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}

/// One result row, read by column index.
struct SQLiteRow {
    let values: [SQLiteValue]

    func int(_ index: Int) -> Int64 {
        if case .integer(let value) = values[index] { return value }
        return 0
    }

    func optionalInt(_ index: Int) -> Int64? {
        if case .integer(let value) = values[index] { return value }
        return nil
    }

    func text(_ index: Int) -> String {
        if case .text(let value) = values[index] { return value }
        return ""
    }

    func optionalText(_ index: Int) -> String? {
        if case .text(let value) = values[index] { return value }
        return nil
    }
}
