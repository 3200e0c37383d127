import Foundation
import TermBankCore
import TermBankTestKit
import XCTest

/// Paying another customer through the real binary: alice and bob each in
/// their own tmux window on one demo bank, the codes read from the simulated
/// phones (`termbank phone NAME --last`), the ledger checked afterwards.
final class PaymentEndToEndTests: XCTestCase {
    /// alice pays bob 25.00 with a reference: the bank confirms "Bob B." before
    /// anything moves, the code on her phone names bob, the amount and the
    /// account, and bob's open statement shows the money within a second or
    /// two, while his phone says who paid him.
    func testAlicePaysBob25WithTheCodeFromHerPhoneAndBobsOpenSessionShowsItLive() throws {
        let bank = try demoBank()
        let bobsApp = try app(bank)
        try bobsApp.signIn(.bob)
        try bobsApp.type(try lastCode(on: "bob", saying: "your sign-in code is", bank))
        try bobsApp.waitFor("Trust this device for 30 days?")
        try bobsApp.press("n")
        try bobsApp.waitFor("bob · iphone-touchid", "Opening balance", "$5,000.00")

        let alicesApp = try app(bank)
        try alicesApp.signIn(.alice)
        try alicesApp.waitFor("alice · iphone-touchid", "p Pay")
        try alicesApp.press("p")
        try alicesApp.waitFor("Pay someone", "Recent payees", "No one paid yet.", "You can pay $10,000.00 more today")
        try alicesApp.type("bob")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("Confirmation of payee", "bob is Bob B.", "no money moves until you approve")
        try alicesApp.type("25")
        try alicesApp.press("Tab")
        try alicesApp.type("Pizza night")
        try alicesApp.waitFor("Pay $25.00 to bob from Checking")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("Review your payment", "bob (Bob B.)", "$5,000.00 → $4,975.00", "Pizza night")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("Approve this payment", "Pay $25.00 to bob from Checking")
        let code = try lastCode(on: "alice", saying: "approves paying $25.00 to bob from Checking", bank)
        try alicesApp.type(code)
        try alicesApp.waitFor("Payment sent", "bob (Bob B.)", "Pizza night", "$4,975.00")

        // bob did nothing: his statement follows the ledger.
        try bobsApp.waitFor("$5,025.00", "Payment from alice")
        let phone = try Termbank.run(["phone", "bob", "--last"], database: bank.database)
        XCTAssertTrue(phone.stdout.contains("You received $25.00 from alice"), phone.stdout)

        try alicesApp.press("Enter")
        try alicesApp.waitFor("Payment to bob", "$4,975.00")
        let check = try Termbank.run(["check"], database: bank.database)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let payees = try Termbank.run(["user", "payees", "alice"], database: bank.database)
        XCTAssertEqual(payees.stdout, "PAYEE  NAME\nbob    Bob B.\n")
    }

    /// A code sent for paying bob, typed after alice changed the payee to
    /// carol, is a wrong code: it approves bob only, and carol gets nothing.
    func testACodeForBobCannotPayCarol() throws {
        let bank = try demoBank()
        let alicesApp = try app(bank)
        try alicesApp.signIn(.alice)
        try alicesApp.press("p")
        try alicesApp.waitFor("Pay someone")
        try alicesApp.type("bob")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("bob is Bob B.")
        try alicesApp.type("25")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("Review your payment")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("Approve this payment", "Pay $25.00 to bob from Checking")
        let codeForBob = try lastCode(on: "alice", saying: "approves paying $25.00 to bob from Checking", bank)

        // Back to the payee: carol instead, the same amount.
        try alicesApp.press("Escape")
        try alicesApp.waitFor("Review your payment")
        try alicesApp.press("Escape")
        try alicesApp.waitFor("Confirmation of payee")
        try alicesApp.press("Escape")
        try alicesApp.waitFor("Pay to")
        try alicesApp.press("BSpace", "BSpace", "BSpace")
        try alicesApp.type("carol")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("carol is Carol H.", "Pay $25.00 to carol from Checking")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("Review your payment", "carol (Carol H.)")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("Approve this payment", "Pay $25.00 to carol from Checking")
        _ = try lastCode(on: "alice", saying: "approves paying $25.00 to carol from Checking", bank)
        try alicesApp.type(codeForBob)
        try alicesApp.waitFor("Wrong Pin Code", "2 attempts left")

        let carol = try Termbank.run(["statement", "carol"], database: bank.database)
        XCTAssertTrue(carol.stdout.hasPrefix("carol: Checking 5,000.00, Savings 10,000.00\n"), carol.stdout)
        let bob = try Termbank.run(["statement", "bob"], database: bank.database)
        XCTAssertTrue(bob.stdout.hasPrefix("bob: Checking 5,000.00, Savings 10,000.00\n"), bob.stdout)
    }

    /// Under `--daily-limit 100`, alice pays bob 80.00; paying carol 21.00 more
    /// is refused on the form, which says what is left today, and nothing is sent.
    func testTheDailyLimitRefusesThePaymentThatWouldPassIt() throws {
        let bank = try demoBank()
        let alicesApp = try app(bank, extra: ["--daily-limit", "100"])
        try alicesApp.signIn(.alice)
        try alicesApp.press("p")
        try alicesApp.waitFor("You can pay $100.00 more today (limit $100.00)")
        try alicesApp.type("bob")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("bob is Bob B.")
        try alicesApp.type("80")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("Review your payment")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("Approve this payment")
        try alicesApp.type(try lastCode(on: "alice", saying: "approves paying $80.00 to bob from Checking", bank))
        try alicesApp.waitFor("Payment sent")
        try alicesApp.press("Enter")

        try alicesApp.press("p")
        try alicesApp.waitFor("You can pay $20.00 more today (limit $100.00)", "bob")
        try alicesApp.type("carol")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("carol is Carol H.")
        try alicesApp.type("21")
        try alicesApp.waitFor("That would pass your daily payment limit of $100.00; you can pay $20.00 more today.")
        try alicesApp.press("Enter")
        try alicesApp.waitFor("Confirmation of payee", "you can pay $20.00 more today.")
        XCTAssertFalse(try alicesApp.screen().shows("Review your payment"))
        let phone = try Termbank.run(["phone", "alice", "--last"], database: bank.database)
        XCTAssertTrue(phone.stdout.contains("to bob"), "no code was sent for carol: \(phone.stdout)")
        let carol = try Termbank.run(["statement", "carol"], database: bank.database)
        XCTAssertTrue(carol.stdout.hasPrefix("carol: Checking 5,000.00"), carol.stdout)
    }

    // MARK: Helpers

    /// The app on `bank` in its own tmux server, at the sign-in form; killed when the test ends.
    func app(_ bank: Scratch, extra: [String] = []) throws -> TmuxSession {
        let session = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config", Termbank.binary.path,
                                       "--db", bank.database, "--device", "iphone-touchid"] + extra)
        addTeardownBlock { session.kill(); _ = bank }
        try session.waitFor("Sign in to TermBank", "Username")
        return session
    }
}
