import Glibc
import TermBankCLI
import TermBankCore
import TermBankPostgres
import TermBankSecurity
import TermBankStorage
import TermBankSystem

package enum BenchCommands {
    package static let all = [
        Command(["bench", "ledger"],
                arguments: "[--processes N[,N...]] [--transfers N] [--rounds R] [--hot] [--customers N] [--baseline] [--db PATH|URL] [--throwaway-postgres]",
                summary: "Benchmark: N processes book random transfers at once, then check the ledger",
                details: ["--processes 4,8,16 runs each count in turn (default 4); --transfers N in all per run (default 2000).",
                          "Each process books transfers for a customer of its own (ledger001, ...: 2,500.00 in each",
                          "account); --hot: every process on the three demo customers instead (contended rows).",
                          "SQLite: the --db file, else a fresh demo bank in a temporary folder. --db postgresql://URL",
                          "(a demo bank) or --throwaway-postgres (a cluster of its own, fsync on, in a temporary folder)",
                          "adds PostgreSQL: each count runs on both, one after the other, printed in one table with the",
                          "settings that make a commit durable, the filesystems, the machine and its load.",
                          "--rounds R: every count on every engine R times, in turn; the table shows medians and ranges.",
                          "--customers N: N more customers who only hold accounts, so the accounts table is a bank's size.",
                          "--baseline also replays the SQLite store's statements with the sqlite3 shell on the same kind of",
                          "file and pragmas, and prints both rates side by side.",
                          "One line per run: engine= processes= transfers= seconds= rate_per_s= p50_ms= p99_ms=",
                          "retries_per_1000= open_ms= total_before= total_after= conserved=yes|no; with several runs, the",
                          "table and a last line: runs= crossover_processes=N|none conserved=yes|no"],
                valued: ["processes", "transfers", "rounds", "customers"], boolean: ["baseline", "hot", "throwaway-postgres"],
                run: LedgerBenchmark.run),
        Command(["bench", "ui"], arguments: "[--runs N] [--sessions N] [--binary PATH] [--floor PATH] [--before PATH]",
                summary: "Benchmark: the app against dialog (C ncurses) in a pseudo-terminal: start, memory, bytes",
                details: ["Runs the release termbank (on a fresh demo bank in a temporary folder), dialog(1) and",
                          "curses-floor (benchmarks/CursesFloor: a login box in Swift and ncursesw, built as termbank is)",
                          "in 80x24 pseudo-terminals (TERM=xterm-256color, LANG=C.UTF-8) and measures, side by side:",
                          "- start to first screen: from the fork until \"Sign in to TermBank\" is on the screen,",
                          "  termbank's login against dialog --infobox and the floor; N runs each (default 20), medians;",
                          "- --version, the whole process (spawn to reap), N runs each; the binaries' sizes;",
                          "- memory at rest (RssAnon, RssFile): termbank with alice signed in on her statement, dialog's",
                          "  input box, the floor's box; and --sessions N (default 50) of each at once: their total PSS;",
                          "- peak RSS (wait4's ru_maxrss) over a session: alice signs in with her fingerprint, opens a",
                          "  transfer, types an amount, goes back, logs out and quits; dialog --inputbox, an amount, Enter;",
                          "- bytes written to the terminal per PIN digit (bob signs in) and per screen change.",
                          "--binary PATH: the termbank to measure (default: this one if it is a release build, else",
                          "the package's .build/release/termbank, built first if missing); --floor PATH: the floor",
                          "(default: curses-floor beside the termbank measured); --before PATH: an earlier termbank measured",
                          "in the same rounds (start, --version, size, memory at rest), printed as before_* and after_over_before_*.",
                          "Needs dialog and GNU time.",
                          "Last line: startup_ms_*= startup_ratio= version_ms_*= version_ratio= binary_mb_*=",
                          "rest_rss_anon_kib_*= rss_anon_ratio= rest_rss_file_kib_*= rss_file_ratio= sessions_pss_mib_*=",
                          "peak_rss_kib_*= rss_ratio= pin_key_bytes_avg= pin_key_bytes_max= screen_*_bytes=... goals_met=yes|no"],
                valued: ["runs", "sessions", "binary", "floor", "before"], run: UIBenchmark.run),
        Command(["bench", "statement"], arguments: "[--postings N] [--pages N] [--runs N]",
                summary: "Benchmark: the statement of a customer with 100,000 postings beside one with 10",
                details: ["On a fresh demo bank in a temporary folder: alice gets N postings (default 100,000) spread",
                          "over five years, bob 10. Through the app's read path (StatementReader over keyset pages):",
                          "the first screen (balances, the 30-day chart, the first window; --runs times, default 20) and",
                          "each further window as the screen pages down (--pages, default 300), plus End and a search.",
                          "Last line: postings= first_page_ms_long= first_page_ms_short= first_page_ratio=",
                          "page_p50_ms_*= page_p50_ratio= page_p99_ms_*= page_p99_ratio= last_page_ms_*= search_ms_*=",
                          "page_p50_ms_1000= page_p50_ratio_to_1000= first_page_ms_1000= pages_long= seed_seconds=",
                          "carol gets 1,000 postings: her windows are full, as the long history's are (ten postings fit one)."],
                valued: ["postings", "pages", "runs"], run: StatementBenchmark.run),
        Command(["bench", "ssh"],
                arguments: "--sessions N --port P --key FILE --state DIR [--idle-seconds S] [--think-ms MS]",
                summary: "Benchmark: N concurrent SSH sessions against scripts/ssh-demo (run by scripts/bench-ssh)",
                details: ["Needs a running scripts/ssh-demo (state folder DIR, listening on 127.0.0.1:P, KEY authorized);",
                          "scripts/bench-ssh starts one, runs this, and stops it. Runs as root (operator commands on the",
                          "demo bank run as termbank-demo through runuser).",
                          "Creates bench001..benchNNN (SMS verification off, 100.00 each), then N ssh clients at once,",
                          "each in an 80x24 pseudo-terminal: sign in (password, sitekey, Touch ID), transfer 1.00 approved",
                          "with the code from the simulated phone, back to the statement. Times every echoed key",
                          "(username, password, amount, code digits); --think-ms (default 100) is the pause before each key.",
                          "Then all sessions idle on their statement for S seconds (default 30): CPU of the server's",
                          "termbank processes per session. Then each quits, and the ledger is checked.",
                          "Last line: sessions= completed= transfers_booked= conserved=yes|no p50_ms= p99_ms=",
                          "idle_cpu_percent_per_session= seconds="],
                valued: ["sessions", "port", "key", "state", "idle-seconds", "think-ms"], hidden: true,
                run: SSHBenchmark.run),
        Command(["bench", "worker"], arguments: "--transfers N --seed S --report FILE [--retry-every K] [--user NAME]",
                summary: "One benchmark or test process: books random transfers between the demo users",
                details: ["--user NAME: only that customer's accounts (the ledger benchmark gives each process its own)."],
                valued: ["transfers", "seed", "report", "retry-every", "user"], hidden: true, run: LedgerWorker.run),
        AcknowledgedTransfers.command,
        FailoverBenchmark.command,
        StoryBenchmark.command,
    ]
}

/// One process of the ledger benchmark and of the multi-process tests: it
/// books random transfers between the demo users' own accounts, sometimes
/// re-sending the previous request (same client id) as a client retry would.
enum LedgerWorker {
    struct Report {
        var booked = 0
        var refused = 0
        var replayed = 0
        var errors = 0
        /// Transfers not booked because the store stayed busy (PostgreSQL: 12 serialization failures in a row).
        var gaveUp = 0
        /// Write transactions run again after a serialization failure (PostgreSQL only; SQLite waits instead).
        var retries = 0
        /// From the worker's start to its bank open (libpq loaded and connected, or the SQLite file opened).
        var openMicroseconds: UInt64 = 0
        var latenciesMicroseconds: [UInt64] = []
    }

    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let count = try arguments.positiveInt("transfers", default: 100)
        let seed = UInt64(try arguments.positiveInt("seed", default: 1, max: Int.max))
        let retryEvery = arguments.value("retry-every") == nil ? 0 : try arguments.positiveInt("retry-every", default: 0)
        guard let reportPath = arguments.value("report") else { throw CommandFailure.usage("--report is required") }

        let opening = Stopwatch.nanoseconds()
        let bank = try context.bank()
        let names = try arguments.value("user").map { [try Username(validating: $0).rawValue] }
            ?? DemoBank.customers.map(\.username)
        let users = try names.compactMap { try bank.store.user(named: Username(trusted: $0)) }
        guard !users.isEmpty else { throw CommandFailure("No demo users; run \"termbank demo reset\" first.", code: .noUser) }

        // Choices are seeded (reproducible runs); client ids are not, so two
        // runs on one database never collide by accident.
        let choices = SeededRandomSource(seed: seed)
        let context = AuditContext(sessionID: "bench-\(seed)", deviceID: "bench")
        var report = Report()
        report.openMicroseconds = (Stopwatch.nanoseconds() - opening) / 1_000
        report.latenciesMicroseconds.reserveCapacity(count)
        var previous: (user: UserRecord, from: AccountKind, amount: Money, id: TransferClientID)?

        for index in 0..<count {
            let request: (user: UserRecord, from: AccountKind, amount: Money, id: TransferClientID)
            if retryEvery > 0, index % retryEvery == retryEvery - 1, let previous {
                request = previous
            } else {
                let user = users[Int(choices.uniform(below: UInt64(users.count)))]
                let from: AccountKind = choices.uniform(below: 2) == 0 ? .checking : .savings
                let amount = Money(minorUnits: Int64(1 + choices.uniform(below: 250_000)))
                request = (user, from, amount, TransferClientID.random(using: bank.random))
            }
            let started = Stopwatch.nanoseconds()
            do {
                let receipt = try bank.transfer(user: request.user, from: request.from, to: request.from.other,
                                                amount: request.amount, clientID: request.id, context: context)
                if receipt.replayed { report.replayed += 1 } else { report.booked += 1 }
            } catch is LedgerError {
                report.refused += 1
            } catch StoreError.busy {
                report.gaveUp += 1
                previous = request
                continue
            } catch {
                report.errors += 1
            }
            report.latenciesMicroseconds.append((Stopwatch.nanoseconds() - started) / 1_000)
            previous = request
        }

        report.retries = (bank.store as? PostgresBankStore)?.serializationRetries ?? 0
        var text = "booked=\(report.booked) refused=\(report.refused) replayed=\(report.replayed) errors=\(report.errors) "
            + "gave_up=\(report.gaveUp) retries=\(report.retries) open_us=\(report.openMicroseconds)\n"
        text += report.latenciesMicroseconds.map(String.init).joined(separator: "\n")
        try Files.write(text, to: reportPath)
        return report.errors == 0 ? .ok : .failure
    }

    static func readReport(_ path: String) -> Report? {
        guard let text = Files.readText(path) else { return nil }
        var lines = text.split(separator: "\n")
        guard !lines.isEmpty else { return nil }
        let header = lines.removeFirst()
        var report = Report()
        for pair in header.split(separator: " ") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]) else { continue }
            switch parts[0] {
            case "booked": report.booked = value
            case "refused": report.refused = value
            case "replayed": report.replayed = value
            case "errors": report.errors = value
            case "gave_up": report.gaveUp = value
            case "retries": report.retries = value
            case "open_us": report.openMicroseconds = UInt64(value)
            default: break
            }
        }
        report.latenciesMicroseconds = lines.compactMap { UInt64($0) }
        return report
    }
}
