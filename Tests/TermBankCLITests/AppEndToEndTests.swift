import Foundation
import TermBankCore
import TermBankSecurity
import TermBankTestKit
import XCTest

/// The full-screen app end to end: the real `termbank` binary in an 80x24
/// tmux window on a fresh demo bank, driven by key presses and read from the
/// screen, with the simulated phone (`termbank phone NAME --last`) in the
/// customer's other hand. Each test has its own database and its own tmux
/// server. Waits poll the screen (at most 10 s); nothing here measures speed.
final class AppEndToEndTests: XCTestCase {
    // MARK: 1. Fingerprint sign-in and a transfer approved by SMS code

    /// alice (SMS verification off) signs in with password and fingerprint, then
    /// moves 250.00 to savings: the step-up code on her phone names exactly that
    /// transfer, typing it books it, and the statement and the ledger agree.
    func testAliceSignsInWithHerFingerprintAndMoves250ToSavingsWithTheCodeFromHerPhone() throws {
        let (app, bank) = try startApp()
        try app.signIn(.alice)
        try app.waitFor("alice · iphone-touchid", "$5,000.00", "$10,000.00", "[ OFF ]")

        try app.press("t")
        try app.waitFor("Move money", "◀ Checking ▶")
        try app.type("250")
        try app.waitFor("$250.00 from Checking to Savings")
        try app.press("Enter")
        // The review shows what will be approved, and how, before anything is sent.
        try app.waitFor("Review your transfer", "$5,000.00 → $4,750.00", "$10,000.00 → $10,250.00",
                        "Enter sends an SMS code to")
        try app.press("Enter")
        try app.waitFor("Approve this transfer", "Move $250.00 from Checking to Savings",
                        "We sent a code to \(Customer.alice.phone)")

        // Dynamic linking: the text on the phone names the amount and the direction.
        let code = try lastCode(on: "alice", saying: "approves moving $250.00 from Checking to Savings", bank)
        try app.type(code)    // the sixth digit submits; no Enter
        let receipt = try app.waitFor("Transfer complete", "Reference", "TB-", "$4,750.00", "$10,250.00")
        let reference = try XCTUnwrap(receipt.flowing.split(separator: " ").first { $0.hasPrefix("TB-") }.map(String.init))

        try app.press("Enter")
        try app.waitFor("History: both accounts", "$4,750.00", "$10,250.00", "Transfer to Savings", "Transfer from Checking")

        // The database agrees with the screen, and the ledger still balances.
        let check = try Termbank.run(["check"], database: bank.database)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("consistent=yes"), check.stdout)
        let statement = try Termbank.run(["statement", "alice"], database: bank.database)
        XCTAssertEqual(statement.status, 0, statement.stderr)
        XCTAssertTrue(statement.stdout.hasPrefix("alice: Checking 4,750.00, Savings 10,250.00\n"), statement.stdout)
        XCTAssertTrue(statement.stdout.split(separator: "\n").contains {
            $0.contains(reference) && $0.contains("Transfer to Savings") && $0.contains("-250.00")
        }, "the receipt's \(reference) is the booked transfer:\n\(statement.stdout)")
    }

    // MARK: 2. SMS verification on: the code after the fingerprint

    /// bob has SMS verification on: password and fingerprint are not enough, the
    /// "Verify it's you" screen asks for the code sent to his phone.
    func testBobWithSMSVerificationOnTypesTheCodeFromHisPhoneAfterTheFingerprint() throws {
        let (app, bank) = try startApp()
        try app.signIn(.bob)
        try app.waitFor("Verify it's you", "We sent a code to \(Customer.bob.phone)", "3 attempts left")

        try app.type(try lastCode(on: "bob", saying: "your sign-in code is", bank))
        try app.waitFor("bob · iphone-touchid", "History: both accounts", "[ ON ]")
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "1"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("session.started") && audit.contains("password+biometric+sms"), audit)
    }

    // MARK: 3. Three wrong codes

    /// The third wrong code fails the verification and signs out with the seed's words.
    func testThreeWrongCodesSignOutWithUnsuccessfulIdentification() throws {
        let (app, bank) = try startApp()
        try app.signIn(.bob)
        try app.waitFor("Verify it's you", "3 attempts left")
        // Every digit shifted by one: six digits, never the real code.
        let real = try lastCode(on: "bob", saying: "your sign-in code is", bank)
        let wrong = String(real.map { Character(String(($0.wholeNumberValue! + 1) % 10)) })
        XCTAssertNotEqual(wrong, real)

        try app.type(wrong)
        try app.waitFor("Wrong Pin Code. The pin code you entered is invalid.", "2 attempts left")
        try app.type(wrong)
        try app.waitFor("Wrong Pin Code. The pin code you entered is invalid.", "1 attempt left")
        try app.type(wrong)
        let screen = try app.waitFor("Signed out", "Unsuccessful Identification. Logging out. Goodbye.")
        XCTAssertFalse(screen.shows("bob ·"), "nobody is signed in:\n\(screen)")
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "5"], database: bank.database).stdout
        XCTAssertFalse(audit.contains("session.started"), audit)
    }

    // MARK: 4. The switch at logout

    /// alice turns SMS verification on (it takes effect at once), logs out and
    /// answers yes to the seed's question: her next sign-in asks for a code.
    /// The seed's switch at logout: alice, with SMS verification off, answers
    /// yes to "Perform SMS verification on login?" — saved before she is
    /// signed out, so her next sign-in asks for a code.
    func testAnsweringYesAtLogoutWithTheSwitchOffTurnsItOnForTheNextSignIn() throws {
        let (app, bank) = try startApp()
        try app.signIn(.alice)
        try app.waitFor("alice · iphone-touchid", "History: both accounts", "[ OFF ]")
        try app.press("l")
        try app.waitFor("SMS Verification", "Perform SMS verification on login?", "y  Yes: turn it on for your next sign-in")
        try app.press("y")
        try app.waitFor("Signed out", "You have signed out.")
        let users = try Termbank.run(["user", "list"], database: bank.database).stdout
        XCTAssertTrue(users.split(separator: "\n").contains { $0.hasPrefix("alice ") && $0.contains(" on ") }, users)
        try app.press("Enter")
        try app.signIn(.alice, knownDevice: true)
        try app.waitFor("Verify it's you", "We sent a code to \(Customer.alice.phone)")
    }

    func testLoggingOutWithTheSwitchOnMakesTheNextSignInAskForTheCode() throws {
        let (app, bank) = try startApp()
        try app.signIn(.alice)
        try app.waitFor("alice · iphone-touchid", "History: both accounts", "[ OFF ]")

        try app.press("s")
        try app.waitFor("[ ON ]", "SMS verification on sign-in is on.")
        let users = try Termbank.run(["user", "list"], database: bank.database).stdout
        XCTAssertTrue(users.split(separator: "\n").contains { $0.hasPrefix("alice ") && $0.contains(" on ") }, users)

        try app.press("l")
        try app.waitFor("SMS Verification", "Perform SMS verification on login?")
        try app.press("y")
        try app.waitFor("Signed out", "You have signed out.")
        try app.press("Enter")
        try app.waitFor("Sign in to TermBank", "Username")

        try app.signIn(.alice, knownDevice: true)
        try app.waitFor("Verify it's you", "We sent a code to \(Customer.alice.phone)")
        try app.type(try lastCode(on: "alice", saying: "your sign-in code is", bank))
        try app.waitFor("alice · iphone-touchid", "History: both accounts", "[ ON ]", "Trust this device for 30 days?")
        try app.press("n")
        try app.waitUntil("the question to close") { !$0.shows("Trust this device") }

        // Answering no at logout turns it off: the password and a code sent for that very change.
        try app.press("l")
        try app.waitFor("Perform SMS verification on login?")
        try app.press("n")
        try app.waitFor("Turn off SMS verification", "the code sent to \(Customer.alice.phone)")
        try app.type(Customer.alice.password)
        try app.press("Tab")
        try app.type(try lastCode(on: "alice", saying: "confirms: turn off sign-in codes by SMS", bank))
        try app.press("Enter")
        try app.waitFor("Signed out", "You have signed out.")
        let after = try Termbank.run(["user", "list"], database: bank.database).stdout
        XCTAssertTrue(after.split(separator: "\n").contains { $0.hasPrefix("alice ") && $0.contains(" off ") }, after)
        let inbox = try Termbank.run(["phone", "alice", "--last"], database: bank.database).stdout
        XCTAssertTrue(inbox.contains("two-factor sign-in was turned off"), inbox)
    }

    /// Decision 53: bob turns SMS verification off in Security; the
    /// statement shows [ OFF ], and the logout question now says so and
    /// offers turning it on. Yes turns it on, so signing in again asks for the
    /// code: the guided story's step 3. It used to say "n turns it off" and
    /// sign out with SMS off.
    func testBobTurnsSMSOffInSecurityThenTheLogoutQuestionOffersTurningItOnAndTheNextSignInAsksForACode() throws {
        let (app, bank) = try startApp()
        try app.signIn(.bob)
        try app.waitFor("Verify it's you", "We sent a code to \(Customer.bob.phone)")
        try app.type(try lastCode(on: "bob", saying: "your sign-in code is", bank))
        try app.waitFor("bob · iphone-touchid", "[ ON ]", "Trust this device for 30 days?",
                        "y  Yes: next sign-in here asks no code", "n  No: each sign-in here asks for a code")
        try app.press("n")
        try app.waitUntil("the question to close") { !$0.shows("Trust this device") }

        try app.press("a")
        try app.waitFor("SMS verification")
        try app.press("s")
        try app.waitFor("Turn off SMS verification", "the code sent to \(Customer.bob.phone)")
        try app.type(Customer.bob.password)
        try app.press("Tab")
        try app.type(try lastCode(on: "bob", saying: "confirms: turn off sign-in codes by SMS", bank))
        try app.press("Enter")
        try app.waitUntil("the form to close") { !$0.shows("Turn off SMS verification") }
        try app.press("Escape")
        try app.waitFor("History: both accounts", "[ OFF ]")

        try app.press("l")
        let asked = try app.waitFor("Perform SMS verification on login?", "SMS verification is off now.",
                                    "y  Yes: turn it on for your next sign-in", "n  No: leave it off")
        XCTAssertFalse(asked.shows("turn it off"), asked.framed)
        try app.press("y")
        try app.waitFor("Signed out", "You have signed out.")
        let users = try Termbank.run(["user", "list"], database: bank.database).stdout
        XCTAssertTrue(users.split(separator: "\n").contains { $0.hasPrefix("bob ") && $0.contains(" on ") }, users)
        try app.press("Enter")
        try app.signIn(.bob, knownDevice: true)
        try app.waitFor("Verify it's you", "We sent a code to \(Customer.bob.phone)")
        try app.type(try lastCode(on: "bob", saying: "your sign-in code is", bank))
        try app.waitFor("bob · iphone-touchid", "[ ON ]")
    }

    // MARK: Authenticator app

    /// carol sets up an authenticator app from the statement's Security screen:
    /// the test reads the key shown beside the QR code and computes the codes
    /// as the phone's app would (RFC 6238, libcrypto's HMAC-SHA1). She signs
    /// out, signs in with a code from the app, then signs in once more with a
    /// recovery code instead; the screen says how many are left.
    func testCarolSetsUpAnAuthenticatorSignsInWithItsCodeThenWithARecoveryCode() throws {
        let (app, bank) = try startApp()
        try app.signIn(.carol)
        try app.waitFor("carol · iphone-touchid", "History: both accounts")

        try app.press("a")
        try app.waitFor("Security", "Authenticator app", "e Set up", "Trusted devices")
        try app.press("e")
        // The first app becomes her sign-in factor: her phone confirms it, in the same form as the password.
        try app.waitFor("Set up an authenticator app", "the code sent to +1 ***-***-0102")
        let setUpCode = try lastCode(on: "carol", saying: "confirms: set up an authenticator app", bank)
        try app.type(Customer.carol.password)
        try app.press("Enter")
        try app.type("000000")
        try app.press("Enter")
        try app.waitFor("Wrong Pin Code", "2 attempts left", "Set up an authenticator app")
        try app.type(Customer.carol.password)
        try app.press("Enter")
        try app.type(setUpCode)
        try app.press("Enter")
        let qr = try app.waitFor("Set up your authenticator app", "(time-based)", "This QR code is shown only now.")
        // A finder pattern's 7-module edge in half blocks, whichever row parity the quiet zone gives it.
        XCTAssertTrue(qr.text.contains("█ ▄▄▄▄▄ █") || qr.text.contains("█▀▀▀▀▀▀▀█"),
                      "a finder pattern drawn in half blocks:\n\(qr.framed)")
        let secret = try shownSecret(qr)
        XCTAssertEqual(secret.count, 20, "a 160-bit secret:\n\(qr.framed)")
        let totp = TOTP(hmac: OpenSSLHMACSHA1())
        let enrolledAt = TOTP.step(at: Self.now())
        try app.type(totp.code(secret: secret, step: enrolledAt))
        let done = try app.waitFor("Authenticator app is on", "save them now", "Press Enter when you have saved them.")
        let codes = done.lines.flatMap { line in
            line.split(separator: " ").map(String.init).filter { $0.count == 11 && $0.dropFirst(5).first == "-" }
        }
        XCTAssertEqual(codes.count, 10, done.framed)
        try app.press("Enter")
        try app.waitFor("Your authenticator app is on", "Authenticator code", "Recovery codes left             10")
        let status = try Termbank.run(["totp", "status", "carol"], database: bank.database).stdout
        XCTAssertTrue(status.contains("authenticator=\"on\"") && status.contains("recovery_codes_left=10"), status)

        // Sign out; sign in with the app's code (a step after the one used to set it up: replay is refused).
        try app.press("Escape")
        try app.waitFor("History: both accounts")
        try app.press("l")
        try app.waitFor("Perform SMS verification on login?", "y  Yes: turn it on for your next sign-in")
        try app.press("n")
        try app.waitFor("Signed out", "You have signed out.")
        try app.press("Enter")
        try app.signIn(.carol, knownDevice: true)
        try app.waitFor("Enter the code from your authenticator app", "u  Use a recovery code instead")
        XCTAssertEqual(try Termbank.run(["phone", "carol"], database: bank.database).stdout.contains("sign-in code"), false,
                       "no SMS code is sent")
        let signedInAt = max(TOTP.step(at: Self.now()), enrolledAt + 1)
        try app.type(totp.code(secret: secret, step: signedInAt))
        try app.waitFor("carol · iphone-touchid", "Trust this device for 30 days?")
        try app.press("n")
        try app.waitUntil("the question to close") { !$0.shows("Trust this device") }
        var audit = try Termbank.run(["audit", "--user", "carol", "--limit", "1"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("session.started") && audit.contains("password+biometric+totp"), audit)

        // Her transfers step up with the app too, bound to the transfer shown. A step is
        // accepted once, so wait until one after the sign-in's is within the drift.
        try app.press("t")
        try app.waitFor("Move money")
        try app.type("250")
        try app.press("Enter")
        // The review names her app, as the bank decides it: no SMS is promised.
        try app.waitFor("Review your transfer", "Enter asks for your authenticator app's code")
        try app.press("Enter")
        try app.waitFor("Approve this transfer", "Move $250.00 from Checking to Savings",
                        "Enter the code from your authenticator app")
        while TOTP.step(at: Self.now()) < signedInAt { Thread.sleep(forTimeInterval: 0.5) }
        try app.type(totp.code(secret: secret, step: signedInAt + 1))
        try app.waitFor("Transfer complete", "$4,750.00", "$10,250.00")
        try app.press("Enter")
        try app.waitFor("History: both accounts", "Transfer to Savings")
        XCTAssertFalse(try Termbank.run(["phone", "carol"], database: bank.database).stdout.contains("approves"),
                       "no SMS code for the transfer")

        // Once more, with a recovery code in place of the app's code.
        try app.press("l")
        try app.waitFor("Perform SMS verification on login?", "y  Yes: turn it on for your next sign-in")
        try app.press("n")
        try app.waitFor("Signed out")
        try app.press("Enter")
        try app.signIn(.carol, knownDevice: true)
        try app.waitFor("Enter the code from your authenticator app")
        try app.press("u")
        try app.waitFor("Use a recovery code", "Case, spaces and dashes do not matter.")
        try app.type(codes[0].uppercased())
        try app.press("Enter")
        try app.waitFor("carol · iphone-touchid", "Signed in with a recovery code. 9 recovery codes left.",
                        "Trust this device for 30 days?")
        try app.press("n")
        try app.waitUntil("the question to close") { !$0.shows("Trust this device") }
        audit = try Termbank.run(["audit", "--user", "carol", "--limit", "1"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("session.started") && audit.contains("recovery code"), audit)

        // The same code does not work twice (the core compares it with the unused codes only).
        try app.press("l")
        try app.waitFor("Perform SMS verification on login?", "y  Yes: turn it on for your next sign-in")
        try app.press("n")
        try app.waitFor("Signed out")
        try app.press("Enter")
        try app.signIn(.carol, knownDevice: true)
        try app.waitFor("Enter the code from your authenticator app")
        try app.press("u")
        try app.type(codes[0])
        try app.press("Enter")
        try app.waitFor("That recovery code is not right. 4 attempts left.")
    }

    /// bob (SMS verification on) trusts this phone after a sign-in with his
    /// code: the next sign-in asks for password and fingerprint only. He
    /// revokes the trust in Security: the sign-in after that asks for the code again.
    func testBobTrustsThisDeviceSkipsTheCodeNextTimeThenRevokesIt() throws {
        let (app, bank) = try startApp()
        try app.signIn(.bob)
        try app.waitFor("Verify it's you", "We sent a code to \(Customer.bob.phone)")
        try app.type(try lastCode(on: "bob", saying: "your sign-in code is", bank))
        try app.waitFor("bob · iphone-touchid", "Trust this device for 30 days?")
        try app.press("y")
        try app.waitFor("This device is trusted until", "no second factor at sign-in")
        // The token is kept in this OS account's own folder (a local terminal holds its device through it).
        let folder = bank.path + "/config/termbank/trusted-devices/os-user-\(getuid())"
        let token = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertEqual(token.count, 1, "one token file for bob on this phone: \(token)")
        XCTAssertTrue(token.first?.hasSuffix("+iphone-touchid+bob.token") ?? false, "\(token)")

        try app.press("l")
        try app.waitFor("Perform SMS verification on login?")
        try app.press("y")
        try app.waitFor("Signed out")
        try app.press("Enter")
        try app.signIn(.bob, knownDevice: true)
        let skipped = try app.waitFor("bob · iphone-touchid", "History: both accounts")
        XCTAssertFalse(skipped.shows("Trust this device"), "no second factor passed, so no question:\n\(skipped)")
        var audit = try Termbank.run(["audit", "--user", "bob", "--limit", "1"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("session.started") && !audit.contains("sms"), audit)

        try app.press("a")
        try app.waitFor("Trusted devices", "▸ iphone-touchid", "r Revoke")
        try app.press("r")
        // The trust this session came through is gone: the session ends with it.
        try app.waitFor("Signed out", "This device is no longer trusted. Sign in again.")
        audit = try Termbank.run(["audit", "--user", "bob", "--limit", "3"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("no longer trusted"), audit)
        try app.press("Enter")
        try app.signIn(.bob, knownDevice: true)
        try app.waitFor("Verify it's you", "We sent a code to \(Customer.bob.phone)")
    }

    static func now() -> Timestamp { Timestamp(millisecondsSinceEpoch: Int64(Date().timeIntervalSince1970 * 1000)) }

    /// The key shown beside the QR code: two lines of groups of four under "(time-based)".
    func shownSecret(_ screen: Screen, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let start = try XCTUnwrap(screen.lines.firstIndex { $0.contains("(time-based)") }, screen.framed, file: file, line: line)
        let groups = screen.lines[(start + 1)...(start + 2)].flatMap { line in
            line.split(separator: " ").map(String.init).filter {
                $0.count == 4 && $0.allSatisfy { ("A"..."Z").contains($0) || ("2"..."7").contains($0) }
            }
        }
        XCTAssertEqual(groups.count, 8, screen.framed, file: file, line: line)
        return try XCTUnwrap(Base32.decode(groups.joined()), screen.framed, file: file, line: line)
    }

    // MARK: 5. Bad input and odd sizes

    /// A wrong password says only that the pair is wrong; the password field is
    /// emptied and focused, so typing the right one next signs in.
    func testAWrongPasswordIsRefusedAndTheRightOneThenSignsIn() throws {
        let (app, _) = try startApp()
        try app.type("alice")
        try app.press("Tab")
        try app.type("wonderland-41")
        try app.press("Enter")
        let refused = try app.waitFor("Username or password is incorrect.")
        XCTAssertTrue(refused.shows("Username alice"), refused.text)
        XCTAssertFalse(refused.text.contains("•"), "the password field is emptied:\n\(refused)")

        try app.type(Customer.alice.password)
        try app.press("Enter")
        try app.waitFor("Is this your sitekey?", Customer.alice.sitekeyPhrase)
    }

    /// More than the balance is refused while typing and on Enter: no review, no code sent.
    func testAnAmountAboveTheBalanceIsRefusedBeforeAnyCodeIsSent() throws {
        let (app, bank) = try startApp()
        try app.signIn(.alice)
        try app.waitFor("History: both accounts", "$5,000.00")
        try app.press("t")
        try app.waitFor("Move money")
        try app.type("6000")
        try app.waitFor("6000", "You do not have the requested transfer amount in your Checking account")

        try app.press("Enter")
        // Keys are handled in order: once the help overlay (?) is up, Enter has been
        // handled, and the overlay lists the editing keys, not the review's.
        try app.press("?")
        let help = try app.waitFor("Keys", "any key closes", "Direction", "Review")
        XCTAssertFalse(help.shows("Confirm"), "still editing, not reviewing:\n\(help)")
        try app.press("Escape")
        let form = try app.waitFor("Move money", "You do not have the requested transfer amount in your Checking account")
        XCTAssertFalse(form.shows("Review your transfer"), form.text)
        XCTAssertEqual(try Termbank.run(["phone", "alice"], database: bank.database).stdout,
                       "No messages for alice (+15550100).\n")
    }

    /// Below 60x20 the app says so instead of drawing a broken screen; growing the
    /// window back shows the form again with everything typed so far, and the
    /// password typed before the resize is the one that signs in.
    func testATooSmallWindowSaysSoAndGrowingItBackKeepsWhatWasTyped() throws {
        let (app, _) = try startApp()
        try app.type("alice")
        try app.press("Tab")
        try app.type("wonder")
        try app.waitFor("Username   alice", "••••••")

        try app.resize(columns: 50, rows: 15)
        let small = try app.waitFor("Terminal too small", "50x15; TermBank needs 60x20")
        XCTAssertFalse(small.shows("Sign in to TermBank"), small.text)

        try app.resize(columns: 80, rows: 24)
        let restored = try app.waitFor("Sign in to TermBank", "Username   alice", "••••••")
        XCTAssertFalse(restored.shows("Terminal too small"), restored.text)
        try app.type("land-42")
        try app.press("Enter")
        try app.waitFor("Is this your sitekey?", Customer.alice.sitekeyPhrase)
    }

    // MARK: 6. Quitting and running without a terminal

    /// Ctrl-C asks first; y quits with status 0 and leaves the terminal as it was
    /// (canonical mode and echo back on), even when quitting while signed in.
    func testCtrlCThenYesQuitsWithStatusZeroAndGivesTheTerminalBack() throws {
        let bank = try demoBank()
        let app = try TmuxSession(["/bin/sh", "-c", appCommand(bank).map(TmuxSession.shellQuoted).joined(separator: " ")
                                   + "; echo EXIT=$?; stty -a; sleep 30"])
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.signIn(.carol)
        try app.waitFor("carol · iphone-touchid", "History: both accounts")

        try app.press("C-c")
        try app.waitFor("Quit TermBank?", "You will be signed out.")
        try app.press("y")
        let after = try app.waitUntil("the exit status and stty -a") { screen in
            screen.shows("EXIT=") && screen.words(after: "EXIT=").contains { $0.hasSuffix("icanon") }
        }
        XCTAssertTrue(after.lines.contains("EXIT=0"), after.framed)
        let modes = after.words(after: "EXIT=")
        XCTAssertTrue(modes.contains("icanon"), "canonical input is back on:\n\(after)")
        XCTAssertTrue(modes.contains("echo"), "echo is back on:\n\(after)")
        XCTAssertFalse(modes.contains("-icanon") || modes.contains("-echo"), after.text)
        XCTAssertFalse(after.shows("TermBank"), "the app's screen is gone (alternate screen left):\n\(after)")

        // Quitting signed carol out.
        let audit = try Termbank.run(["audit", "--user", "carol", "--limit", "1"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("session.ended"), audit)
    }

    /// Without a terminal (stdin a pipe, stdout a file) the app does not start
    /// curses: exit 69 and one line saying what to do instead.
    func testWithoutATerminalTheAppExits69WithOneClearLine() throws {
        let bank = try demoBank()
        let run = try Termbank.run([], database: bank.database)
        XCTAssertEqual(run.status, 69)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "termbank: The TermBank app needs a terminal. For scripts, see \"termbank --help\".\n")
    }

    // MARK: 6. Sessions and devices

    /// Bank of America's SiteKey order: where alice completed a sign-in before,
    /// her picture and phrase come after her username and before her password.
    /// On a phone she never signed in on, and for a name that is nobody, the
    /// usual order: the password, then the sitekey.
    func testTheSitekeyComesBeforeThePasswordOnAKnownDeviceAndNotOnANewOne() throws {
        let (app, bank) = try startApp()
        try app.type("alice")
        try app.press("Tab")
        try app.type(Customer.alice.password)
        let typed = try app.waitFor("•••••••••••••")
        XCTAssertFalse(typed.shows(Customer.alice.sitekeyPhrase) || typed.shows("If you recognise"),
                       "a new device: nothing before the password\n\(typed)")
        try app.press("Enter")
        try app.waitFor("Is this your sitekey?", Customer.alice.sitekeyPhrase)
        try app.press("Enter")
        try app.waitFor("Touch ID", "Matching finger")
        try app.press("Enter")
        try app.waitFor("alice · iphone-touchid", "History: both accounts")
        try app.press("l")
        try app.waitFor("Perform SMS verification on login?", "y  Yes: turn it on for your next sign-in")
        try app.press("n")
        try app.waitFor("Signed out")
        try app.press("Enter")
        try app.waitFor("Sign in to TermBank", "Username")

        // Now this phone knows her: the picture and phrase before any password.
        try app.type("alice")
        try app.press("Tab")
        let known = try app.waitFor("If you recognise your picture and", "phrase, type your password.",
                                    Customer.alice.sitekeyPhrase, "[ This is not my image ]")
        XCTAssertFalse(known.text.contains("•"), "nothing typed yet:\n\(known)")
        // Not hers: the sign-in ends before the password is typed, and the bank hears of it.
        try app.press("Tab")
        try app.press("Enter")
        try app.waitFor("Signed out", "You said this is not your image")
        let audit = try Termbank.run(["audit", "--user", "alice", "--limit", "1"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("this is not my image (shown before the password)"), audit)

        // A name that is nobody, on this same phone: the usual order, as on a new device.
        try app.press("Enter")
        try app.type("zelda")
        try app.press("Tab")
        try app.type("secret-1")
        let nobody = try app.waitFor("••••••••")
        XCTAssertFalse(nobody.shows("If you recognise"), nobody.text)
        try app.press("Enter")
        try app.waitFor("Username or password is incorrect.")

        // Another phone has never seen alice sign in: the usual order there.
        let other = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config", Termbank.binary.path,
                                     "--db", bank.database, "--device", "iphone-faceid"])
        addTeardownBlock { other.kill() }
        try other.waitFor("Sign in to TermBank", "Username")
        try other.type("alice")
        try other.press("Tab")
        try other.type(Customer.alice.password)
        let elsewhere = try other.waitFor("•••••••••••••")
        XCTAssertFalse(elsewhere.shows(Customer.alice.sitekeyPhrase) || elsewhere.shows("If you recognise"), elsewhere.text)
        try other.press("Enter")
        try other.waitFor("Is this your sitekey?", Customer.alice.sitekeyPhrase)
    }

    /// Over SSH only the key ties a phone to the person: a phone named with
    /// --device in an SSH session is not a local terminal's, so it is never
    /// trusted (and shows no sitekey before the password), whoever's account it is.
    func testOverSSHAPhoneNamedWithDeviceIsNeverTrusted() throws {
        let bank = try demoBank()
        let app = try TmuxSession(["/usr/bin/env", "SSH_CONNECTION=192.0.2.7 50022 192.0.2.1 22",
                                   "XDG_CONFIG_HOME=\(bank.path)/config", Termbank.binary.path, "--db", bank.database,
                                   "--device", "iphone-touchid"])
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.signIn(.bob)
        try app.waitFor("Verify it's you")
        try app.type(try lastCode(on: "bob", saying: "your sign-in code is", bank))
        let signedIn = try app.waitFor("bob · iphone-touchid", "History: both accounts")
        XCTAssertFalse(signedIn.shows("Trust this device"), signedIn.text)
        try app.press("l")
        try app.waitFor("Perform SMS verification on login?")
        try app.press("y")
        try app.waitFor("Signed out")
        try app.press("Enter")
        try app.signIn(.bob)   // the usual order again: nothing remembered
        try app.waitFor("Verify it's you")
    }

    /// Live balances stop when the session does: an operator's reset in
    /// another process signs the statement out at its next refresh.
    func testASessionEndedElsewhereSignsTheStatementOutAtTheNextRefresh() throws {
        let (app, bank) = try startApp()
        try app.signIn(.alice)
        try app.waitFor("History: both accounts", "$5,000.00")
        XCTAssertEqual(try Termbank.run(["demo", "reset", "--yes"], database: bank.database).status, 0)
        let out = try app.waitFor("Signed out", "No such session. Sign in again.")
        XCTAssertFalse(out.shows("$5,000.00"), out.text)
    }

    // MARK: 7. Factor management

    /// alice moves her codes to a new phone: bob's number is refused before
    /// anything is sent; for a free number, one code goes to her phone (her
    /// current factor) and one to the new number (proving it), both typed in
    /// the same form as her password; then both numbers are told, and
    /// Security shows the new number, masked as the old one was.
    func testAlicesPhoneChangeProvesTheNewNumberAndCannotTakeBobs() throws {
        let (app, bank) = try startApp()
        try app.signIn(.alice)
        try app.waitFor("alice · iphone-touchid", "History: both accounts")
        try app.press("a")
        try app.waitFor("Security", "Trusted devices", "Phone number", Customer.alice.phone)
        XCTAssertFalse(try app.screen().shows("5550100"), "the whole number is never on the screen")
        try app.press("p")
        try app.waitFor("Change your phone number", "a code goes to the new number to prove it is yours.")
        try app.type(Customer.alice.password)
        try app.press("Tab")
        try app.type("+1 555 0101")
        try app.press("Enter")
        try app.waitFor("That number belongs to another TermBank customer.")
        XCTAssertTrue(try Termbank.run(["phone", "bob"], database: bank.database).stdout.hasPrefix("No messages"),
                      "nothing reached bob's phone")
        XCTAssertTrue(try Termbank.run(["phone", "alice"], database: bank.database).stdout.hasPrefix("No messages"),
                      "nor alice's")
        for _ in 0..<4 { try app.press("BSpace") }
        try app.type("0199")
        try app.press("Enter")
        try app.waitFor("Code: the one sent to \(Customer.alice.phone).", "New code: the one sent to +1 ***-***-0199.")
        let current = try lastCode(on: "alice", saying: "confirms: change your phone number to +1 ***-***-0199", bank)
        let proof = try lastCode(on: "+15550199", saying: "confirms: this number receives your TermBank codes", bank)
        try app.type(current)
        try app.press("Enter")
        try app.type(proof)
        try app.press("Enter")
        try app.waitFor("Your phone number was changed; both numbers were told.", "+1 ***-***-0199")
        XCTAssertFalse(try app.screen().shows(Customer.alice.phone), "the old number is gone from the settings")
        XCTAssertFalse(try app.screen().shows("5550199"), "the whole number is never on the screen")
        XCTAssertTrue(try Termbank.run(["phone", "+15550100", "--last"], database: bank.database).stdout
            .contains("your phone number was changed to +1 ***-***-0199"))
        XCTAssertTrue(try Termbank.run(["phone", "alice", "--last"], database: bank.database).stdout
            .contains("this number now receives your TermBank codes"))
    }

    /// alice leaves a sign-in parked on the Touch ID sheet in one terminal and,
    /// signed in on another, turns SMS verification on. The parked sign-in
    /// then asks for the SMS code she turned on: the factors are her settings
    /// when the session opens, not when she typed her password.
    func testAnAttemptParkedOnTheTouchIDSheetAsksForSMSTurnedOnMeanwhile() throws {
        let bank = try demoBank()
        let parked = try TmuxSession(appCommand(bank))
        let other = try TmuxSession(appCommand(bank))
        addTeardownBlock { parked.kill(); other.kill(); _ = bank }
        try parked.waitFor("Sign in to TermBank", "Username")
        try parked.type(Customer.alice.name)
        try parked.press("Tab")
        try parked.type(Customer.alice.password)
        try parked.press("Enter")
        try parked.waitFor("Is this your sitekey?")
        try parked.press("Enter")
        try parked.waitFor("Touch ID", "Matching finger")

        try other.waitFor("Sign in to TermBank", "Username")
        try other.signIn(.alice)
        try other.waitFor("alice · iphone-touchid", "[ OFF ]")
        try other.press("s")
        try other.waitFor("[ ON ]")

        try parked.press("Enter")
        try parked.waitFor("We sent a code to \(Customer.alice.phone)")
        try parked.type(try lastCode(on: "alice", saying: "your sign-in code is", bank))
        try parked.waitFor("alice · iphone-touchid", "History: both accounts")
        let audit = try Termbank.run(["audit", "--user", "alice", "--limit", "1"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("password+biometric+sms"), audit)
    }

    // MARK: Helpers

    /// The trusted-device token files (the terminal's Keychain) go under the test's own folder.
    func appCommand(_ bank: Scratch) -> [String] {
        ["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config",
         Termbank.binary.path, "--db", bank.database, "--device", "iphone-touchid"]
    }

    /// A fresh demo bank and the app on it, at the sign-in form. The tmux server
    /// is killed when the test ends, passed or failed.
    func startApp() throws -> (TmuxSession, Scratch) {
        let bank = try demoBank()
        let app = try TmuxSession(appCommand(bank))
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        return (app, bank)
    }
}
