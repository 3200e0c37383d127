/// The few value types TermBank stores, on either engine: money and time are
/// 64-bit integers, flags 0/1 integers, everything else text.
package enum SQLValue: Equatable, Sendable {
    case integer(Int64)
    case text(String)
    case null
}

/// A Swift value the store binds to a statement's placeholder.
package protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension Int64: SQLBindable { package var sqlValue: SQLValue { .integer(self) } }
extension Int: SQLBindable { package var sqlValue: SQLValue { .integer(Int64(self)) } }
extension String: SQLBindable { package var sqlValue: SQLValue { .text(self) } }
extension Bool: SQLBindable { package var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    package var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// One result row, read by column index. SQLite hands integers over as
/// integers; libpq's text format hands every value over as text, so an
/// integer read of text parses it (a BIGINT, a count, a NUMERIC sum).
package struct SQLRow {
    package let values: [SQLValue]

    package init(values: [SQLValue]) {
        self.values = values
    }

    package func int(_ index: Int) -> Int64 { optionalInt(index) ?? 0 }

    package func optionalInt(_ index: Int) -> Int64? {
        switch values[index] {
        case .integer(let value): value
        case .text(let text): Int64(text)
        case .null: nil
        }
    }

    package func text(_ index: Int) -> String { optionalText(index) ?? "" }

    package func optionalText(_ index: Int) -> String? {
        switch values[index] {
        case .text(let text): text
        case .integer(let value): String(value)
        case .null: nil
        }
    }
}
