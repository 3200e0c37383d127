import TermBankCore

enum AuditCommands {
    static let all = [
        Command(["audit"], arguments: "[--user NAME] [--limit N]", summary: "Show the audit trail, newest first",
                valued: ["user", "limit"], run: audit),
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
}
