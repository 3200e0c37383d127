import Glibc
import TermBankCLI
import TermBankCore
import TermBankHarness
import TermBankStorage
import TermBankSystem

/// `termbank bench story`: the stakeholder's guided story played in a
/// pseudo-terminal on a fresh demo bank, as a first-time person reading
/// each screen would, with what it costs them counted: keys, screens,
/// characters copied by eye, and the minutes a fixed human model gives.
enum StoryBenchmark {
    /// The issue's goals for the plain story.
    struct Goals {
        static let keystrokes = 120
        static let modelSeconds = 180.0
    }

    static let command = Command(
        ["bench", "story"], arguments: "[--size COLSxROWS] [--lang CODE] [--variations all|none|NAME,...] [--binary PATH] [--trace]",
        summary: "Benchmark: the stakeholder's guided story, counted as a first-time person plays it",
        details: ["On a fresh demo bank in a temporary folder, plays the demo's four steps in termbank --demo in a",
                  "pseudo-terminal (default 80x24, English): a new demo customer signs in with the code from the phone",
                  "on the screen, moves 100.00 approved by a code, signs out and in again with a code, and sets up an",
                  "authenticator app. It reads every screen, as a person does, and counts keys typed, screens passed",
                  "and characters copied by eye (the username, password and codes read off the screen or the phone).",
                  "The human model is fixed: 250 ms a key, 2 s to read a screen, 500 ms more per character copied.",
                  "--variations: trust (y to \"Trust this device\"), sms (SMS turned off in Security before logout),",
                  "resend (one resend of the sign-in code), cancel (a transfer cancelled at its code); all, or none.",
                  "Runs the plain story, then the story with the variations asked for (default: all), and prints each.",
                  "--trace prints every screen the story reads, and the screen after each key, on standard error.",
                  "Last line: keystrokes= screens= copied_characters= model_seconds= app_seconds= goals_met=yes|no",
                  "(the plain story's), then variations_keystrokes= variations_model_seconds= variations_completed=yes|no"],
        valued: ["size", "lang", "variations", "binary"], boolean: ["trace"], run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let (columns, rows) = try size(arguments.value("size") ?? "80x24")
        let code = arguments.value("lang") ?? "en"
        guard let language = Language(code: code) else {
            throw CommandFailure.usage("--lang takes en, pt-BR, it or uk, not \(TerminalText.sanitized(code))")
        }
        let variations = try parseVariations(arguments.value("variations") ?? "all")
        let binary = try arguments.value("binary") ?? Paths.executable()
        let console = context.console

        let plain: Played
        do {
            plain = try play(binary: binary, language: language, columns: columns, rows: rows, variations: [],
                             clock: context.clock, trace: arguments.flag("trace"))
        } catch let failure as GuidedStory.Failure {
            throw CommandFailure("the story did not finish: \(failure.description)", code: .software)
        }
        report(plain, name: "plain", console: console)
        var fields = ["keystrokes=\(plain.tally.keystrokes)", "screens=\(plain.tally.screens)",
                      "copied_characters=\(plain.tally.copiedCharacters)",
                      "model_seconds=\(LedgerBenchmark.format(plain.tally.modelSeconds))",
                      "app_seconds=\(LedgerBenchmark.format(plain.appSeconds))",
                      "goals_met=\(plain.tally.keystrokes <= Goals.keystrokes && plain.tally.modelSeconds < Goals.modelSeconds ? "yes" : "no")"]
        if !variations.isEmpty {
            do {
                let varied = try play(binary: binary, language: language, columns: columns, rows: rows,
                                      variations: variations, clock: context.clock, trace: arguments.flag("trace"))
                report(varied, name: "variations", console: console)
                fields += ["variations_keystrokes=\(varied.tally.keystrokes)",
                           "variations_model_seconds=\(LedgerBenchmark.format(varied.tally.modelSeconds))",
                           "variations_completed=yes"]
            } catch let failure as GuidedStory.Failure {
                console.print("variations: the story did not finish: \(failure.description)")
                fields.append("variations_completed=no")
            }
        }
        console.print(fields.joined(separator: " "))
        return .ok
    }

    struct Played {
        let tally: StoryTally
        let appSeconds: Double
    }

    static func play(binary: String, language: Language, columns: Int, rows: Int, variations: StoryVariations,
                     clock: any TimeSource, trace: Bool) throws -> Played {
        let scratch = try ScratchFolder.make("termbank-bench-story")
        defer { Files.removeTree(scratch) }
        let database = scratch + "/story.sqlite"
        var environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": scratch]
        if let assets = UIBenchmark.packageAssets() { environment["TERMBANK_ASSETS"] = assets }
        let reset = try ChildProcess(executable: binary, arguments: ["--db", database, "demo", "reset", "--yes"],
                                     environment: environment, input: .null, output: .capture, errors: .capture)
            .wait(seconds: 60)
        guard reset.succeeded else {
            throw CommandFailure("termbank demo reset failed: \(reset.outputText)", code: .software)
        }
        let terminal = try PseudoTerminalStory(try PseudoTerminalProcess(
            executable: binary, arguments: ["--db", database, "--demo", "--lang", language.code],
            environment: environment, columns: columns, rows: rows), trace: trace)
        defer { terminal.process.terminate() }
        let story = GuidedStory(terminal: terminal, language: language, variations: variations, now: clock.now)
        do {
            try story.play()
        } catch let failure as PseudoTerminalProcess.Failure {
            throw GuidedStory.Failure(description: failure.message + "\n" + failure.screen.joined(separator: "\n"))
        }
        return Played(tally: story.tally, appSeconds: terminal.waitedSeconds)
    }

    static func report(_ played: Played, name: String, console: Console) {
        let tally = played.tally
        console.print("\(name): \(tally.keystrokes) keys, \(tally.screens) screens, \(tally.copiedCharacters) characters "
                      + "copied by eye; \(LedgerBenchmark.format(tally.modelSeconds)) s by the model "
                      + "(\(LedgerBenchmark.format(played.appSeconds)) s waiting for the app)")
        console.print("\(name) screens: " + tally.screenTitles.joined(separator: " > "))
    }

    static func size(_ text: String) throws -> (Int, Int) {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              (40...500).contains(columns), (10...200).contains(rows) else {
            throw CommandFailure.usage("--size takes COLUMNSxROWS, e.g. 80x24, not \(TerminalText.sanitized(text))")
        }
        return (columns, rows)
    }

    static func parseVariations(_ text: String) throws -> StoryVariations {
        if text == "all" { return .all }
        if text == "none" { return [] }
        var variations: StoryVariations = []
        for name in text.split(separator: ",") {
            switch name {
            case "trust": variations.insert(.trust)
            case "sms": variations.insert(.smsToggledInSecurity)
            case "resend": variations.insert(.resend)
            case "cancel": variations.insert(.cancelledTransfer)
            default: throw CommandFailure.usage("--variations takes all, none, or trust,sms,resend,cancel, not \(TerminalText.sanitized(text))")
            }
        }
        return variations
    }
}

/// The benchmark's pseudo-terminal as the story's terminal; it adds up the time spent waiting for the app.
final class PseudoTerminalStory: StoryTerminal {
    let process: PseudoTerminalProcess
    /// --trace: every screen the story reads, and the screen after each key, on standard error.
    let trace: Bool
    private(set) var waitedSeconds = 0.0

    init(_ process: PseudoTerminalProcess, trace: Bool) {
        self.process = process
        self.trace = trace
    }

    var columns: Int { process.screen.columns }
    var rows: Int { process.screen.rows }

    func send(_ key: StoryKey) throws {
        switch key {
        case .text(let text): try process.type(text)
        case .enter: try process.type("\r")
        case .tab: try process.type("\t")
        case .escape: try process.type("\u{1B}")
        case .ctrlP: try process.type("\u{10}")
        }
        if trace {
            process.settle(quietMilliseconds: 300, maximumMilliseconds: 1000)
            let text = "=== after \(key)\n" + process.screen.lines.joined(separator: "\n") + "\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
        }
    }

    func lines() throws -> [String] {
        process.read(waitingUpTo: 0)
        return process.screen.lines
    }

    @discardableResult
    func waitUntil(_ what: String, seconds: Double, _ ready: ([String]) -> Bool) throws -> [String] {
        let start = Stopwatch.nanoseconds()
        let deadline = start + UInt64(seconds * 1e9)
        defer { waitedSeconds += Double(Stopwatch.nanoseconds() - start) / 1e9 }
        while true {
            process.read(waitingUpTo: 0)
            if ready(process.screen.lines) {
                // What arrives just after (the rest of the frame) belongs to this screen too.
                process.settle(quietMilliseconds: 30, maximumMilliseconds: 300)
                if ready(process.screen.lines) {
                    if trace {
                        let text = "--- \(what)\n" + process.screen.lines.joined(separator: "\n") + "\n"; _ = text.withCString { write(2, $0, strlen($0)) }
                    }
                    return process.screen.lines
                }
            }
            guard Stopwatch.nanoseconds() < deadline, !process.closedByProgram else {
                throw GuidedStory.Failure(description: "termbank did not show \(what)"
                                          + (process.closedByProgram ? " (it ended)" : " within \(seconds) s")
                                          + ":\n" + process.screen.lines.joined(separator: "\n"))
            }
            process.read(waitingUpTo: 50)
        }
    }
}
