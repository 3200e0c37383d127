import TermBankCore

enum DemoCommands {
    static let all = [
        Command(["demo", "reset"], arguments: "[--yes]",
                summary: "Create or reset the demo bank (alice, bob, carol)",
                details: ["Wipes every user, account and transfer (the audit trail stays) and creates the seed's",
                          "three customers, each with 5,000.00 in checking and 10,000.00 in savings.",
                          "Asks before wiping a database that is not the demo bank, unless --yes."],
                boolean: ["yes"], createsBank: true, run: reset),
        Command(["demo", "prune"], arguments: "[--recordings DIR [--keep-recordings]]",
                summary: "End and remove demo customers older than 24 hours",
                details: ["Each expired guest customer (made with g in \"termbank --demo\") has its sessions ended and",
                          "deleted, its balances swept back to the bank's funding account with booked transfers,",
                          "and its codes, phone messages and second factors deleted. Its user row and ledger rows",
                          "stay (the ledger is append-only), so \"termbank check\" still passes. The presence rows of",
                          "demo terminals that ended or stopped being seen more than 24 hours ago are deleted.",
                          "scripts/ssh-demo runs it at start and every hour. Safe to run at any time.",
                          "--recordings DIR: also removes the session recordings in DIR that began more than 24 hours",
                          "ago (run it as the recordings' owner), unless --keep-recordings."],
                valued: ["recordings"], boolean: ["keep-recordings"], run: prune),
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

    static func prune(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        if arguments.flag("keep-recordings") && arguments.value("recordings") == nil {
            throw CommandFailure.usage("--keep-recordings goes with --recordings DIR")
        }
        let removed = try GuestCustomers(bank: try context.bank(), store: try context.store()).prune(context: .operatorCLI)
        for removal in removed {
            context.console.print("removed \(removal.username): \(removal.sessionsEnded) session(s) ended, \(removal.swept) returned to the bank")
        }
        context.console.print("\(removed.count) expired demo customer\(removed.count == 1 ? "" : "s") removed.")
        // The presence rows of terminals gone for as long as a guest lives (docs/decisions/0120).
        let terminals = try context.store().pruneGoneDemoTerminals(at: context.clock.now())
        context.console.print("\(terminals) presence row\(terminals == 1 ? "" : "s") of demo terminals gone for 24 hours removed.")
        if let folder = arguments.value("recordings"), !arguments.flag("keep-recordings") {
            // The guests' lifetime: a recording goes with the customer it shows (docs/decisions/0117).
            let cutoff = context.clock.now().millisecondsSinceEpoch / 1000 - GuestPolicy.standard.lifetimeSeconds
            let gone = RecordingFiles.prune(folder, startedBefore: Int(cutoff))
            context.console.print("\(gone.count) recording\(gone.count == 1 ? "" : "s") older than 24 hours removed from \(folder).")
        }
        return .ok
    }
}
