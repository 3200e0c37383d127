import Foundation
import TermBankTestKit
import XCTest

/// Demo mode (`termbank --demo`) end to end: the real binary in
/// tmux, a stakeholder alone with the screen. Everything they need (their
/// own customer's password, every code) is read off the screen, never from
/// the operator's `termbank phone`.
final class DemoModeEndToEndTests: XCTestCase {
    /// 80x24: `g`, the shown username and password, sign in with the code the
    /// phone (slid over the app with Ctrl-P) shows, and move money with step-up.
    func testANewDemoCustomerSignsInAndMovesMoneyWithCodesReadOffTheSimulatedPhone() throws {
        let (app, bank) = try startDemo()
        try app.press("g")
        let card = try app.waitFor("Your demo customer", "The phone keeps a copy under Passwords.", "Press Enter to sign in")
        let username = try XCTUnwrap(card.words(afterWord: "Username"))
        let password = try XCTUnwrap(card.words(afterWord: "Password"))
        XCTAssertTrue(username.hasPrefix("guest-"), card.framed)

        try app.press("Enter")
        try app.waitFor("Sign in to TermBank", username)
        try app.signIn(Customer(name: username, password: password), nameFilled: true, until: .sheetAnswered)
        try app.waitFor("Verify it's you", "Ctrl-P shows the customer's phone.")
        // The phone's banner over the key bar: the new text's first words, its code in them.
        let banner = try app.waitFor("Phone (Ctrl-P): TermBank: your sign-in code is")

        try app.press("C-p")
        let opened = try app.waitUntil("the phone over the app with the sign-in code") {
            $0.phone.shows("Customer's phone (simulated)") && $0.phone.shows(username) && $0.phone.shows("your sign-in code is")
        }
        let signInCode = try opened.phone.code(after: "your sign-in code is")
        XCTAssertEqual(try banner.code(after: "Phone (Ctrl-P): TermBank: your sign-in code is"), signInCode, banner.framed)
        try app.press("C-p")
        try app.waitUntil("the phone to slide back") { !$0.shows("Customer's phone (simulated)") }
        try app.type(signInCode)
        try app.waitFor("Trust this device")
        try app.press("n")
        try app.waitFor("\(username) · iphone-touchid", "$5,000.00", "$10,000.00", "[ ON ]")

        try app.press("t")
        try app.waitFor("Move money")
        try app.type("250")
        try app.press("Enter")
        try app.waitFor("Review your transfer")
        try app.press("Enter")
        try app.waitFor("Approve this transfer", "Move $250.00 from Checking to Savings")
        try app.press("F2")
        let approval = try app.waitUntil("the transfer's code on the phone") {
            $0.phone.shows("approves moving $250.00 from Checking to Savings")
        }
        let transferCode = try approval.phone.code(after: "code")
        XCTAssertNotEqual(transferCode, signInCode)
        try app.press("Escape")
        try app.waitUntil("the phone to slide back") { !$0.shows("Customer's phone (simulated)") }
        try app.type(transferCode)
        try app.waitFor("Transfer complete", "$4,750.00", "$10,250.00")

        let check = try Termbank.run(["check"], database: bank.database)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("consistent=yes"), check.stdout)
        let statement = try Termbank.run(["statement", username], database: bank.database)
        XCTAssertTrue(statement.stdout.hasPrefix("\(username): Checking 4,750.00, Savings 10,250.00\n"), statement.stdout)
    }

    /// 120 columns: the phone is beside the app. Two stakeholders at once, each
    /// with a demo customer of their own: each phone shows its own code only.
    func testBesideTheAppTwoStakeholdersEachSeeOnlyTheirOwnCode() throws {
        let bank = try demoBank()
        let first = try TmuxSession(appCommand(bank), columns: 120, rows: 30)
        let second = try TmuxSession(appCommand(bank), columns: 130, rows: 33)
        addTeardownBlock { first.kill(); second.kill(); _ = bank }
        var codes: [String] = []
        var names: [String] = []
        for app in [first, second] {
            try app.waitFor("Welcome to the TermBank demo", "Customer's phone (simulated)", "No customer is signing in")
            try app.press("g")
            let card = try app.waitFor("Your demo customer")
            let username = try XCTUnwrap(card.words(afterWord: "Username"))
            names.append(username)
            try app.press("Enter")
            // The form with the name in it before the password: under load, keys typed ahead of their
            // screen were read by the card; and each key after it waits for its own screen (the kit's sign-in).
            try app.waitFor("Sign in to TermBank", username)
            try app.signIn(Customer(name: username, password: try XCTUnwrap(card.words(afterWord: "Password"))),
                           nameFilled: true, until: .sheetAnswered)
            // The new message's notice shows for 20 s from its arrival: waited for in the same screen as the code.
            let screen = try app.waitUntil("the code beside the app, announced") {
                $0.shows("Verify it's you") && $0.shows("The customer's phone is on the right.")
                    && $0.phone.shows("your sign-in code is") && $0.phone.shows("● New message")
            }
            XCTAssertTrue(screen.phone.shows("● New message"), screen.framed)
            codes.append(try screen.phone.code(after: "your sign-in code is"))
        }
        XCTAssertNotEqual(names[0], names[1])
        for (index, app) in [first, second].enumerated() {
            let screen = try app.screen()
            XCTAssertFalse(screen.shows(codes[1 - index]), "one stakeholder's phone shows the other's code:\n\(screen.framed)")
            XCTAssertFalse(screen.shows(names[1 - index]), screen.framed)
            try app.type(codes[index])
            try app.waitFor("Trust this device")
            try app.press("n")
            try app.waitFor("\(names[index]) · iphone-touchid", "History: both accounts")
        }
    }

    /// Signed out, the phone forgets the customer: the next person at this
    /// terminal does not see the last one's messages.
    func testSigningOutEmptiesThePhone() throws {
        let bank = try demoBank()
        let app = try TmuxSession(appCommand(bank), columns: 120, rows: 30)
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Welcome to the TermBank demo")
        try app.press("Enter")
        try app.waitFor("Sign in to TermBank", "Username")
        try app.signIn(.bob, sitekeyShows: ["bob · +1 ***-***-0101"], until: .sheetAnswered)
        let screen = try app.waitUntil("the code beside the app") {
            $0.shows("Verify it's you") && $0.phone.shows("your sign-in code is")
        }
        try app.type(try screen.phone.code(after: "your sign-in code is"))
        try app.waitFor("Trust this device")
        try app.press("n")
        try app.waitFor("bob · iphone-touchid", "History: both accounts")
        try app.press("l")
        try app.waitFor("Perform SMS verification on login?")
        try app.press("y")
        try app.waitFor("You have signed out.", "No customer is signing in")
        XCTAssertFalse(try app.screen().shows("sign-in code"))
    }

    /// Without --demo, even at 120 columns: no welcome screen, no phone, `g`
    /// is a letter in the username field and Ctrl-P and F2 do nothing.
    func testWithoutDemoModeThereIsNoPhoneAndGIsJustALetter() throws {
        let bank = try demoBank()
        let app = try TmuxSession(Array(appCommand(bank).dropLast()), columns: 120, rows: 30)
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.press("g")
        try app.press("C-p")
        try app.press("F2")
        try app.type("uest")
        let screen = try app.waitFor("Username   guest")
        for demoOnly in ["phone (simulated)", "Welcome to the TermBank demo", "Try:", "Ctrl-P"] {
            XCTAssertFalse(screen.shows(demoOnly), "\(demoOnly) without --demo:\n\(screen.framed)")
        }
        let users = try Termbank.run(["user", "list"], database: bank.database)
        XCTAssertFalse(users.stdout.contains("guest-"), users.stdout)
    }

    // MARK: Helpers

    func appCommand(_ bank: Scratch) -> [String] {
        ["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config",
         Termbank.binary.path, "--db", bank.database, "--device", "iphone-touchid", "--demo"]
    }

    func startDemo(columns: Int = 80, rows: Int = 24) throws -> (TmuxSession, Scratch) {
        let bank = try demoBank()
        let app = try TmuxSession(appCommand(bank), columns: columns, rows: rows)
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Welcome to the TermBank demo", "Start as a new demo customer", "1. Sign in (Touch ID: Enter")
        return (app, bank)
    }
}

extension TmuxSession {
    /// The code after `marker` in the message on the simulated phone that says
    /// `text` (the marker itself unless told), read with the phone slid over
    /// the app (Ctrl-P) and slid back before it returns.
    func codeOnThePhone(saying text: String? = nil, after marker: String,
                        file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try press("C-p")
        let opened = try waitUntil(file: file, line: line, "the phone's message saying \(text ?? marker)") {
            $0.phone.shows(text ?? marker)
        }
        let code = try opened.phone.code(after: marker, file: file, line: line)
        try press("C-p")
        try waitUntil(file: file, line: line, "the phone to slide back") { !$0.shows("Customer's phone (simulated)") }
        return code
    }
}

extension Screen {
    /// The simulated phone's 40 columns at the right edge (beside the app, or slid over it).
    var phone: Screen {
        let width = lines.map(\.count).max() ?? 0
        return Screen(lines.map { String($0.dropFirst(max(0, width - 40))) }.joined(separator: "\n"))
    }

    /// The word right after `word` on the line that has it ("Username    guest-amber-fox").
    func words(afterWord word: String) -> String? {
        for line in lines {
            let words = line.split(whereSeparator: { $0.isWhitespace || $0 == "│" }).map(String.init)
            if let index = words.firstIndex(of: word), index + 1 < words.count { return words[index + 1] }
        }
        return nil
    }
}
