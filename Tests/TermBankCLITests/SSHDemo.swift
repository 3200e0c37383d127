import Foundation
import TermBankStorage
import XCTest

/// A running `scripts/ssh-demo` on a free loopback port, with its own state
/// folder and client keys, for the tests of TermBank over SSH. Needs root
/// (the script creates the demo account and runs sshd), as CI has.
final class SSHDemo {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    let state: String
    let port: Int
    let keys: String
    /// The demo's own account, made for this instance and deleted by `stop`,
    /// so tests running beside a demo (or another test run) never lock or
    /// re-point each other's account.
    let account: String
    /// The demo account's SSH password, as the last start printed it ("" with --no-password).
    private(set) var password: String
    /// What the last start printed, standard output and error.
    private(set) var startOutput = ""
    let passwords: Bool
    /// The bank as operator commands name it: the state folder's SQLite file,
    /// or the PostgreSQL URL without its password (the demo account's ~/.pgpass has it).
    let database: String
    /// `--db` and `--key-file` as given to scripts/ssh-demo (the URL with its password).
    let databaseOption: String?
    let keyFile: String?
    /// More options for every start (e.g. `--per-key 2`).
    let startOptions: [String]
    var binary: String { state + "/bin/termbank" }
    /// The account's login shell: what every way into the account runs.
    var loginShell: String { state + "/bin/termbank-shell" }

    /// `database`: a postgresql:// URL for a demo on a shared bank; `keyFile`:
    /// that bank's sealing key, from the first demo on it; `reset`: a fresh demo bank.
    init(passwords: Bool = true, database url: String? = nil, keyFile: String? = nil, reset: Bool = true,
         startOptions: [String] = []) throws {
        guard getuid() == 0 else {
            throw Failure(description: "the SSH demo tests need root: scripts/ssh-demo creates an account and runs sshd")
        }
        // StrictModes refuses key files below world-writable folders such as /tmp.
        state = "/var/lib/termbank-ssh-test-\(getpid())-\(UUID().uuidString.prefix(6).lowercased())"
        account = "tbt-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8).lowercased()
        keys = try ScratchFolder.make("termbank-ssh-keys")
        port = try SSHDemo.freePort()
        self.passwords = passwords
        databaseOption = url
        self.keyFile = keyFile
        self.startOptions = startOptions
        database = url.map(SSHDemo.withoutPassword) ?? state + "/bank/bank.sqlite"
        password = ""
        for name in ["alice", "bob", "carol", "other"] {
            try SSHDemo.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "test-\(name)", "-f", keys + "/" + name])
        }
        do {
            try start(reset: reset)
        } catch {
            stop()
            throw error
        }
    }

    /// scripts/ssh-demo start in the background (again, after a first start:
    /// the same state, account and port), keeping the password it printed.
    @discardableResult
    func start(reset: Bool = false) throws -> String {
        var arguments = ["start", "--background", "--state", state, "--account", account,
                         "--listen", "127.0.0.1:\(port)", "--binary", Termbank.binary.path,
                         "--authorize", keys + "/alice.pub", "--authorize", keys + "/bob.pub",
                         "--authorize", keys + "/carol.pub"]
        if reset { arguments.append("--reset") }
        if !passwords { arguments.append("--no-password") }
        if let databaseOption { arguments += ["--db", databaseOption] }
        if let keyFile { arguments += ["--key-file", keyFile] }
        arguments += startOptions
        let start = try SSHDemo.run(SSHDemo.repository.path + "/scripts/ssh-demo", arguments)
        startOutput = start.stdout + start.stderr
        guard start.status == 0 else {
            throw Failure(description: "scripts/ssh-demo start failed (\(start.status)): \(start.stderr)")
        }
        if passwords {
            guard let range = start.stdout.range(of: #"password: \S+"#, options: .regularExpression) else {
                throw Failure(description: "scripts/ssh-demo printed no password: \(start.stdout)")
            }
            password = String(start.stdout[range].dropFirst("password: ".count))
        }
        return start.stdout
    }

    /// Stops the demo: sessions end, the account's password is locked.
    @discardableResult
    func stopKeepingTheAccount() throws -> (status: Int32, stdout: String, stderr: String) {
        try SSHDemo.run(SSHDemo.repository.path + "/scripts/ssh-demo", ["stop", "--state", state])
    }

    /// Stops the demo and deletes its account, state folder and keys.
    func stop() {
        _ = try? SSHDemo.run(SSHDemo.repository.path + "/scripts/ssh-demo", ["remove", "--state", state])
        try? FileManager.default.removeItem(atPath: state)
        try? FileManager.default.removeItem(atPath: keys)
    }

    /// The account's password field in /etc/shadow: "!..." locked, "*" no password, else a hash.
    func shadowPassword() throws -> String {
        let entry = try SSHDemo.run("/usr/bin/getent", ["shadow", account]).stdout
        return entry.split(separator: ":", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
    }

    /// `postgresql://user:secret@host/db` as `postgresql://user@host/db`.
    static func withoutPassword(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + String(url[at...])
    }

    /// ssh's options for these tests: the given key, no prompts, no known_hosts.
    func sshArguments(key: String = "alice", extra: [String] = []) -> [String] {
        ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
         "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-i", keys + "/" + key, "-p", String(port)] + extra
            + ["\(account)@127.0.0.1"]
    }

    /// ssh signing in with the password (through SSH_ASKPASS), offering no key.
    func passwordLogin() throws -> [String] {
        let askpass = keys + "/askpass"
        try "#!/bin/sh\necho '\(password)'\n".write(toFile: askpass, atomically: true, encoding: .utf8)
        chmod(askpass, 0o700)
        return ["/usr/bin/env", "SSH_ASKPASS=\(askpass)", "SSH_ASKPASS_REQUIRE=force", "/usr/bin/ssh", "-tt",
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                "-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password", "-p", String(port),
                "\(account)@127.0.0.1"]
    }

    /// An operator command on the demo bank, run as the demo account so its files stay its own.
    func termbank(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try SSHDemo.run("/usr/sbin/runuser", ["-u", account, "--", binary] + arguments + ["--db", database])
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 120) throws
        -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let folder = URL(fileURLWithPath: try ScratchFolder.make("ssh-run"))
        let out = folder.appendingPathComponent("out")
        let err = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        return (process.terminationStatus, (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// A loopback port nobody listens on right now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "no socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "cannot bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The SSH test classes share one demo per class: started before its first
/// test, stopped after its last.
class SSHDemoTestCase: XCTestCase {
    nonisolated(unsafe) static var demo: SSHDemo?
    nonisolated(unsafe) static var startError: Error?

    override class func setUp() {
        do { demo = try SSHDemo() } catch { startError = error }
    }

    override class func tearDown() {
        demo?.stop()
        demo = nil
    }

    func running() throws -> SSHDemo {
        if let demo = Self.demo { return demo }
        XCTFail("the SSH demo did not start: \(Self.startError.map { "\($0)" } ?? "unknown")")
        throw SSHDemo.Failure(description: "no demo")
    }
}
