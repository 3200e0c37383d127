import TermBankCore
import TermBankStorage
import TermBankSystem

/// The benchmark's yardstick: the same statements replayed by the `sqlite3`
/// shell (C, no Swift), N processes at once, on a fresh demo bank.
enum SQLiteShellBaseline {
    /// Returns transfers per second.
    static func run(processes: Int, transfers: Int, scratch: String, context: CommandContext) throws -> Double {
        guard let shell = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first(where: {
            Files.isExecutable($0)
        }) else {
            throw CommandFailure("--baseline needs the sqlite3 shell (Debian package sqlite3).", code: .unavailable)
        }
        let database = scratch + "/baseline.sqlite"
        try LedgerBenchmark.resetDemo(at: database, context: context)
        let store = try SQLiteBankStore(path: database)
        let users = try DemoBank.customers.compactMap { try store.user(named: Username(trusted: $0.username)) }

        var scripts: [String] = []
        for index in 0..<processes {
            let share = max(1, transfers / processes + (index < transfers % processes ? 1 : 0))
            let path = scratch + "/baseline-\(index).sql"
            let script = SQLiteBankStore.shellReplayScript(user: users[index % users.count].id, transfers: share,
                                                           prefix: "baseline-\(index)", busyTimeoutMilliseconds: 60_000)
            try Files.write(script, to: path)
            scripts.append(path)
        }

        let started = Stopwatch.nanoseconds()
        let running = try scripts.map { path in
            try ChildProcess(executable: shell, arguments: [database], input: .file(path), output: .null)
        }
        for process in running {
            let ended = process.wait()
            guard ended.succeeded else {
                throw CommandFailure("the sqlite3 shell baseline failed (exit \(ended.exitStatus ?? 128 + (ended.signal ?? 0))).",
                                     code: .software)
            }
        }
        let seconds = Double(Stopwatch.nanoseconds() - started) / 1e9
        let check = try store.checkInvariants()
        guard check.isConsistent else {
            throw CommandFailure("the sqlite3 shell baseline broke the ledger: \(check.problems.joined(separator: "; "))",
                                 code: .software)
        }
        return Double(transfers) / seconds
    }
}
