import Foundation
import TermBankHarness
import XCTest

/// A bank on a PostgreSQL primary with a synchronous streaming-replication
/// standby (`pg_basebackup -R`), each test its own pair, run for real: the
/// operator reads the bank on the standby; the primary dies (`pg_ctl stop -m
/// immediate`) while transfers are running and the standby is promoted
/// (`pg_ctl promote`); the processes given both servers in one URL
/// (`target_session_attrs=read-write`) say what happened, find the new
/// primary, and every transfer they were told was booked is there, once
/// (docs/postgresql.md, "Standby and failover").
final class PostgresFailoverTests: XCTestCase {
    struct Pair {
        let primary: ThrowawayPostgres
        let standby: ThrowawayPostgres
        /// Both servers, primary first: libpq keeps the one that takes writes.
        var failoverURL: String { ThrowawayPostgres.url(naming: [primary, standby]) }
    }

    func pair() throws -> Pair {
        let primary = try ThrowawayPostgres()
        addTeardownBlock { primary.stop() }
        let standby = try primary.makeStandby()
        addTeardownBlock { standby.stop() }
        return Pair(primary: primary, standby: standby)
    }

    func assertOneLine(_ run: Termbank.Run, status: Int32, saying words: String...,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, status, run.stdout + run.stderr, file: file, line: line)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr, file: file, line: line)
        for words in words { XCTAssertTrue(run.stderr.contains(words), run.stderr, file: file, line: line) }
    }

    /// Polls for up to a minute (a guard against a hang, not a measure of speed).
    func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        for _ in 0..<1_200 {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("gave up waiting: \(what)")
        throw CancellationError()
    }

    // MARK: Reading a standby

    func testTheOperatorReadsTheBankOnAStandbyAndAWriteThereIsOneLineExit69() throws {
        let pair = try pair()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: pair.primary.url()).status, 0)
        XCTAssertEqual(try Termbank.run(["deposit", "alice", "checking", "12.34", "--id", "standby-1"],
                                        database: pair.primary.url()).status, 0)
        try pair.standby.waitForReplay(of: pair.primary)
        let standbyURL = pair.standby.url()

        let statement = try Termbank.run(["statement", "alice"], database: standbyURL)
        XCTAssertEqual(statement.status, 0, statement.stderr)
        XCTAssertTrue(statement.stdout.contains("5,012.34") && statement.stdout.contains("12.34"), statement.stdout)
        let check = try Termbank.run(["check"], database: standbyURL)
        XCTAssertTrue(check.stdout.hasPrefix("transfers=7 customer_total=45,012.34 ledger_total=0.00 consistent=yes"),
                      check.stdout + check.stderr)
        let users = try Termbank.run(["user", "list"], database: standbyURL)
        XCTAssertEqual(users.status, 0, users.stderr)
        XCTAssertTrue(users.stdout.contains("5,012.34"), users.stdout)
        let audit = try Termbank.run(["audit", "--user", "alice"], database: standbyURL)
        XCTAssertTrue(audit.status == 0 && audit.stdout.contains("deposit"), audit.stdout + audit.stderr)

        assertOneLine(try Termbank.run(["deposit", "alice", "checking", "1.00", "--id", "standby-2"], database: standbyURL),
                      status: 69, saying: "termbank: The database server for \(standbyURL) is a standby, which only reads",
                      "target_session_attrs=read-write")
        XCTAssertTrue(try Termbank.run(["check"], database: pair.primary.url()).stdout.hasPrefix("transfers=7 "),
                      "nothing was booked")
    }

    /// The app signs people in, which writes: on a standby it stops before
    /// the sign-in, with the same line and exit status as the operator's commands.
    func testTheAppStartedOnAStandbyStopsWithOneLineAndExit69() throws {
        let pair = try pair()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: pair.primary.url()).status, 0)
        try pair.standby.waitForReplay(of: pair.primary)
        let command = [Termbank.binary.path, "--db", pair.standby.url()].map(TmuxSession.shellQuoted).joined(separator: " ")
        let app = try TmuxSession(["/bin/sh", "-c", command + " 2>&1; echo \"exit status $?\"; sleep 60"])
        addTeardownBlock { app.kill() }
        let screen = try app.waitFor("exit status 69", "is a standby, which only reads")
        XCTAssertTrue(screen.shows("termbank: The database server for"), screen.text)
    }

    // MARK: Failover

    /// A process books transfers one after another through one URL naming
    /// both servers, and logs each the bank acknowledged. The primary dies
    /// mid-stream and the standby is promoted: the process says what
    /// happened, carries on against the new primary, and every transfer in
    /// its log is there exactly once (synchronous replication: a commit is
    /// acknowledged only once the standby has it). Asked again with the same
    /// client ids, the bank books none of them twice.
    func testEveryTransferAcknowledgedBeforeAFailoverIsOnThePromotedStandbyOnce() throws {
        let pair = try pair()
        let url = pair.failoverURL
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: url).status, 0)
        let folder = Scratch()
        let log = folder.path + "/acked.log", stop = folder.path + "/stop"
        func acknowledged() -> [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map {
                String($0.split(separator: " ")[1])
            }
        }
        let (worker, out, err) = try Termbank.start(["bench", "acked", "--log", log, "--stop-file", stop, "--prefix", "fo"],
                                                    database: url)
        func running() throws -> Bool {
            guard worker.isRunning else {
                let run = Termbank.finish(worker, out, err)
                XCTFail("the process ended: \(run.status) \(run.stdout) \(run.stderr)")
                throw CancellationError()
            }
            return true
        }
        try waitUntil("20 transfers acknowledged by the primary") { try running() && acknowledged().count >= 20 }

        try pair.primary.halt(mode: "immediate")
        // The operator promotes the standby once the clients say no server takes writes.
        try waitUntil("the process says the standby refused") {
            try running() && ((try? String(contentsOf: err, encoding: .utf8)) ?? "").contains("\(pair.standby.directory): session is read-only")
        }
        let beforePromotion = acknowledged().count
        try pair.standby.promote()
        try waitUntil("20 more acknowledged by the promoted standby") { try running() && acknowledged().count >= beforePromotion + 20 }
        FileManager.default.createFile(atPath: stop, contents: nil)
        worker.waitUntilExit()
        let run = Termbank.finish(worker, out, err)
        XCTAssertEqual(run.status, 0, run.stderr)

        let ids = acknowledged()
        XCTAssertEqual(Set(ids).count, ids.count)
        let stored = try pair.standby.psql("SELECT client_id FROM transfers WHERE client_id LIKE 'fo-%'", database: "termbank")
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(stored.count, ids.count, "each acknowledged transfer once, and nothing unacknowledged")
        XCTAssertEqual(Set(stored), Set(ids), "every acknowledged transfer is on the new primary")
        XCTAssertTrue(run.stdout.contains("outages=1 "), run.stdout)
        // What the process said while no server took writes, one line per message, no password in any.
        let said = run.stderr.split(separator: "\n")
        XCTAssertFalse(said.isEmpty)
        let shown = "postgresql://termbank@/termbank?host=\(pair.primary.directory),\(pair.standby.directory)"
        for line in said {
            XCTAssertTrue(line.hasPrefix("termbank: Cannot reach the database server for \(shown) (\(pair.primary.directory): ")
                          || line.hasPrefix("termbank: The connection to the database \(shown) was lost"), String(line))
        }

        let check = try Termbank.run(["check"], database: url)
        XCTAssertTrue(check.stdout.hasPrefix("transfers=\(6 + ids.count) customer_total=45,000.00 ledger_total=0.00 consistent=yes"),
                      check.stdout + check.stderr)
        let again = try Termbank.run(["bench", "acked", "--log", folder.path + "/again.log", "--prefix", "fo",
                                      "--transfers", String(ids.count)], database: url)
        XCTAssertTrue(again.stdout.hasPrefix("acked=\(ids.count) booked=0 replayed=\(ids.count) "), again.stdout + again.stderr)
    }

    /// alice is reviewing a transfer when the primary dies: Enter says the
    /// bank cannot be reached and keeps the signed-in session and the
    /// reviewed transfer; once the standby is promoted, Enter carries on
    /// there, and the transfer is booked once.
    func testTheAppKeepsTheReviewedTransferThroughAFailoverAndCarriesOnOnThePromotedStandby() throws {
        let pair = try pair()
        let url = pair.failoverURL
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: url).status, 0)
        let folder = Scratch()
        let app = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(folder.path)", "TERMBANK_KEY_FILE=\(folder.path)/bank.key",
                                   Termbank.binary.path, "--db", url, "--device", "iphone-touchid"])
        addTeardownBlock { app.kill() }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.type("alice")
        try app.press("Tab")
        try app.type("wonderland-42")
        try app.press("Enter")
        try app.waitFor("Is this your sitekey?", "Down the rabbit hole")
        try app.press("Enter")
        try app.waitFor("Touch ID")
        try app.press("Enter")
        try app.waitFor("alice · iphone-touchid", "$5,000.00")
        try app.press("t")
        try app.waitFor("Move money", "◀ Checking ▶")
        try app.type("250")
        try app.waitFor("$250.00 from Checking to Savings")
        try app.press("Enter")
        try app.waitFor("Review your transfer", "$5,000.00 → $4,750.00")

        try pair.primary.halt(mode: "immediate")
        try app.press("Enter")
        let refused = try app.waitFor("The bank cannot be reached just now; nothing was changed.", "Try again in a moment.",
                                      "Review your transfer", "$5,000.00 → $4,750.00")
        XCTAssertFalse(refused.shows("Signed out"), refused.text)
        XCTAssertFalse(refused.shows(pair.primary.directory) || refused.shows("postgresql"), "no address on the screen")

        try pair.standby.promote()
        try app.press("Enter")
        try app.waitFor("Approve this transfer", "Move $250.00 from Checking to Savings")
        let last = try Termbank.run(["phone", "alice", "--last"], database: url)
        XCTAssertTrue(last.stdout.contains("approves moving $250.00 from Checking to Savings"), last.stdout + last.stderr)
        let words = last.stdout.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".,")) }
        try app.type(try XCTUnwrap(words.first { $0.count == 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }))
        try app.waitFor("Transfer complete", "$4,750.00")
        let check = try Termbank.run(["check"], database: url)
        XCTAssertTrue(check.stdout.hasPrefix("transfers=7 customer_total=45,000.00 ledger_total=0.00 consistent=yes"),
                      check.stdout + check.stderr)
    }

    // MARK: Several hosts in one URL

    /// A server that hangs up while a connection signs in (a primary being
    /// stopped with `-m immediate` kills the backend that was starting) ends
    /// libpq's attempt there, before the next host is tried: the one line
    /// still says which server it was, as when every host was tried.
    func testAServerHangingUpDuringSignInIsNamedInTheOneLine() throws {
        let folder = Scratch()
        let primary = folder.path + "/primary", standby = folder.path + "/standby"
        for directory in [primary, standby] { XCTAssertEqual(mkdir(directory, 0o700), 0) }
        let server = try HangingUpServer(directory: primary)
        defer { server.stop() }
        let run = try Termbank.run(["user", "list"], database: "postgresql://teller@/termbank?host=\(primary),\(standby)"
                                   + "&target_session_attrs=read-write")
        assertOneLine(run, status: 69, saying: "termbank: Cannot reach the database server for "
                      + "postgresql://teller@/termbank?host=\(primary),\(standby) (\(primary): server closed the connection "
                      + "unexpectedly); nothing was changed.")
    }

    /// Every server of the URL down: one line naming each with libpq's
    /// reason, the URL shown host by host, and its password nowhere.
    func testEveryServerOfAMultiHostURLDownIsOneLineNamingEachAndNoPassword() throws {
        let password = "Fo-\(getpid())-s3cr3t"
        let tcp = try Termbank.run(["user", "list"],
                                   database: "postgresql://teller:\(password)@127.0.0.1:1,127.0.0.1:2/termbank?target_session_attrs=read-write")
        assertOneLine(tcp, status: 69, saying: "Cannot reach the database server for postgresql://teller@127.0.0.1:1,127.0.0.1:2/termbank "
                      + "(127.0.0.1:1: Connection refused", "; 127.0.0.1:2: Connection refused")
        let nowhere = Scratch()
        let sockets = try Termbank.run(["user", "list"], database: "postgresql://teller:\(password)@/termbank"
                                       + "?host=\(nowhere.path)/a,\(nowhere.path)/b&target_session_attrs=read-write")
        assertOneLine(sockets, status: 69, saying: "(\(nowhere.path)/a: No such file or directory; \(nowhere.path)/b: No such file")
        for run in [tcp, sockets] {
            XCTAssertFalse(run.stderr.contains("s3cr3t") || run.stdout.contains("s3cr3t"), run.stderr)
        }
    }
}
