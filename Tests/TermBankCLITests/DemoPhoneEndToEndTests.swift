import Foundation
import XCTest

/// The simulated phone's apps end to end (decision 58): the real binary in tmux,
/// a stakeholder with nothing but the screen. The password is read off the
/// phone's "Passwords" note after the card is gone, and the authenticator
/// set-up is finished with the code the phone's authenticator app shows.
extension DemoModeEndToEndTests {
    func testTheAuthenticatorSetUpFinishesWithTheCodeOnTheSimulatedPhone() throws {
        let bank = try demoBank()
        let app = try TmuxSession(appCommand(bank), columns: 120, rows: 30)
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Welcome to the TermBank demo")
        try app.press("g")
        let card = try app.waitFor("Your demo customer", "The phone keeps a copy under Passwords.")
        let username = try XCTUnwrap(card.words(afterWord: "Username"))
        // Esc: the card is gone, and the password with it, but for the phone's note.
        try app.press("Escape")
        let login = try app.waitUntil("the password on the phone") {
            $0.shows("Sign in to TermBank") && $0.phone.shows("Passwords · your demo customer")
        }
        let note = login.phone.words(after: "Passwords · your demo customer").filter { $0 != "│" }
        XCTAssertEqual(note.first, username, login.framed)
        let password = try XCTUnwrap(note.dropFirst().first)
        XCTAssertEqual(password, card.words(afterWord: "Password"))
        XCTAssertTrue((13...15).contains(password.count), "a short password: \(password)")
        try app.type(password)
        try app.press("Enter")
        try app.waitFor("Is this your sitekey?")
        try app.press("Enter")
        try app.waitFor("Touch ID", "Matching finger")
        try app.press("Enter")
        let verify = try app.waitUntil("the sign-in code beside the app") {
            $0.shows("Verify it's you") && $0.phone.shows("your sign-in code is")
        }
        try app.type(try verify.phone.code(after: "your sign-in code is"))
        try app.waitFor("Trust this device")
        try app.press("n")
        try app.waitFor("\(username) · iphone-touchid", "History: both accounts")

        try app.press("a")
        try app.waitFor("Security", "Authenticator app", "e Set up")
        XCTAssertFalse(try app.screen().phone.shows("Authenticator app · TermBank"), "no QR code yet, nothing scanned")
        try app.press("e")
        try app.waitFor("Set up an authenticator app")
        let sent = try app.waitUntil("the set-up code on the phone") { $0.phone.shows("confirms: set up an authenticator app") }
        try app.type(password)
        try app.press("Enter")
        try app.type(try sent.phone.code(after: "TermBank: code"))
        try app.press("Enter")
        let qr = try app.waitUntil("the phone's authenticator scanning the QR code") {
            $0.shows("Set up your authenticator app") && $0.phone.shows("Authenticator app · TermBank")
        }
        XCTAssertTrue(qr.phone.shows("Scanned from the QR code on the screen"), qr.framed)
        try app.type(try qr.phone.code(after: "Authenticator app · TermBank"))
        try app.waitFor("Authenticator app is on", "save them now")
        // Set up, the app stays on the phone with the codes the next sign-in asks for.
        let done = try app.waitUntil("the app without its set-up line") {
            $0.phone.shows("Authenticator app · TermBank") && !$0.phone.shows("Scanned from the QR code")
        }
        XCTAssertTrue(done.phone.shows("s left"), done.framed)
    }
}

/// `ssh … phone` follows the customer from the moment the password is
/// accepted on the same key's terminal, so it shows that sign-in's code;
/// opened before the key did anything, its picker gives way to that customer.
extension SSHCommandTests {
    func testThePhoneWindowFollowsASignInFromThePasswordAndShowsItsCode() throws {
        let bank = try demoBank()
        let key = try keyFile(bank, "mine")
        // Opened first, the window has no one to follow and asks.
        let window = try TmuxSession(overSSH(bank, key: key, command: "phone"))
        addTeardownBlock { window.kill(); _ = bank }
        try window.waitFor("Whose phone is this?")
        // The key makes a guest: the window follows it without being asked.
        let maker = try TmuxSession(overSSH(bank, key: key))
        addTeardownBlock { maker.kill() }
        try maker.waitFor("Welcome to the TermBank demo")
        try maker.press("g")
        let guest = try XCTUnwrap(try maker.waitFor("Your demo customer").words(afterWord: "Username"))
        try window.waitFor("Customer's phone (simulated)", guest)

        // The same key signs in as bob: the window is bob's from his password
        // on, before the sitekey, the fingerprint and the code.
        let app = try TmuxSession(overSSH(bank, key: key))
        addTeardownBlock { app.kill() }
        try app.waitFor("Welcome to the TermBank demo")
        try app.press("Enter")
        try app.type("bob")
        try app.press("Tab")
        try app.type("builder-2026")
        try app.press("Enter")
        try app.waitFor("Is this your sitekey?")
        let following = try window.waitFor("bob · +1 ***-***-0101", "No messages yet.")
        XCTAssertFalse(following.shows(guest), following.framed)
        try app.press("Enter")
        try app.waitFor("Touch ID", "Matching finger")
        try app.press("Enter")
        try app.waitFor("Verify it's you")
        let code = try window.waitFor("your sign-in code is").code(after: "your sign-in code is")
        try app.type(code)
        try app.waitFor("Trust this device")
    }

    /// Without a terminal, `phone` is told how to ask for one with its command.
    func testPhoneWithoutATerminalIsToldToUseSSHDashTWithTheCommand() throws {
        let bank = try demoBank()
        let run = try Termbank.run(["--device", "ssh", "--demo"], database: bank.database,
                                   environment: ["SSH_ORIGINAL_COMMAND": "phone", "SSH_CONNECTION": "203.0.113.7 1 2 3"])
        XCTAssertEqual(run.status, 69)
        XCTAssertEqual(run.stderr, "termbank: The phone needs a terminal: connect with \"ssh -t\" and the command \"phone\".\n")
        let app = try Termbank.run(["--device", "ssh", "--demo"], database: bank.database,
                                   environment: ["SSH_CONNECTION": "203.0.113.7 1 2 3"])
        XCTAssertEqual(app.stderr, "termbank: TermBank needs a terminal: connect with \"ssh -t\" and no command.\n")
    }
}
