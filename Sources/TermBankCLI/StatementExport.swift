import TermBankCore

/// A customer's postings as CSV (RFC 4180) or JSON, for the operator's
/// `termbank statement NAME --format csv|json`. Oldest first, read a keyset
/// page at a time, so an export of any length holds one page in memory.
package enum StatementExport {
    package enum Format: String, CaseIterable {
        case csv, json
    }

    package static let columns = ["date", "transfer", "account", "description", "amount", "balance", "counterparty",
                                  "reference"]

    /// One posting's fields, in `columns` order, as text (numbers as plain decimals).
    struct Row {
        let date: String
        let transfer: String
        let account: String
        let description: String
        let amount: String
        let balance: String
        let counterparty: String
        let reference: String
    }

    /// The date stays ISO 8601 UTC: CSV and JSON are read by programs, which parse it unambiguously.
    static func row(_ line: StatementLine, counterparty: String, reference: String?) -> Row {
        Row(date: line.bookedAt.description, transfer: line.reference.description, account: line.account.rawValue,
            description: line.label, amount: plainDecimal(line.amount, signed: true),
            balance: plainDecimal(line.balanceAfter, signed: false), counterparty: counterparty, reference: reference ?? "")
    }

    /// "-25.00", "+1250.00" (signed) or "1250.00": no grouping, no currency, two places.
    package static func plainDecimal(_ money: Money, signed: Bool) -> String {
        let units = money.minorUnits.magnitude
        let cents = units % 100
        let sign = money.minorUnits < 0 ? "-" : (signed ? "+" : "")
        return sign + String(units / 100) + "." + (cents < 10 ? "0" : "") + String(cents)
    }

    // MARK: CSV

    /// The header and each record end in CRLF, as RFC 4180 asks.
    static var csvHeader: String { columns.joined(separator: ",") }

    static func csvRecord(_ row: Row) -> String {
        // Numbers as they are; every text field neutralised and quoted when it needs to be.
        [row.date, row.transfer, csvText(row.account), csvText(row.description), row.amount, row.balance,
         csvText(row.counterparty), csvText(row.reference)].joined(separator: ",")
    }

    /// A text field as a spreadsheet may safely open it (OWASP, CSV
    /// injection): one that starts with `=`, `+`, `-`, `@`, a tab or a
    /// carriage return would be read as a formula, so it gets a leading
    /// apostrophe and is quoted; any field with a comma, a quote or a line
    /// break is quoted, its quotes doubled (RFC 4180). Control characters
    /// other than tab, CR and LF (escape sequences, bidi overrides) become U+FFFD.
    package static func csvText(_ text: String) -> String {
        var value = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar {
            case "\t", "\r", "\n": return scalar
            default: return TerminalText.sanitized(String(scalar)).unicodeScalars.first ?? "\u{FFFD}"
            }
        }))
        var quote = false
        if let first = value.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
            value = "'" + value
            quote = true
        }
        // By scalars, not characters: a comma or quote followed by a combining
        // mark is one character (",\u{300}") but still a comma or a quote to
        // whatever reads the file (found by fuzzing, decision 70).
        if value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) { quote = true }
        guard quote else { return value }
        return "\"" + String(String.UnicodeScalarView(value.unicodeScalars.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] })) + "\""
    }

    // MARK: JSON

    /// One posting as a JSON object: amounts as exact decimal strings and in minor units.
    static func jsonObject(_ row: Row, line: StatementLine) -> String {
        let fields: [(String, String)] = [
            ("date", AuditExport.json(row.date)), ("transfer", AuditExport.json(row.transfer)),
            ("account", AuditExport.json(row.account)), ("description", AuditExport.json(row.description)),
            ("amount", AuditExport.json(row.amount)), ("amount_minor", String(line.amount.minorUnits)),
            ("balance", AuditExport.json(row.balance)), ("balance_minor", String(line.balanceAfter.minorUnits)),
            ("counterparty", AuditExport.json(row.counterparty)), ("reference", AuditExport.json(row.reference)),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    // MARK: Reading

    /// Every posting the filter admits, oldest first, a page at a time.
    static func forEachLine(of user: UserID, filter: StatementFilter, store: any BankBackend, pageSize: Int = 500,
                            _ body: (StatementLine) throws -> Void) throws {
        var cursor = StatementCursor.oldest
        while true {
            let page = try store.statementPage(of: user, filter: filter, from: cursor, limit: pageSize)
            for line in page.reversed() { try body(line) }
            guard page.count == pageSize, let newest = page.first else { return }
            cursor = .above(newest.posting)
        }
    }
}
