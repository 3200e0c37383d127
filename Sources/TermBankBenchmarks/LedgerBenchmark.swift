import Glibc
import TermBankCLI
import TermBankCore
import TermBankHarness
import TermBankPostgres
import TermBankSecurity
import TermBankStorage
import TermBankSystem

/// `termbank bench ledger`: N worker processes book transfers on one bank at
/// the same time, then the ledger's invariants are checked. With PostgreSQL
/// beside SQLite, each process count runs on both in turn, so the two rates
/// come from the same machine under the same load, and one table shows them.
enum LedgerBenchmark {
    /// One bank the benchmark runs on.
    struct Engine {
        let name: String
        /// The bank as the workers get it (`--db`), a URL's password included.
        let workerDatabase: String
        /// The bank as messages name it: a URL without its password.
        let display: String
        let store: any BankStore
    }

    struct Run {
        let engine: String
        let processes: Int
        let transfers: Int
        let seconds: Double
        let rate: Double
        let p50: Double
        let p99: Double
        let retriesPerThousand: Double
        let gaveUp: Int
        let openMilliseconds: Double
        let conserved: Bool
    }

    /// Each process's own customer starts with this much in each account, so
    /// transfers of up to 2,500.00 are seldom refused and every run measures bookings.
    static let ownOpening = Money(units: 100_000)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let counts = try processCounts(arguments.value("processes"))
        let transfers = try arguments.positiveInt("transfers", default: 2_000, max: 10_000_000)
        let rounds = try arguments.positiveInt("rounds", default: 1, max: 100)
        let hot = arguments.flag("hot")
        let idle = arguments.value("customers") == nil ? 0 : try arguments.positiveInt("customers", default: 0, max: 1_000_000)
        let console = context.console

        let scratch = try ScratchFolder.make("termbank-bench")
        defer { Files.removeTree(scratch) }
        var cluster: ThrowawayPostgres?
        defer { cluster?.stop() }

        var engines: [Engine] = []
        let given = arguments.value("db")
        if let given, PostgresLocation.isURL(given), arguments.flag("throwaway-postgres") {
            throw CommandFailure.usage("--db postgresql://… and --throwaway-postgres each add a PostgreSQL bank: give one")
        }
        if let given, !PostgresLocation.isURL(given) {
            let store = try context.store()
            try requireDemo(store, context.databasePath)
            engines.append(Engine(name: "sqlite", workerDatabase: given, display: context.databasePath, store: store))
        } else {
            let database = scratch + "/bench.sqlite"
            try resetDemo(at: database, context: context)
            engines.append(Engine(name: "sqlite", workerDatabase: database, display: database,
                                  store: try SQLiteBankStore(path: database)))
        }
        if let given, PostgresLocation.isURL(given) {
            let store = try context.store()
            try requireDemo(store, context.databasePath)
            engines.append(Engine(name: "postgresql", workerDatabase: given, display: context.databasePath, store: store))
        }
        if arguments.flag("throwaway-postgres") {
            console.print("Starting a throwaway PostgreSQL cluster (fsync on) ...")
            let started: ThrowawayPostgres
            do {
                started = try ThrowawayPostgres(durable: true)
            } catch {
                throw CommandFailure("--throwaway-postgres: \(error)", code: .unavailable)
            }
            cluster = started
            let url = started.url()
            let store = try PostgresBankStore(location: PostgresLocation(url: url))
            try DemoBank.reset(context.bank(on: store), context: .operatorCLI)
            engines.append(Engine(name: "postgresql", workerDatabase: url, display: store.path, store: store))
        }

        for engine in engines {
            if !hot { try addOwnCustomers(upTo: counts.max() ?? 1, on: engine.store, context: context) }
            if idle > 0 { try addIdleCustomers(idle, on: engine.store, context: context, console: console) }
        }
        describe(engines, cluster: cluster, scratch: scratch, hot: hot, console: console)

        // Round after round, each count on each engine in turn: a machine whose
        // load drifts (other work on shared cores) weighs on both alike.
        var runs: [Run] = []
        for round in 1...rounds {
            if rounds > 1 { console.print("Round \(round) of \(rounds)") }
            for processes in counts {
            for engine in engines {
                console.print("Running \(processes) processes, \(transfers) transfers in all, on \(engine.display)")
                let result = try measure(engine, processes: processes, transfers: transfers, hot: hot, scratch: scratch,
                                         console: console)
                runs.append(result)
                if arguments.flag("baseline") && engine.name == "sqlite" {
                    let baseline = try SQLiteShellBaseline.run(processes: processes, transfers: transfers, scratch: scratch,
                                                               context: context)
                    console.print("sqlite3_shell_rate_per_s=\(format(baseline)) termbank_rate_per_s=\(format(result.rate)) "
                                  + "ratio=\(format(result.rate / baseline))")
                }
            }
            }
        }
        let conserved = runs.allSatisfy(\.conserved)
        if runs.count > 1 {
            console.print("")
            console.print("Load average at the end: \(loadAverage())")
            let medians = median(runs)
            if rounds > 1 { console.print("Medians of \(rounds) rounds (transfers/s: lowest-highest round):") }
            for line in table(medians, ranges: rounds > 1 ? ranges(runs) : [:]) { console.print(line) }
            let crossover = crossover(medians)
            console.print("")
            console.print(crossoverSentence(crossover, runs: medians))
            console.print("runs=\(runs.count) crossover_processes=\(crossover.map(String.init) ?? "none") "
                          + "conserved=\(conserved ? "yes" : "no")")
        }
        return conserved ? .ok : .failure
    }

    /// `4` or `4,8,16`.
    static func processCounts(_ text: String?) throws -> [Int] {
        guard let text else { return [4] }
        let counts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 256 }) else {
            throw CommandFailure.usage("--processes needs whole numbers from 1 to 256, e.g. 4 or 4,8,16")
        }
        return counts.compactMap { $0 }
    }

    static func requireDemo(_ store: any BankStore, _ name: String) throws {
        guard try store.bankKind() == .demo else {
            throw CommandFailure("bench ledger runs on the demo bank; \(name) is not one.", code: .dataError)
        }
    }

    static func resetDemo(at path: String, context: CommandContext) throws {
        // Never context.bank(): that would open (and maybe create) the default database.
        try DemoBank.reset(context.bank(on: try SQLiteBankStore(path: path)), context: .operatorCLI)
    }

    static func ownCustomer(_ index: Int) -> String { "ledger" + DecimalText.zeroPadded(index + 1, width: 3) }

    /// ledger001, ledger002, ...: one customer per process, made once (a
    /// bank used again keeps its own), with one password hash for all.
    static func addOwnCustomers(upTo count: Int, on store: any BankStore, context: CommandContext) throws {
        let missing = try (0..<count).filter { try store.user(named: Username(trusted: ownCustomer($0))) == nil }
        guard !missing.isEmpty else { return }
        let bank = context.bank(on: store)
        let template = try bank.prepareUser(username: Username(trusted: "ledger"), password: Secret("copper-harbour-58"),
                                            phone: PhoneNumber(trusted: "+15554000000"), sitekey: nil, smsVerification: false)
        let audit = AuditContext(sessionID: "bench-ledger", deviceID: "bench")
        for index in missing {
            _ = try bank.addUser(NewUser(
                username: Username(trusted: ownCustomer(index)), passwordHash: template.passwordHash,
                phone: PhoneNumber(trusted: "+1555400" + DecimalText.zeroPadded(index + 1, width: 4)),
                smsVerification: false, sitekey: template.sitekey,
                openingBalances: [.checking: ownOpening, .savings: ownOpening], passwordForm: template.passwordForm),
                context: audit)
        }
    }

    /// Customers who only hold accounts (no money, no transfers), so the
    /// accounts table is a bank's size, not a demo's: on a table of a few
    /// pages PostgreSQL's planner reads `accounts` whole, and a serializable
    /// transaction that reads a table whole conflicts with every write to it.
    static func addIdleCustomers(_ count: Int, on store: any BankStore, context: CommandContext, console: Console) throws {
        func name(_ index: Int) -> Username { Username(trusted: "idle" + DecimalText.zeroPadded(index + 1, width: 6)) }
        guard try store.user(named: name(count - 1)) == nil else { return }
        console.print("Adding \(count) idle customers ...")
        let bank = context.bank(on: store)
        let template = try bank.prepareUser(username: Username(trusted: "idle"), password: Secret("copper-harbour-58"),
                                            phone: PhoneNumber(trusted: "+15555000000"), sitekey: nil, smsVerification: false)
        let audit = AuditContext(sessionID: "bench-ledger", deviceID: "bench")
        for index in 0..<count where try store.user(named: name(index)) == nil {
            _ = try bank.addUser(NewUser(
                username: name(index), passwordHash: template.passwordHash,
                phone: PhoneNumber(trusted: "+1556" + DecimalText.zeroPadded(index + 1, width: 7)),
                smsVerification: false, sitekey: template.sitekey, passwordForm: template.passwordForm), context: audit)
        }
    }

    /// One run: the workers start together; the ledger is checked before and after.
    static func measure(_ engine: Engine, processes: Int, transfers: Int, hot: Bool, scratch: String,
                        console: Console) throws -> Run {
        let before = try engine.store.checkInvariants()
        let started = Stopwatch.nanoseconds()
        let exits = try spawnWorkers(processes: processes, transfers: transfers, database: engine.workerDatabase,
                                     scratch: scratch, hot: hot)
        let seconds = Double(Stopwatch.nanoseconds() - started) / 1e9
        let after = try engine.store.checkInvariants()

        var latencies: [UInt64] = []
        var opens: [UInt64] = []
        var booked = 0, refused = 0, errors = 0, gaveUp = 0, retries = 0
        for index in 0..<processes {
            guard let report = LedgerWorker.readReport(scratch + "/worker-\(index).report") else { errors += 1; continue }
            latencies += report.latenciesMicroseconds
            opens.append(report.openMicroseconds)
            booked += report.booked
            refused += report.refused
            errors += report.errors
            gaveUp += report.gaveUp
            retries += report.retries
        }
        latencies.sort()
        opens.sort()
        // Money is conserved and every booking is in the ledger: postings sum
        // to zero, balances equal their postings, the customers' total is unchanged.
        let conserved = before.customerTotal == after.customerTotal && after.isConsistent && errors == 0
            && exits.allSatisfy { $0 == 0 } && after.transferCount - before.transferCount == booked
        let answered = booked + refused
        let run = Run(engine: engine.name, processes: processes, transfers: transfers, seconds: seconds,
                      rate: Double(answered) / seconds,
                      p50: percentile(latencies, 0.50), p99: percentile(latencies, 0.99),
                      retriesPerThousand: answered == 0 ? 0 : Double(retries) * 1000 / Double(answered),
                      gaveUp: gaveUp, openMilliseconds: percentile(opens, 0.50), conserved: conserved)
        console.print("booked=\(booked) refused_insufficient_funds=\(refused) gave_up_busy=\(gaveUp) errors=\(errors) "
                      + "retries=\(retries)")
        for problem in after.problems { console.print("problem: \(problem)") }
        console.print("engine=\(run.engine) processes=\(processes) transfers=\(transfers) seconds=\(format(seconds)) "
                      + "rate_per_s=\(format(run.rate)) p50_ms=\(format(run.p50)) p99_ms=\(format(run.p99)) "
                      + "retries_per_1000=\(format(run.retriesPerThousand)) open_ms=\(format(run.openMilliseconds)) "
                      + "total_before=\(before.customerTotal.minorUnits) total_after=\(after.customerTotal.minorUnits) "
                      + "conserved=\(conserved ? "yes" : "no")")
        return run
    }

    /// The value at `p` of sorted microseconds, in milliseconds.
    static func percentile(_ sorted: [UInt64], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)
        return Double(sorted[max(0, index)]) / 1000
    }

    /// Starts the workers together and waits for all; returns their exit statuses.
    static func spawnWorkers(processes: Int, transfers: Int, database: String, scratch: String,
                             hot: Bool = true) throws -> [Int32] {
        let executable = Paths.executable()
        var running: [ChildProcess] = []
        for index in 0..<processes {
            let share = transfers / processes + (index < transfers % processes ? 1 : 0)
            running.append(try ChildProcess(executable: executable, arguments: [
                "bench", "worker", "--db", database, "--transfers", String(max(share, 1)),
                "--seed", String(index + 1), "--report", scratch + "/worker-\(index).report", "--busy-timeout", "60000",
            ] + (hot ? [] : ["--user", ownCustomer(index)])))
        }
        return running.map { process in
            let ended = process.wait()
            return ended.exitStatus ?? 128 + (ended.signal ?? 0)
        }
    }

    // MARK: What was measured, and where

    /// The machine, the load, each bank's place and filesystem, and the
    /// settings that make a commit durable, as the engines report them.
    static func describe(_ engines: [Engine], cluster: ThrowawayPostgres?, scratch: String, hot: Bool, console: Console) {
        console.print("Machine: \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores (\(cpuModel())), load average \(loadAverage())")
        console.print(hot ? "Workload: every process on the three demo customers' six accounts (--hot: contended rows)"
                          : "Workload: each process moves money between the two accounts of a customer of its own")
        for engine in engines {
            switch engine.store {
            case let postgres as PostgresBankStore:
                let settings = (try? postgres.durabilitySettings()) ?? []
                let shown = settings.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
                console.print("PostgreSQL: \(engine.display): each write BEGIN ISOLATION LEVEL SERIALIZABLE, run again "
                              + "on 40001/40P01 (up to \(PostgresBankStore.serializationAttempts) attempts); \(shown)")
                if let cluster {
                    console.print("  data: \(cluster.directory)/data (\(FilesystemKind.name(of: cluster.directory)))")
                }
                if settings.contains(where: { ($0.name == "synchronous_commit" || $0.name == "fsync") && $0.value != "on" }) {
                    console.print("  WARNING: synchronous_commit or fsync is off: an acknowledged transfer can be lost; "
                                  + "these figures are not a bank's")
                }
            default:
                console.print("SQLite: \(engine.display) (\(FilesystemKind.name(of: engine.display))): "
                              + "journal_mode=WAL, \(SQLiteBankStore.connectionSettings.joined(separator: ", ")), "
                              + "each write BEGIN IMMEDIATE (one writer at a time; the others wait, busy timeout 60 s)")
            }
        }
    }

    static func cpuModel() -> String {
        let line = (Files.readText("/proc/cpuinfo") ?? "").split(separator: "\n").first { $0.hasPrefix("model name") }
        return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { String($0).trimmingWhitespace() }
            ?? "unknown CPU"
    }

    static func loadAverage() -> String {
        (Files.readText("/proc/loadavg") ?? "").split(separator: " ").prefix(3).joined(separator: " ")
    }

    // MARK: The table

    /// One run per engine and count: the median of each figure over the rounds.
    static func median(_ runs: [Run]) -> [Run] {
        var seen: [String] = []
        var groups: [String: [Run]] = [:]
        for run in runs {
            let key = "\(run.engine) \(run.processes)"
            if groups[key] == nil { seen.append(key) }
            groups[key, default: []].append(run)
        }
        return seen.map { key in
            let group = groups[key]!
            func middle(_ value: (Run) -> Double) -> Double {
                let sorted = group.map(value).sorted()
                return sorted.count % 2 == 1 ? sorted[sorted.count / 2]
                    : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            }
            let first = group[0]
            return Run(engine: first.engine, processes: first.processes, transfers: first.transfers,
                       seconds: middle(\.seconds), rate: middle(\.rate), p50: middle(\.p50), p99: middle(\.p99),
                       retriesPerThousand: middle(\.retriesPerThousand), gaveUp: group.map(\.gaveUp).reduce(0, +),
                       openMilliseconds: middle(\.openMilliseconds), conserved: group.allSatisfy(\.conserved))
        }
    }

    /// Each engine and count's lowest and highest rate over the rounds.
    static func ranges(_ runs: [Run]) -> [String: String] {
        var result: [String: (Double, Double)] = [:]
        for run in runs {
            let key = "\(run.engine) \(run.processes)"
            let (low, high) = result[key] ?? (run.rate, run.rate)
            result[key] = (min(low, run.rate), max(high, run.rate))
        }
        return result.mapValues { "\(Int($0.0.rounded()))-\(Int($0.1.rounded()))" }
    }

    static func table(_ runs: [Run], ranges: [String: String] = [:]) -> [String] {
        var header = ["processes", "engine", "transfers/s", "p50 ms", "p99 ms", "retries/1000", "gave up", "open ms"]
        if !ranges.isEmpty { header.insert("range", at: 3) }
        let rows = runs.map { run in
            [String(run.processes), run.engine == "sqlite" ? "SQLite" : "PostgreSQL", format(run.rate)]
                + (ranges.isEmpty ? [] : [ranges["\(run.engine) \(run.processes)"] ?? ""]) + [format(run.p50),
             format(run.p99), run.engine == "sqlite" ? "-" : format(run.retriesPerThousand), String(run.gaveUp),
             format(run.openMilliseconds)]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        return [line(header)] + rows.map(line)
    }

    /// The fewest processes at which PostgreSQL booked more per second than
    /// SQLite with as many, and stayed ahead at every larger count measured.
    static func crossover(_ runs: [Run]) -> Int? {
        let counts = Array(Set(runs.map(\.processes))).sorted()
        var found: Int?
        for count in counts {
            guard let sqlite = runs.first(where: { $0.engine == "sqlite" && $0.processes == count }),
                  let postgres = runs.first(where: { $0.engine == "postgresql" && $0.processes == count }) else { continue }
            if postgres.rate > sqlite.rate {
                if found == nil { found = count }
            } else {
                found = nil
            }
        }
        return found
    }

    static func crossoverSentence(_ crossover: Int?, runs: [Run]) -> String {
        guard runs.contains(where: { $0.engine == "postgresql" }) else { return "SQLite only: no crossover to find." }
        let pairs = Array(Set(runs.map(\.processes))).sorted().compactMap { count -> String? in
            guard let sqlite = runs.first(where: { $0.engine == "sqlite" && $0.processes == count }),
                  let postgres = runs.first(where: { $0.engine == "postgresql" && $0.processes == count }),
                  sqlite.rate > 0 else { return nil }
            return "\(count): \(format(postgres.rate / sqlite.rate))"
        }.joined(separator: ", ")
        let ratios = "PostgreSQL / SQLite rate by processes: \(pairs)."
        if let crossover { return "PostgreSQL passes SQLite from \(crossover) processes on. " + ratios }
        let ahead = Array(Set(runs.map(\.processes))).sorted().filter { count in
            guard let sqlite = runs.first(where: { $0.engine == "sqlite" && $0.processes == count }),
                  let postgres = runs.first(where: { $0.engine == "postgresql" && $0.processes == count }) else { return false }
            return postgres.rate > sqlite.rate
        }
        if ahead.isEmpty { return "PostgreSQL did not pass SQLite at any count measured. " + ratios }
        return "PostgreSQL was ahead at \(ahead.map(String.init).joined(separator: ", ")) processes, "
            + "but not at the most processes measured: no lasting crossover. " + ratios
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return String(rounded)
    }
}
