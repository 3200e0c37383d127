import Glibc
import TermBankCore
import TermBankSystem

/// Recording demo sessions (docs/ssh.md, "Recordings"; docs/decisions/0115-0117): the relay that runs a session
/// in a pseudo-terminal of its own, the operator's recorder it sends the session to, and the list of recordings.
enum RecordingCommands {
    /// Set in the relayed program's environment while its session is being recorded: the demo's welcome screen says so.
    static let recordedVariable = RecordingFiles.recordedVariable

    static let all = [
        Command(["relay"], arguments: "[--record FILE | --recorder SOCKET] -- PROGRAM [ARGUMENTS]",
                summary: "Run a program in a pseudo-terminal of its own, recording what it shows",
                details: ["Copies keys to the program and its output back, and passes window-size changes through.",
                          "--record FILE: writes an asciicast v2 file (mode 0600; never over an existing file).",
                          "--recorder SOCKET: sends the session to \"termbank demo recorder\", which writes the file",
                          "as its own user (scripts/ssh-demo --record): the relay's user cannot read recordings.",
                          "Without a recording the program runs as usual. While recording, the program has",
                          "\(recordedVariable)=1 in its environment (the demo's welcome screen says the session is recorded).",
                          "Without a terminal it runs the program as it is, unrecorded. Exits with the program's status."],
                valued: ["record", "recorder"], run: relay),
        Command(["demo", "recorder"], arguments: "--socket PATH --dir DIR [--allow-user NAME] [--keep-recordings]",
                summary: "Write the demo's session recordings (scripts/ssh-demo --record runs it)",
                details: ["Listens at PATH for \"termbank relay --recorder PATH\" and writes one asciicast v2 file per",
                          "session into DIR, mode 0600, owned by whoever runs it. --allow-user: only that user's relays",
                          "(and root's) are heard. Every hour it removes recordings older than a demo customer's",
                          "\(GuestPolicy.standard.lifetimeSeconds / 3600) hours, unless --keep-recordings. A recording stops growing at",
                          "\(RecorderService.largestRecording / 1_048_576) MiB."],
                valued: ["socket", "dir", "allow-user"], boolean: ["keep-recordings"], run: recorder),
        Command(["demo", "recordings"], arguments: "DIR",
                summary: "List the session recordings in DIR",
                details: ["Each recording's start (UTC), length, window size and origin (the SSH key or address, or the",
                          "browser of \"termbank web --record\", as the audit trail names it); for a key's or a browser's",
                          "live demo customer, its username and the guided steps it has done.",
                          "Play one with: asciinema play FILE"],
                run: recordings),
    ]

    static func relay(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let command = arguments.positionals
        guard let program = command.first, program.hasPrefix("/") else {
            throw CommandFailure.usage("relay needs -- and the program's absolute path")
        }
        // No terminal (ssh -T, a script): nothing to relay or record; the program says what it needs, as without the relay.
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            unsetenv(recordedVariable)
            let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
            execv(program, argv)
            throw CommandFailure("cannot run \(program): \(String(cString: strerror(errno)))", code: .unavailable)
        }
        let size = SessionRelay.windowSize()
        var recording: (any SessionRecording)?
        if let file = arguments.value("record") {
            var clock = timespec()
            clock_gettime(CLOCK_REALTIME, &clock)
            recording = try AsciicastRecorder.create(
                path: file, header: .init(columns: Int(size.ws_col), rows: Int(size.ws_row), timestamp: Int(clock.tv_sec),
                                          title: RecordingFiles.title(origin: origin(context.environment))))
        } else if let socket = arguments.value("recorder") {
            // No recorder listening: the session runs unrecorded, and its welcome screen does not say otherwise.
            recording = try? RecorderLink(socket: socket, columns: Int(size.ws_col), rows: Int(size.ws_row),
                                          origin: origin(context.environment))
        }
        if recording != nil { setenv(recordedVariable, "1", 1) } else { unsetenv(recordedVariable) }
        do {
            let status = try SessionRelay.run(program: program, arguments: Array(command.dropFirst()), recorder: recording)
            return ExitCode(rawValue: status) ?? .failure
        } catch {
            throw CommandFailure("\(error)", code: .unavailable)
        }
    }

    /// The session's origin as the app and the audit trail name it: its SSH key, else its address.
    private static func origin(_ environment: [String: String]) -> String {
        DemoSession.origin(environment: environment, key: SSHIdentity.acceptedKey(environment: environment)).name
    }

    static func recorder(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        guard let socket = arguments.value("socket"), let folder = arguments.value("dir") else {
            throw CommandFailure.usage("demo recorder needs --socket PATH and --dir DIR")
        }
        guard Files.isDirectory(folder) else { throw CommandFailure("no folder \(folder)", code: .noInput) }
        var allowed: uid_t?
        if let user = arguments.value("allow-user") {
            if let number = UInt32(user) {
                allowed = number
            } else if let entry = getpwnam(user) {
                allowed = entry.pointee.pw_uid
            } else {
                throw CommandFailure.usage("--allow-user: no user \(user)")
            }
        }
        let service = try RecorderService(socket: socket, folder: folder, allowedUser: allowed)
        let console = context.console
        let log: (String) -> Void = { console.standardError($0) }
        if !arguments.flag("keep-recordings") {
            RecordingFiles.removeOldEveryHour(folder) { console.standardError("recorder: " + $0) }
        }
        context.console.print("Recording demo sessions into \(folder) (listening at \(socket))")
        service.run(log: log)
    }

    static func recordings(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let folder = try arguments.expectPositionals(["DIR"])[0]
        guard Files.isDirectory(folder) else { throw CommandFailure("no folder \(folder)", code: .noInput) }
        let summaries = RecordingFiles.list(folder)
        let now = context.clock.now()
        // The bank is read only for key origins, and only if it opens: the files are listed either way.
        let store = summaries.contains { $0.origin.flatMap(RecordingFiles.fingerprint(of:)) != nil } ? try? context.store() : nil
        let rows = summaries.map { summary -> [String] in
            var customer = "-"
            var steps = "-"
            if let store, let fingerprint = summary.origin.flatMap(RecordingFiles.fingerprint(of:)),
               let guest = try? store.guests(boundTo: fingerprint, at: now).first {
                customer = guest.username.rawValue
                if let progress = try? DemoStory(store: store).progress(of: guest.userID, since: guest.createdAt) {
                    steps = "\(progress.done.filter { $0 }.count)/4"
                }
            }
            let seconds = Int(summary.duration.rounded())
            return [Timestamp(secondsSinceEpoch: Int64(summary.start)).description,
                    "\(seconds / 60)m\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)s", "\(summary.columns)x\(summary.rows)",
                    summary.origin ?? "-", customer, steps, Paths.lastComponent(of: summary.path)]
        }
        for line in Table.render(header: ["START", "LENGTH", "SIZE", "ORIGIN", "CUSTOMER", "STEPS", "FILE"], rows: rows,
                                 rightAligned: [1]) {
            context.console.print(line)
        }
        context.console.print("\(rows.count) recording\(rows.count == 1 ? "" : "s") in \(folder).")
        return .ok
    }
}
