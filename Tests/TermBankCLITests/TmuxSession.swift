import Foundation
import TermBankStorage
import TermBankTestKit
import XCTest

/// One program running in a detached tmux window, on a tmux server of its own
/// (`tmux -L NAME`), so tests never see each other's windows or a user's
/// tmux. Tests type into it with `send-keys` and read it with `capture-pane`,
/// as a person at an 80x24 terminal would.
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The tmux executable, found on PATH (or in /usr/bin).
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return folders.map { $0 + "/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    let tmux: String
    let socket: String
    /// Where the server's socket file is; tmux leaves it behind when the server ends.
    private var socketPath: String?
    private var killed = false

    /// Starts `command` (an argument vector, run without a shell) in a new
    /// `columns`x`rows` window with TERM=xterm-256color and LANG=C.UTF-8 (and
    /// LC_ALL, so a C locale in the test runner's environment cannot override it). Throws, failing the test, when tmux is not installed.
    init(_ command: [String], columns: Int = 80, rows: Int = 24) throws {
        guard let tmux = TmuxSession.executable else {
            throw Failure(description: "tmux is not installed, and the end-to-end tests drive the app in tmux. "
                          + "Run scripts/setup-deps (it installs tmux), or: apt-get install tmux")
        }
        self.tmux = tmux
        socket = "termbank-e2e-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
        // -f /dev/null: no ~/.tmux.conf; the server uses tmux's defaults.
        try run(["-f", "/dev/null", "new-session", "-d", "-x", String(columns), "-y", String(rows),
                 "-e", "TERM=xterm-256color", "-e", "LANG=C.UTF-8", "-e", "LC_ALL=C.UTF-8", "--"] + command)
        // tmux's own answer; if the program has already ended (and the server with it), where tmux puts sockets.
        let folder = (ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp") + "/tmux-\(getuid())"
        socketPath = (try? run(["display-message", "-p", "#{socket_path}"]))
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? folder + "/" + socket
    }

    deinit { kill() }

    /// Ends the tmux server and with it the program. Safe to call twice.
    func kill() {
        guard !killed else { return }
        killed = true
        _ = try? run(["kill-server"], allowFailure: true)
        if let socketPath { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    /// Keeps the window, and its last screen, after the program ends (tmux
    /// then adds a "Pane is dead" line), so a test can read its last words.
    func remainOnExit() throws {
        try run(["set-option", "-w", "remain-on-exit", "on"])
    }

    // MARK: Keys

    /// Types text literally (`send-keys -l`): every character is a key press.
    func type(_ text: String) throws {
        try run(["send-keys", "-l", "--", text])
    }

    /// Presses named keys: "Enter", "Tab", "Escape", "BSpace", "C-c", or single characters.
    func press(_ keys: String...) throws {
        try run(["send-keys", "--"] + keys)
    }

    /// Pastes a file's bytes into the window at once (`load-buffer`, then
    /// `paste-buffer`), as a terminal's paste does: the program reads them as
    /// fast as the terminal delivers them, not one `send-keys` at a time.
    func paste(file: String) throws {
        try run(["load-buffer", "-b", "paste", file])
        try run(["paste-buffer", "-d", "-b", "paste"])
    }

    /// Pastes `text` as a terminal does when the program asked for bracketed
    /// paste: `paste-buffer -p` sends it between `ESC[200~` and `ESC[201~`
    /// only if the program has turned the mode on (and plainly otherwise).
    /// Line feeds go as carriage returns, as tmux's paste does by default.
    func bracketedPaste(_ text: String) throws {
        let folder = try ScratchFolder.make("paste")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/buffer"
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        try run(["load-buffer", "-b", "bracketed", file])
        try run(["paste-buffer", "-d", "-p", "-b", "bracketed"])
    }

    /// Sends raw bytes to the program, as the terminal would (`send-keys -H`):
    /// escape sequences a person cannot type, such as a paste's brackets.
    func sendBytes(_ bytes: [UInt8]) throws {
        try run(["send-keys", "-H", "--"] + bytes.map { String(format: "%02x", $0) })
    }

    /// The process id of the window's first program.
    func panePID() throws -> pid_t {
        let text = try run(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw Failure(description: "no pane pid in \"\(text)\"") }
        return pid
    }

    /// Resizes the window, as a person dragging the terminal's corner would.
    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-x", String(columns), "-y", String(rows)])
    }

    // MARK: The screen

    /// What the window shows now.
    func screen() throws -> Screen {
        Screen(try run(["capture-pane", "-p"]))
    }

    /// How long a wait for the screen goes on before the test gives up: the
    /// test kit's one `HangGuard`, never a measure of speed.
    static let hangGuard: TimeInterval = HangGuard.seconds

    /// Polls the screen (every 50 ms, for at most `HangGuard.seconds`) until it
    /// shows every one of `texts`, and returns it. Otherwise records a failure
    /// at the caller's line with the last screen, and throws to end the test:
    /// the steps after a missing screen would only fail for the same reason.
    @discardableResult
    func waitFor(_ texts: String..., file: StaticString = #filePath, line: UInt = #line) throws -> Screen {
        try waitUntil(file: file, line: line, "the screen to show \(texts)") { screen in
            texts.allSatisfy(screen.shows)
        }
    }

    /// Polls the screen until `condition` holds; see `waitFor`.
    @discardableResult
    func waitUntil(file: StaticString = #filePath, line: UInt = #line,
                   _ what: String, _ condition: (Screen) -> Bool) throws -> Screen {
        var last: Screen?
        return try eventuallyValue(what, last: { last?.framed ?? "(no screen read)" }, file: file, line: line) {
            let current = try screen()
            last = current
            return condition(current) ? current : nil
        }
    }

    // MARK: Running tmux

    @discardableResult
    private func run(_ arguments: [String], allowFailure: Bool = false) throws -> String {
        // The server inherits this environment: no outer tmux, no TermBank settings from the
        // developer's shell (an SMS command or database would change what the app does), and
        // no sign of the developer's own SSH login (the app run here is a local terminal's).
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("TMUX") && !key.hasPrefix("TERMBANK_") && !["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains(key)
        }
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let folder = try ScratchFolder.make("tmux-run")
        let out = folder + "/out"
        let err = folder + "/err"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let status = try Self.spawnAndWait(tmux, ["-L", socket] + arguments,
                                           environment: environment.map { "\($0.key)=\($0.value)" }, stdout: out, stderr: err)
        let output = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        guard status == 0 || allowFailure else {
            let problem = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
            throw Failure(description: "tmux \(arguments.prefix(2).joined(separator: " ")) failed (status \(status)): \(problem)")
        }
        return output
    }

    /// posix_spawn and waitpid, not Foundation's `Process`: on Linux, `Process`
    /// learns of an exit when every copy of a socket it hands the child is
    /// closed, and the tmux server that `new-session` leaves running keeps its
    /// copy, so `waitUntilExit` would wait for the server. Only stdin, stdout and
    /// stderr (/dev/null and two files) reach tmux; every other descriptor is closed.
    static func spawnAndWait(_ path: String, _ arguments: [String], environment: [String],
                             stdout: String, stderr: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // glibc's closefrom action is not imported into Swift: close each descriptor open now.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, spelled out (the C macros are not imported).
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// A word for `sh -c`: single-quoted, so spaces and quotes in paths stay literal.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A captured screen: its lines as tmux shows them (trailing spaces removed).
struct Screen: CustomStringConvertible {
    let lines: [String]

    init(_ captured: String) {
        var lines = captured.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    var text: String { lines.joined(separator: "\n") }

    var description: String { text }

    /// The screen with a ruler, for failure messages: where the edges are is part of what went wrong.
    var framed: String {
        "+" + String(repeating: "-", count: 80) + "\n" + lines.map { "|" + $0 }.joined(separator: "\n") + "\n+"
    }

    /// The screen's words in reading order: box edges and rules removed, runs of
    /// spaces made one, and lines joined. A message the app wraps over two
    /// lines of a box ("... in your" / "Checking account.") reads as one sentence.
    var flowing: String {
        let edges: Set<Character> = ["│", "─", "╭", "╮", "╰", "╯"]
        return lines.map { line in
            String(line.map { edges.contains($0) ? " " : $0 }).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The six digits after `marker` in the screen's flowing text (a message wraps over lines of the phone).
    func code(after marker: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        guard let range = flowing.range(of: marker) else {
            throw TmuxSession.Failure(description: "no \"\(marker)\" on the screen:\n\(framed)")
        }
        let rest = flowing[range.upperBound...].drop { !$0.isNumber }
        let digits = String(rest.prefix { $0.isNumber })
        XCTAssertEqual(digits.count, 6, framed, file: file, line: line)
        return digits
    }

    /// True when the text is on the screen, on one line or flowing over several.
    func shows(_ text: String) -> Bool {
        self.text.contains(text) || flowing.contains(text)
    }

    /// The whitespace-separated words of the lines after the first line containing `marker`.
    func words(after marker: String) -> [String] {
        guard let start = lines.firstIndex(where: { $0.contains(marker) }) else { return [] }
        return lines[(start + 1)...].flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    }
}

/// The test kit's sign-in, typed into the window.
extension TmuxSession: SignInTerminal {
    func typeText(_ text: String) throws { try type(text) }
    func pressTab() throws { try press("Tab") }
    func pressEnter() throws { try press("Enter") }
    func waitForTexts(_ texts: [String], file: StaticString, line: UInt) throws {
        try waitUntil(file: file, line: line, "the screen to show \(texts)") { screen in texts.allSatisfy(screen.shows) }
    }
    func waitUntilGone(_ text: String, file: StaticString, line: UInt) throws {
        try waitUntil(file: file, line: line, "\"\(text)\" to go") { !$0.shows(text) }
    }
}
