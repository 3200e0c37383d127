import Foundation
import TermBankTestKit
import XCTest

/// The demo account is not a login: every way into it (sshd, su, su --shell,
/// runuser -l, a command on the ssh line) runs TermBank and never a shell; each
/// start sets a new password, stop locks it, and cron and at are denied. Root
/// can still do anything (runuser -u ACCOUNT -- termbank ... is the operator's
/// path); docs/ssh.md lists that residual.
final class SSHAccountLockdownTests: SSHDemoTestCase {
    func testTheLoginShellIsTheRootOwnedWrapperAndNotAShellListedInEtcShells() throws {
        let demo = try running()
        let entry = try XCTUnwrap(getpwnam(demo.account), "the account exists")
        XCTAssertEqual(String(cString: entry.pointee.pw_shell), demo.loginShell)
        for path in [demo.loginShell, demo.state + "/bin", demo.state] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            XCTAssertEqual(attributes[.ownerAccountID] as? Int, 0, "\(path) is root's")
            let mode = try XCTUnwrap(attributes[.posixPermissions] as? Int)
            XCTAssertEqual(mode & 0o022, 0, "\(path) is writable by no one but root")
        }
        // Not a valid shell: for anyone but root, su ignores --shell and $SHELL.
        let shells = (try? String(contentsOfFile: "/etc/shells", encoding: .utf8)) ?? ""
        XCTAssertFalse(shells.split(separator: "\n").contains { $0 == demo.loginShell }, shells)
    }

    func testSuWithAShellACommandAndAPlantedEnvironmentFromAnotherUserOpensTheAppAndNothingElse() throws {
        let demo = try running()
        // A caller with the password, as nobody: asks for /bin/sh and `id`,
        // plants an SMS command (TermBank runs it with /bin/sh), another bank,
        // and the key file of someone else's SSH connection (to be their phone).
        let planted = demo.keys + "/planted-auth"
        let alicesKey = try String(contentsOfFile: demo.keys + "/alice.pub", encoding: .utf8)
        try ("publickey " + alicesKey).write(toFile: planted, atomically: true, encoding: .utf8)
        chmod(planted, 0o644)
        chmod(demo.keys, 0o755)
        let marker = demo.keys + "/sms-command-ran"
        let session = try su(["-s", "/bin/sh", "-c", "id", demo.account], password: demo.password, environment: [
            "TERMBANK_SMS_COMMAND=touch \(marker)", "TERMBANK_DB=/tmp/elsewhere.sqlite", "SSH_USER_AUTH=\(planted)",
            "SSH_CONNECTION=203.0.113.9 4000 127.0.0.1 22", "SSH_ORIGINAL_COMMAND=phone",
            // Locale variables pass only as plain names: never a path, never a command.
            "LANG=uk_UA.UTF-8", "LC_MESSAGES=../../../tmp/messages", "LC_CTYPE=$(touch \(marker))"])
        defer { session.kill() }
        let screen = try session.waitFor("TermBank", "Which phone are you holding?")
        XCTAssertFalse(screen.shows("uid="), screen.text)
        let alicesPhone = SSHDemoLockdown.deviceName(forKeyFile: demo.keys + "/alice.pub")
        XCTAssertEqual(alicesPhone.count, 16, alicesPhone)
        XCTAssertFalse(screen.shows(alicesPhone), "the planted key file made this session the phone of alice's key")

        let running = SSHDemoLockdown.processes(of: demo.account)
        XCTAssertEqual(Set(running.map(\.executable)), [demo.binary], "the account runs TermBank and nothing else")
        let app = try XCTUnwrap(running.first { SSHDemoLockdown.parentName($0.pid) == "su" }, "su's child")
        XCTAssertEqual(app.arguments, try forceCommand(demo), "the login shell runs the ForceCommand's words")
        let names = Set(app.environment.map { String($0.prefix { $0 != "=" }) })
        XCTAssertEqual(names, ["PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TERM", "TERMBANK_ASSETS"],
                       "only the login shell's own environment and plain locale names reach the app")
        XCTAssertTrue(app.environment.contains("LANG=uk_UA.UTF-8"), "\(app.environment)")
        XCTAssertTrue(app.environment.contains("LC_ALL=C.UTF-8"), "the tmux session's own, passed as it is")
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker))
    }

    func testRootsSuAndRunuserWithACommandRunTheAppNotTheCommand() throws {
        let demo = try running()
        for arguments in [["/usr/sbin/runuser", "-l", demo.account, "-c", "id"],
                          ["/usr/sbin/runuser", demo.account, "-c", "id; cat /etc/shadow"],
                          ["/usr/bin/su", demo.account, "-c", "id"],
                          ["/usr/bin/su", "-", demo.account, "-c", "/bin/sh -i"]] {
            let run = try SSHDemo.run(arguments[0], Array(arguments.dropFirst()), timeout: 30)
            XCTAssertEqual(run.stdout, "", "\(arguments): nothing of the command ran")
            XCTAssertEqual(run.stderr, "termbank: The TermBank app needs a terminal. For scripts, see \"termbank --help\".\n",
                           "\(arguments) ran the app, which wants a terminal")
            XCTAssertEqual(run.status, 69, "\(arguments)")
        }
        // The operator's path: a TermBank command as the account, no shell in between.
        let check = try demo.termbank(["check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("consistent=yes"), check.stdout)
    }

    func testASSHSessionAskingForAShellGetsOneLineFromTermBank() throws {
        let demo = try running()
        let ssh = (["/usr/bin/ssh", "-tt"] + demo.sshArguments(key: "alice") + ["/bin/sh", "-i"])
            .map(TmuxSession.shellQuoted).joined(separator: " ")
        // The window stays after ssh ends, with its exit status.
        let session = try TmuxSession(["/bin/sh", "-c", ssh + "; echo \"ssh exited $?\"; sleep 120"])
        defer { session.kill() }
        // TermBank ran (as the ForceCommand and the login shell) and refused the command in one line.
        let screen = try session.waitFor("termbank: This demo runs TermBank only; the one command it takes is \"phone\".",
                                         "ssh exited 69")
        XCTAssertFalse(screen.shows("$ ") || screen.shows("# "), screen.text)
    }

    func testCronAndAtAreDeniedToTheAccount() throws {
        let demo = try running()
        // Both run jobs with /bin/sh, not the login shell.
        func lines(_ path: String) -> [String]? {
            (try? String(contentsOfFile: path, encoding: .utf8)).map { $0.split(separator: "\n").map(String.init) }
        }
        if lines("/etc/cron.allow") == nil {
            XCTAssertTrue(lines("/etc/cron.deny")?.contains(demo.account) ?? false, "cron.deny names the account")
        } else {
            XCTAssertFalse(lines("/etc/cron.allow")!.contains(demo.account))
        }
        if let allowed = lines("/etc/at.allow") {
            XCTAssertFalse(allowed.contains(demo.account))
        } else if let denied = lines("/etc/at.deny") {
            XCTAssertTrue(denied.contains(demo.account), "at.deny names the account")
        } // Neither file: only root may use at.
    }

    func testASecondDemoCannotTakeOverTheAccountOfARunningOne() throws {
        let demo = try running()
        let other = "/var/lib/termbank-ssh-test-other-\(getpid())-\(UUID().uuidString.prefix(6).lowercased())"
        defer { try? FileManager.default.removeItem(atPath: other) }
        let run = try SSHDemo.run(SSHDemo.repository.path + "/scripts/ssh-demo",
                                  ["start", "--background", "--state", other, "--account", demo.account,
                                   "--listen", "127.0.0.1:\(try SSHDemo.freePort())", "--binary", Termbank.binary.path])
        XCTAssertEqual(run.status, 75, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("serves the demo in \(demo.state), which is running"), run.stderr)
        XCTAssertEqual(String(cString: try XCTUnwrap(getpwnam(demo.account)).pointee.pw_shell), demo.loginShell)
        XCTAssertFalse(try demo.shadowPassword().hasPrefix("!"), "the running demo's password still works")
    }

    /// `su ARGUMENTS` at a terminal, typed by nobody (uid 65534) with `environment`
    /// set, the password typed at su's prompt. The window stays after su ends.
    func su(_ arguments: [String], password: String, environment: [String] = []) throws -> TmuxSession {
        let command = (["/usr/bin/su"] + arguments).map(TmuxSession.shellQuoted).joined(separator: " ")
        let session = try TmuxSession(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                                       "/usr/bin/env"] + environment
                                          + ["/bin/sh", "-c", command + "; echo \"su exited $?\"; sleep 120"])
        try session.waitFor("Password:")
        try session.type(password)
        try session.press("Enter")
        return session
    }

    func forceCommand(_ demo: SSHDemo) throws -> [String] {
        let config = try SSHDemo.run(SSHDemo.repository.path + "/scripts/ssh-demo", ["config", "--state", demo.state])
        let line = try XCTUnwrap(config.stdout.split(separator: "\n").first { $0.hasPrefix("forcecommand ") })
        return line.dropFirst("forcecommand ".count).split(separator: " ").map(String.init)
    }
}

/// Starts and stops of their own demos (their own accounts): the password's
/// life, key-only mode, Ctrl-C, and the system's sshd left alone.
final class SSHDemoLifecycleTests: XCTestCase {
    func testEveryStartSetsANewPasswordAndStopLocksItSoNoPasswordWorks() throws {
        let port22 = SSHDemoLockdown.systemSSHD()
        let demo = try SSHDemo()
        defer { demo.stop() }
        XCTAssertEqual(SSHDemoLockdown.systemSSHD(), port22, "starting the demo started no system sshd and opened no port 22")

        let first = demo.password
        XCTAssertGreaterThanOrEqual(first.count, 16)
        try demo.start()
        let second = demo.password
        XCTAssertNotEqual(first, second, "a new password at every start")
        XCTAssertFalse(try demo.shadowPassword().hasPrefix("!"))

        // The first password is gone; the second opens the app (through su: the account's only way).
        try assertSuFails(demo, password: first)
        let session = try su(demo, password: second)
        try session.waitFor("TermBank", "Which phone are you holding?")
        session.kill()

        let stop = try demo.stopKeepingTheAccount()
        XCTAssertEqual(stop.status, 0, stop.stderr)
        XCTAssertTrue(try demo.shadowPassword().hasPrefix("!"), "stop locks the password (usermod -L)")
        try assertSuFails(demo, password: second)
        XCTAssertEqual(SSHDemoLockdown.processes(of: demo.account).map(\.executable), [], "stop ended every session")
    }

    func testDemoPruneRunsAtStartAndItsHourlyLoopEndsWithStop() throws {
        let demo = try SSHDemo()
        defer { demo.stop() }
        let start = try demo.start()
        XCTAssertTrue(start.contains("expired demo customers removed"), "demo prune ran at start: \(start)")
        // The hourly loop: its own process group, named in run/prune.pid, for this state.
        let pidText = try String(contentsOfFile: demo.state + "/run/prune.pid", encoding: .utf8)
        let pid = try XCTUnwrap(Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
        let arguments = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8).split(separator: "\0")
        XCTAssertEqual(Array(arguments.suffix(3)), ["prune-loop", "--state", Substring(demo.state)])
        XCTAssertEqual(getpgid(pid), pid)

        XCTAssertEqual(try demo.stopKeepingTheAccount().status, 0)
        XCTAssertEqual(kill(pid, 0), -1, "stop ended the hourly prune")
        XCTAssertEqual(try SSHDemo.run("/usr/bin/pgrep", ["-f", "prune-loop --state \(demo.state)$"]).stdout, "")
    }

    func testKeyOnlyDemoTakesNoPasswordButKeys() throws {
        let demo = try SSHDemo(passwords: false)
        defer { demo.stop() }
        XCTAssertEqual(try demo.shadowPassword(), "*", "no password matches \"*\", and sshd takes keys for it")
        let config = try SSHDemo.run(SSHDemo.repository.path + "/scripts/ssh-demo", ["config", "--state", demo.state])
        XCTAssertTrue(config.stdout.split(separator: "\n").contains("passwordauthentication no"), config.stdout)

        let withKey = try SSHDemo.run("/usr/bin/ssh", demo.sshArguments(extra: ["-T"]), timeout: 30)
        XCTAssertEqual(withKey.stderr, "termbank: TermBank needs a terminal: connect with \"ssh -t\" and no command.\n",
                       "the key signs in and reaches the app")
        let withPassword = try SSHDemo.run("/usr/bin/ssh", [
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
            "-o", "PubkeyAuthentication=no", "-p", String(demo.port), "\(demo.account)@127.0.0.1"], timeout: 30)
        XCTAssertEqual(withPassword.status, 255)
        XCTAssertTrue(withPassword.stderr.contains("Permission denied (publickey)"), "the server offers no password sign-in: "
                      + withPassword.stderr)
    }

    func testCtrlCOnTheForegroundDemoLocksTheAccount() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root, as scripts/ssh-demo does") }
        let state = "/var/lib/termbank-ssh-test-fg-\(getpid())-\(UUID().uuidString.prefix(6).lowercased())"
        let account = "tbt-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8).lowercased()
        let script = SSHDemo.repository.path + "/scripts/ssh-demo"
        defer {
            _ = try? SSHDemo.run(script, ["remove", "--state", state])
            try? FileManager.default.removeItem(atPath: state)
        }
        let session = try TmuxSession([script, "start", "--state", state, "--account", account,
                                       "--listen", "127.0.0.1:\(try SSHDemo.freePort())", "--binary", Termbank.binary.path],
                                      columns: 200)
        // The window stays after the script ends, to read its last words.
        try session.remainOnExit()
        defer { session.kill() }
        try session.waitFor("Press Ctrl-C to stop.")
        let shadow = { (try SSHDemo.run("/usr/bin/getent", ["shadow", account]).stdout).split(separator: ":").dropFirst().first }
        XCTAssertFalse(try shadow()?.hasPrefix("!") ?? true, "running: the printed password works")
        try session.press("C-c")
        // Its last words, after the lock and after its sshd ended.
        try session.waitFor("ssh-demo: stopped; the \(account) account is locked.")
        XCTAssertTrue(try shadow()?.hasPrefix("!") ?? false, "Ctrl-C locked the password")
        // The script sends sshd its TERM and waits for it only so long (5 s): on a loaded machine sshd may end after
        // the script's last words. Waited for with the one hang guard: an sshd left running still fails below.
        let daemons = { try SSHDemo.run("/usr/bin/pgrep", ["-f", "sshd .*-f \(state)/etc/sshd_config"]) }
        _ = try? eventually("the demo's sshd to end") { try daemons().stdout.isEmpty }
        XCTAssertEqual(try daemons().stdout, "", "the demo's sshd ended with it")
    }

    func su(_ demo: SSHDemo, password: String) throws -> TmuxSession {
        let command = ["/usr/bin/su", demo.account].map(TmuxSession.shellQuoted).joined(separator: " ")
        let session = try TmuxSession(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                                       "/bin/sh", "-c", command + "; echo \"su exited $?\"; sleep 120"])
        try session.waitFor("Password:")
        try session.type(password)
        try session.press("Enter")
        return session
    }

    func assertSuFails(_ demo: SSHDemo, password: String, line: UInt = #line) throws {
        let session = try su(demo, password: password)
        defer { session.kill() }
        try session.waitFor("su: Authentication failure", "su exited 1", line: line)
    }
}

/// What the lock-down tests look at on the host.
enum SSHDemoLockdown {
    struct Running {
        let pid: Int32
        let executable: String
        let arguments: [String]
        let environment: [String]
    }

    /// Every process whose real or effective user is `account`.
    static func processes(of account: String) -> [Running] {
        guard let entry = getpwnam(account) else { return [] }
        let uid = String(entry.pointee.pw_uid)
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).sorted()
        return pids.compactMap { pid in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  let uids = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") })?
                      .split(whereSeparator: \.isWhitespace).dropFirst().prefix(2),
                  uids.contains(where: { String($0) == uid }),
                  let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
            else { return nil }
            // sshd's per-connection process runs as the account too; it is sshd, not something the account ran.
            if executable == "/usr/sbin/sshd" || executable.hasSuffix("/sshd-session") { return nil }
            func strings(_ file: String) -> [String] {
                ((try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/\(file)"))) ?? Data())
                    .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            }
            return Running(pid: pid, executable: executable, arguments: strings("cmdline"), environment: strings("environ"))
        }
    }

    /// The command name of a process's parent.
    static func parentName(_ pid: Int32) -> String? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("PPid:") }),
              let parent = line.split(whereSeparator: \.isWhitespace).last else { return nil }
        return (try? String(contentsOfFile: "/proc/\(parent)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The system's sshd as a port scanner sees it: listening sockets on port 22, and sshd processes run without
    /// "-f" (the system's config; the demo's sshd always names its own).
    static func systemSSHD() -> String {
        let listening = ["/proc/net/tcp", "/proc/net/tcp6"].flatMap { file in
            ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").dropFirst().filter { line in
                let fields = line.split(separator: " ")
                return fields.count > 3 && fields[1].hasSuffix(":0016") && fields[3] == "0A"
            }
        }.count
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init)
        let systemDaemons = pids.filter { pid in
            // A listener's title replaces its arguments: "sshd: /usr/sbin/sshd -D [listener] ...".
            let line = ((try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data())
                .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
            return (line.hasPrefix("/usr/sbin/sshd") || line.hasPrefix("sshd: /usr/sbin/sshd")) && !line.contains(" -f ")
        }.count
        return "port 22 listeners: \(listening), sshd on the system config: \(systemDaemons)"
    }

    /// The device name TermBank gives a key's phone: "ssh-" and the first 6 bytes of its SHA-256, in hex.
    static func deviceName(forKeyFile path: String) -> String {
        let fingerprint = (try? SSHDemo.run("/usr/bin/ssh-keygen", ["-l", "-E", "sha256", "-f", path]).stdout) ?? ""
        let base64 = fingerprint.split(separator: " ").dropFirst().first.map { $0.dropFirst("SHA256:".count) } ?? ""
        let padded = String(base64) + String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let bytes = Data(base64Encoded: padded).map { Array($0.prefix(6)) } ?? []
        return "ssh-" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
