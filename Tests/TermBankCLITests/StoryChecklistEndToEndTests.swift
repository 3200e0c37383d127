import Foundation
import TermBankTestKit
import XCTest

/// The guided story's checklist end to end (decision 55), at 60x20 as a
/// stakeholder's SSH session runs it (`SharedDemo.overSSH`: a key of their
/// own): the guest card shows the sitekey before it is asked about, each ✓
/// appears once the bank recorded the step, the username stays filled in
/// after a sign-out, and a new connection with the key that made the guest
/// is welcomed back as it with the marks it had.
final class StoryChecklistEndToEndTests: XCTestCase {
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
        // The sitekey asked about is the one the card showed.
        try app.signIn(Customer(name: username, password: password, sitekeyPhrase: phrase), nameFilled: true,
                       until: .sheetAnswered)
        try app.waitFor("Verify it's you")
        let code = try app.codeOnThePhone(after: "your sign-in code is")
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
        let transferCode = try app.codeOnThePhone(saying: "approves moving $250.00", after: "code")
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
        // From the password to the statement: the sitekey, Touch ID, the code read off the phone slid over the app.
        try again.signIn(Customer(name: username, password: password), nameFilled: true)
        try again.waitFor("Verify it's you")
        try again.type(try again.codeOnThePhone(after: "your sign-in code is"))
        try again.waitFor("Trust this device")
        try again.press("n")
        try again.waitFor("History: both accounts")
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
