import Foundation
import TermBankCore
import TermBankTestKit
import XCTest

/// The code screens of a real deployment, end to end: the real binary
/// without `--demo` in tmux, on a fresh bank with the simulated phone read
/// by the operator's `termbank phone` (the customer's other hand).
final class CodeScreenEndToEndTests: XCTestCase {
    static let demoWords = ["termbank phone", "Demo", "demo", "simulated phone", "Ctrl-P", "on the right"]

    func app(_ bank: Scratch, columns: Int = 80, rows: Int = 24) throws -> TmuxSession {
        let app = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config", Termbank.binary.path,
                                   "--db", bank.database, "--device", "iphone-touchid"], columns: columns, rows: rows)
        addTeardownBlock { app.kill() }
        try app.waitFor("Sign in to TermBank", "Username")
        return app
    }

    /// bob (SMS verification on) signs in without `--demo`: his code screen
    /// says where the code went, masked, and nothing of a demo, at 80x24 and
    /// at an odd size; his code from the phone then signs him in.
    func testWithoutDemoModeTheCodeScreenSaysOnlyWhereTheCodeWasSent() throws {
        let bank = try demoBank()
        let app = try app(bank)
        try app.signIn(.bob)
        for (columns, rows) in [(80, 24), (97, 27)] {
            try app.resize(columns: columns, rows: rows)
            let screen = try app.waitUntil("the code screen at \(columns)x\(rows)") {
                $0.shows("Verify it's you") && $0.shows("We sent a code to +1 ***-***-0101")
                    && $0.lines.count == rows && ($0.lines.map(\.count).max() ?? 0) <= columns
            }
            for word in Self.demoWords {
                XCTAssertFalse(screen.text.contains(word), "\"\(word)\" outside demo mode:\n\(screen.framed)")
            }
        }
        try app.type(try lastCode(on: "bob", saying: "your sign-in code is", bank))
        try app.waitFor("bob · iphone-touchid", "History: both accounts")
    }

    /// alice in two sessions on one bank: the first asks for a code for
    /// 250.00, the second for 300.00, which replaces the first's (one live
    /// code per number). The first session types its code and is told why it
    /// no longer works and what to do; r sends a new code, which books the
    /// 250.00. The second's code, replaced in turn, says the same.
    func testASecondSessionsCodeRequestIsExplainedToTheFirst() throws {
        let bank = try demoBank()
        let first = try app(bank)
        try first.signIn(.alice)
        try first.waitFor("alice · iphone-touchid", "History: both accounts")
        let second = try app(bank, columns: 91, rows: 26)
        try second.signIn(.alice, knownDevice: true)
        try second.waitFor("alice · iphone-touchid", "History: both accounts")

        try first.press("t")
        try first.waitFor("Move money")
        try first.type("250")
        try first.waitFor("$250.00 from Checking to Savings")
        try first.press("Enter")
        try first.waitFor("Review your transfer")
        try first.press("Enter")
        try first.waitFor("Approve this transfer", "We sent a code to +1 ***-***-0100")
        let firstCode = try lastCode(on: "alice", saying: "approves moving $250.00", bank)

        try second.press("t")
        try second.waitFor("Move money")
        try second.type("300")
        try second.waitFor("$300.00 from Checking to Savings")
        try second.press("Enter")
        try second.waitFor("Review your transfer")
        try second.press("Enter")
        try second.waitFor("Approve this transfer", "We sent a code to +1 ***-***-0100")
        let secondCode = try lastCode(on: "alice", saying: "approves moving $300.00", bank)

        try first.type(firstCode)
        try first.waitFor("A newer code was requested from another session or device, so this one no longer works.",
                          "Press r for a new code.", "Replaced by a newer code", "r Send a new code by SMS")
        try first.press("r")
        try first.waitFor("A new code was sent to +1 ***-***-0100.")
        try first.type(try lastCode(on: "alice", saying: "approves moving $250.00", bank))
        try first.waitFor("Transfer complete", "$4,750.00")

        try second.type(secondCode)
        try second.waitFor("A newer code was requested from another session or device")
        XCTAssertEqual(try Termbank.run(["statement", "alice"], database: bank.database).stdout
            .hasPrefix("alice: Checking 4,750.00, Savings 10,250.00\n"), true, "only the 250.00 was booked")
    }

    /// bob's sign-in code in three terminals (one code for his number, so the
    /// second and third wait on the first's request): the first quits the
    /// code screen with Esc, the second's terminal is closed (a hang-up), and
    /// the third still signs in with the code on his phone (decision 49).
    /// Before, the first to leave cancelled the request, and the others read
    /// "This verification was cancelled."
    func testLeavingOneTerminalAtTheSignInCodeLeavesTheOtherTerminalsCodeWorking() throws {
        let bank = try demoBank()
        let terminals = try [(80, 24), (91, 26), (80, 24)].map { try app(bank, columns: $0.0, rows: $0.1) }
        for (index, terminal) in terminals.enumerated() {
            try terminal.signIn(.bob)
            // The second and third are given the first's request: no new SMS, and the screen says so.
            try terminal.waitFor("Verify it's you", index == 0 ? "We sent a code to +1 ***-***-0101"
                                                                : "The code was already sent to +1 ***-***-0101")
        }
        let code = try lastCode(on: "bob", saying: "your sign-in code is", bank)
        XCTAssertEqual(try Termbank.run(["phone", "bob"], database: bank.database).stdout
            .components(separatedBy: "your sign-in code is").count - 1, 1, "one code for the three terminals")

        try terminals[0].press("Escape")
        try terminals[0].waitFor("Sign in to TermBank")
        try waitForAbandonedSignIns(1, bank)
        terminals[1].kill()
        try waitForAbandonedSignIns(2, bank)

        try terminals[2].type(code)
        try terminals[2].waitFor("bob · iphone-touchid", "History: both accounts")
    }

    /// Waits until the bank recorded `count` of bob's sign-ins as abandoned
    /// (each terminal that left has told the bank); never a fixed time.
    private func waitForAbandonedSignIns(_ count: Int, _ bank: Scratch) throws {
        var seen = 0
        _ = try? eventually("\(count) abandoned sign-ins in the audit trail") {
            let trail = try Termbank.run(["audit", "--user", "bob"], database: bank.database).stdout
            seen = trail.components(separatedBy: "signin.abandoned").count - 1
            return seen >= count
        }
        XCTAssertEqual(seen, count, "the terminals that left told the bank")
    }
}

