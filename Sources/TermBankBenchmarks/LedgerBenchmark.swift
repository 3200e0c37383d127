import Glibc
import TermBankCLI
import TermBankCore
import TermBankSecurity
import TermBankStorage
import TermBankSystem

/// `termbank bench ledger`: N worker processes book random transfers on one
/// file at the same time, then the ledger's invariants are checked.
enum LedgerBenchmark {
    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let processes = try arguments.positiveInt("processes", default: 4, max: 256)
        let transfers = try arguments.positiveInt("transfers", default: 2_000, max: 10_000_000)
        let console = context.console

        let scratch = try ScratchFolder.make("termbank-bench")
        defer { Files.removeTree(scratch) }
        // `database` names the bank in messages (a PostgreSQL URL without its
        // password); the workers get it as given, `--db` and all.
        let database: String
        let workerDatabase: String
        let store: any BankStore
        if let given = arguments.value("db") {
            database = context.databasePath
            workerDatabase = given
            store = try context.store()
            guard try store.bankKind() == .demo else {
                throw CommandFailure("bench ledger runs on the demo bank; \(database) is not one.", code: .dataError)
            }
        } else {
            database = scratch + "/bench.sqlite"
            workerDatabase = database
            try resetDemo(at: database, context: context)
            store = try SQLiteBankStore(path: database)
        }

        let before = try store.checkInvariants()
        console.print("Running \(processes) processes, \(transfers) transfers in all, on \(database)")
        let started = Stopwatch.nanoseconds()
        let exits = try spawnWorkers(processes: processes, transfers: transfers, database: workerDatabase, scratch: scratch)
        let seconds = Double(Stopwatch.nanoseconds() - started) / 1e9
        let after = try store.checkInvariants()

        var latencies: [UInt64] = []
        var booked = 0, refused = 0, errors = 0
        for index in 0..<processes {
            guard let report = LedgerWorker.readReport(scratch + "/worker-\(index).report") else { errors += 1; continue }
            latencies += report.latenciesMicroseconds
            booked += report.booked
            refused += report.refused
            errors += report.errors
        }
        latencies.sort()
        func percentile(_ p: Double) -> String {
            guard !latencies.isEmpty else { return "0" }
            let index = min(latencies.count - 1, Int((Double(latencies.count) * p).rounded(.up)) - 1)
            return format(Double(latencies[max(0, index)]) / 1000)
        }
        let conserved = before.customerTotal == after.customerTotal && after.isConsistent && errors == 0
            && exits.allSatisfy { $0 == 0 } && after.transferCount - before.transferCount == booked
        let rate = Double(transfers) / seconds
        console.print("booked=\(booked) refused_insufficient_funds=\(refused) errors=\(errors)")
        for problem in after.problems { console.print("problem: \(problem)") }

        if arguments.flag("baseline") {
            let baseline = try SQLiteShellBaseline.run(processes: processes, transfers: transfers, scratch: scratch,
                                                       context: context)
            console.print("sqlite3_shell_rate_per_s=\(format(baseline)) termbank_rate_per_s=\(format(rate)) "
                          + "ratio=\(format(rate / baseline))")
        }
        console.print("processes=\(processes) transfers=\(transfers) seconds=\(format(seconds)) rate_per_s=\(format(rate)) "
                      + "p50_ms=\(percentile(0.50)) p99_ms=\(percentile(0.99)) "
                      + "total_before=\(before.customerTotal.minorUnits) total_after=\(after.customerTotal.minorUnits) "
                      + "conserved=\(conserved ? "yes" : "no")")
        return conserved ? .ok : .failure
    }

    static func resetDemo(at path: String, context: CommandContext) throws {
        // Never context.bank(): that would open (and maybe create) the default database.
        try DemoBank.reset(context.bank(on: try SQLiteBankStore(path: path)), context: .operatorCLI)
    }

    /// Starts the workers together and waits for all; returns their exit statuses.
    static func spawnWorkers(processes: Int, transfers: Int, database: String, scratch: String) throws -> [Int32] {
        let executable = Paths.executable()
        var running: [ChildProcess] = []
        for index in 0..<processes {
            let share = transfers / processes + (index < transfers % processes ? 1 : 0)
            running.append(try ChildProcess(executable: executable, arguments: [
                "bench", "worker", "--db", database, "--transfers", String(max(share, 1)),
                "--seed", String(index + 1), "--report", scratch + "/worker-\(index).report", "--busy-timeout", "60000",
            ]))
        }
        return running.map { process in
            let ended = process.wait()
            return ended.exitStatus ?? 128 + (ended.signal ?? 0)
        }
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return String(rounded)
    }
}
