import Foundation
import XCTest

/// Stakeholders at one shared demo bank, as `scripts/ssh-demo` runs them:
/// each an SSH session of their own (sshd's `ExposeAuthInfo` file and
/// `SSH_CONNECTION`) running `termbank --demo`.
enum SharedDemo {
    static func bank() throws -> Scratch { try demoBank() }

    /// sshd's ExposeAuthInfo file for a made-up key: each stands for one stakeholder.
    static func keyFile(_ scratch: Scratch, _ name: String) throws -> String {
        let path = scratch.path + "/\(name).auth"
        let blob = Data("ssh-ed25519 key of \(name)".utf8).base64EncodedString()
        try "publickey ssh-ed25519 \(blob)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// As the demo's ForceCommand runs it: every stakeholder from one address, each with a key.
    static func overSSH(_ bank: Scratch, key: String) -> [String] {
        ["/usr/bin/env", "SSH_USER_AUTH=\(key)", "SSH_CONNECTION=203.0.113.7 50000 127.0.0.1 2222",
         "XDG_CONFIG_HOME=\(bank.path)/config", Termbank.binary.path, "--db", bank.database, "--device", "ssh", "--demo"]
    }
}
