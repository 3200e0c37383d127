import Foundation
import XCTest

/// The real binary in tmux with an `--sms-command` that takes 3 s (issue 11,
/// section 2): the screen is not frozen while a code goes out. The waits
/// below are deadlines for the screen to get there, polled every 50 ms, not
/// speed measurements: "Sending" must appear within half a second of the
/// fingerprint, and Ctrl-C, y must end the app before the command's 3 s are up.
final class SlowSMSEndToEndTests: XCTestCase {
    func testWithASlowSMSCommandSendingShowsAtOnceAndCtrlCQuitsBeforeTheThreeSecondsAreUp() throws {
        let bank = Scratch()
        let reset = try Termbank.run(["demo", "reset"], database: bank.database)
        XCTAssertEqual(reset.status, 0, reset.stderr)
        let delivered = bank.path + "/delivered"
        let sms = "cat >/dev/null; sleep 3; touch \(TmuxSession.shellQuoted(delivered))"
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
        let fingerprint = Date()
        try tmux.press("Enter")
        try tmux.waitFor("Sending a code to your phone", timeout: 0.5)

        // The SMS command is still sleeping: a resize is drawn at the new width
        // (SIGWINCH reaches the loop, not the worker), Ctrl-C asks, y quits,
        // and the shell has the terminal back.
        let secondsLeft = { max(0, 3 - Date().timeIntervalSince(fingerprint)) }
        try tmux.resize(columns: 100, rows: 30)
        try tmux.waitUntil(timeout: secondsLeft(), "the header drawn 100 columns wide, still sending") { screen in
            (screen.lines.first ?? "").hasSuffix("iphone-touchid") && (screen.lines.first ?? "").count > 90
                && screen.shows("Sending a code to your phone")
        }
        try tmux.press("C-c")
        try tmux.waitFor("Quit TermBank?", timeout: secondsLeft())
        try tmux.press("y")
        let after = try tmux.waitFor("EXIT=", timeout: secondsLeft())
        XCTAssertTrue(after.lines.contains("EXIT=0"), after.framed)
        XCTAssertFalse(after.shows("Sending"), "the app's screen is gone:\n\(after.framed)")

        // The quit stopped the command (it never got to its last step), and the bank says so, without the code.
        XCTAssertFalse(FileManager.default.fileExists(atPath: delivered), "the SMS command ran to its end")
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "3"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("the app quit before the SMS command finished"), audit)
        XCTAssertTrue(audit.contains("signin.abandoned"), audit)
    }
}
