import Foundation
import TermBankStorage
import XCTest

/// What `scripts/ssh-demo` tells the team member who starts it
/// (docs/ssh.md, "What to send stakeholders"): lines to send stakeholders that work the first time,
/// the host key to check, how to collect keys, and where it listens.
final class SSHDemoInstructionsTests: SSHDemoTestCase {
    func testTheStartPrintsTheHostKeyACopyAndPasteLineAndHowToCollectKeys() throws {
        let demo = try running()
        let output = demo.startOutput
        let fingerprint = try SSHDemo.run("/usr/bin/ssh-keygen", ["-l", "-f", demo.state + "/etc/ssh_host_ed25519_key.pub"])
            .stdout.split(separator: " ")[1]
        XCTAssertTrue(output.contains("This host's key, to compare on the first connection: ED25519 \(fingerprint)"), output)
        let hostKey = try String(contentsOfFile: demo.state + "/etc/ssh_host_ed25519_key.pub", encoding: .utf8)
            .split(separator: " ").prefix(2).joined(separator: " ")
        XCTAssertTrue(output.contains("[127.0.0.1]:\(demo.port) \(hostKey)"), "a known_hosts line: \(output)")
        XCTAssertTrue(output.contains("ssh -t -p \(demo.port) -o IdentitiesOnly=yes -i ~/.ssh/id_ed25519 \(demo.account)@127.0.0.1"),
                      output)
        XCTAssertTrue(output.contains("ssh -t -p \(demo.port) -o PubkeyAuthentication=no \(demo.account)@127.0.0.1"), output)
        XCTAssertTrue(output.contains("ssh-keygen -t ed25519"), "how to collect keys: \(output)")
        XCTAssertTrue(output.contains("Only this machine can connect (127.0.0.1:\(demo.port)). For stakeholders on other machines: "
                                      + "--listen 0.0.0.0:\(demo.port)"), output)
    }

    /// The line printed is the line that works, for a client whose agent
    /// holds more keys than MaxAuthTries (3): without IdentitiesOnly it is
    /// "Too many authentication failures" before any prompt.
    func testTheLinePrintedGetsInWithAnAgentHoldingFourOtherKeys() throws {
        let demo = try running()
        let others = try ScratchFolder.make("ssh-agent-keys")
        defer { try? FileManager.default.removeItem(atPath: others) }
        var adds = ""
        for index in 0..<4 {
            let key = others + "/other-\(index)"
            try SSHDemo.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key])
            adds += "ssh-add -q \(key) && "
        }
        let ssh = "ssh -tt -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -p \(demo.port)"
        // The agent lives as long as its command (ssh-agent COMMAND), so none is left behind.
        let without = try SSHDemo.run("/usr/bin/ssh-agent", ["/bin/sh", "-c", adds + "\(ssh) -i \(demo.keys)/alice \(demo.account)@127.0.0.1"],
                                      timeout: 30)
        XCTAssertTrue((without.stdout + without.stderr).contains("Too many authentication failures"),
                      "the failure the -o option is there for: \(without.stdout + without.stderr)")
        let session = try TmuxSession(["/usr/bin/ssh-agent", "/bin/sh", "-c",
                                       adds + "exec \(ssh) -o IdentitiesOnly=yes -i \(demo.keys)/alice \(demo.account)@127.0.0.1"],
                                      columns: 120, rows: 30)
        defer { session.kill() }
        try session.waitFor("Welcome to the TermBank demo")
    }
}

/// `scripts/ssh-demo --help`: the usage, not the script's code.
final class SSHDemoHelpTests: XCTestCase {
    func testHelpPrintsTheUsageAndNoCode() throws {
        let help = try SSHDemo.run(SSHDemo.repository.path + "/scripts/ssh-demo", ["--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.hasPrefix("Usage: scripts/ssh-demo [start] [OPTIONS]"), help.stdout)
        for option in ["--listen ADDR:PORT", "0.0.0.0:2222", "--authorize KEY.pub", "--binary PATH", "--per-key N",
                       "--per-address N", "docs/ssh.md"] {
            XCTAssertTrue(help.stdout.contains(option), "--help names \(option): \(help.stdout)")
        }
        for code in ["set -euo", "$(", "root_dir", "usage()", "USAGE"] {
            XCTAssertFalse(help.stdout.contains(code), "--help shows the script's code (\(code)): \(help.stdout)")
        }
    }
}
