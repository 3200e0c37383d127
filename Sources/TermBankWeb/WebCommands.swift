import Glibc
import TermBankCLI
import TermBankCore
import TermBankSystem

/// `termbank web`: the demo in a browser, beside the SSH door (docs/web.md).
package enum WebCommands {
    package static let all = [
        Command(["web"], arguments: "--listen ADDR:PORT [--assets DIR] [--tls-cert FILE --tls-key FILE] [--public-url URL] [--record DIR [--keep-recordings]]",
                summary: "Serve the demo to browsers: an invite link, one page, each tab its own termbank --demo",
                details: ["Prints an invite link (URL/?invite=...); without it every request gets 403. A browser that",
                          "brought it gets a cookie holding a random id: its demo origin, as a key is over SSH.",
                          "--assets DIR: xterm.js and xterm.css (scripts/web-assets makes them; default $TERMBANK_WEB_ASSETS).",
                          "--public-url URL: the address stakeholders use (behind a proxy), for the invite link.",
                          "--per-browser N (default 4), --sessions N (default 20): open tabs; --idle-minutes N (default 15;",
                          "a fraction such as 0.5 is taken, down to 0.1: six seconds).",
                          "--guest-limit N: as for the app. The bank must be the demo bank (termbank demo reset).",
                          "--record DIR: each tab's session is written to DIR as an asciicast v2 file (mode 0600), as",
                          "\"termbank demo recordings DIR\" lists them; DIR must be the server's user's, not group- or",
                          "world-writable. Removed after \(GuestPolicy.standard.lifetimeSeconds / 3600) hours unless --keep-recordings."],
                valued: ["listen", "assets", "tls-cert", "tls-key", "public-url", "per-browser", "sessions", "idle-minutes",
                         "guest-limit", "record"],
                boolean: ["keep-recordings"],
                run: run),
    ]

    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        guard let listen = arguments.value("listen"), let colon = listen.lastIndex(of: ":"),
              let port = Int32(listen[listen.index(after: colon)...]), (1...65_535).contains(port) else {
            throw CommandFailure.usage("web needs --listen ADDR:PORT, such as 127.0.0.1:8080")
        }
        let address = String(listen[..<colon]).filter { $0 != "[" && $0 != "]" }
        guard let assets = arguments.value("assets") ?? context.environment["TERMBANK_WEB_ASSETS"],
              Files.isReadable(assets + "/xterm.js"), Files.isReadable(assets + "/xterm.css") else {
            throw CommandFailure("web needs --assets DIR holding xterm.js and xterm.css (scripts/web-assets DIR makes them)",
                                 code: .config)
        }
        var tls: (String, String)?
        switch (arguments.value("tls-cert"), arguments.value("tls-key")) {
        case (nil, nil): tls = nil
        case (let certificate?, let key?): tls = (certificate, key)
        default: throw CommandFailure.usage("--tls-cert and --tls-key go together")
        }
        // Each tab runs this binary as the app, on this bank, with the same options: nothing else is ever started.
        var forwarded: [String] = []
        for name in ["db", "key-file", "busy-timeout", "sms-command", "pin-length", "pin-expiry", "guest-limit"] {
            if let value = arguments.value(name) { forwarded += ["--\(name)", value] }
        }
        let recordings = arguments.value("record")
        if let recordings, let problem = RecordingFiles.privateFolderProblem(recordings) {
            throw CommandFailure.usage("--record: \(problem)")
        }
        if recordings == nil && arguments.flag("keep-recordings") {
            throw CommandFailure.usage("--keep-recordings goes with --record DIR")
        }
        var environment = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"]
        for name in ["HOME", "USER", "LOGNAME", "TERMBANK_DB", "TERMBANK_ASSETS"] {
            if let value = context.environment[name] { environment[name] = value }
        }
        let settings = WebServer.Settings(
            address: address, port: port, assets: assets, tls: tls,
            perBrowser: try arguments.positiveInt("per-browser", default: 4, max: 100),
            sessions: try arguments.positiveInt("sessions", default: 20, max: 1_000),
            idleSeconds: try idleSeconds(arguments.value("idle-minutes")),
            recordings: recordings,
            executable: try executablePath(), arguments: forwarded + ["--device", "ssh", "--demo"],
            environment: environment)
        let access = WebAccess()
        // The operator's terminal, and syslog beside the app's own lines.
        let log: @Sendable (String) -> Void = { line in
            OperatorLog.error(line)
            Files.writeAll(line + "\n", to: STDERR_FILENO)
        }
        let server = try WebServer(settings: settings, access: access, log: log)
        if let recordings, !arguments.flag("keep-recordings") {
            RecordingFiles.removeOldEveryHour(recordings) { log("web: " + $0) }
        }
        let base = arguments.value("public-url").map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            ?? "\(tls == nil ? "http" : "https")://\(listen)"
        context.console.print("Invite link (share it only with the stakeholders): \(base)/?invite=\(access.invite)")
        if let recordings {
            context.console.print("Each session is recorded into \(recordings) (0600): termbank demo recordings \(recordings) lists them.")
        }
        context.console.print("Ctrl-C stops the server and every session.")
        try server.run()
        return .ok
    }

    /// `--idle-minutes`: whole minutes, or a fraction of one (a short demo, a test), in seconds; 6 s at the least.
    static func idleSeconds(_ text: String?) throws -> Int {
        guard let text else { return 15 * 60 }
        guard let minutes = Double(text), minutes.isFinite, minutes >= 0.1, minutes <= 24 * 60 else {
            throw CommandFailure.usage("--idle-minutes needs a number of minutes from 0.1 to \(24 * 60)")
        }
        return Int((minutes * 60).rounded())
    }

    /// This very binary, so every tab runs the same build as the server.
    static func executablePath() throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { throw CommandFailure("cannot find this program's own path", code: .software) }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
