import TermBankCore

enum DemoCommands {
    static let all = [
        Command(["demo", "reset"], arguments: "[--yes]",
                summary: "Create or reset the demo bank (alice, bob, carol)",
                details: ["Wipes every user, account and transfer (the audit trail stays) and creates the seed's",
                          "three customers, each with 5,000.00 in checking and 10,000.00 in savings.",
                          "Asks before wiping a database that is not the demo bank, unless --yes."],
                boolean: ["yes"], run: reset),
    ]

    static func reset(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let store = try context.store()
        if try store.bankKind() == .custom, !arguments.flag("yes") {
            let question = "\(context.databasePath) holds a bank that is not the demo bank. Wipe it and create the demo bank?"
            guard context.console.isInteractive else {
                throw CommandFailure("\(context.databasePath) holds a bank that is not the demo bank; pass --yes to wipe it.",
                                     code: .failure)
            }
            guard try context.console.confirm(question) else {
                context.console.print("Nothing changed.")
                return .failure
            }
        }
        try DemoBank.reset(try context.bank(), context: .operatorCLI)

        context.console.print("Demo bank ready in \(context.databasePath)")
        context.console.print("")
        let rows = try store.listUsers().map { summary -> [String] in
            let customer = DemoBank.customers.first { $0.username == summary.user.username.rawValue }
            return [summary.user.username.rawValue, customer?.password ?? "", summary.user.phone.e164,
                    summary.user.smsVerification ? "on" : "off",
                    (summary.balances[.checking] ?? .zero).description, (summary.balances[.savings] ?? .zero).description]
        }
        for line in Table.render(header: ["USER", "PASSWORD", "PHONE", "SMS", "CHECKING", "SAVINGS"],
                                 rows: rows, rightAligned: [4, 5]) {
            context.console.print(line)
        }
        return .ok
    }
}
