import Foundation
import TermBankTestKit
import XCTest

/// The real binary in tmux, signed in, then ended from outside: a SIGTERM, a
/// SIGHUP, a SIGINT sent by `kill`, and the terminal itself closed (the tmux
/// server killed, as a dropped SSH connection or a closed window does), also
/// with SIGHUP ignored, when only the terminal's failing reads tell. Each time
/// the session ends in the database at once (not 5 idle minutes later), the
/// audit trail says why, and where a terminal remains its modes are back.
/// Every wait is for what is read: the screen, the process's end.
extension AppEndToEndTests {
    /// The app under a shell that reports its exit status and the terminal's
    /// line modes after it, then keeps the window open.
    func appUnderAShell(_ bank: Scratch) throws -> TmuxSession {
        let modes = "stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '"
        let app = try TmuxSession(["/bin/sh", "-c", appCommand(bank).map(TmuxSession.shellQuoted).joined(separator: " ")
                                   + "; echo EXIT=$?; echo MODES: $(\(modes)); exec cat"])
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        return app
    }

    /// alice, signed in with her fingerprint, at her accounts.
    func signInAlice(_ app: TmuxSession) throws {
        try app.signIn(.alice)
        try app.waitFor("alice · iphone-touchid", "History: both accounts")
    }

    /// The sessions table as the bank has it: how many are open, and each one's end reason.
    func sessions(_ bank: Scratch) throws -> (open: Int, reasons: [String]) {
        let open = try LeanBinaryTests.output("/usr/bin/sqlite3", [bank.database,
                                              "SELECT count(*) FROM sessions WHERE ended_at IS NULL"])
        let reasons = try LeanBinaryTests.output("/usr/bin/sqlite3", [bank.database,
                                                 "SELECT coalesce(end_reason, 'open') FROM sessions ORDER BY started_at"])
        return (Int(open.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
                reasons.split(separator: "\n").map(String.init))
    }

    /// The session ended with `reason`, and the audit trail's last row for alice says so, with no secret in it.
    func assertSessionEnded(_ bank: Scratch, as reason: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (open, reasons) = try sessions(bank)
        XCTAssertEqual(open, 0, "no session is left open", file: file, line: line)
        XCTAssertEqual(reasons, [reason], file: file, line: line)
        let audit = try Termbank.run(["audit", "--user", "alice", "--limit", "1"], database: bank.database)
        XCTAssertEqual(audit.status, 0, audit.stderr, file: file, line: line)
        let row = audit.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(row.contains("session.ended") && row.hasSuffix(reason), audit.stdout, file: file, line: line)
        XCTAssertFalse(audit.stdout.contains(Customer.alice.password), "no secret in the audit", file: file, line: line)
    }

    /// Waits (60 s at most, a hang guard) until the process has ended: gone,
    /// or a zombie its new parent has not reaped (the tmux server that started
    /// it is gone too).
    func waitUntilEnded(_ pid: pid_t, file: StaticString = #filePath, line: UInt = #line) throws {
        func running() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
        }
        try eventually("process \(pid) to end", file: file, line: line) { !running() }
    }

    /// Sends `signal` to the signed-in app; the shell after it reads `status`
    /// and a terminal back in its line modes; the session ended as `reason`.
    func assertSignalEndsTheSession(_ signal: Int32, status: Int, reason: String,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let bank = try demoBank()
        let app = try appUnderAShell(bank)
        try signInAlice(app)
        XCTAssertEqual(try sessions(bank).open, 1, file: file, line: line)
        let termbank = try XCTUnwrap(Self.children(of: try app.panePID()).first, "the app is the shell's child",
                                     file: file, line: line)
        XCTAssertEqual(kill(termbank, signal), 0, file: file, line: line)
        let shell = try app.waitFor("EXIT=\(status)", "MODES:", file: file, line: line)
        XCTAssertTrue(shell.shows("MODES: icanon echo"), "line editing and echo are back:\n\(shell.framed)",
                      file: file, line: line)
        XCTAssertFalse(shell.shows("History: both accounts"), "the app's screen is gone:\n\(shell.framed)",
                       file: file, line: line)
        try assertSessionEnded(bank, as: reason, file: file, line: line)
        // Typed text is echoed by the shell's cat: the terminal is a terminal again.
        try app.type("typed-after-exit")
        try app.waitFor("typed-after-exit", file: file, line: line)
    }

    func testSIGTERMEndsTheSessionAtOnceAsTerminatedAndGivesTheTerminalBack() throws {
        try assertSignalEndsTheSession(SIGTERM, status: 143, reason: "terminated")
    }

    func testSIGHUPEndsTheSessionAtOnceAsConnectionClosed() throws {
        try assertSignalEndsTheSession(SIGHUP, status: 129, reason: "connection-closed")
    }

    /// `kill -INT`: in raw mode Ctrl-C is a key (it asks the quit question); the signal itself ends the app.
    func testSIGINTSentToTheAppEndsTheSessionAsTerminated() throws {
        try assertSignalEndsTheSession(SIGINT, status: 130, reason: "terminated")
    }

    /// The terminal closed under the app: tmux's server killed, which hangs
    /// up the pane's terminal (SIGHUP), as sshd does when the connection drops.
    func testClosingTheTerminalEndsTheSessionAsConnectionClosed() throws {
        let bank = try demoBank()
        let app = try TmuxSession(appCommand(bank))
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try signInAlice(app)
        let termbank = try app.panePID()
        app.kill()
        try waitUntilEnded(termbank)
        try assertSessionEnded(bank, as: "connection-closed")
    }

    /// The same with SIGHUP ignored (started under `nohup`-like `trap '' HUP`):
    /// no signal comes, and the terminal's hang-up (poll's POLLHUP, reads that
    /// fail) ends the session instead of a loop spinning on a dead terminal.
    func testAClosedTerminalEndsTheSessionEvenWithSIGHUPIgnored() throws {
        let bank = try demoBank()
        let app = try TmuxSession(["/bin/sh", "-c", "trap '' HUP; exec "
                                   + appCommand(bank).map(TmuxSession.shellQuoted).joined(separator: " ")])
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try signInAlice(app)
        let termbank = try app.panePID()
        let status = try String(contentsOfFile: "/proc/\(termbank)/status", encoding: .utf8)
        let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }
            .flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) } ?? 0
        XCTAssertEqual(ignored & 1, 1, "SIGHUP (signal 1) is ignored in the app: \(status)")
        app.kill()
        try waitUntilEnded(termbank)
        try assertSessionEnded(bank, as: "connection-closed")
    }
}
