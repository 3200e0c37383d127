import Glibc
import TermBankCLI
import TermBankCore
import TermBankHarness
import TermBankStorage
import TermBankSystem

/// `termbank bench ui`: the full-screen app against `dialog` (C, ncurses),
/// each run in a pseudo-terminal of its own that the benchmark reads and types
/// into: time to the first screen, peak RSS over a session, and bytes written
/// to the terminal per keystroke and per screen change.
enum UIBenchmark {
    static let columns = 80
    static let rows = 24
    static let loginText = "Sign in to TermBank"
    /// Time allowed for any one screen to appear (argon2id and SQLite included).
    static let screenSeconds = 15.0

    struct Goals {
        static let startupRatio = 1.5
        static let versionRatio = 1.6
        static let binaryMegabytes = 25.0
        static let restRatio = 3.0
        static let pinKeyBytes = 64
    }

    /// Bytes written to the terminal for one key (or key sequence), and the screen cells it changed.
    struct Drawn {
        let bytes: Int
        let cells: Int
    }

    struct Programs {
        let termbank: String
        let dialog: String
        /// benchmarks/CursesFloor: a login box in Swift and ncursesw, built as termbank is.
        let floor: String
        /// GNU time, the parent of the programs whose peak RSS is measured (see `peakRSS`).
        let time: String
        let database: String
        let scratch: String
        let environment: [String: String]

        func termbank(measuringRSSInto report: String? = nil) throws -> PseudoTerminalProcess {
            try start(termbank, ["--db", database], measuringRSSInto: report)
        }

        func dialog(_ arguments: [String], measuringRSSInto report: String? = nil) throws -> PseudoTerminalProcess {
            try start(dialog, arguments, measuringRSSInto: report)
        }

        /// `termbank --db BANK ARGUMENTS` (an operator command of the measured binary); its output.
        @discardableResult
        func `operator`(_ arguments: [String]) throws -> String {
            let ended = try ChildProcess(executable: termbank, arguments: ["--db", database] + arguments,
                                         environment: environment, input: .null, output: .capture, errors: .capture)
                .wait(seconds: 60)
            guard ended.succeeded else {
                throw CommandFailure("termbank \(arguments.joined(separator: " ")) failed: \(ended.outputText)", code: .software)
            }
            return ended.outputText
        }

        func floorBox() throws -> PseudoTerminalProcess { try start(floor, [], measuringRSSInto: nil) }

        private func start(_ executable: String, _ arguments: [String], measuringRSSInto report: String?) throws
            -> PseudoTerminalProcess {
            if let report {
                return try PseudoTerminalProcess(executable: time, arguments: ["-f", "%M", "-o", report, "--", executable] + arguments,
                                                 environment: environment, columns: UIBenchmark.columns, rows: UIBenchmark.rows)
            }
            return try PseudoTerminalProcess(executable: executable, arguments: arguments, environment: environment,
                                             columns: UIBenchmark.columns, rows: UIBenchmark.rows)
        }
    }

    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let runs = try arguments.positiveInt("runs", default: 20, max: 1_000)
        let sessions = try arguments.positiveInt("sessions", default: 50, max: 200)
        let console = context.console
        let dialog = try tool("dialog", package: "dialog", paths: ["/usr/bin/dialog", "/usr/local/bin/dialog"])
        let time = try tool("GNU time", package: "time", paths: ["/usr/bin/time"])
        let binary = try releaseBinary(arguments.value("binary"), console: console)
        let floor = try floorBinary(arguments.value("floor"), beside: binary, console: console)
        let before = try arguments.value("before").map { try executable($0, option: "before") }

        let scratch = try ScratchFolder.make("termbank-bench-ui")
        defer { Files.removeTree(scratch) }
        let database = scratch + "/ui.sqlite"

        // The same small environment for both programs; HOME is empty, so no ~/.dialogrc.
        var environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/local/bin:/usr/bin:/bin",
                           "HOME": scratch]
        // The same sitekey pictures whichever binary is measured (one outside the package finds none of its own).
        if let assets = context.environment["TERMBANK_ASSETS"] ?? packageAssets() { environment["TERMBANK_ASSETS"] = assets }
        let programs = Programs(termbank: binary, dialog: dialog, floor: floor, time: time, database: database,
                                scratch: scratch, environment: environment)
        // The measured binary makes its own demo bank and reads its own phone:
        // an older or newer termbank is measured on a database it knows.
        try programs.operator(["demo", "reset"])
        // --before: an earlier termbank, measured in the same rounds on a bank of its own.
        let earlier = try before.map { path in
            let earlier = Programs(termbank: path, dialog: dialog, floor: floor, time: time,
                                   database: scratch + "/before.sqlite", scratch: scratch, environment: environment)
            try earlier.operator(["demo", "reset"])
            return earlier
        }

        console.print("binary=\(binary) dynamic_swift_libraries=\(dynamicSwiftLibraries(binary)) dialog=\(dialog) "
                      + "floor=\(floor) terminal=\(columns)x\(rows) TERM=xterm-256color runs=\(runs) sessions=\(sessions)")
        do {
            // 1. Start to first screen, alternating which program goes first; one warm-up round.
            let starts = try alternating(runs: runs, [
                { try termbankStartup(programs) }, { try dialogStartup(programs) }, { try floorStartup(programs) },
            ] + (earlier.map { earlier in [{ try termbankStartup(earlier) }] } ?? []))
            let (startTermbank, startDialog, startFloor) = (median(starts[0]), median(starts[1]), median(starts[2]))
            let startRatio = startTermbank / startDialog
            for (name, times) in zip(["termbank", "dialog", "floor", "before"], starts) {
                console.print("startup_\(name)_ms_median=\(format(median(times))) startup_\(name)_ms_min=\(format(times.min() ?? 0)) "
                              + "startup_\(name)_ms_max=\(format(times.max() ?? 0))")
            }

            // 2. The whole process for --version: exec, dynamic loading, runtime start, exit.
            let versions = try alternating(runs: runs, ([binary, dialog, floor] + (before.map { [$0] } ?? [])).map { program in
                { try versionTime(program, environment: environment) }
            })
            let (versionTermbank, versionDialog, versionFloor) = (median(versions[0]), median(versions[1]), median(versions[2]))
            let versionRatio = versionTermbank / versionDialog
            console.print("version_ms_termbank=\(format(versionTermbank)) version_ms_dialog=\(format(versionDialog)) "
                          + "version_ms_floor=\(format(versionFloor))")

            // 3. Binary sizes.
            let (sizeTermbank, sizeDialog, sizeFloor) = (megabytes(binary), megabytes(dialog), megabytes(floor))
            console.print("binary_mb_termbank=\(format(sizeTermbank)) binary_mb_dialog=\(format(sizeDialog)) "
                          + "binary_mb_floor=\(format(sizeFloor)) (dialog's ncursesw is a shared library, not in its file)")

            // 4. Memory at rest, one process and N at once (PSS: shared pages counted once).
            let resting = try restingSessions(programs, count: sessions)
            for (name, rest) in [("termbank", resting.termbank), ("dialog", resting.dialog), ("floor", resting.floor)] {
                console.print("rest_\(name)_rss_anon_kib=\(rest.one.rssAnon) rest_\(name)_rss_file_kib=\(rest.one.rssFile) "
                              + "rest_\(name)_pss_kib=\(rest.one.pss) sessions_\(name)_pss_kib=\(rest.all.pss) "
                              + "sessions_\(name)_pss_anon_kib=\(rest.all.pssAnon) sessions_\(name)_pss_file_kib=\(rest.all.pssFile)")
            }
            let anonRatio = Double(resting.termbank.one.rssAnon) / Double(resting.dialog.one.rssAnon)
            if let earlier, let before {
                let restingBefore = try restingTermbank(earlier, count: sessions)
                printBefore(Comparison(startup: starts[3], version: versions[3], megabytes: megabytes(before),
                                       resting: restingBefore),
                            after: Comparison(startup: starts[0], version: versions[0], megabytes: sizeTermbank,
                                              resting: resting.termbank),
                            dialog: (median(starts[1]), median(versions[1]), resting.dialog.one), console: console)
            }
            let fileRatio = Double(resting.termbank.one.rssFile) / Double(resting.dialog.one.rssFile)

            // 5. Peak RSS over a session each (argon2id's 19 MiB included: reported, not a goal).
            let loginRSS = try loginOnlySession(programs)
            let termbankRSS = try aliceSession(programs)
            let (dialogRSS, dialogKeys) = try dialogSession(programs)
            let rssRatio = Double(termbankRSS) / Double(dialogRSS)
            console.print("peak_rss_termbank_kib=\(termbankRSS) peak_rss_dialog_kib=\(dialogRSS) "
                          + "peak_rss_termbank_login_only_kib=\(loginRSS)")

            // 3. Bytes per keystroke and per screen change.
            let bob = try bobSession(programs)
            let pinBytes = bob.pinKeys.map(\.bytes)
            let pinAverage = Double(pinBytes.reduce(0, +)) / Double(max(1, pinBytes.count))
            let pinMax = pinBytes.max() ?? 0
            console.print("first_screen_bytes=\(bob.firstScreen)")
            console.print("login_key_bytes=\(list(bob.loginKeys.map(\.bytes))) login_key_cells=\(list(bob.loginKeys.map(\.cells)))")
            console.print("pin_key_bytes=\(list(pinBytes)) pin_key_cells=\(list(bob.pinKeys.map(\.cells))) "
                          + "pin_tick_bytes=\(list(bob.pinTicks))")
            console.print("dialog_inputbox_key_bytes=\(list(dialogKeys.map(\.bytes))) "
                          + "dialog_inputbox_key_cells=\(list(dialogKeys.map(\.cells)))")
            for (name, change) in bob.screenChanges {
                console.print("screen_\(name)_bytes=\(change.bytes) screen_\(name)_cells=\(change.cells)")
            }

            let goals = [("startup", startRatio <= Goals.startupRatio), ("version", versionRatio <= Goals.versionRatio),
                         ("binary_size", sizeTermbank <= Goals.binaryMegabytes), ("rss_anon", anonRatio <= Goals.restRatio),
                         ("rss_file", fileRatio <= Goals.restRatio), ("pin_key_bytes", pinMax <= Goals.pinKeyBytes)]
            let met = goals.filter(\.1).map(\.0)
            let missed = goals.filter { !$0.1 }.map(\.0)
            console.print("goal_startup_ratio_max=\(Goals.startupRatio) goal_version_ratio_max=\(Goals.versionRatio) "
                          + "goal_binary_mb_max=\(Goals.binaryMegabytes) goal_rss_anon_ratio_max=\(Goals.restRatio) "
                          + "goal_rss_file_ratio_max=\(Goals.restRatio) goal_pin_key_bytes_max=\(Goals.pinKeyBytes) "
                          + "goals_reached=\(met.isEmpty ? "none" : met.joined(separator: ","))"
                          + " goals_missed=\(missed.isEmpty ? "none" : missed.joined(separator: ","))")
            // The floor: the same figures for curses-floor, the least a Swift ncurses program costs.
            console.print("floor_startup_ratio=\(format(startFloor / startDialog)) floor_version_ratio=\(format(versionFloor / versionDialog)) "
                          + "floor_rss_anon_ratio=\(format(Double(resting.floor.one.rssAnon) / Double(resting.dialog.one.rssAnon))) "
                          + "floor_rss_file_ratio=\(format(Double(resting.floor.one.rssFile) / Double(resting.dialog.one.rssFile))) "
                          + "termbank_over_floor_startup_ms=\(format(startTermbank - startFloor)) "
                          + "termbank_over_floor_version_ms=\(format(versionTermbank - versionFloor))")
            let screens = bob.screenChanges.map { "screen_\($0.0)_bytes=\($0.1.bytes)" }.joined(separator: " ")
            console.print("startup_ms_termbank=\(format(startTermbank)) startup_ms_dialog=\(format(startDialog)) "
                          + "startup_ms_floor=\(format(startFloor)) startup_ratio=\(format(startRatio)) "
                          + "version_ms_termbank=\(format(versionTermbank)) version_ms_dialog=\(format(versionDialog)) "
                          + "version_ms_floor=\(format(versionFloor)) version_ratio=\(format(versionRatio)) "
                          + "binary_mb_termbank=\(format(sizeTermbank)) binary_mb_floor=\(format(sizeFloor)) "
                          + "rest_rss_anon_kib_termbank=\(resting.termbank.one.rssAnon) rest_rss_anon_kib_dialog=\(resting.dialog.one.rssAnon) "
                          + "rest_rss_anon_kib_floor=\(resting.floor.one.rssAnon) rss_anon_ratio=\(format(anonRatio)) "
                          + "rest_rss_file_kib_termbank=\(resting.termbank.one.rssFile) rest_rss_file_kib_dialog=\(resting.dialog.one.rssFile) "
                          + "rest_rss_file_kib_floor=\(resting.floor.one.rssFile) rss_file_ratio=\(format(fileRatio)) "
                          + "sessions_pss_mib_termbank=\(format(Double(resting.termbank.all.pss) / 1024)) "
                          + "sessions_pss_mib_dialog=\(format(Double(resting.dialog.all.pss) / 1024)) "
                          + "peak_rss_kib_termbank=\(termbankRSS) peak_rss_kib_dialog=\(dialogRSS) rss_ratio=\(format(rssRatio)) "
                          + "pin_key_bytes_avg=\(format(pinAverage)) pin_key_bytes_max=\(pinMax) \(screens) "
                          + "goals_met=\(missed.isEmpty ? "yes" : "no")")
            return .ok
        } catch let failure as PseudoTerminalProcess.Failure {
            var screen = failure.screen
            while screen.last?.isEmpty == true { screen.removeLast() }
            console.error("bench ui: \(failure.message). The screen:" + (screen.isEmpty ? " empty." : ""))
            for line in screen { console.standardError("  | " + TerminalText.sanitized(line)) }
            throw CommandFailure("bench ui stopped: \(failure.message).", code: .software)
        }
    }

    // MARK: Start to first screen

    /// Milliseconds from the fork until "Sign in to TermBank" is on the screen; then quits with Ctrl-C, y.
    static func termbankStartup(_ programs: Programs) throws -> Double {
        let app = try programs.termbank()
        defer { app.terminate() }
        let shown = try app.waitFor(loginText, seconds: screenSeconds, what: "the login screen")
        try app.type("\u{3}y")
        try expectCleanExit(app, seconds: 10)
        return Double(shown - app.startedAt) / 1e6
    }

    /// The same for the floor program, which draws its box and waits for q.
    static func floorStartup(_ programs: Programs) throws -> Double {
        let box = try programs.floorBox()
        defer { box.terminate() }
        let shown = try box.waitFor(loginText, seconds: screenSeconds, what: "its login box")
        try box.type("q")
        try expectCleanExit(box, seconds: 10)
        return Double(shown - box.startedAt) / 1e6
    }

    /// The same for `dialog --infobox`, which draws its box and exits.
    static func dialogStartup(_ programs: Programs) throws -> Double {
        let box = try programs.dialog(["--infobox", loginText, "5", "40"])
        defer { box.terminate() }
        let shown = try box.waitFor(loginText, seconds: screenSeconds, what: "its info box")
        try expectCleanExit(box, seconds: 10)
        return Double(shown - box.startedAt) / 1e6
    }

    // MARK: Peak RSS

    /// Peak RSS comes from `wait4`'s `ru_maxrss`, read by GNU time as the
    /// program's parent. Not from this process's own `wait4`: Linux counts in
    /// a child's `ru_maxrss` the memory it held before `exec` (the copy of its
    /// parent that `fork` made), so a child of this Swift process could never
    /// report less than this process's own few MiB; GNU time is a small C
    /// program. Returns KiB.
    static func peakRSS(_ process: PseudoTerminalProcess, report: String) throws -> Int {
        try expectCleanExit(process, seconds: 10)
        guard let text = Files.readText(report),
              let line = text.split(separator: "\n").last, let kib = Int(line.trimmingWhitespace()) else {
            throw PseudoTerminalProcess.Failure(message: "GNU time left no peak RSS in \(report)", screen: process.screen.lines)
        }
        return kib
    }

    /// The app started and quit at the login screen: its peak RSS before any password hashing.
    static func loginOnlySession(_ programs: Programs) throws -> Int {
        let report = programs.scratch + "/rss-login"
        let app = try programs.termbank(measuringRSSInto: report)
        defer { app.terminate() }
        try app.waitFor(loginText, seconds: screenSeconds, what: "the login screen")
        try app.type("\u{3}y")
        return try peakRSS(app, report: report)
    }

    /// alice signs in with her fingerprint, opens a transfer, types an amount,
    /// goes back, logs out and quits. Returns the app's peak RSS in KiB.
    static func aliceSession(_ programs: Programs) throws -> Int {
        let report = programs.scratch + "/rss-alice"
        let app = try programs.termbank(measuringRSSInto: report)
        defer { app.terminate() }
        try signInAlice(app)
        try app.type("t")
        try app.waitFor("Move money", seconds: screenSeconds)
        try app.type("250")
        try app.waitFor("$250.00 from Checking to Savings", seconds: screenSeconds)
        try app.type("\u{1B}")
        try app.waitFor("History: both accounts", seconds: screenSeconds, what: "the statement again")
        try app.type("l")
        try app.waitFor("Perform SMS verification on login?", seconds: screenSeconds)
        try app.type("n")  // signs out, SMS verification left off
        try app.waitFor("You have signed out.", seconds: screenSeconds)
        try app.type("q")
        return try peakRSS(app, report: report)
    }

    /// alice signs in with her password and fingerprint, up to her statement.
    /// Once she has signed in on this device, leaving the username shows her
    /// sitekey before the password (the bench signs her in many times).
    static func signInAlice(_ app: PseudoTerminalProcess) throws {
        try app.waitFor(loginText, seconds: screenSeconds)
        try app.type("alice\t")
        app.settle(quietMilliseconds: 200, maximumMilliseconds: 3_000)
        if app.screen.contains("This is not my image") {
            try app.type("wonderland-42\r")
        } else {
            try app.type("wonderland-42\r")
            try app.waitFor("Is this your sitekey?", seconds: screenSeconds)
            try app.type("\r")
        }
        try app.waitFor("Touch ID", seconds: screenSeconds, what: "the Touch ID prompt")
        try app.type("\r")
        try app.waitFor("History: both accounts", seconds: screenSeconds, what: "alice's statement")
    }

    /// `dialog --inputbox`: type an amount, Enter. Returns its peak RSS in KiB and the bytes per key typed.
    static func dialogSession(_ programs: Programs) throws -> (Int, [Drawn]) {
        let report = programs.scratch + "/rss-dialog"
        let box = try programs.dialog(["--inputbox", loginText, "8", "40"], measuringRSSInto: report)
        defer { box.terminate() }
        try box.waitFor(loginText, seconds: screenSeconds, what: "its input box")
        box.settle(quietMilliseconds: 100, maximumMilliseconds: 2_000)
        var keys: [Drawn] = []
        for key in ["2", "5", "0"] { keys.append(try drawn(box, key)) }
        try box.type("\r")
        return (try peakRSS(box, report: report), keys)
    }

    // MARK: Bytes per keystroke and per screen change

    struct BobSession {
        var firstScreen = 0
        var loginKeys: [Drawn] = []
        var pinKeys: [Drawn] = []
        var pinTicks: [Int] = []
        var screenChanges: [(String, Drawn)] = []
    }

    /// bob signs in (password, sitekey, Touch ID, SMS code), opens a transfer and quits.
    static func bobSession(_ programs: Programs) throws -> BobSession {
        var session = BobSession()
        let app = try programs.termbank()
        defer { app.terminate() }
        try app.waitFor(loginText, seconds: screenSeconds)
        app.settle(quietMilliseconds: 150, maximumMilliseconds: 3_000)
        session.firstScreen = app.bytesRead

        for key in ["b", "o", "b"] { session.loginKeys.append(try drawn(app, key)) }
        try app.type("\tbuilder-2026")
        app.settle(quietMilliseconds: 150, maximumMilliseconds: 3_000)
        session.screenChanges.append(("login_sitekey", try change(app, "\r", to: "Is this your sitekey?")))
        session.screenChanges.append(("sitekey_biometric", try change(app, "\r", to: "Touch ID")))
        session.screenChanges.append(("biometric_pin", try change(app, "\r", to: "Verify it's you")))

        // The code, from the simulated phone (what "termbank phone bob --last" shows).
        guard let code = signInCode(in: try programs.operator(["phone", "bob", "--last"])) else {
            throw PseudoTerminalProcess.Failure(message: "no sign-in code on bob's simulated phone", screen: app.screen.lines)
        }
        for digit in code.dropLast() {
            // The countdown redraws every second: type right after a redraw, so
            // the next one is a second away and the key's bytes are its own.
            let before = app.bytesRead
            app.read(waitingUpTo: 1_500)
            app.settle(quietMilliseconds: 30, maximumMilliseconds: 500)
            session.pinTicks.append(app.bytesRead - before)
            session.pinKeys.append(try drawn(app, String(digit)))
        }
        session.screenChanges.append(("pin_statement", try change(app, String(code.last!), to: "History: both accounts")))
        // A sign-in that passed a code asks whether to trust the device: no.
        try app.waitFor("Trust this device for 30 days?", seconds: screenSeconds)
        try app.type("n")
        app.settle(quietMilliseconds: 150, maximumMilliseconds: 3_000)
        session.screenChanges.append(("statement_transfer", try change(app, "t", to: "Move money")))
        try app.type("\u{3}")
        try app.waitFor("Quit TermBank?", seconds: screenSeconds)
        try app.type("y")
        try expectCleanExit(app, seconds: 10)
        return session
    }

    /// Types `keys` and counts what comes back: the first bytes within half a
    /// second, then everything until 100 ms pass without output.
    static func drawn(_ process: PseudoTerminalProcess, _ keys: String) throws -> Drawn {
        let screen = process.screen
        let before = process.bytesRead
        try process.type(keys)
        process.read(waitingUpTo: 500)
        process.settle(quietMilliseconds: 100, maximumMilliseconds: 1_000)
        return Drawn(bytes: process.bytesRead - before, cells: process.screen.changedCells(since: screen))
    }

    /// Types `keys`, waits for `marker` on the screen, then for output to stop.
    static func change(_ process: PseudoTerminalProcess, _ keys: String, to marker: String) throws -> Drawn {
        let screen = process.screen
        let before = process.bytesRead
        try process.type(keys)
        try process.waitFor(marker, seconds: screenSeconds)
        process.settle(quietMilliseconds: 150, maximumMilliseconds: 3_000)
        return Drawn(bytes: process.bytesRead - before, cells: process.screen.changedCells(since: screen))
    }

    static func signInCode(in text: String) -> String? {
        guard let range = text.firstRange(ofText: "code is ") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return digits.count >= 4 ? String(digits) : nil
    }

    @discardableResult
    static func expectCleanExit(_ process: PseudoTerminalProcess, seconds: Double) throws -> PseudoTerminalProcess.Exit {
        let exit = process.waitForExit(seconds: seconds)
        guard exit.succeeded else {
            throw PseudoTerminalProcess.Failure(message: "\(process.program) ended with \(exit.description)",
                                                screen: process.screen.lines)
        }
        return exit
    }

    // MARK: Programs

    static func tool(_ name: String, package: String, paths: [String]) throws -> String {
        guard let path = paths.first(where: { Files.isExecutable($0) }) else {
            throw CommandFailure("bench ui needs \(name) (Debian package \(package)); install it, or run scripts/setup-deps.",
                                 code: .unavailable)
        }
        return path
    }

    /// `--binary PATH`; else this executable if it is a release build; else the
    /// package's release build, built first if it is missing.
    static func releaseBinary(_ explicit: String?, console: Console) throws -> String {
        if let explicit {
            guard Files.isExecutable(explicit), let resolved = Paths.resolved(explicit) else {
                throw CommandFailure("--binary \(Console.quoted(explicit)) is not an executable file.", code: .noInput)
            }
            return resolved
        }
        let me = Paths.executable()
        #if DEBUG
        var directory = Paths.directory(of: me)
        for _ in 0..<6 {
            if Files.exists(directory + "/Package.swift") {
                let release = directory + "/.build/release/termbank"
                if !Files.isExecutable(release) {
                    try buildRelease(in: directory, console: console)
                }
                return release
            }
            directory = Paths.directory(of: directory)
        }
        throw CommandFailure("This termbank is a debug build outside its package; pass --binary PATH to a release build.",
                             code: .usage)
        #else
        return me
        #endif
    }

    /// The `assets` folder beside or above this executable, as the app looks for it.
    static func packageAssets() -> String? {
        var directory = Paths.directory(of: Paths.executable())
        for _ in 0..<6 {
            if Files.isDirectory(directory + "/assets/sitekeys") { return directory + "/assets" }
            directory = Paths.directory(of: directory)
        }
        return nil
    }

    static func buildRelease(in package: String, product: String = "termbank", console: Console) throws {
        let command = ["swift", "build", "--package-path", package, "-c", "release", "--static-swift-stdlib", "--product", product]
        console.standardError("bench ui: building the release binary: \(command.joined(separator: " "))")
        let ended = try ChildProcess(executable: "/usr/bin/env", arguments: command,
                                     output: .standardError).wait()
        guard ended.succeeded else {
            throw CommandFailure("The release build failed (exit \(ended.exitStatus ?? 128 + (ended.signal ?? 0))).",
                                 code: .software)
        }
    }

    /// `--floor PATH`; else curses-floor beside the measured termbank (the same build);
    /// else, from a package's debug build, its release curses-floor, built if missing.
    static func floorBinary(_ explicit: String?, beside binary: String, console: Console) throws -> String {
        if let explicit {
            guard Files.isExecutable(explicit), let resolved = Paths.resolved(explicit) else {
                throw CommandFailure("--floor \(Console.quoted(explicit)) is not an executable file.", code: .noInput)
            }
            return resolved
        }
        let beside = Paths.directory(of: binary) + "/curses-floor"
        if Files.isExecutable(beside) { return beside }
        var directory = Paths.directory(of: Paths.executable())
        for _ in 0..<6 {
            if Files.exists(directory + "/Package.swift") {
                let release = directory + "/.build/release/curses-floor"
                if !Files.isExecutable(release) { try buildRelease(in: directory, product: "curses-floor", console: console) }
                return release
            }
            directory = Paths.directory(of: directory)
        }
        throw CommandFailure("No curses-floor beside \(binary); pass --floor PATH (swift build -c release "
                             + "--static-swift-stdlib --product curses-floor).", code: .usage)
    }

    /// How many Swift runtime libraries (`libswift*`, Foundation, Dispatch) `ldd` lists: 0 for a
    /// `--static-swift-stdlib` build; "unknown" without `ldd`.
    static func dynamicSwiftLibraries(_ binary: String) -> String {
        guard let ldd = try? ChildProcess(executable: "/usr/bin/ldd", arguments: [binary], output: .capture, errors: .null)
        else { return "unknown" }
        let output = ldd.wait(seconds: 30).outputText
        let names = ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime"]
        return String(output.split(separator: "\n").filter { line in names.contains { line.containsText($0) } }.count)
    }

    // MARK: Figures

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }

    static func format(_ value: Double) -> String { LedgerBenchmark.format(value) }
}
