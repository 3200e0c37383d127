import Foundation
import XCTest

/// The shared demo's lockout end to end (decision 40): the real binary in
/// tmux, two stakeholders at once on one bank, each with an SSH session of
/// their own (sshd's `ExposeAuthInfo` file and `SSH_CONNECTION`, as
/// `scripts/ssh-demo` gives them). Whoever types five wrong passwords for
/// alice sees the real lockout; the other still signs in as alice. Without
/// `--demo`, the same five lock alice for everyone.
final class SharedDemoLockoutEndToEndTests: XCTestCase {
    func testWithDemoModeFiveWrongPasswordsLockAliceOnlyForTheStakeholderWhoTypedThem() throws {
        let bank = try demoBank()
        let mine = try TmuxSession(demoOverSSH(bank, key: try keyFile(bank, "mine")))
        let theirs = try TmuxSession(demoOverSSH(bank, key: try keyFile(bank, "theirs")), columns: 97, rows: 27)
        addTeardownBlock { mine.kill(); theirs.kill(); _ = bank }
        for app in [mine, theirs] {
            try app.waitFor("Welcome to the TermBank demo")
            try app.press("Enter")
            try app.waitFor("Sign in to TermBank", "Username")
            try app.type("alice")
            try app.press("Tab")
        }

        let locked = try typeFiveWrongPasswords(mine)
        XCTAssertTrue(locked.shows("Too many failed attempts. Sign-in is locked until"), locked.framed)

        try typePassword(theirs, "wonderland-42")
        try theirs.waitFor("Is this your sitekey?", "Down the rabbit hole")
        try theirs.press("Enter")
        try theirs.waitFor("Touch ID", "Matching finger")
        try theirs.press("Enter")
        try theirs.waitFor("alice · ssh-", "$5,000.00", "$10,000.00")

        try typePassword(mine, "wonderland-42")
        let still = try mine.waitUntil("the lock again, for the right password") {
            !$0.shows("•") && $0.shows("Too many failed attempts. Sign-in is locked until")
        }
        XCTAssertFalse(still.shows("Is this your sitekey?"), still.framed)

        let users = try Termbank.run(["user", "list"], database: bank.database).stdout
        XCTAssertTrue(users.contains("active; locked for 1 demo origin"), users)
        let audit = try Termbank.run(["audit", "--user", "alice", "--limit", "20"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("account.lockout") && audit.contains("only (demo)"), audit)
        XCTAssertTrue(audit.contains("signin.success"), audit)
    }

    func testWithoutDemoModeFiveWrongPasswordsFromOneAddressLockAliceForEveryAddress() throws {
        let bank = try demoBank()
        let first = try TmuxSession(plainOverSSH(bank, address: "192.0.2.7"))
        let second = try TmuxSession(plainOverSSH(bank, address: "198.51.100.9"), columns: 97, rows: 27)
        addTeardownBlock { first.kill(); second.kill(); _ = bank }
        for app in [first, second] {
            try app.waitFor("Sign in to TermBank", "Username")
            try app.type("alice")
            try app.press("Tab")
        }
        _ = try typeFiveWrongPasswords(first)

        try typePassword(second, "wonderland-42")
        let refused = try second.waitUntil("the lock, on the other terminal") {
            !$0.shows("•") && $0.shows("Too many failed attempts. Sign-in is locked until")
        }
        XCTAssertFalse(refused.shows("Is this your sitekey?"), refused.framed)
        let users = try Termbank.run(["user", "list"], database: bank.database).stdout
        let alice = try XCTUnwrap(users.split(separator: "\n").first { $0.hasPrefix("alice ") }, users)
        XCTAssertTrue(alice.contains("locked until"), users)
    }

    // MARK: Helpers

    /// Types a password into the focused, empty password field and presses Enter.
    func typePassword(_ app: TmuxSession, _ password: String) throws {
        try app.type(password)
        // The field shows the typed bullets, and typing cleared the last message.
        try app.waitUntil("the password typed") { $0.shows(String(repeating: "•", count: password.count)) }
        try app.press("Enter")
    }

    /// The real bank's answers, one per wrong password: three plain refusals,
    /// the warning, the lock. Returns the locked screen.
    @discardableResult
    func typeFiveWrongPasswords(_ app: TmuxSession) throws -> Screen {
        for attempt in 1...4 {
            try typePassword(app, "wrong-pass-\(attempt)")
            let refused = try app.waitUntil("refusal \(attempt)") {
                !$0.shows("•") && $0.shows("Username or password is incorrect.")
            }
            XCTAssertEqual(refused.shows("One attempt left before sign-in is locked for 15 minutes."), attempt == 4,
                           refused.framed)
        }
        try typePassword(app, "wrong-pass-5")
        return try app.waitUntil("the lock") { !$0.shows("•") && $0.shows("Too many failed attempts.") }
    }

    func demoBank() throws -> Scratch { try SharedDemo.bank() }

    func keyFile(_ scratch: Scratch, _ name: String) throws -> String { try SharedDemo.keyFile(scratch, name) }

    func demoOverSSH(_ bank: Scratch, key: String) -> [String] { SharedDemo.overSSH(bank, key: key) }

    /// Over SSH without --demo, from `address`.
    func plainOverSSH(_ bank: Scratch, address: String) -> [String] {
        ["/usr/bin/env", "SSH_CONNECTION=\(address) 50022 192.0.2.1 22", "XDG_CONFIG_HOME=\(bank.path)/config",
         Termbank.binary.path, "--db", bank.database, "--device", "iphone-touchid"]
    }
}
