import Foundation
import TermBankCore
import TermBankTestKit
import XCTest

/// The shared demo's hourly SMS limit end to end (decision 46): the real
/// binary in tmux, two stakeholders on one demo bank over SSH with keys of
/// their own. The first signs in as bob as many times as the hourly limit
/// allows (10 codes to bob's phone, decision 52) and goes back each time, and
/// meets the real limit at the next; the second still gets bob's code on the phone beside the app and
/// signs in with it. The operator sees whose limit it was.
final class SharedDemoCodeLimitsEndToEndTests: XCTestCase {
    func testASecondStakeholderStillGetsBobsCodeAfterTheFirstUsedUpTheHoursCodes() throws {
        let bank = try SharedDemo.bank()
        let mine = try TmuxSession(SharedDemo.overSSH(bank, key: try SharedDemo.keyFile(bank, "mine")), columns: 120, rows: 30)
        let theirs = try TmuxSession(SharedDemo.overSSH(bank, key: try SharedDemo.keyFile(bank, "theirs")),
                                     columns: 121, rows: 31)
        addTeardownBlock { mine.kill(); theirs.kill(); _ = bank }
        try mine.waitFor("Welcome to the TermBank demo")
        try mine.press("Enter")

        for round in 1...VerifyConfiguration.standard.maximumSendsPerHour {
            try mine.waitFor("Sign in to TermBank", "Username")
            try mine.signIn(.bob, sitekeyShows: ["bob · +1 ***-***-0101"], until: .sheetAnswered)
            try mine.waitUntil("code \(round) on the phone beside the app") {
                $0.shows("Verify it's you") && $0.phone.shows("your sign-in code is")
            }
            try mine.press("Escape")
            try mine.waitFor("Sign in to TermBank", "No customer is signing in")
        }
        try mine.waitFor("Sign in to TermBank", "Username")
        try mine.signIn(.bob, sitekeyShows: ["bob · +1 ***-***-0101"], until: .sheetAnswered)
        let refused = try mine.waitFor("Too many codes were sent to this number in the")
        XCTAssertFalse(refused.shows("Verify it's you"), refused.framed)

        try theirs.waitFor("Welcome to the TermBank demo")
        try theirs.press("Enter")
        try theirs.waitFor("Sign in to TermBank", "Username")
        try theirs.signIn(.bob, sitekeyShows: ["bob · +1 ***-***-0101"], until: .sheetAnswered)
        let code = try theirs.waitUntil("their own code for bob") {
            $0.shows("Verify it's you") && $0.phone.shows("your sign-in code is")
        }
        try theirs.type(try code.phone.code(after: "your sign-in code is"))
        try theirs.waitFor("Trust this device")
        try theirs.press("n")
        try theirs.waitFor("bob · ssh-", "$5,000.00", "$10,000.00")

        let users = try Termbank.run(["user", "list"], database: bank.database).stdout
        let bob = try XCTUnwrap(users.split(separator: "\n").first { $0.hasPrefix("bob ") }, users)
        XCTAssertTrue(bob.hasSuffix("active; SMS limit reached for 1 demo origin"), users)
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "40"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("hourly send limit reached for +1 ***-***-0101 from key SHA256:"), audit)
        XCTAssertTrue(audit.contains("signin.success"), audit)
    }
}
