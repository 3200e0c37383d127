import Foundation
import TermBankCore
import TermBankTestKit
import XCTest
@testable import TermBankCLI

/// The guest rules with the real binary in tmux (decision 47): on the demo
/// bank, the app without `--demo` refuses a guest with its right password
/// exactly as it refuses a name no one has, and the demo itself refuses an
/// expired guest from the SSH key that made it.
final class GuestRulesEndToEndTests: XCTestCase {
    func testTheAppWithoutDemoModeRefusesALiveGuestAndTheDemoRefusesAnExpiredOne() throws {
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let config = bank.path + "/config"
        let keyFile = bank.path + "/maker.auth"
        let blob = Data("ssh-ed25519 key of the maker".utf8).base64EncodedString()
        try "publickey ssh-ed25519 \(blob)\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        let key = try XCTUnwrap(SSHIdentity.acceptedKey(environment: ["SSH_USER_AUTH": keyFile]))
        let maker = DemoOrigin(keyFingerprint: key.fingerprint, address: "203.0.113.7")
        let live = try GuestRules.makeGuest(on: bank.database, config: config, origin: maker)
        let expired = try GuestRules.makeGuest(on: bank.database, config: config, origin: maker, hoursAgo: 25)

        // A real deployment's terminal on the demo bank: no guest, even with its password.
        let plain = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(config)", Termbank.binary.path,
                                     "--db", bank.database, "--device", "iphone-touchid"])
        // The demo over SSH, from the key that made both guests, at an odd size.
        let demo = try TmuxSession(["/usr/bin/env", "SSH_USER_AUTH=\(keyFile)", "SSH_CONNECTION=203.0.113.7 50000 127.0.0.1 2222",
                                    "XDG_CONFIG_HOME=\(config)", Termbank.binary.path, "--db", bank.database,
                                    "--device", "ssh", "--demo"], columns: 97, rows: 27)
        addTeardownBlock { plain.kill(); demo.kill(); _ = bank }

        // Beside it, the same terminal for a name no one has, as long as the guest's.
        let guestName = live.user.username.rawValue
        let noOne = "guest-" + String(repeating: "z", count: guestName.count - 6)
        let unknown = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(config)", Termbank.binary.path,
                                       "--db", bank.database, "--device", "iphone-touchid"])
        addTeardownBlock { unknown.kill() }

        // The guest's name and its right password read exactly as a name no one
        // has: the same screens, the same words; nothing says it is a guest.
        try plain.waitFor("Sign in to TermBank", "This device: iphone-touchid")
        try unknown.waitFor("Sign in to TermBank", "This device: iphone-touchid")
        try plain.signIn(Customer(name: guestName, password: live.password.exposedValue), until: .passwordSent)
        try unknown.signIn(Customer(name: noOne, password: live.password.exposedValue), until: .passwordSent)
        let incorrect = "Username or password is incorrect."
        let refused = try plain.waitUntil("the guest refused outside demo mode") { !$0.shows("•") && $0.shows(incorrect) }
        let told = try unknown.waitUntil("the name no one has refused") { !$0.shows("•") && $0.shows(incorrect) }
        XCTAssertEqual(refused.lines.map { $0.replacingOccurrences(of: guestName, with: noOne) }, told.lines,
                       "the guest's screen:\n\(refused.framed)\nno one's:\n\(told.framed)")
        XCTAssertFalse(refused.shows("demo customer") || refused.shows("--demo"), refused.framed)
        XCTAssertFalse(refused.shows("Is this your sitekey?") || refused.shows("Touch ID"), refused.framed)

        try demo.waitFor("Welcome to the TermBank demo")
        try demo.press("Enter")
        try demo.waitFor("Sign in to TermBank", "Simulated device: ssh-")
        try demo.signIn(Customer(name: expired.user.username.rawValue, password: expired.password.exposedValue),
                        until: .passwordSent)
        let gone = try demo.waitUntil("the expired guest refused at the demo") {
            !$0.shows("•") && $0.shows("was a demo customer for 24 hours and has expired. Press g for a new one.")
        }
        XCTAssertFalse(gone.shows("Is this your sitekey?"), gone.framed)

        let audit = try Termbank.run(["audit", "--limit", "50"], database: bank.database).stdout
        XCTAssertTrue(audit.contains("demo guest at a terminal without --demo"), audit)
        XCTAssertTrue(audit.contains("demo guest expired at"), audit)
        XCTAssertFalse(audit.contains(live.password.exposedValue) || audit.contains(expired.password.exposedValue), audit)
    }

}
