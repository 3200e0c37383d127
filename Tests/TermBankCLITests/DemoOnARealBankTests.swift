import Foundation
import XCTest

/// `termbank --demo` on a bank of the operator's own (an
/// alice added with `user add`, SMS codes on, the built-in simulated phone)
/// drew alice's live sign-in code in the app's phone panel, and
/// `SSH_ORIGINAL_COMMAND=phone` offered her phone. Demo mode now runs only on
/// the bank `demo reset` made: anywhere else both stop in one line, exit 78
/// (EX_CONFIG: pointed at the wrong kind of bank), before anything of the
/// bank is shown.
extension AppEndToEndTests {
    /// A bank with one customer of the operator's, named as the demo's alice, with SMS codes on.
    func customBankWithAnSMSAlice() throws -> Scratch {
        let bank = Scratch()
        let added = try Termbank.run(["user", "add", "alice", "--phone", "+1 555 0100", "--sms-verification"],
                                     database: bank.database, stdin: "tidal-lantern-88\n")
        XCTAssertEqual(added.status, 0, added.stderr)
        return bank
    }

    /// `command` under a shell that prints its exit status and keeps the window.
    func lastWords(_ command: [String], columns: Int = 80, rows: Int = 24) throws -> Screen {
        let session = try TmuxSession(["/bin/sh", "-c", command.map(TmuxSession.shellQuoted).joined(separator: " ")
                                       + "; echo EXIT=$?; exec cat"], columns: columns, rows: rows)
        addTeardownBlock { session.kill() }
        return try session.waitFor("EXIT=")
    }

    static let notTheDemoBank = "termbank: --demo runs only on the demo bank (made by \"termbank demo reset\"); "
        + "this bank is not it.EXIT=78"

    func testDemoModeOnACustomBankIsRefusedInOneLineAndShowsNoCode() throws {
        let bank = try customBankWithAnSMSAlice()
        let screen = try lastWords(["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config", Termbank.binary.path,
                                    "--db", bank.database, "--device", "iphone-touchid", "--demo"], columns: 120, rows: 30)
        // The terminal wraps the long line: read its rows as one.
        XCTAssertTrue(screen.lines.joined().contains(Self.notTheDemoBank), screen.framed)
        XCTAssertFalse(screen.shows("Sign in to TermBank"), "the terminal is given back:\n\(screen.framed)")
        let sessions = try LeanBinaryTests.output("/usr/bin/sqlite3", [bank.database, "SELECT count(*) FROM sessions"])
        XCTAssertEqual(sessions.trimmingCharacters(in: .whitespacesAndNewlines), "0")
    }

    func testThePhoneCommandOverSSHOnACustomBankIsRefusedInOneLine() throws {
        let bank = try customBankWithAnSMSAlice()
        // A code waits on alice's simulated phone: the window must not be the way to read it.
        XCTAssertEqual(try Termbank.run(["verify", "start", "alice"], database: bank.database).status, 0)
        let screen = try lastWords(["/usr/bin/env", "SSH_CONNECTION=198.51.100.23 50022 192.0.2.1 22",
                                    "XDG_CONFIG_HOME=\(bank.path)/config", "SSH_ORIGINAL_COMMAND=phone",
                                    Termbank.binary.path, "--db", bank.database, "--demo"], columns: 120, rows: 30)
        XCTAssertTrue(screen.lines.joined().contains(Self.notTheDemoBank), screen.framed)
        XCTAssertFalse(screen.shows("alice"), screen.framed)
    }

    /// The demo bank itself still runs in demo mode, its phone panel and all.
    func testDemoModeOnTheDemoBankStillStarts() throws {
        let bank = try demoBank()
        let app = try TmuxSession(appCommand(bank) + ["--demo"], columns: 120, rows: 30)
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Welcome to the TermBank demo", "Customer's phone (simulated)")
    }
}
