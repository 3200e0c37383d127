import Foundation
import TermBankCore
import TermBankTestKit
import XCTest

/// The real binary in tmux with `--verify vonage|twilio` against the
/// services' mocks on 127.0.0.1 (decision 0100): bob signs in with the code
/// the service sent and approves a transfer with the next one. Everything
/// the process printed (recorded by `script -f`) and the database are then
/// searched for the credentials.
final class RealSMSEndToEndTests: XCTestCase {

    func testBobSignsInAndMovesMoneyWithCodesFromVonage() throws {
        let vonage = try VonageMock()
        defer { vonage.server.stop() }
        try signInAndTransfer(provider: "vonage", url: vonage.baseURL,
                              credentials: "VONAGE_API_KEY=\(VonageMock.key)\nVONAGE_API_SECRET=\(VonageMock.secret)\n",
                              secrets: [VonageMock.key, VonageMock.secret]) { vonage.code(to: "15550101") }
        XCTAssertEqual(vonage.problems, [])
        XCTAssertEqual(vonage.calls.map(\.path).filter { !$0.hasPrefix("/v2/verify/") },
                       ["/v2/verify", "/verify/psd2/json", "/verify/check/json"])
    }

    func testBobSignsInAndMovesMoneyWithCodesFromTwilio() throws {
        let twilio = try TwilioMock()
        defer { twilio.server.stop() }
        try signInAndTransfer(provider: "twilio", url: twilio.baseURL,
                              credentials: "TWILIO_ACCOUNT_SID=\(TwilioMock.accountSID)\nTWILIO_AUTH_TOKEN=\(TwilioMock.authToken)\n"
                                + "TWILIO_VERIFY_SERVICE_SID=\(TwilioMock.serviceSID)\n",
                              secrets: [TwilioMock.authToken]) { twilio.code(to: "+15550101") }
        XCTAssertEqual(twilio.problems, [])
        XCTAssertEqual(twilio.calls.last?.form?["Amount"], "250.00")
    }

    /// In demo mode the phone beside the app says where the service sent
    /// bob's code, and never shows a code; the code from the real phone signs him in.
    func testInDemoModeThePhoneSaysWhereTheCodeWent() throws {
        let vonage = try VonageMock()
        defer { vonage.server.stop() }
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let file = bank.path + "/verify.env"
        try "VONAGE_API_KEY=\(VonageMock.key)\nVONAGE_API_SECRET=\(VonageMock.secret)\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let app = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config", Termbank.binary.path,
                                   "--db", bank.database, "--device", "iphone-touchid", "--demo", "--verify", "vonage",
                                   "--verify-url", vonage.baseURL, "--verify-credentials", file], columns: 120, rows: 30)
        addTeardownBlock { app.kill() }
        try app.waitFor("Welcome to the TermBank demo")
        try app.press("Enter")
        try app.type("bob")
        try app.press("Tab")
        try app.type("builder-2026")
        try app.press("Enter")
        try app.waitFor("Is this your sitekey?")
        try app.press("Enter")
        try app.waitFor("Touch ID", "Matching finger")
        try app.press("Enter")
        let screen = try app.waitUntil("the phone's note beside the code screen") {
            $0.shows("Verify it's you") && $0.phone.shows("by Vonage")
        }
        XCTAssertTrue(screen.phone.shows("your code was sent to"), screen.framed)
        XCTAssertFalse(screen.phone.shows("your sign-in code is"), screen.framed)
        let code = try XCTUnwrap(vonage.code(to: "15550101"))
        XCTAssertFalse(screen.text.contains(code), "the code is on no screen:\n\(screen.framed)")
        try app.type(code)
        try app.waitFor("Trust this device")
        XCTAssertEqual(vonage.problems, [])
    }

    /// With the service down, bob's code screen says no code could be sent
    /// and nothing changed; the audit trail says why.
    func testWhenTheServiceCannotBeReachedTheScreenSaysNothingChanged() throws {
        let vonage = try VonageMock()
        vonage.server.stop()
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let file = bank.path + "/verify.env"
        try "VONAGE_API_KEY=\(VonageMock.key)\nVONAGE_API_SECRET=\(VonageMock.secret)\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let app = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config", Termbank.binary.path,
                                   "--db", bank.database, "--device", "iphone-touchid", "--verify", "vonage",
                                   "--verify-url", vonage.baseURL, "--verify-credentials", file])
        addTeardownBlock { app.kill() }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.signIn(.bob)
        try app.waitFor("The bank cannot send a code just now; nothing was changed.")
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "5"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("vonage unreachable"), audit)
        XCTAssertFalse(audit.contains("session.started"), audit)
    }

    private func signInAndTransfer(provider: String, url: String, credentials: String, secrets: [String],
                                   code: () -> String?) throws {
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let file = bank.path + "/verify.env"
        try credentials.write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let printed = bank.path + "/printed.log"
        let command = [Termbank.binary.path, "--db", bank.database, "--device", "iphone-touchid", "--verify", provider,
                       "--verify-url", url, "--verify-credentials", file].map(TmuxSession.shellQuoted).joined(separator: " ")
        let app = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config", "/usr/bin/script", "-q", "-f", "-e",
                                   "-c", command, printed])
        addTeardownBlock { app.kill() }
        try app.waitFor("Sign in to TermBank", "Username")

        try app.signIn(.bob)
        try app.waitFor("Verify it's you", "We sent a code to \(Customer.bob.phone)")
        let signInCode = try XCTUnwrap(code(), "\(provider) sent no sign-in code")
        try app.type(signInCode)
        try app.waitFor("bob · iphone-touchid", "Trust this device for 30 days?")
        try app.press("n")
        try app.waitUntil("the question to close") { !$0.shows("Trust this device") }

        try app.press("t")
        try app.waitFor("Move money", "◀ Checking ▶")
        try app.type("250")
        try app.waitFor("$250.00 from Checking to Savings")
        try app.press("Enter")
        try app.waitFor("Review your transfer", "Enter sends an SMS code to")
        try app.press("Enter")
        try app.waitFor("Approve this transfer", "Move $250.00 from Checking to Savings")
        var transferCode: String?
        try app.waitUntil("\(provider) to send the transfer's code") { _ in
            transferCode = code().flatMap { $0 == signInCode ? nil : $0 }
            return transferCode != nil
        }
        try app.type(try XCTUnwrap(transferCode))
        try app.waitFor("Transfer complete", "$4,750.00", "$10,250.00")
        try app.press("Enter")
        try app.waitFor("History: both accounts", "Transfer to Savings")
        let everything = [printed, bank.database, bank.database + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }
        XCTAssertFalse(everything.isEmpty)
        for secret in secrets {
            XCTAssertFalse(everything.contains { $0.range(of: Data(secret.utf8)) != nil },
                           "a credential of \(provider) was printed or stored")
        }
        let database = [bank.database, bank.database + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }
        for sent in [signInCode, transferCode!] {
            XCTAssertFalse(database.contains { $0.range(of: Data(sent.utf8)) != nil }, "a code is in the database")
        }
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "30"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("via \(provider) request"), audit)
    }
}
