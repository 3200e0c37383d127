import Foundation
import Glibc
import TermBankTestKit
import XCTest

/// The real app on a disk that fills up (decision 73): the bank on a small
/// tmpfs, alice signed in, the disk filled while she reads her transfer's
/// review. Enter is refused in the catalog's one line, the app stays up and
/// signed in, and once space returns the same Enter moves the money, once.
extension AppEndToEndTests {
    func testAFullDiskMidTransferIsOneLineAndTheSameTransferGoesThroughWhenSpaceReturns() throws {
        let bank = Scratch()
        try SmallDisk.mount(over: bank.path, for: self)
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let app = try TmuxSession(appCommand(bank))
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.signIn(.alice)
        try app.waitFor("alice · iphone-touchid", "$5,000.00", "$10,000.00")
        try app.press("t")
        try app.waitFor("Move money", "◀ Checking ▶")
        try app.type("250")
        try app.waitFor("$250.00 from Checking to Savings")
        try app.press("Enter")
        try app.waitFor("Review your transfer", "Enter sends an SMS code to")

        let filler = bank.path + "/filler"
        SmallDisk.fill(filler)
        try app.press("Enter")
        try app.waitFor("The bank cannot do that just now; nothing was changed.")
        unlink(filler)

        try app.press("Enter")
        try app.waitFor("Approve this transfer", "Move $250.00 from Checking to Savings")
        let code = try lastCode(on: "alice", saying: "approves moving $250.00 from Checking to Savings", bank)
        try app.type(code)
        try app.waitFor("Transfer complete", "$4,750.00", "$10,250.00")
        let check = try Termbank.run(["check"], database: bank.database)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let statement = try Termbank.run(["statement", "alice"], database: bank.database).stdout
        XCTAssertTrue(statement.hasPrefix("alice: Checking 4,750.00, Savings 10,250.00\n"), statement)
    }
}
