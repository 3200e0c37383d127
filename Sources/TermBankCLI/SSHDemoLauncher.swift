import Glibc
import TermBankSystem

/// `termbank ssh-demo ...`: the demo over SSH as the Debian package installs
/// it, /usr/lib/termbank/ssh-demo (the checkout's scripts/ssh-demo), found
/// beside the binary's own prefix and run in this process's place with every
/// argument as given: the script has its own options and help.
enum SSHDemoLauncher {
    static let command = Command(["ssh-demo"], arguments: "[start|setup|stop|remove|config|prune] [OPTIONS]",
                                 summary: "The demo over SSH, as the Debian package installs it (its own sshd; root)",
                                 details: ["Runs /usr/lib/termbank/ssh-demo, the checkout's scripts/ssh-demo: \"termbank ssh-demo --help\"",
                                           "lists its options. Its state lives in /var/lib/termbank; the listen address comes from",
                                           "--listen, else /etc/termbank/termbank.conf's listen key. setup makes the account (locked)",
                                           "and the state without serving, so keys can be added first. As a service:",
                                           "systemctl enable --now termbank-ssh-demo."],
                                 run: { _, _ in .usage })

    /// The script beside this binary's prefix: /usr/bin/termbank → /usr/lib/termbank/ssh-demo.
    static var script: String {
        Paths.directory(of: Paths.directory(of: Paths.executable())) + "/lib/termbank/ssh-demo"
    }

    static func exec(_ arguments: [String]) throws -> ExitCode {
        let path = script
        guard Files.isExecutable(path) else {
            throw CommandFailure("termbank ssh-demo comes with the Debian package (\(path) is missing);"
                                 + " in a checkout, run scripts/ssh-demo", code: .unavailable)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(path, &argv)
        let error = errno
        throw CommandFailure("cannot run \(path): \(String(cString: strerror(error)))", code: .unavailable)
    }
}
