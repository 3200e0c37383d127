import Foundation
@testable import TermBankCLI
import XCTest

/// The demo's ForceCommand runs TermBank whatever the client asked for; the
/// client's command line arrives in SSH_ORIGINAL_COMMAND. Allowed: nothing
/// (the app) and, in demo mode only, exactly `phone`. Everything else is
/// refused with one line that does not repeat what was sent.
final class SSHCommandTests: XCTestCase {
    func refusal(_ original: String?, demo: Bool) -> String? {
        do {
            _ = try SSHCommand.parse(original, demo: demo)
            return nil
        } catch let failure as CommandFailure {
            XCTAssertEqual(failure.code, .unavailable)
            return failure.message
        } catch {
            return "\(error)"
        }
    }

    func testNoCommandIsTheAppWithOrWithoutDemoMode() throws {
        for demo in [false, true] {
            XCTAssertEqual(try SSHCommand.parse(nil, demo: demo), .app)
            XCTAssertEqual(try SSHCommand.parse("", demo: demo), .app)
            XCTAssertEqual(try SSHCommand.parse("  ", demo: demo), .app)
        }
    }

    func testPhoneIsTheOneCommandAndOnlyInDemoMode() throws {
        XCTAssertEqual(try SSHCommand.parse("phone", demo: true), .phone)
        XCTAssertEqual(try SSHCommand.parse(" phone ", demo: true), .phone)
        XCTAssertEqual(refusal("phone", demo: false), "This server runs TermBank only and takes no command.")
    }

    func testEveryOtherCommandIsRefusedWithoutRepeatingIt() {
        let attacks = ["sh", "phone; sh", "phone && id", "phone bob", "PHONE", "phone\nid", "bash -i", "scp -t /tmp",
                       "internal-sftp", "termbank user add mallory", "--db /etc/passwd", "../../bin/sh",
                       "phone\u{1B}]0;owned\u{07}"]
        for attack in attacks {
            for demo in [false, true] {
                let message = refusal(attack, demo: demo)
                XCTAssertNotNil(message, "\(attack.debugDescription) was allowed")
                XCTAssertFalse(message?.contains("\u{1B}") ?? false)
                XCTAssertFalse(message?.contains(attack) ?? false, "the refusal repeats \(attack.debugDescription)")
            }
        }
    }

    // MARK: Through the binary, as sshd's ForceCommand runs it

    func demoBank() throws -> Scratch {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        return scratch
    }

    func testTheBinaryRefusesAShellCommandWithOneLineAndStatus69() throws {
        let bank = try demoBank()
        for (flags, line) in [(["--demo"], "This demo runs TermBank only; the one command it takes is \"phone\"."),
                              ([], "This server runs TermBank only and takes no command.")] {
            let run = try Termbank.run(flags + ["--device", "ssh"], database: bank.database,
                                       environment: ["SSH_ORIGINAL_COMMAND": "cat /etc/passwd; id",
                                                     "SSH_CONNECTION": "203.0.113.7 50000 127.0.0.1 2222"])
            XCTAssertEqual(run.status, 69)
            XCTAssertEqual(run.stdout, "")
            XCTAssertEqual(run.stderr, "termbank: \(line)\n")
        }
    }

    func testTheBinaryRefusesPhoneWithoutDemoModeAndAllowsItWithDemoMode() throws {
        let bank = try demoBank()
        let refused = try Termbank.run(["--device", "ssh"], database: bank.database,
                                       environment: ["SSH_ORIGINAL_COMMAND": "phone"])
        XCTAssertEqual(refused.stderr, "termbank: This server runs TermBank only and takes no command.\n")
        // Allowed, it gets as far as needing a terminal (this test has none).
        let allowed = try Termbank.run(["--device", "ssh", "--demo"], database: bank.database,
                                       environment: ["SSH_ORIGINAL_COMMAND": "phone", "SSH_CONNECTION": "203.0.113.7 1 2 3"])
        XCTAssertEqual(allowed.status, 69)
        XCTAssertEqual(allowed.stderr, "termbank: The phone needs a terminal: connect with \"ssh -t\" and the command \"phone\".\n")
    }

    /// The phone window in a terminal: without an SSH key it asks whose phone,
    /// offering only the seed's customers; it then shows that phone live.
    func testThePhoneWindowAsksWhosePhoneThenShowsItsNewMessages() throws {
        let bank = try demoBank()
        let command = ["/usr/bin/env", "SSH_ORIGINAL_COMMAND=phone", "SSH_CONNECTION=203.0.113.7 1 2 3",
                       Termbank.binary.path, "--db", bank.database, "--device", "ssh", "--demo"]
        let window = try TmuxSession(["/bin/sh", "-c", command.map(TmuxSession.shellQuoted).joined(separator: " ")
                                      + "; echo EXIT=$?; sleep 30"])
        addTeardownBlock { window.kill(); _ = bank }
        let picker = try window.waitFor("Whose phone is this?", "alice", "bob", "carol")
        XCTAssertFalse(picker.shows("guest-"), picker.framed)
        try window.press("Down")
        try window.press("Enter")
        try window.waitFor("Customer's phone (simulated)", "bob · +1 ***-***-0101", "No messages yet.")
        let started = try Termbank.run(["verify", "start", "bob"], database: bank.database)
        XCTAssertEqual(started.status, 0, started.stderr)
        try window.waitFor("your sign-in code is", "● New message")
        try window.press("q")
        let after = try window.waitFor("EXIT=")
        XCTAssertTrue(after.lines.contains("EXIT=0"), after.framed)
    }

    /// sshd's ExposeAuthInfo file for a made-up key: each stands for one stakeholder.
    func keyFile(_ scratch: Scratch, _ name: String) throws -> String {
        let path = scratch.path + "/\(name).auth"
        let blob = Data("ssh-ed25519 key of \(name)".utf8).base64EncodedString()
        try "publickey ssh-ed25519 \(blob)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func overSSH(_ bank: Scratch, key: String, command: String? = nil) -> [String] {
        ["/usr/bin/env", "SSH_USER_AUTH=\(key)", "SSH_CONNECTION=203.0.113.7 50000 127.0.0.1 2222",
         "XDG_CONFIG_HOME=\(bank.path)/config"] + (command.map { ["SSH_ORIGINAL_COMMAND=\($0)"] } ?? [])
            + [Termbank.binary.path, "--db", bank.database, "--device", "ssh", "--demo"]
    }

    /// The phone window follows the guest its own key made; another key's
    /// window neither follows it nor offers it.
    func testThePhoneWindowFollowsTheGuestItsKeyMadeAndNoOtherKeysWindowOffersIt() throws {
        let bank = try demoBank()
        let mine = try keyFile(bank, "mine")
        let theirs = try keyFile(bank, "theirs")
        let app = try TmuxSession(overSSH(bank, key: mine))
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Welcome to the TermBank demo")
        try app.press("g")
        let card = try app.waitFor("Your demo customer")
        let username = try XCTUnwrap(card.words(afterWord: "Username"))

        let window = try TmuxSession(overSSH(bank, key: mine, command: "phone"))
        addTeardownBlock { window.kill() }
        try window.waitFor("Customer's phone (simulated)", username, "No messages yet.")

        let other = try TmuxSession(overSSH(bank, key: theirs, command: "phone"))
        addTeardownBlock { other.kill() }
        let picker = try other.waitFor("Whose phone is this?", "alice", "bob", "carol")
        XCTAssertFalse(picker.shows(username), picker.framed)
        // And the guest signs in only from the key that made it.
        let intruder = try TmuxSession(overSSH(bank, key: theirs))
        addTeardownBlock { intruder.kill() }
        try intruder.waitFor("Welcome to the TermBank demo")
        try intruder.press("Enter")
        try intruder.type(username)
        try intruder.press("Tab")
        try intruder.type(try XCTUnwrap(card.words(afterWord: "Password")))
        try intruder.press("Enter")
        try intruder.waitFor("was made from another SSH key")
    }
}
