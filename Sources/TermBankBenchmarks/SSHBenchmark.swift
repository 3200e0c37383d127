import Glibc
import TermBankCLI
import TermBankCore
import TermBankHarness
import TermBankSystem

/// `termbank bench ssh` (hidden; `scripts/bench-ssh` starts the SSH demo and
/// runs it): N real OpenSSH sessions at once against `scripts/ssh-demo`, each
/// in a pseudo-terminal of its own that the benchmark reads and types into.
/// Every session signs in and makes one transfer approved with its code;
/// the benchmark times each keystroke's echo, then leaves every session idle
/// on its statement and measures the CPU the server side spends, and finally
/// checks the ledger.
///
/// Each session is its own user (bench001..benchNNN, created before the run):
/// the simulated phone holds one verification per number (a second session of
/// the same user would cancel the first one's code) and sends at most 5 codes
/// per number per hour, so sharing alice and carol would measure queueing on
/// two phones, and fail past 10 sessions, rather than 50 people banking.
enum SSHBenchmark {
    static let columns = 80
    static let rows = 24
    static let account = "termbank-demo"
    static let password = "ledger-lantern-58"
    /// Each bench user's opening deposit, in cents, and what each session moves.
    static let openingCents: Int64 = 100_00
    static let amountTyped = "1.00"
    static let transferSummary = "$1.00 from Checking to Savings"

    struct Goals {
        static let p99Milliseconds = 50.0
        /// "Near 0%": below a thousandth of a core per idle session.
        static let idlePercentPerSession = 0.1
    }

    struct Options {
        let sessions: Int
        let port: Int
        let key: String
        let state: String
        let idleSeconds: Int
        let thinkMilliseconds: Int

        var binary: String { state + "/bin/termbank" }
        var database: String { state + "/bank/bank.sqlite" }
        /// Time allowed for any one screen to appear.
        var stepSeconds: Double { 60 + Double(sessions) }
        /// Time allowed for every session to sign in, transfer and be back on its statement.
        var sessionsSeconds: Double { 120 + 4 * Double(sessions) }

        static func parse(_ arguments: Arguments) throws -> Options {
            _ = try arguments.expectPositionals([])
            let sessions = try arguments.positiveInt("sessions", default: 10, max: 500)
            guard let portText = arguments.value("port"), let port = Int(portText), (1...65_535).contains(port) else {
                throw CommandFailure.usage("--port PORT is required (the SSH demo's port, 1 to 65535)")
            }
            guard let key = arguments.value("key") else { throw CommandFailure.usage("--key FILE is required (the client's private key)") }
            guard Files.isReadable(key) else {
                throw CommandFailure("--key \(Console.quoted(key)) is not a readable file.", code: .noInput)
            }
            guard let state = arguments.value("state") else {
                throw CommandFailure.usage("--state DIR is required (the SSH demo's state folder)")
            }
            let idle = try arguments.positiveInt("idle-seconds", default: 30, max: 3_600)
            var think = 100
            if let text = arguments.value("think-ms") {
                guard let value = Int(text), (0...10_000).contains(value) else {
                    throw CommandFailure.usage("--think-ms needs milliseconds from 0 to 10000")
                }
                think = value
            }
            let options = Options(sessions: sessions, port: port, key: key, state: state, idleSeconds: idle,
                                  thinkMilliseconds: think)
            guard Files.isExecutable(options.binary) else {
                throw CommandFailure("No termbank at \(options.binary): is \(Console.quoted(state)) the state folder of a "
                                     + "running scripts/ssh-demo?", code: .noInput)
            }
            return options
        }
    }

    // MARK: The run

    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let options = try Options.parse(arguments)
        let console = context.console
        let demo = try DemoOperator(options: options)
        guard Files.isExecutable("/usr/bin/ssh") else {
            throw CommandFailure("bench ssh needs the OpenSSH client (Debian package openssh-client).", code: .unavailable)
        }

        // 1. The bank before, then one user per session with an opening deposit.
        let start = try demo.check()
        console.print("bench ssh: \(options.sessions) sessions on 127.0.0.1:\(options.port), terminal=\(columns)x\(rows) "
                      + "think_ms=\(options.thinkMilliseconds) idle_seconds=\(options.idleSeconds) state=\(options.state)")
        let users = (1...options.sessions).map { "bench" + DecimalText.zeroPadded($0, width: 3) }
        let setupStarted = Stopwatch.nanoseconds()
        try createUsers(users, demo: demo)
        let before = try demo.check()
        let deposits = openingCents * Int64(options.sessions)
        guard before.consistent, before.customerCents == start.customerCents + deposits else {
            throw CommandFailure("The bench users' opening deposits did not add up: customer total "
                                 + "\(start.customerText) + \(options.sessions) x 100.00 is not \(before.customerText).",
                                 code: .failure)
        }
        console.print("setup: users=\(users.first!)..\(users.last!) opening_deposit=100.00 each "
                      + "seconds=\(format(seconds(since: setupStarted)))")

        let warmUpMilliseconds = try warmUp(options)
        console.print("warm_up_connection_ms=\(format(warmUpMilliseconds)) (first connection with the key: its phone is made)")

        // 2. N SSH clients at once, each in its own pseudo-terminal, each driven by a thread of its own.
        let coordinator = Coordinator()
        let sessions = users.enumerated().map { SSHSession(index: $0.offset + 1, username: $0.element, options: options,
                                                           demo: demo, coordinator: coordinator) }
        let started = Stopwatch.nanoseconds()
        for session in sessions { session.spawn() }
        for session in sessions {
            Threads.detach(stackSize: 1 << 20) { session.run() }
        }
        let allArrived = coordinator.waitForArrivals(sessions.count, until: started + nanoseconds(options.sessionsSeconds))
        let phaseSeconds = seconds(since: started)
        if !allArrived {
            console.print("bench ssh: not every session was back on its statement after \(format(options.sessionsSeconds)) s; "
                          + "ending the late ones.")
            for session in sessions { session.abandon() }
            _ = coordinator.waitForArrivals(sessions.count, until: Stopwatch.nanoseconds() + 20_000_000_000)
        }
        let completed = sessions.filter(\.completed)

        // 3. Every completed session idle on its statement: the server side's CPU over the window.
        var idle: IdleFigures?
        if !completed.isEmpty {
            let uid = demo.uid
            let first = ServerProcesses.snapshot(account: account, uid: uid)
            let windowStart = Stopwatch.nanoseconds()
            coordinator.beginIdle(until: windowStart + UInt64(options.idleSeconds) * 1_000_000_000)
            let selfBefore = ServerProcesses.ownCPUNanoseconds()
            coordinator.sleep(until: windowStart + UInt64(options.idleSeconds) * 1_000_000_000)
            let second = ServerProcesses.snapshot(account: account, uid: uid)
            let window = seconds(since: windowStart)
            idle = IdleFigures(first: first, second: second, seconds: window, sessions: completed.count,
                               benchmarkNanoseconds: ServerProcesses.ownCPUNanoseconds() - selfBefore)
        }

        // 4. Every session quits (Ctrl-C, y) and every client is reaped.
        coordinator.finish()
        if !coordinator.waitForEnds(sessions.count, until: Stopwatch.nanoseconds() + 60_000_000_000) {
            for session in sessions { session.abandon(evenIfArrived: true) }
            _ = coordinator.waitForEnds(sessions.count, until: Stopwatch.nanoseconds() + 20_000_000_000)
        }

        // 5. The ledger.
        let after = try demo.check()
        let receipts = sessions.filter { $0.reference != nil }.count
        let booked = after.transfers - before.transfers
        let conserved = after.consistent && after.customerCents == start.customerCents + deposits && booked == receipts

        // Figures.
        for session in sessions where session.failure != nil {
            console.print("session \(session.index) (\(session.username)) failed: \(session.failure!)")
        }
        for session in sessions.filter({ $0.failure != nil }).prefix(3) {
            var screen = session.failureScreen
            while screen.last?.isEmpty == true { screen.removeLast() }
            for line in screen { console.print("  \(session.index) | " + TerminalText.sanitized(line)) }
        }
        let quitProblems = sessions.filter { $0.completed && $0.quitProblem != nil }
        for session in quitProblems { console.print("session \(session.index) did not quit cleanly: \(session.quitProblem!)") }

        var keystrokes: [KeyKind: [UInt64]] = [:]
        var steps: [Step: [UInt64]] = [:]
        for session in sessions {
            for sample in session.keystrokes { keystrokes[sample.kind, default: []].append(sample.nanoseconds) }
            for (step, time) in session.steps { steps[step, default: []].append(time) }
        }
        let all = keystrokes.values.flatMap { $0 }.sorted()
        console.print("keystrokes=\(all.count) " + KeyKind.allCases.map { kind in
            let times = (keystrokes[kind] ?? []).sorted()
            return "\(kind.rawValue)_n=\(times.count) \(kind.rawValue)_p50_ms=\(milliseconds(percentile(times, 0.5))) "
                + "\(kind.rawValue)_p99_ms=\(milliseconds(percentile(times, 0.99)))"
        }.joined(separator: " ") + " max_ms=\(milliseconds(all.last ?? 0))")
        console.print(Step.allCases.map { step in
            let times = (steps[step] ?? []).sorted()
            return "step_\(step.rawValue)_p50_ms=\(milliseconds(percentile(times, 0.5))) "
                + "step_\(step.rawValue)_p99_ms=\(milliseconds(percentile(times, 0.99)))"
        }.joined(separator: " "))
        if let idle {
            let bytes = completed.map(\.idleBytes)
            console.print(idle.summary + " idle_bytes_to_terminal_total=\(bytes.reduce(0, +)) "
                          + "idle_bytes_to_terminal_max=\(bytes.max() ?? 0)")
        }
        console.print("total_start=\(start.customerText) deposits=\(Money(minorUnits: deposits)) total_after=\(after.customerText) "
                      + "ledger_consistent=\(after.consistent ? "yes" : "no") transfers_in_ledger=\(booked) receipts_seen=\(receipts)")
        for problem in after.problems { console.print("problem: \(problem)") }

        let p50 = percentile(all, 0.5)
        let p99 = percentile(all, 0.99)
        let idlePercent = idle?.termbankPercentPerProcess
        let goals = [("all_completed", completed.count == options.sessions), ("conserved", conserved),
                     ("p99", !all.isEmpty && Double(p99) / 1e6 < Goals.p99Milliseconds),
                     ("idle_cpu", (idlePercent ?? .infinity) < Goals.idlePercentPerSession)]
        let missed = goals.filter { !$0.1 }.map(\.0)
        console.print("goal_p99_ms_below=\(format(Goals.p99Milliseconds)) goal_idle_cpu_percent_below=\(Goals.idlePercentPerSession) "
                      + "goals_missed=\(missed.isEmpty ? "none" : missed.joined(separator: ",")) goals_met=\(missed.isEmpty ? "yes" : "no")")
        console.print("sessions=\(options.sessions) completed=\(completed.count) transfers_booked=\(booked) "
                      + "conserved=\(conserved ? "yes" : "no") p50_ms=\(milliseconds(p50)) p99_ms=\(milliseconds(p99)) "
                      + "idle_cpu_percent_per_session=\(idlePercent.map { format4($0) } ?? "n/a") "
                      + "seconds=\(format(phaseSeconds))")
        return completed.count == options.sessions && conserved ? .ok : .failure
    }

    /// `ssh -tt` to the demo in an 80x24 pseudo-terminal of its own.
    static func startClient(_ options: Options) throws -> PseudoTerminalProcess {
        let arguments = ["-tt", "-p", String(options.port), "-i", options.key,
                         "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                         // Never prompt (a refused key fails at once), no user config, no agent keys, no escape character.
                         "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-F", "/dev/null", "-e", "none",
                         "\(account)@127.0.0.1"]
        let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/local/bin:/usr/bin:/bin",
                           "HOME": "/nonexistent"]
        return try PseudoTerminalProcess(executable: "/usr/bin/ssh", arguments: arguments, environment: environment,
                                         columns: columns, rows: rows)
    }

    /// One connection before the run, which quits at the login screen: the key's
    /// simulated phone is made on its first connection (an argon2id hash of its
    /// passcode), as for any returning customer, so the N sessions measure
    /// connecting with a known phone rather than N first connections racing to
    /// make the same one. Returns the milliseconds to its login screen.
    static func warmUp(_ options: Options) throws -> Double {
        let app = try startClient(options)
        defer { app.terminate() }
        do {
            let shown = try app.waitFor(SSHBenchmark.welcomeKeys, seconds: 60, what: "the welcome screen")
            try app.type("\u{3}")
            try app.waitFor("Quit TermBank?", seconds: 30)
            try app.type("y")
            let exit = app.waitForExit(seconds: 20)
            guard exit.succeeded else {
                throw PseudoTerminalProcess.Failure(message: "ssh ended with \(exit.description)", screen: app.screen.lines)
            }
            return Double(shown - app.startedAt) / 1e6
        } catch let failure as PseudoTerminalProcess.Failure {
            var screen = failure.screen
            while screen.last?.isEmpty == true { screen.removeLast() }
            throw CommandFailure("The first SSH connection failed: \(failure.message). The screen:\n"
                                 + screen.map { "  | " + TerminalText.sanitized($0) }.joined(separator: "\n"),
                                 code: .unavailable)
        }
    }

    /// Creates the bench users (SMS verification off, a phone each, one password) and their
    /// opening deposits, through the operator commands as the demo account, two at a time.
    static func createUsers(_ users: [String], demo: DemoOperator) throws {
        let failures = Locked<[String]>([])
        Threads.concurrentPerform(iterations: users.count) { index in
            let name = users[index]
            do {
                let phone = "+1 555 2" + DecimalText.zeroPadded(index + 1, width: 4)
                let added = try demo.run(["user", "add", name, "--phone", phone], stdin: password + "\n")
                guard added.status == 0 else { throw CommandFailure("user add \(name): \(added.output)", code: .failure) }
                let deposit = try demo.run(["deposit", name, "checking", "100.00", "--id", "bench-open-\(name)"])
                guard deposit.status == 0 else { throw CommandFailure("deposit to \(name): \(deposit.output)", code: .failure) }
            } catch {
                failures.mutate { $0.append(CommandFailure.from(error).message) }
            }
        }
        if let first = failures.value.first {
            throw CommandFailure("Setting up the bench users failed: \(first)", code: .failure)
        }
    }

    // MARK: Figures

    /// Nearest-rank percentile of sorted values.
    static func percentile(_ sorted: [UInt64], _ p: Double) -> UInt64 {
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)
        return sorted[max(0, index)]
    }

    static func milliseconds(_ nanoseconds: UInt64) -> String { format(Double(nanoseconds) / 1e6) }

    static func seconds(since start: UInt64) -> Double { Double(Stopwatch.nanoseconds() - start) / 1e9 }

    static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(seconds * 1e9) }

    static func format(_ value: Double) -> String { LedgerBenchmark.format(value) }

    static func format4(_ value: Double) -> String { DecimalText.fixed(value, places: 4) }

    /// The welcome screen's help bar, drawn last: the screen is complete.
    static let welcomeKeys = "g New demo customer"

    /// The transfer code in a message on the simulated phone: "TermBank: code 123456 approves moving ...".
    static func transferCode(in text: String) -> String? {
        guard let range = text.firstRange(ofText: "code ") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return digits.count >= 4 ? String(digits) : nil
    }
}

// MARK: - One session

extension SSHBenchmark {
    /// The keys whose echo is timed: each only changes its field on the screen.
    enum KeyKind: String, CaseIterable {
        case username, password, amount, pin
    }

    /// Screen changes that do work on the server, timed for context.
    enum Step: String, CaseIterable {
        /// From starting ssh until the welcome screen is drawn: connection, key exchange, authentication, app start.
        case connect
        /// Enter on the password until the sitekey: argon2id and the sign-in's bookkeeping.
        case password
        /// Enter on the Touch ID sheet until the statement: the session opens and the accounts load.
        case touchid
        /// Enter on the review until the code screen: the verification starts and the code reaches the phone.
        case sendcode
        /// The code's last digit until the receipt: the check and the booking, one transaction.
        case approve
    }
}

/// One SSH client in its own pseudo-terminal, driven by a thread of its own.
final class SSHSession: @unchecked Sendable {
    let index: Int
    let username: String
    private let options: SSHBenchmark.Options
    private let demo: DemoOperator
    private let coordinator: Coordinator

    private let lock = Lock()
    private var process: PseudoTerminalProcess?
    private var pid: pid_t = 0
    /// Set (under the lock) once this session's thread is about to reap its client:
    /// from then on `abandon` must not signal the pid.
    private var reaping = false
    /// Set once the session is back on its statement (or has failed).
    private var hasArrived = false

    // Written by the session's thread; read by the main thread after the coordinator says it is done.
    private(set) var keystrokes: [(kind: SSHBenchmark.KeyKind, nanoseconds: UInt64)] = []
    private(set) var steps: [(SSHBenchmark.Step, UInt64)] = []
    private(set) var reference: String?
    private(set) var completed = false
    private(set) var failure: String?
    private(set) var failureScreen: [String] = []
    private(set) var quitProblem: String?
    private(set) var idleBytes = 0

    init(index: Int, username: String, options: SSHBenchmark.Options, demo: DemoOperator, coordinator: Coordinator) {
        self.index = index
        self.username = username
        self.options = options
        self.demo = demo
        self.coordinator = coordinator
    }

    /// Starts the ssh client (on the main thread: every pseudo-terminal is made
    /// close-on-exec before the next fork, so no client inherits another's).
    func spawn() {
        do {
            let started = try SSHBenchmark.startClient(options)
            lock.withLock {
                process = started
                pid = started.pid
            }
        } catch {
            failure = "cannot start ssh: \(error)"
        }
    }

    /// The session's thread: the whole script, then idle, then quit. Always arrives and ends.
    func run() {
        defer { coordinator.ended() }
        guard let app = lock.withLock({ process }) else {
            arrive()
            return
        }
        do {
            try script(app)
            completed = true
        } catch let failed as PseudoTerminalProcess.Failure {
            fail(failed.message, screen: failed.screen, app)
        } catch {
            fail(CommandFailure.from(error).message, screen: app.screen.lines, app)
        }
        arrive()

        if completed, let end = coordinator.waitForIdle() {
            // Keep reading (poll blocks; no CPU unless the app writes) and count what arrives.
            let before = app.bytesRead
            while Stopwatch.nanoseconds() < end, !app.closedByProgram {
                app.read(waitingUpTo: Int((end - min(end, Stopwatch.nanoseconds())) / 1_000_000) + 1)
            }
            idleBytes = app.bytesRead - before
        }
        coordinator.waitForFinish()
        if completed { quit(app) }
        lock.withLock { reaping = true }
        app.terminate()
        lock.withLock { process = nil }
    }

    private func arrive() {
        lock.withLock { hasArrived = true }
        coordinator.arrived()
    }

    /// Ends the client now if its thread has not started reaping it: a session
    /// still on its script past the deadline, or (`evenIfArrived`) one that did not quit in time.
    func abandon(evenIfArrived: Bool = false) {
        lock.withLock {
            if !reaping, process != nil, pid > 0, evenIfArrived || !hasArrived { kill(pid, SIGKILL) }
        }
    }

    private func fail(_ message: String, screen: [String], _ app: PseudoTerminalProcess) {
        failure = message
        failureScreen = screen
        // A failed session leaves no app behind on the server to blur the idle figures.
        lock.withLock { reaping = true }
        app.terminate()
    }

    private func think() {
        if options.thinkMilliseconds > 0 { usleep(UInt32(options.thinkMilliseconds) * 1_000) }
    }

    /// Types one key and times it until `expected` (what the key changes) is on the screen.
    private func key(_ kind: SSHBenchmark.KeyKind, _ text: String, shows expected: String, _ app: PseudoTerminalProcess) throws {
        think()
        let sent = Stopwatch.nanoseconds()
        try app.type(text)
        let shown = try app.waitFor(expected, seconds: options.stepSeconds, what: "\(Console.quoted(expected)) after a key")
        keystrokes.append((kind, shown - sent))
    }

    /// Types keys that change screens and times until every marker is on the screen
    /// (a title, then the help bar: curses draws top to bottom, so the screen is complete).
    private func step(_ app: PseudoTerminalProcess, _ step: SSHBenchmark.Step?, _ text: String, shows markers: String...) throws {
        think()
        let sent = Stopwatch.nanoseconds()
        try app.type(text)
        var shown = sent
        for marker in markers { shown = try app.waitFor(marker, seconds: options.stepSeconds) }
        if let step { steps.append((step, shown - sent)) }
    }

    private func script(_ app: PseudoTerminalProcess) throws {
        // scripts/ssh-demo runs the app in demo mode: its welcome screen first, where Enter is "Sign in".
        try app.waitFor("Welcome to the TermBank demo", seconds: options.stepSeconds, what: "the welcome screen")
        let shown = try app.waitFor(SSHBenchmark.welcomeKeys, seconds: options.stepSeconds, what: "the welcome screen's keys")
        steps.append((.connect, shown - app.startedAt))
        try step(app, nil, "\r", shows: "Sign in to TermBank", "Tab Next field")
        try app.waitFor("Username   ▏", seconds: options.stepSeconds, what: "the username field")

        var typed = ""
        for character in username {
            typed.append(character)
            try key(.username, String(character), shows: "Username   \(typed)▏", app)
        }
        try step(app, nil, "\t", shows: "Password   ▏")
        var count = 0
        for character in SSHBenchmark.password {
            count += 1
            try key(.password, String(character), shows: "Password   \(String(repeating: "•", count: count))▏", app)
        }
        try step(app, .password, "\r", shows: "Is this your sitekey?", "n Not my image")
        try step(app, nil, "\r", shows: "Touch ID", "Enter Matching finger")
        try step(app, .touchid, "\r", shows: "History: both accounts", "l Log out")

        try step(app, nil, "t", shows: "Move money", "Enter Review")
        typed = ""
        for character in SSHBenchmark.amountTyped {
            typed.append(character)
            try key(.amount, String(character), shows: "Amount     \(typed)▏", app)
        }
        try app.waitFor(SSHBenchmark.transferSummary, seconds: options.stepSeconds)
        try step(app, nil, "\r", shows: "Review your transfer", "Enter Confirm")
        try step(app, .sendcode, "\r", shows: "Approve this transfer", "r Resend")

        // The code, from the simulated phone, as its owner would read it.
        let code = try transferCode(app)
        var boxes = ""
        for digit in code.dropLast() {
            boxes += "[ \(digit) ]"
            try key(.pin, String(digit), shows: boxes + "[ ▁ ]", app)
        }
        try step(app, .approve, String(code.last!), shows: "Transfer complete", "Enter Back to statement")
        guard let line = app.screen.lines.first(where: { $0.containsText("Reference") }),
              let range = line.firstRange(ofText: "TB-") else {
            throw PseudoTerminalProcess.Failure(message: "the receipt shows no reference", screen: app.screen.lines)
        }
        reference = String(line[range.lowerBound...].prefix { $0 != " " && $0 != "│" })
        try step(app, nil, "\r", shows: "History: both accounts", "l Log out")
        app.settle(quietMilliseconds: 300, maximumMilliseconds: 3_000)
    }

    private func transferCode(_ app: PseudoTerminalProcess) throws -> String {
        var last = ""
        for attempt in 0..<5 {
            if attempt > 0 { usleep(200_000) }
            let shown = try demo.run(["phone", username, "--last"])
            last = shown.output
            if shown.status == 0, last.containsText(SSHBenchmark.transferSummary), let code = SSHBenchmark.transferCode(in: last) {
                return code
            }
        }
        throw PseudoTerminalProcess.Failure(message: "no transfer code on \(username)'s phone (it shows: \(last))",
                                            screen: app.screen.lines)
    }

    private func quit(_ app: PseudoTerminalProcess) {
        do {
            try app.type("\u{3}")
            try app.waitFor("Quit TermBank?", seconds: options.stepSeconds)
            try app.waitFor("y/Enter Yes", seconds: options.stepSeconds)
            try app.type("y")
            lock.withLock { reaping = true }
            let exit = app.waitForExit(seconds: 20)
            if !exit.succeeded { quitProblem = "ssh ended with \(exit.description)" }
        } catch let failed as PseudoTerminalProcess.Failure {
            quitProblem = failed.message
        } catch {
            quitProblem = "\(error)"
        }
    }
}

// MARK: - Coordination

/// Where the sessions' threads and the main thread meet: arrivals (back on the
/// statement, or failed), the idle window, the end.
final class Coordinator: @unchecked Sendable {
    private let condition = Condition()
    private var arrivals = 0
    private var ends = 0
    private var idleUntil: UInt64?
    private var finished = false

    func arrived() { change { $0.arrivals += 1 } }

    func ended() { change { $0.ends += 1 } }

    func beginIdle(until end: UInt64) { change { $0.idleUntil = end } }

    func finish() { change { $0.finished = true } }

    private func change(_ body: (Coordinator) -> Void) {
        condition.lock()
        body(self)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits (bounded) until `count` sessions have arrived.
    func waitForArrivals(_ count: Int, until deadline: UInt64) -> Bool { wait(until: deadline) { $0.arrivals >= count } }

    func waitForEnds(_ count: Int, until deadline: UInt64) -> Bool { wait(until: deadline) { $0.ends >= count } }

    /// For a session: the end of the idle window, or nil when the run finishes without one.
    func waitForIdle() -> UInt64? {
        condition.lock()
        defer { condition.unlock() }
        while idleUntil == nil && !finished { condition.wait() }
        return finished ? nil : idleUntil
    }

    func waitForFinish() {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
    }

    /// Sleeps until a monotonic time without holding anything.
    func sleep(until deadline: UInt64) {
        while true {
            let now = Stopwatch.nanoseconds()
            guard now < deadline else { return }
            usleep(UInt32(min(deadline - now, 500_000_000) / 1_000))
        }
    }

    private func wait(until deadline: UInt64, _ done: (Coordinator) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !done(self) {
            guard Stopwatch.nanoseconds() < deadline else { return false }
            condition.wait(untilMonotonicNanoseconds: deadline)
        }
        return true
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

// MARK: - The demo bank's operator

/// Operator commands on the SSH demo's bank, run as its account (`runuser`
/// when this is root) so the database's files stay the account's own.
struct DemoOperator: Sendable {
    struct Result {
        let status: Int32
        let output: String
    }

    struct Check {
        let transfers: Int
        let customerCents: Int64
        let customerText: String
        let consistent: Bool
        let problems: [String]
    }

    let uid: uid_t
    private let prefix: [String]
    private let binary: String
    private let database: String

    init(options: SSHBenchmark.Options) throws {
        guard let entry = getpwnam(SSHBenchmark.account) else {
            throw CommandFailure("There is no \(SSHBenchmark.account) account: start the demo with scripts/ssh-demo "
                                 + "(scripts/bench-ssh does).", code: .noUser)
        }
        uid = entry.pointee.pw_uid
        binary = options.binary
        database = options.database
        if getuid() == uid {
            prefix = []
        } else if getuid() == 0 {
            guard let runuser = ["/usr/sbin/runuser", "/sbin/runuser"].first(where: { Files.isExecutable($0) }) else {
                throw CommandFailure("bench ssh needs runuser (Debian package util-linux).", code: .unavailable)
            }
            prefix = [runuser, "-u", SSHBenchmark.account, "--"]
        } else {
            throw CommandFailure("bench ssh runs as root (or as \(SSHBenchmark.account)): it works the demo bank as "
                                 + "\(SSHBenchmark.account) and reads its processes' CPU time.", code: .noPermission)
        }
    }

    /// Runs `termbank --db BANK ARGUMENTS` as the demo account; bounded in time. Output is stdout and stderr.
    func run(_ arguments: [String], stdin: String? = nil, seconds: Double = 60) throws -> Result {
        let argv = prefix + [binary, "--db", database] + arguments
        let process = try ChildProcess(executable: argv[0], arguments: Array(argv.dropFirst()),
                                       environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"],
                                       input: stdin.map { .text($0) } ?? .null, output: .capture, errors: .capture)
        let ended = process.wait(seconds: seconds)
        if ended.timedOut {
            throw CommandFailure("termbank \(arguments.prefix(2).joined(separator: " ")) took more than \(Int(seconds)) s.",
                                 code: .tempFail)
        }
        return Result(status: ended.exitStatus ?? 128 + (ended.signal ?? 0), output: ended.outputText.trimmingWhitespace())
    }

    /// `termbank check`: "transfers=7 customer_total=45,100.00 ledger_total=0.00 consistent=yes" and problems.
    func check() throws -> Check {
        let result = try run(["check"])
        let lines = result.output.split(separator: "\n").map(String.init)
        guard let first = lines.first(where: { $0.hasPrefix("transfers=") }) else {
            throw CommandFailure("termbank check said: \(result.output)", code: .software)
        }
        var fields: [String: String] = [:]
        for pair in first.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let transfers = fields["transfers"].flatMap({ Int($0) }), let total = fields["customer_total"],
              let cents = DemoOperator.cents(total) else {
            throw CommandFailure("termbank check said: \(result.output)", code: .software)
        }
        return Check(transfers: transfers, customerCents: cents, customerText: total,
                     consistent: result.status == 0 && fields["consistent"] == "yes",
                     problems: lines.filter { $0.hasPrefix("problem:") })
    }

    /// "45,100.00" as 4510000 cents.
    static func cents(_ text: String) -> Int64? {
        let negative = text.hasPrefix("-")
        let digits = (negative ? text.dropFirst() : text[...]).filter { $0 != "," }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let whole = Int64(parts[0]), let fraction = Int64(parts[1]) else { return nil }
        return (negative ? -1 : 1) * (whole * 100 + fraction)
    }
}

// MARK: - Server processes' CPU

/// CPU time of the server side of the demo, read from /proc: every TermBank
/// process of the demo account, and every sshd process serving it.
enum ServerProcesses {
    enum Group { case termbank, sshd, other }

    struct Sample {
        let group: Group
        /// utime + stime from /proc/PID/stat, in clock ticks.
        let ticks: UInt64
        /// The scheduler's exact figure (/proc/PID/schedstat, first field), in nanoseconds.
        let nanoseconds: UInt64?
    }

    static func snapshot(account: String, uid: uid_t) -> [Int32: Sample] {
        var samples: [Int32: Sample] = [:]
        let entries = Files.list("/proc")
        for entry in entries {
            guard let pid = Int32(entry) else { continue }
            guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")"),
                  let open = stat.firstIndex(of: "(") else { continue }
            let command = String(stat[stat.index(after: open)..<close])
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After "(comm)": state is field 3, utime 14, stime 15.
            guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { continue }
            let owner = processUID(pid)
            let commandLine = String(read("/proc/\(pid)/cmdline")?.map { $0 == "\0" ? " " : $0 } ?? [])
            let group: Group
            if command == "termbank" && owner == uid {
                group = .termbank
            } else if commandLine.hasPrefix("sshd: \(account)") {
                group = .sshd
            } else if owner == uid {
                group = .other
            } else {
                continue
            }
            let exact = read("/proc/\(pid)/schedstat")?.split(separator: " ").first.flatMap { UInt64($0) }
            samples[pid] = Sample(group: group, ticks: user + system, nanoseconds: exact)
        }
        return samples
    }

    /// This process's own CPU time (all threads), in nanoseconds.
    static func ownCPUNanoseconds() -> UInt64 {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = UInt64(usage.ru_utime.tv_sec) * 1_000_000_000 + UInt64(usage.ru_utime.tv_usec) * 1_000
        let system = UInt64(usage.ru_stime.tv_sec) * 1_000_000_000 + UInt64(usage.ru_stime.tv_usec) * 1_000
        return user + system
    }

    private static func processUID(_ pid: Int32) -> uid_t? {
        guard let status = read("/proc/\(pid)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") }) else { return nil }
        return line.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first.flatMap { uid_t($0) }
    }

    /// A whole /proc file (their sizes read as 0, so read until the end).
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The idle window's figures: CPU of the server processes that lived through it.
struct IdleFigures {
    let seconds: Double
    let sessions: Int
    let termbankProcesses: Int
    let termbankNanoseconds: UInt64
    let termbankTicks: UInt64
    let sshdProcesses: Int
    let sshdNanoseconds: UInt64
    let otherNanoseconds: UInt64
    let benchmarkNanoseconds: UInt64
    let exact: Bool

    init(first: [Int32: ServerProcesses.Sample], second: [Int32: ServerProcesses.Sample], seconds: Double, sessions: Int,
         benchmarkNanoseconds: UInt64) {
        self.seconds = seconds
        self.sessions = sessions
        self.benchmarkNanoseconds = benchmarkNanoseconds
        var counts: [ServerProcesses.Group: Int] = [:]
        var nanoseconds: [ServerProcesses.Group: UInt64] = [:]
        var ticks: UInt64 = 0
        var exact = true
        for (pid, end) in second {
            guard let begin = first[pid], begin.group == end.group else { continue }
            counts[end.group, default: 0] += 1
            if let a = begin.nanoseconds, let b = end.nanoseconds {
                nanoseconds[end.group, default: 0] += b - min(a, b)
            } else {
                exact = false
                nanoseconds[end.group, default: 0] += (end.ticks - min(begin.ticks, end.ticks)) * 1_000_000_000
                    / UInt64(max(1, sysconf(Int32(_SC_CLK_TCK))))
            }
            if end.group == .termbank { ticks += end.ticks - min(begin.ticks, end.ticks) }
        }
        self.exact = exact
        termbankProcesses = counts[.termbank] ?? 0
        termbankNanoseconds = nanoseconds[.termbank] ?? 0
        termbankTicks = ticks
        sshdProcesses = counts[.sshd] ?? 0
        sshdNanoseconds = nanoseconds[.sshd] ?? 0
        otherNanoseconds = nanoseconds[.other] ?? 0
    }

    private func percent(_ nanoseconds: UInt64, per count: Int) -> Double {
        guard count > 0, seconds > 0 else { return 0 }
        return Double(nanoseconds) / 1e9 / seconds / Double(count) * 100
    }

    /// CPU% of one idle session's TermBank process (100% = one core).
    var termbankPercentPerProcess: Double { percent(termbankNanoseconds, per: termbankProcesses) }

    var summary: String {
        let hertz = UInt64(max(1, sysconf(Int32(_SC_CLK_TCK))))
        let statPercent = percent(termbankTicks * 1_000_000_000 / hertz, per: termbankProcesses)
        return "idle_window_s=\(SSHBenchmark.format(seconds)) idle_sessions=\(sessions) idle_termbank_processes=\(termbankProcesses) "
            + "idle_termbank_cpu_ms=\(SSHBenchmark.format(Double(termbankNanoseconds) / 1e6)) "
            + "idle_termbank_cpu_percent_per_session=\(SSHBenchmark.format4(termbankPercentPerProcess))"
            + " idle_cpu_source=\(exact ? "schedstat" : "stat_ticks")"
            + " idle_termbank_cpu_percent_per_session_stat_ticks=\(SSHBenchmark.format4(statPercent)) "
            + "idle_sshd_processes=\(sshdProcesses) "
            + "idle_sshd_cpu_percent_per_session=\(SSHBenchmark.format4(percent(sshdNanoseconds, per: sessions))) "
            + "idle_other_cpu_ms=\(SSHBenchmark.format(Double(otherNanoseconds) / 1e6)) "
            + "idle_benchmark_cpu_ms=\(SSHBenchmark.format(Double(benchmarkNanoseconds) / 1e6))"
    }
}
