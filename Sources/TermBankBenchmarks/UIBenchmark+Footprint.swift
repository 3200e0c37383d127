import Glibc
import TermBankCLI
import TermBankHarness
import TermBankSystem

/// What each session costs a host beyond the first frame: the process start
/// (`--version`), the file, and the memory held at rest, alone and N at once.
extension UIBenchmark {
    /// One process's memory at rest, and the total over N of them at once.
    struct Resting {
        var one = ProcessMemory()
        var all = ProcessMemory()
    }

    struct RestingFigures {
        let termbank: Resting
        let dialog: Resting
        let floor: Resting
    }

    /// One warm-up round, then `runs` rounds of every measurement, the order
    /// rotating each round so no program always goes first. Returns the times per measurement.
    static func alternating(runs: Int, _ measurements: [() throws -> Double]) throws -> [[Double]] {
        var times = measurements.map { _ in [Double]() }
        for round in 0...runs {
            for offset in 0..<measurements.count {
                let index = (round + offset) % measurements.count
                let time = try measurements[index]()
                if round > 0 { times[index].append(time) }
            }
        }
        return times
    }

    /// Milliseconds from spawning `PROGRAM --version` until it is reaped (output to /dev/null).
    static func versionTime(_ program: String, environment: [String: String]) throws -> Double {
        let started = Stopwatch.nanoseconds()
        let ended = try ChildProcess(executable: program, arguments: ["--version"], environment: environment,
                                     input: .null, output: .null, errors: .null).wait(seconds: 10)
        let elapsed = Double(Stopwatch.nanoseconds() - started) / 1e6
        guard ended.succeeded else {
            throw PseudoTerminalProcess.Failure(message: "\(program) --version ended with exit \(ended.exitStatus ?? -1)",
                                                screen: [])
        }
        return elapsed
    }

    /// The file's size in megabytes (10^6 bytes).
    static func megabytes(_ path: String) -> Double {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return Double(info.st_size) / 1e6
    }

    /// `count` sessions of each program at once, each at rest: termbank with
    /// alice signed in on her statement (argon2id done), dialog's input box,
    /// the floor's login box. The first one's memory is read while it is the
    /// only one; the total PSS once all are up (shared pages counted once).
    static func restingSessions(_ programs: Programs, count: Int) throws -> RestingFigures {
        let termbank = try restingTermbank(programs, count: count)
        let dialog = try resting(count) {
            let box = try programs.dialog(["--inputbox", loginText, "8", "40"])
            try box.waitFor(loginText, seconds: screenSeconds, what: "its input box")
            return box
        } quit: { try $0.type("\r") }
        let floor = try resting(count) {
            let box = try programs.floorBox()
            try box.waitFor(loginText, seconds: screenSeconds, what: "its login box")
            return box
        } quit: { try $0.type("q") }
        return RestingFigures(termbank: termbank, dialog: dialog, floor: floor)
    }

    /// `count` termbank sessions at once, alice on her statement in each.
    static func restingTermbank(_ programs: Programs, count: Int) throws -> Resting {
        try resting(count) {
            let app = try programs.termbank()
            try signInAlice(app)
            return app
        } quit: { app in
            try app.type("\u{3}")
            try app.waitFor("Quit TermBank?", seconds: screenSeconds)
            try app.type("y")
        }
    }

    private static func resting(_ count: Int, start: () throws -> PseudoTerminalProcess,
                                quit: (PseudoTerminalProcess) throws -> Void) throws -> Resting {
        var running: [PseudoTerminalProcess] = []
        defer { running.forEach { $0.terminate() } }
        var figures = Resting()
        // At rest means idle for more than a second: termbank gives back what
        // only work needs in its first idle second (AppRuntime.atRest).
        let rest = 1_500
        for index in 0..<count {
            let process = try start()
            running.append(process)
            process.settle(quietMilliseconds: index == 0 ? rest : 300, maximumMilliseconds: 5_000)
            if index == 0 { figures.one = try memory(of: process) }
        }
        running.last?.settle(quietMilliseconds: rest, maximumMilliseconds: 5_000)
        for process in running { figures.all = figures.all + (try memory(of: process)) }
        for process in running {
            try quit(process)
            try expectCleanExit(process, seconds: 10)
        }
        return figures
    }

    private static func memory(of process: PseudoTerminalProcess) throws -> ProcessMemory {
        guard let memory = ProcessMemory.of(process.pid) else {
            throw PseudoTerminalProcess.Failure(message: "cannot read /proc/\(process.pid) of \(process.program)",
                                                screen: process.screen.lines)
        }
        return memory
    }
}
