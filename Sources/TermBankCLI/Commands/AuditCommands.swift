import Glibc
import TermBankCore
import TermBankSystem

enum AuditCommands {
    static let all = [
        Command(["audit"], arguments: "[--user NAME] [--limit N]", summary: "Show the audit trail, newest first",
                valued: ["user", "limit"], run: audit),
        Command(["audit", "export"], arguments: "[--out FILE] [--after ID]",
                summary: "Write the whole audit trail as JSON Lines, oldest first (before archiving a database)",
                details: ["One object per row: id, at, at_ms, event, username, user_id, session, device, detail;",
                          "strings escaped to printable ASCII. To standard output, or to FILE, created with mode",
                          "0600 and never written over. --after ID: only rows after ID (the last one exported),",
                          "for exports in steps. TermBank never deletes audit rows; see docs/security-model.md."],
                valued: ["out", "after"], run: export),
    ]

    static func audit(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let limit = try arguments.positiveInt("limit", default: 50, max: 100_000)
        let username = try arguments.value("user").map { try context.username($0) }
        let records = try context.store().auditTrail(username: username, limit: limit)
        if records.isEmpty {
            context.console.print("No audit records\(username.map { " for \($0)" } ?? "").")
            return .ok
        }
        // ISO 8601 UTC, as stored: the operator's and scripts' form, never shown to a customer.
        let rows = records.map { record in
            let event = record.event
            return [String(record.id), event.at.description, event.kind.rawValue, event.username?.rawValue ?? "-",
                    event.context.sessionID ?? "-", event.context.deviceID ?? "-", event.detail]
        }
        for line in Table.render(header: ["ID", "AT (UTC)", "EVENT", "USER", "SESSION", "DEVICE", "DETAIL"], rows: rows,
                                 rightAligned: [0]) {
            context.console.print(line)
        }
        return .ok
    }

    static func export(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        var after: Int64 = 0
        if let text = arguments.value("after") {
            guard let number = Int64(text), number >= 0 else {
                throw CommandFailure.usage("--after needs an audit id (a whole number, 0 or more)")
            }
            after = number
        }
        let store = try context.store()
        var output: ExportFile?
        if let path = arguments.value("out") { output = try ExportFile(creating: path) }
        var count = 0
        var last = after
        while true {
            let rows = try store.auditRows(after: last, limit: 1_000)
            guard !rows.isEmpty else { break }
            let text = rows.map(AuditExport.line).joined(separator: "\n") + "\n"
            if let output { try output.write(text) } else { Files.writeAll(text, to: STDOUT_FILENO) }
            count += rows.count
            last = rows[rows.count - 1].id
        }
        if let output {
            try output.finish()
            context.console.print("Exported \(count) audit record\(count == 1 ? "" : "s")"
                                  + (count > 0 ? " (ids \(after + 1) to \(last))" : "") + " to \(output.path) (mode 0600).")
        }
        return .ok
    }
}
