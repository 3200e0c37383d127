import Foundation
import TermBankHarness
import TermBankTestKit
import XCTest

/// Two `scripts/ssh-demo` instances on two ports, each with its own
/// account and state folder (as two hosts would be), share one bank on
/// PostgreSQL. A stakeholder on one port moves money; one on the other port,
/// typing nothing, sees it on her statement. The URL carries a password: it
/// goes to the demo account's ~/.pgpass and nowhere else (no printed line, no
/// login shell, no sshd_config, no command line). The second demo holds the
/// first one's sealing key file, as the operator distributes it; a third
/// without it is refused at start.
final class SSHDemoPostgresTests: XCTestCase {
    func testTwoDemosOnTwoPortsShareOnePostgreSQLBankAndNoneOfItShowsTheDatabasePassword() throws {
        let cluster = try ThrowawayPostgres.shared()
        // The demo accounts must reach the cluster's socket: search permission on
        // its folder (the data folder inside stays the postgres account's, 0700).
        chmod(cluster.directory, 0o711)
        addTeardownBlock { chmod(cluster.directory, 0o700) }
        let role = "sshdemo_\(getpid())"
        // A ':' and a '\' (escaped in ~/.pgpass), percent-escaped in the URL.
        let secret = "Pw:\(getpid())\\x-\(UUID().uuidString.prefix(8))"
        try cluster.psql("CREATE ROLE \(role) LOGIN PASSWORD '\(secret)'")
        try cluster.psql("CREATE SCHEMA \(role) AUTHORIZATION \(role)", database: "termbank")
        let escaped = secret.replacingOccurrences(of: "\\", with: "%5C").replacingOccurrences(of: ":", with: "%3A")
        let url = "postgresql://\(role):\(escaped)@/termbank?host=\(cluster.directory)&options=-csearch_path%3D\(role)"

        let first = try SSHDemo(database: url)
        addTeardownBlock { first.stop() }
        let second = try SSHDemo(database: url, keyFile: first.state + "/bank/bank.key", reset: false)
        addTeardownBlock { second.stop() }
        XCTAssertNotEqual(first.port, second.port)
        XCTAssertNotEqual(first.account, second.account)
        XCTAssertEqual(first.database, "postgresql://\(role)@/termbank?host=\(cluster.directory)&options=-csearch_path%3D\(role)")

        // alice on the first port, alice again (on another key's phone) on the second.
        let there = try connect(first, key: "alice")
        let here = try connect(second, key: "bob")
        try there.signIn(.alice, until: .sheetAnswered)
        try here.signIn(.alice, until: .sheetAnswered)
        try there.waitFor("alice · ", "$5,000.00", "$10,000.00")
        try here.waitFor("alice · ", "$5,000.00", "$10,000.00")

        try there.press("t")
        try there.waitFor("Move money", "◀ Checking ▶")
        try there.type("250")
        try there.waitFor("$250.00 from Checking to Savings")
        try there.press("Enter")
        try there.waitFor("Review your transfer")
        try there.press("Enter")
        try there.waitFor("Approve this transfer")
        // The operator reads the code from either demo: it is one bank.
        try there.type(try code(second))
        try there.waitFor("Transfer complete", "$4,750.00")

        // Nothing typed on the second port: its statement follows the shared ledger.
        try here.waitFor("alice · ", "$4,750.00", "$10,250.00", "Transfer to Savings", "Transfer from Checking")

        for demo in [first, second] {
            let check = try demo.termbank(["check"])
            XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
            XCTAssertTrue(check.stdout.contains("consistent=yes"), check.stdout)
        }

        // The password (as written, or as decoded) is nowhere but the accounts' ~/.pgpass.
        let forms = [secret, escaped, String(secret.dropFirst(3))]
        var places: [(String, String)] = []
        for demo in [first, second] {
            for file in ["bin/termbank-shell", "etc/sshd_config", "etc/database"] {
                places.append((demo.state + "/" + file, try String(contentsOfFile: demo.state + "/" + file, encoding: .utf8)))
            }
            places.append(("\(demo.account)'s start", demo.startOutput))
        }
        places += commandLines(of: [first.account, second.account])
        XCTAssertTrue(places.contains { $0.1.contains("--db 'postgresql://\(role)@/termbank?host=") }, "the app's command line")
        for (place, text) in places {
            for form in forms { XCTAssertFalse(text.contains(form), "the password is in \(place):\n\(text)") }
        }
        let pgpass = try String(contentsOfFile: "/var/lib/\(first.account)/.pgpass", encoding: .utf8)
        XCTAssertTrue(pgpass.hasSuffix(":\(role):\(secret.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:"))\n"),
                      "libpq's escapes")
        var info = stat()
        XCTAssertEqual(stat("/var/lib/\(first.account)/.pgpass", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)

        // A third demo on the bank without its sealing key is refused at start, before anyone connects.
        XCTAssertThrowsError(try SSHDemo(database: url, reset: false)) { error in
            XCTAssertTrue("\(error)".contains("has no key file"), "\(error)")
            XCTAssertTrue("\(error)".contains("--key-file set to the first one's STATE/bank/bank.key"), "\(error)")
            for form in forms { XCTAssertFalse("\(error)".contains(form), "\(error)") }
        }
    }

    // MARK: Driving the stakeholders

    func connect(_ demo: SSHDemo, key: String) throws -> TmuxSession {
        let session = try TmuxSession(["/usr/bin/ssh", "-tt"] + demo.sshArguments(key: key))
        addTeardownBlock { session.kill() }
        try session.waitFor("Welcome to the TermBank demo")
        try session.press("Enter")
        try session.waitFor("Sign in to TermBank")
        return session
    }

    /// The transfer's code from alice's simulated phone, as the operator reads it.
    func code(_ demo: SSHDemo) throws -> String {
        try lastCode(saying: "approves moving $250.00 from Checking to Savings") {
            let phone = try demo.termbank(["phone", "alice", "--last"])
            XCTAssertEqual(phone.status, 0, phone.stderr)
            return phone.stdout
        }
    }

    /// Every process's command line run by these accounts (sshd's session processes and the apps).
    func commandLines(of accounts: [String]) -> [(String, String)] {
        let ids = Set(accounts.compactMap { getpwnam($0)?.pointee.pw_uid })
        var found: [(String, String)] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(entry) != nil {
            var info = stat()
            guard stat("/proc/" + entry, &info) == 0, ids.contains(info.st_uid),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            found.append(("process \(entry): \(line)", line))
        }
        return found
    }
}
