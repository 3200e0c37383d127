import Foundation
import XCTest

/// Decisions 65 and 66, at the demo: one stakeholder (or a script) can take
/// neither the host's memory nor all its connections. Each session runs
/// under limits (prlimit in the account's login shell), and one SSH key or
/// one address holds only so many connections (here 2 and 3, with
/// `--per-key 2 --per-address 3`; 4 and 20 by default).
final class SSHSessionLimitsTests: SSHDemoTestCase {
    override class func setUp() {
        do { demo = try SSHDemo(startOptions: ["--per-key", "2", "--per-address", "3"]) } catch { startError = error }
    }

    /// A stakeholder's window, up to the welcome screen.
    func connect(_ demo: SSHDemo, key: String, environment: [String] = []) throws -> TmuxSession {
        let session = try TmuxSession(["/usr/bin/env"] + environment + ["/usr/bin/ssh", "-tt", "-o", "SendEnv=LANG"]
                                      + demo.sshArguments(key: key), columns: 120, rows: 30)
        addTeardownBlock { session.kill() }
        try session.waitFor("Welcome to the TermBank demo")
        return session
    }

    /// One more connection, without a window: what it prints and its exit status.
    func refused(_ demo: SSHDemo, key: String, language: String = "C.UTF-8") throws -> (status: Int32, output: String) {
        let run = try SSHDemo.run("/usr/bin/env", ["-u", "LC_ALL", "LANG=\(language)", "/usr/bin/ssh", "-tt", "-o", "SendEnv=LANG"]
                                  + demo.sshArguments(key: key), timeout: 60)
        return (run.status, run.stdout + run.stderr)
    }

    func testAStakeholdersSessionCannotTakeMoreThanItsMemoryFilesOrTasks() throws {
        let demo = try running()
        let session = try connect(demo, key: "alice")
        let app = try XCTUnwrap(SSHDemoLockdown.processes(of: demo.account).first { $0.executable == demo.binary },
                                "the app's process over SSH")
        let limits = try String(contentsOfFile: "/proc/\(app.pid)/limits", encoding: .utf8)
        let rows = limits.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        XCTAssertTrue(rows.contains("Max address space 536870912 536870912 bytes"), limits)
        XCTAssertTrue(rows.contains("Max open files 256 256 files"), limits)
        XCTAssertTrue(rows.contains("Max processes 1024 1024 processes"), limits)
        XCTAssertTrue(rows.contains("Max core file size 0 0 bytes"), limits)
        // Under them, the app works as ever: sign in and see the statement.
        try session.press("Enter")
        try session.waitFor("Sign in to TermBank")
        try session.type("alice")
        try session.press("Tab")
        try session.type("wonderland-42")
        try session.press("Enter")
        try session.waitFor("Is this your sitekey?")
        try session.press("Enter")
        try session.waitFor("Touch ID")
        try session.press("Enter")
        try session.waitFor("History: both accounts")
    }

    func testAThirdConnectionWithOneKeyAndAFourthFromOneAddressAreRefusedInOneLine() throws {
        let demo = try running()
        var alices = [try connect(demo, key: "alice"), try connect(demo, key: "alice")]

        let third = try refused(demo, key: "alice")
        XCTAssertEqual(third.status, 75, third.output)
        XCTAssertTrue(third.output.contains("This SSH key already has 2 connections open to the demo, the most one key may have. "
                                            + "Close one of its windows and connect again."), third.output)
        let portuguese = try refused(demo, key: "alice", language: "pt_BR.UTF-8")
        XCTAssertTrue(portuguese.output.contains("Esta chave SSH já tem 2 conexões abertas com a demonstração"), portuguese.output)

        // Bob's key is free, but the address (127.0.0.1) then holds 3.
        _ = try connect(demo, key: "bob")
        let fourth = try refused(demo, key: "carol")
        XCTAssertEqual(fourth.status, 75, fourth.output)
        XCTAssertTrue(fourth.output.contains("Your address already has 3 connections open to the demo"), fourth.output)

        // One of alice's windows closes: its slot is free again at once (the lock dies with the process).
        alices.removeLast().kill()
        try TmuxSession.waitUntilFree(demo)
        _ = try connect(demo, key: "carol")
        _ = alices
    }
}

extension TmuxSession {
    /// Until the demo account runs fewer than 3 apps (a closed window's app has ended).
    static func waitUntilFree(_ demo: SSHDemo) throws {
        for _ in 0..<600 {
            if SSHDemoLockdown.processes(of: demo.account).filter({ $0.executable == demo.binary }).count < 3 { return }
            usleep(100_000)
        }
        XCTFail("a closed window's app did not end")
    }
}
