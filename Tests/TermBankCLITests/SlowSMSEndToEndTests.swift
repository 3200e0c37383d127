import Foundation
import TermBankTestKit
import XCTest

/// The real binary in tmux with an `--sms-command` that does not finish
/// until it is stopped (decision 6): the screen is not frozen while
/// a code goes out, and quitting does not wait for the command. Nothing here
/// is timed: the command says when it has started and then waits on a pipe
/// nobody writes to, so every screen below is read while it still runs. Had
/// the quit waited for it, the app would end only at the SMS command's 30 s
/// limit, audited as such, and the test would fail on the audit line.
final class SlowSMSEndToEndTests: XCTestCase {
    func testWithASlowSMSCommandSendingShowsAtOnceAndCtrlCQuitsWithoutWaitingForIt() throws {
        let bank = Scratch()
        let reset = try Termbank.run(["demo", "reset"], database: bank.database)
        XCTAssertEqual(reset.status, 0, reset.stderr)
        let started = bank.path + "/started", delivered = bank.path + "/delivered", never = bank.path + "/never"
        XCTAssertEqual(mkfifo(never, 0o600), 0)
        // The shell itself waits (`read` from the pipe), so stopping it leaves no child behind.
        let sms = "cat >/dev/null; echo $$ > \(TmuxSession.shellQuoted(started)); read line < \(TmuxSession.shellQuoted(never)); "
            + "touch \(TmuxSession.shellQuoted(delivered))"
        let app = ["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config", Termbank.binary.path, "--db", bank.database,
                   "--device", "iphone-touchid", "--sms-command", sms]
        let tmux = try TmuxSession(["/bin/sh", "-c", app.map(TmuxSession.shellQuoted).joined(separator: " ")
                                    + "; echo EXIT=$?; sleep 30"])
        addTeardownBlock { tmux.kill(); _ = bank }

        // bob has SMS verification on: after his fingerprint, a code is sent.
        try tmux.waitFor("Sign in to TermBank", "Username")
        try tmux.type("bob")
        try tmux.press("Tab")
        try tmux.type("builder-2026")
        try tmux.press("Enter")
        try tmux.waitFor("Is this your sitekey?", "Can we fix it? Yes we can")
        try tmux.press("Enter")
        try tmux.waitFor("Touch ID", "Matching finger")
        try tmux.press("Enter")
        try tmux.waitFor("Sending a code to your phone")
        let pid = try commandStarted(started)

        // The SMS command is still waiting: a resize is drawn at the new width
        // (SIGWINCH reaches the loop, not the worker), Ctrl-C asks, y quits,
        // and the shell has the terminal back.
        try tmux.resize(columns: 100, rows: 30)
        try tmux.waitUntil("the header drawn 100 columns wide, still sending") { screen in
            (screen.lines.first ?? "").hasSuffix("iphone-touchid") && (screen.lines.first ?? "").count > 90
                && screen.shows("Sending a code to your phone")
        }
        try tmux.press("C-c")
        try tmux.waitFor("Quit TermBank?")
        try tmux.press("y")
        let after = try tmux.waitFor("EXIT=")
        XCTAssertTrue(after.lines.contains("EXIT=0"), after.framed)
        XCTAssertFalse(after.shows("Sending"), "the app's screen is gone:\n\(after.framed)")

        // The quit stopped the command (it is gone, and never got to its last
        // step), and the bank says so, without the code.
        XCTAssertEqual(kill(pid, 0), -1, "the SMS command was left running")
        XCTAssertFalse(FileManager.default.fileExists(atPath: delivered), "the SMS command ran to its end")
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "3"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("the app quit before the SMS command finished"), audit)
        XCTAssertTrue(audit.contains("signin.abandoned"), audit)
    }

    /// The SMS command's process id, once it has written it: from then on
    /// the app's worker is running the send (a quit before that would drop
    /// the send unstarted, with nothing to stop).
    func commandStarted(_ file: String) throws -> pid_t {
        try eventuallyValue("the SMS command to start (its process id in \(file))") {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            return text.hasSuffix("\n") ? pid_t(text.dropLast()) : nil
        }
    }
}
