import Glibc
import TermBankApp
import TermBankCore
import TermBankTerminal

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
        Command(["demo", "watch"], arguments: "[--lang CODE] [--ascii]",
                summary: "The presenter's view: who is at the demo, how far, who is stuck",
                details: ["A full-screen view for the person running the demo, on this terminal, read from the demo",
                          "bank's own records (nothing faster than once a second): each connected terminal's origin",
                          "(shortened, never a secret), door (SSH or web), customer and language, the guided story's",
                          "four steps, the time since its last action, and why it may be stuck (the same screen for",
                          "2 minutes, a refusal, a lock-out, the SMS limit); totals of connected, finished and money moved.",
                          "u lifts the chosen stakeholder's wrong-password and wrong-code locks at its origin only,",
                          "after a question, and the audit trail records it (device \"presenter\"). q or Esc leaves.",
                          "Runs only on the demo bank. --lang CODE and --ascii as for the app."],
                valued: ["lang"], boolean: ["ascii"], run: watch),
    ]

    /// `termbank demo watch`: the app's runtime on the presenter's screen, against the demo bank's records.
    static func watch(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let language = try AppCommands.languageSelection(arguments, context)
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure("The presenter's view needs a terminal.", code: .unavailable)
        }
        let store = try context.store()
        guard try store.bankKind() == .demo else {
            throw CommandFailure("\"termbank demo watch\" watches only the demo bank (made by \"termbank demo reset\"); "
                                 + "\(context.databasePath) is not it.", code: .config)
        }
        let bank = try context.bank()
        var client = BankingClient.refusingAll(now: { bank.clock.now() })
        PresenterDesk(bank: bank, store: store).install(into: &client)
        let charset: TerminalCharset = arguments.flag("ascii") ? .ascii : .from(environment: context.environment)
        let painter = Painter(charset: charset)
        do {
            try painter.start()
        } catch {
            throw CommandFailure("Cannot start the terminal: \(error)", code: .unavailable)
        }
        // The terminal is given back however the view ends (q, Esc, Ctrl-C's question, an error).
        defer { painter.stop() }
        var state = AppState(size: painter.size, now: bank.clock.now(), deviceName: nil, language: language)
        state.charset = charset
        state.screen = .presenter(PresenterScreen())
        var runtime = AppRuntime(client: client, terminal: painter)
        runtime.cancelRunning = { context.quitting.cancel() }
        return runtime.run(state)
    }

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
