import Foundation
import XCTest

/// The guided story's checklist end to end (decision 55), at 60x20 as a
/// stakeholder's SSH session runs it (`SharedDemo.overSSH`: a key of their
/// own): the guest card shows the sitekey before it is asked about, each ✓
/// appears once the bank recorded the step, the username stays filled in
/// after a sign-out, and a new connection with the key that made the guest
/// is welcomed back as it with the marks it had.
final class StoryChecklistEndToEndTests: XCTestCase {
    /// From the password to the statement: the sitekey, Touch ID, the code read off the phone slid over the app.
    func signIn(_ app: TmuxSession, password: String) throws {
        try app.type(password)
        try app.press("Enter")
        try app.waitFor("Is this your sitekey?")
        try app.press("Enter")
        try app.waitFor("Touch ID", "Matching finger")
        try app.press("Enter")
        try app.waitFor("Verify it's you")
        try app.press("C-p")
        let phone = try app.waitUntil("the sign-in code on the phone") { $0.phone.shows("your sign-in code is") }
        let code = try phone.phone.code(after: "your sign-in code is")
        try app.press("C-p")
        try app.waitUntil("the phone to slide back") { !$0.shows("Customer's phone (simulated)") }
        try app.type(code)
        try app.waitFor("Trust this device")
        try app.press("n")
        try app.waitFor("History: both accounts")
    }

    func testTheMarksFollowTheBankAndTheKeysGuestIsWelcomedBack() throws {
        let bank = try SharedDemo.bank()
        let key = try SharedDemo.keyFile(bank, "amber")
        let app = try TmuxSession(SharedDemo.overSSH(bank, key: key), columns: 60, rows: 20)
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Welcome to the TermBank demo", "Story  1  2  3  4 · sign in with a code")

        try app.press("g")
        let card = try app.waitFor("Your demo customer", "Your sitekey: remember it.", "Press Enter to sign in")
        let username = try XCTUnwrap(card.words(afterWord: "Username"))
        let password = try XCTUnwrap(card.words(afterWord: "Password"))
        let phrase = try XCTUnwrap(card.lines.first { $0.contains("“") }.flatMap { line in
            line.split(separator: "“").last?.split(separator: "”").first.map(String.init)
        })
        try app.press("Enter")
        try app.waitFor("Sign in to TermBank", username)
        try app.type(password)
        try app.press("Enter")
        // The sitekey asked about is the one the card showed.
        try app.waitUntil("the sitekey's phrase") { $0.shows("Is this your sitekey?") && $0.shows(phrase) }
        try app.press("Enter")
        try app.waitFor("Touch ID", "Matching finger")
        try app.press("Enter")
        try app.waitFor("Verify it's you")
        try app.press("C-p")
        let phone = try app.waitUntil("the sign-in code on the phone") { $0.phone.shows("your sign-in code is") }
        let code = try phone.phone.code(after: "your sign-in code is")
        try app.press("C-p")
        try app.waitUntil("the phone to slide back") { !$0.shows("Customer's phone (simulated)") }
        XCTAssertFalse(try app.screen().shows("✓"), "no mark before the bank recorded a sign-in")
        try app.type(code)
        try app.waitFor("Trust this device")
        try app.press("n")
        try app.waitFor("Story ✓1  2  3  4 · move money (t)", "History: both accounts")

        try app.press("t")
        try app.waitFor("Move money")
        try app.type("250")
        try app.press("Enter")
        try app.waitFor("Review your transfer")
        try app.press("Enter")
        try app.waitFor("Approve this transfer")
        try app.press("C-p")
        let approval = try app.waitUntil("the transfer's code") { $0.phone.shows("approves moving $250.00") }
        let transferCode = try approval.phone.code(after: "code")
        try app.press("C-p")
        try app.waitUntil("the phone to slide back") { !$0.shows("Customer's phone (simulated)") }
        try app.type(transferCode)
        try app.waitFor("Transfer complete", "Story ✓1 ✓2  3  4 · log out (l), sign in again")

        // Signed out: the username stays for the next sign-in here.
        try app.press("Enter")
        try app.press("l")
        try app.waitFor("Perform SMS verification on login?")
        try app.press("y")
        try app.waitFor("You have signed out.")
        try app.press("Enter")
        try app.waitFor("Welcome back, \(username).", "Story ✓1 ✓2  3  4")
        try app.press("Enter")
        let form = try app.waitFor("Sign in to TermBank")
        XCTAssertEqual(form.words(afterWord: "Username"), username, form.framed)

        // Another connection with the same key: welcomed back as its guest, the marks from the bank.
        let again = try TmuxSession(SharedDemo.overSSH(bank, key: key), columns: 60, rows: 20)
        addTeardownBlock { again.kill() }
        try again.waitFor("Welcome back, \(username).", "Story ✓1 ✓2  3  4")
        try again.press("Enter")
        let prefilled = try again.waitFor("Sign in to TermBank")
        XCTAssertEqual(prefilled.words(afterWord: "Username"), username, prefilled.framed)
        try signIn(again, password: password)
        try again.waitFor("Story ✓1 ✓2 ✓3  4 · authenticator app (a)")
        // The first terminal, at its login form, reads the same record.
        try app.waitFor("Story ✓1 ✓2 ✓3  4")

        // Another key is nobody's guest: no welcome back, nothing filled in.
        let stranger = try TmuxSession(SharedDemo.overSSH(bank, key: try SharedDemo.keyFile(bank, "stranger")),
                                       columns: 60, rows: 20)
        addTeardownBlock { stranger.kill() }
        try stranger.waitFor("Welcome to the TermBank demo", "Story  1  2  3  4")
        XCTAssertFalse(try stranger.screen().shows(username))

        // The same key without --demo: no story, no greeting, no name looked up.
        let plain = try TmuxSession(SharedDemo.overSSH(bank, key: key).filter { $0 != "--demo" }, columns: 60, rows: 20)
        addTeardownBlock { plain.kill() }
        let login = try plain.waitFor("Sign in to TermBank", "Username")
        XCTAssertFalse(login.shows("Story"), login.framed)
        XCTAssertFalse(login.shows(username), login.framed)
    }
}
