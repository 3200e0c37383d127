/// One operator command: its words, help text, the options it accepts and
/// what it does. Help and dispatch are both generated from the one table.
package struct Command: Sendable {
    let path: [String]
    let arguments: String
    let summary: String
    /// Help text, made when help is asked for: the app's own mentions
    /// defaults (an amount, the languages) that need not be formatted to open it.
    private let detailLines: @Sendable () -> [String]
    var details: [String] { detailLines() }
    let valued: Set<String>
    let boolean: Set<String>
    let hidden: Bool
    /// Whether the command makes a bank where there is none (`demo reset`,
    /// `user add`). Every other command only works on a bank that exists and
    /// refuses a missing one in one line (`StoreError.noBank`, exit 66).
    let createsBank: Bool
    let run: @Sendable (Arguments, CommandContext) throws -> ExitCode

    package init(_ path: [String], arguments: String = "", summary: String,
                 details: @escaping @Sendable @autoclosure () -> [String] = [],
         valued: Set<String> = [], boolean: Set<String> = [], hidden: Bool = false, createsBank: Bool = false,
         run: @escaping @Sendable (Arguments, CommandContext) throws -> ExitCode) {
        self.path = path
        self.arguments = arguments
        self.summary = summary
        self.detailLines = details
        self.valued = valued
        self.boolean = boolean
        self.hidden = hidden
        self.createsBank = createsBank
        self.run = run
    }

    var usage: String { (["termbank"] + path + (arguments.isEmpty ? [] : [arguments])).joined(separator: " ") }

    /// What `--help` says about this command alone: usage, summary, details.
    var explanation: [String] {
        let details = self.details
        return [usage, "", summary] + (details.isEmpty ? [] : [""] + details)
    }

    var help: String {
        (explanation
            + ["", "Global options: --db PATH or postgresql://URL (or $TERMBANK_DB), --key-file PATH, --busy-timeout MS,",
               "                --sms-command CMD, --pin-length 4|6, --pin-expiry MINUTES,",
               "                --verify simulated|vonage|twilio, --verify-url URL, --verify-credentials FILE, --brand NAME,",
               "                --help"])
            .joined(separator: "\n")
    }

    /// Options every command takes.
    static let globalValued: Set<String> = ["db", "key-file", "busy-timeout", "sms-command", "pin-length", "pin-expiry",
                                            "verify", "verify-url", "verify-credentials", "brand"]
    static let globalBoolean: Set<String> = ["help"]
}

/// Every command TermBank knows: the operator's own, and those the executable
/// adds from other modules (the benchmarks: `termbank bench ...`), so a module
/// that is not the operator CLI never has to live in it. Help, the overview and
/// the operator guide are made from this one table.
///
/// The table is built when a command is looked up, not when the process
/// starts: the app (no command words) and `--version` never build it. Building
/// it (every command's sets of options, details and closures, the benchmarks'
/// too) was a tenth of the instructions before the login screen
/// (docs/benchmarks.md, "A lean binary").
package struct Commands: Sendable {
    static let operatorCommands: [Command] = DemoCommands.all + RecordingCommands.all + UserCommands.all + LedgerCommands.all
        + AuditCommands.all + DeviceCommands.all + VerifyCommands.all + SecondFactorCommands.all + HelpCommands.all
        + [SSHDemoLauncher.command]

    private let added: @Sendable () -> [Command]

    package init(adding added: @escaping @Sendable @autoclosure () -> [Command] = []) {
        self.added = added
    }

    var all: [Command] { Self.operatorCommands + added() }

    var visible: [Command] { all.filter { !$0.hidden } }

    static let versionUsage = (usage: "termbank --version [--libraries]",
                               summary: "Version and library versions (--libraries: load those opened on first use too)")

    /// The global options, as the overview and the operator guide explain them.
    static let globalOptions = [
        "Global options: --db PATH (or $TERMBANK_DB): the SQLite file, or postgresql://user@host/db for a shared",
        "                PostgreSQL bank (libpq's PG* variables and ~/.pgpass apply; docs/postgresql.md),",
        "                --key-file PATH (or $TERMBANK_KEY_FILE): the authenticator sealing key (default: beside a",
        "                SQLite file; ~/.config/termbank/bank.key with PostgreSQL, the same file on every host),",
        "                --busy-timeout MS (or $TERMBANK_BUSY_TIMEOUT_MS),",
        "                --sms-command CMD (or $TERMBANK_SMS_COMMAND): deliver codes through CMD instead of the simulated phone,",
        "                --pin-length 4|6 (default 6), --pin-expiry MINUTES (1 to 10, default 5),",
        "                --verify simulated|vonage|twilio (or $TERMBANK_VERIFY): who sends the codes (default: the",
        "                simulated phone; credentials from $VONAGE_API_KEY and $VONAGE_API_SECRET, or $TWILIO_ACCOUNT_SID,",
        "                $TWILIO_AUTH_TOKEN and $TWILIO_VERIFY_SERVICE_SID, or --verify-credentials FILE, mode 0600),",
        "                --verify-url URL (or $TERMBANK_VERIFY_URL): the service's base URL, --brand NAME (default TermBank).",
        "                /etc/termbank/termbank.conf (or $TERMBANK_CONFIG) sets these and the app's options for the host;",
        "                a flag wins, then the environment, then the file (termbank(1), FILES).",
    ]

    /// The overview's usage column: a usage longer than this has its summary
    /// on the next line, so one long usage (bench ledger's) does not push
    /// every summary past an 80-column terminal.
    static let usageColumn = 36

    var overview: String {
        let width = visible.map { $0.usage.count }.filter { $0 <= Self.usageColumn }.max() ?? 0
        let lines = visible.map { command in
            command.usage.count > width
                ? "  " + command.usage + "\n      " + command.summary
                : "  " + command.usage + String(repeating: " ", count: width - command.usage.count) + "  " + command.summary
        }
        return (["TermBank: a terminal bank, and its operator's tools.", "",
                 "Usage: termbank COMMAND [OPTIONS]", "", "Commands:"] + lines
                + ["", "  " + AppCommands.app.usage + "  Open the full-screen app (no command);",
                   "      --demo: demo mode, the customer's phone on the screen (docs/demo-mode.md)",
                   "  " + Self.versionUsage.usage + "              " + Self.versionUsage.summary,
                   ""] + Self.globalOptions + ["Run \"termbank COMMAND --help\" for a command's details."])
            .joined(separator: "\n")
    }
}
