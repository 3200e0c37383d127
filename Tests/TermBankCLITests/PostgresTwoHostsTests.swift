import Foundation
import TermBankHarness
import TermBankTestKit
import XCTest

/// Two front-end "hosts" on one PostgreSQL ledger: two app processes with
/// different device names (and their own config folders, sharing the bank's
/// sealing key file as the operator distributes it) in tmux. A transfer made
/// on one shows on the other's statement with no key pressed there: the
/// commit's NOTIFY moves the other's change stamp, and its next tick reads.
/// And the database going away mid-session keeps the session and the form.
final class PostgresTwoHostsTests: XCTestCase {
    func host(_ device: String, url: String, folder: Scratch) throws -> TmuxSession {
        let session = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(folder.path)/\(device)",
                                       "TERMBANK_KEY_FILE=\(folder.path)/bank.key", Termbank.binary.path, "--db", url,
                                       "--device", device])
        addTeardownBlock { session.kill() }
        try session.waitFor("Sign in to TermBank", "Username")
        return session
    }

    func testATransferOnOneHostShowsLiveOnTheOtherHostsStatement() throws {
        let url = try ThrowawayPostgres.shared().freshSchemaURL()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: url).status, 0)
        let folder = Scratch()
        let first = try host("iphone-touchid", url: url, folder: folder)
        let second = try host("iphone-faceid", url: url, folder: folder)
        try first.signIn(.alice, until: .sheetAnswered)
        try second.signIn(.alice, words: .faceID, until: .sheetAnswered)
        try first.waitFor("alice · iphone-touchid", "$5,000.00", "$10,000.00")
        try second.waitFor("alice · iphone-faceid", "$5,000.00", "$10,000.00")

        try first.press("t")
        try first.waitFor("Move money", "◀ Checking ▶")
        try first.type("250")
        try first.waitFor("$250.00 from Checking to Savings")
        try first.press("Enter")
        try first.waitFor("Review your transfer")
        try first.press("Enter")
        try first.waitFor("Approve this transfer")
        try first.type(try lastCode(on: "alice", saying: "approves moving $250.00 from Checking to Savings", database: url))
        try first.waitFor("Transfer complete", "$4,750.00")

        // Nothing typed on the second host: its statement follows the ledger.
        try second.waitFor("alice · iphone-faceid", "$4,750.00", "$10,250.00", "Transfer to Savings",
                           "Transfer from Checking")
    }

    /// The server goes away between the review and the approval: the app
    /// says so (the bank cannot be reached, never the database's address), keeps the signed-in session and the reviewed
    /// transfer, and when asked again (Enter) after the restart, carries on;
    /// the transfer is booked once.
    func testTheServerGoingAwayMidTransferKeepsTheFormAndEnterRetries() throws {
        let cluster = try ThrowawayPostgres.shared()
        let url = try cluster.freshSchemaURL()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: url).status, 0)
        let folder = Scratch()
        let app = try host("iphone-touchid", url: url, folder: folder)
        try app.signIn(.alice, until: .sheetAnswered)
        try app.waitFor("alice · iphone-touchid", "$5,000.00")
        try app.press("t")
        try app.waitFor("Move money", "◀ Checking ▶")
        try app.type("250")
        try app.waitFor("$250.00 from Checking to Savings")
        try app.press("Enter")
        try app.waitFor("Review your transfer", "$5,000.00 → $4,750.00")

        try cluster.halt()
        var restarted = false
        defer { if !restarted { try? cluster.start() } }
        try app.press("Enter")
        let refused = try app.waitFor("The bank cannot be reached just now; nothing was changed.", "Review your transfer",
                                      "$5,000.00 → $4,750.00")
        XCTAssertFalse(refused.shows("Signed out"), refused.text)

        try cluster.start()
        restarted = true
        try app.press("Enter")
        try app.waitFor("Approve this transfer", "Move $250.00 from Checking to Savings")
        try app.type(try lastCode(on: "alice", saying: "approves moving $250.00 from Checking to Savings", database: url))
        try app.waitFor("Transfer complete", "$4,750.00")
        let check = try Termbank.run(["check"], database: url)
        XCTAssertTrue(check.stdout.hasPrefix("transfers=7 customer_total=45,000.00 ledger_total=0.00 consistent=yes"),
                      check.stdout + check.stderr)
    }
}
