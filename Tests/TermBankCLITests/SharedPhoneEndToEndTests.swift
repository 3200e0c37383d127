import Foundation
import TermBankTestKit
import XCTest

/// Two stakeholders at one demo bank, both signing in as bob (SMS
/// verification on), at 80x24 where the phone slides over the app. The
/// second asks for bob's code while the first's still runs: Verify's rule
/// attaches it to that request and no second SMS goes out, so the phone must
/// show the SMS bob's phone already received (`PhoneViewStart`), and the
/// screen must not announce a new code. Real binary, tmux, real SQLite.
final class SharedPhoneEndToEndTests: XCTestCase {
    func testTheSecondTerminalSeesTheRunningCodeOnCtrlPAndSignsInWithIt() throws {
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let first = try TmuxSession(appCommand(bank), columns: 80, rows: 24)
        let second = try TmuxSession(appCommand(bank), columns: 80, rows: 24)
        addTeardownBlock { first.kill(); second.kill(); _ = bank }

        try first.waitFor("Welcome to the TermBank demo")
        try first.press("Enter")
        try first.waitFor("Sign in to TermBank", "Username")
        try first.signIn(.bob, until: .sheetAnswered)
        try first.waitFor("Verify it's you", "We sent a code to +1 ***-***-0101")
        try first.press("C-p")
        let firstPhone = try first.waitUntil("bob's code on the first terminal's phone") {
            $0.phone.shows("bob · +1 ***-***-0101") && $0.phone.shows("your sign-in code is")
        }
        let code = try firstPhone.phone.code(after: "your sign-in code is")
        try first.press("C-p")

        try second.waitFor("Welcome to the TermBank demo")
        try second.press("Enter")
        try second.waitFor("Sign in to TermBank", "Username")
        try second.signIn(.bob, until: .sheetAnswered)
        let waiting = try second.waitFor("Verify it's you", "The code was already sent to +1 ***-***-0101")
        XCTAssertFalse(waiting.shows("We sent a code"), waiting.framed)
        try second.press("C-p")
        let secondPhone = try second.waitUntil("the same code on the second terminal's phone") {
            $0.phone.shows("bob · +1 ***-***-0101") && $0.phone.shows("your sign-in code is")
        }
        XCTAssertFalse(secondPhone.shows("No messages yet."), secondPhone.framed)
        XCTAssertEqual(try secondPhone.phone.code(after: "your sign-in code is"), code, "one code for the number")
        try second.press("C-p")
        try second.waitUntil("the phone to slide back") { !$0.shows("Customer's phone (simulated)") }
        try second.type(code)
        try second.waitFor("Trust this device")
        try second.press("n")
        try second.waitFor("bob · iphone-touchid", "$5,000.00", "$10,000.00")

        // One SMS: one start in the trail, one message on bob's phone, and no code in the trail.
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "50"], database: bank.database).stdout
        XCTAssertEqual(audit.components(separatedBy: "verify.started").count - 1, 1, audit)
        XCTAssertFalse(audit.contains("verify.resent"), audit)
        XCTAssertFalse(audit.contains(code), audit)
        let inbox = try Termbank.run(["phone", "bob"], database: bank.database).stdout
        XCTAssertEqual(inbox.components(separatedBy: "your sign-in code is").count - 1, 1, inbox)
    }

    // MARK: Helpers

    func appCommand(_ bank: Scratch) -> [String] {
        ["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config",
         Termbank.binary.path, "--db", bank.database, "--device", "iphone-touchid", "--demo"]
    }
}
