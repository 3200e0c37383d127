import TermBankCore

/// The audit trail as JSON Lines, oldest first, one object per row, for the
/// operator to keep before archiving a database: TermBank never deletes audit
/// rows (triggers refuse it), so retention is the export plus the archived file.
/// Every string is escaped to printable ASCII (`\uXXXX`), so the export is
/// safe on a terminal and loses nothing a tampered username or detail held.
enum AuditExport {
    /// `at` is ISO 8601 UTC (with `at_ms` beside it): the export is for programs.
    static func line(_ row: StoredAuditRow) -> String {
        var fields: [(String, String)] = [("id", String(row.id)), ("at", json(row.at.description)),
                                          ("at_ms", String(row.at.millisecondsSinceEpoch)), ("event", json(row.event))]
        fields.append(("username", row.username.map(json) ?? "null"))
        fields.append(("user_id", row.userID.map(String.init) ?? "null"))
        fields.append(("session", row.sessionID.map(json) ?? "null"))
        fields.append(("device", row.deviceID.map(json) ?? "null"))
        fields.append(("detail", json(row.detail)))
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    static func json(_ text: String) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default: out += "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count) + String(unit, radix: 16)
            }
        }
        return out + "\""
    }
}
