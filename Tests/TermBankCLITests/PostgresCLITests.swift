import Foundation
import TermBankHarness
import XCTest

/// The operator's commands on a PostgreSQL bank (`--db postgresql://...`),
/// on the test run's throwaway cluster: the same commands and the same
/// one-line errors as on SQLite, and a URL's password in no output at all.
final class PostgresCLITests: XCTestCase {
    func cluster() throws -> ThrowawayPostgres { try ThrowawayPostgres.shared() }

    func assertOneCleanLine(_ run: Termbank.Run, status: Int32, mentioning words: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, status, run.stderr, file: file, line: line)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr, file: file, line: line)
        XCTAssertTrue(run.stderr.hasPrefix("termbank: "), run.stderr, file: file, line: line)
        XCTAssertTrue(run.stderr.contains(words), run.stderr, file: file, line: line)
    }

    /// A role with a password owning a fresh schema: the URL carries the password.
    func passwordBank(_ name: String, password: String) throws -> (url: String, wrong: String) {
        let cluster = try cluster()
        let role = "\(name)_\(getpid())"
        try cluster.psql("CREATE ROLE \(role) LOGIN PASSWORD '\(password)'")
        try cluster.psql("CREATE SCHEMA \(role) AUTHORIZATION \(role)", database: "termbank")
        return (cluster.url(user: role, password: password, schema: role),
                cluster.url(user: role, password: password + "-not", schema: role))
    }

    func testDemoResetAndTheOperatorCommandsWorkOnPostgreSQL() throws {
        let url = try cluster().freshSchemaURL()
        let reset = try Termbank.run(["demo", "reset"], database: url)
        XCTAssertEqual(reset.status, 0, reset.stderr)
        XCTAssertTrue(reset.stdout.contains("alice"), reset.stdout)
        let deposit = try Termbank.run(["deposit", "alice", "checking", "12.34", "--id", "pg-cli-1"], database: url)
        XCTAssertEqual(deposit.status, 0, deposit.stderr)
        XCTAssertTrue(deposit.stdout.hasPrefix("Booked"), deposit.stdout)
        let again = try Termbank.run(["deposit", "alice", "checking", "12.34", "--id", "pg-cli-1"], database: url)
        XCTAssertTrue(again.stdout.hasPrefix("Already booked"), again.stdout)
        let users = try Termbank.run(["user", "list"], database: url)
        XCTAssertEqual(users.status, 0, users.stderr)
        XCTAssertTrue(users.stdout.contains("5,012.34"), users.stdout)
        let check = try Termbank.run(["check"], database: url)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.hasPrefix("transfers=7 customer_total=45,012.34 ledger_total=0.00 consistent=yes"),
                      check.stdout)
        let audit = try Termbank.run(["audit", "--user", "alice"], database: url)
        XCTAssertEqual(audit.status, 0, audit.stderr)
        XCTAssertTrue(audit.stdout.contains("deposit"), audit.stdout)
        let again2 = try Termbank.run(["demo", "reset", "--yes"], database: url)
        XCTAssertEqual(again2.status, 0, again2.stderr)
        XCTAssertTrue(try Termbank.run(["check"], database: url).stdout.hasPrefix("transfers=6 "))
    }

    func testAURLsPasswordAppearsInNoOutputAndNoError() throws {
        let password = "Pw-\(getpid())-s3cr3t"
        let bank = try passwordBank("teller", password: password)
        let socket = try cluster().directory
        var runs = [
            try Termbank.run(["demo", "reset"], database: bank.url),
            try Termbank.run(["user", "list"], database: bank.url),
            try Termbank.run(["check"], database: bank.url),
            try Termbank.run(["deposit", "nobody", "checking", "1.00"], database: bank.url),
            try Termbank.run(["user", "list"], database: bank.wrong),
            try Termbank.run(["user", "list"], database: "postgresql://teller:\(password)@/termbank?host=\(socket)/none"),
            try Termbank.run(["user", "list"], database: "postgresql://teller:\(password)%zz@/termbank"),
            try Termbank.run(["user", "list"], database: "postgresql://teller@/termbank?host=\(socket)&password=\(password)"),
        ]
        runs.append(try Termbank.run(["user", "list"], database: nil, environment: ["TERMBANK_DB": bank.wrong]))
        XCTAssertEqual(runs[0].status, 0, runs[0].stderr)
        XCTAssertEqual(runs[1].status, 0, runs[1].stderr)
        for run in runs {
            XCTAssertFalse(run.stdout.contains(password) || run.stderr.contains(password), run.stdout + run.stderr)
            XCTAssertFalse(run.stdout.contains("s3cr3t") || run.stderr.contains("s3cr3t"), run.stdout + run.stderr)
        }
        XCTAssertTrue(runs[0].stdout.contains("Demo bank ready in postgresql://teller_"), runs[0].stdout)
    }

    func testAWrongPasswordIsOneLineAndExit77() throws {
        let bank = try passwordBank("clerk", password: "right-one")
        assertOneCleanLine(try Termbank.run(["user", "list"], database: bank.wrong), status: 77,
                           mentioning: "refused the sign-in")
    }

    func testAServerThatIsDownIsOneLineAndExit69() throws {
        let nowhere = Scratch()
        assertOneCleanLine(try Termbank.run(["user", "list"], database: "postgresql://termbank@/termbank?host=\(nowhere.path)"),
                           status: 69, mentioning: "Cannot reach the database server")
    }

    func testADatabaseFromANewerVersionGetsTheSameLineAsSQLite() throws {
        let url = try cluster().freshSchemaURL()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: url).status, 0)
        let schema = try XCTUnwrap(url.components(separatedBy: "%3D").last)
        try cluster().psql("UPDATE \(schema).termbank_schema SET version = 99", database: "termbank")
        assertOneCleanLine(try Termbank.run(["user", "list"], database: url), status: 78,
                           mentioning: "was written by a newer TermBank (schema 99, this one knows up to")
    }

    /// A database name typed wrong is refused by the server; a right one with
    /// no bank in it yet gets the bank's schema only from the commands that
    /// make a bank, as a SQLite path does (MissingBankTests).
    func testADatabaseWithoutTheBankIsRefusedByACommandThatReadsAndMadeByDemoReset() throws {
        let url = try cluster().freshSchemaURL()
        let schema = try XCTUnwrap(url.components(separatedBy: "%3D").last)
        assertOneCleanLine(try Termbank.run(["user", "list"], database: url), status: 66,
                           mentioning: "nothing was made. Check --db (or $TERMBANK_DB)")
        XCTAssertEqual(try cluster().psql("SELECT count(*) FROM pg_tables WHERE schemaname = '\(schema)'",
                                          database: "termbank"), "0", "no schema was made")
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: url).status, 0)
        XCTAssertEqual(try Termbank.run(["user", "list"], database: url).status, 0)
    }

    func testAnotherApplicationsDatabaseIsNeverMigratedInto() throws {
        let url = try cluster().freshSchemaURL()
        let schema = try XCTUnwrap(url.components(separatedBy: "%3D").last)
        try cluster().psql("CREATE TABLE \(schema).invoices (id int)", database: "termbank")
        assertOneCleanLine(try Termbank.run(["user", "list"], database: url), status: 78,
                           mentioning: "is not a TermBank database")
        XCTAssertEqual(try cluster().psql("SELECT count(*) FROM pg_tables WHERE schemaname = '\(schema)'",
                                          database: "termbank"), "1", "nothing was created beside it")
    }
}

/// The Jepsen-style scenarios of ConcurrencyTests, on PostgreSQL: processes
/// that race, retry and are killed mid-transfer never create, lose or
/// half-book money, and a client id books once.
final class PostgresConcurrencyTests: XCTestCase {
    func scenarios() throws -> ConcurrencyScenarios {
        let scratch = Scratch()
        addTeardownBlock { _ = scratch }
        return ConcurrencyScenarios(database: try ThrowawayPostgres.shared().freshSchemaURL(), folder: scratch.path)
    }

    func testFourProcessesOfRandomTransfersConserveMoney() throws {
        try scenarios().fourProcessesOfRandomTransfersConserveMoney()
    }

    func testProcessesKilledAtRandomMomentsNeverLeaveHalfATransfer() throws {
        try scenarios().processesKilledAtRandomMomentsNeverLeaveHalfATransfer()
    }

    func testTheSameDepositIDFromTwoProcessesAtOnceBooksOnce() throws {
        try scenarios().theSameDepositIDFromTwoProcessesAtOnceBooksOnce()
    }
}

/// Every host of a shared bank must hold the same sealing key file: the
/// first host to need one makes it and the bank records its id; a host with
/// no key file, or another one, refuses to start what would use it.
final class PostgresSealingKeyTests: XCTestCase {
    func testAHostWithoutTheBanksKeyFileOrWithAnotherOneRefusesToStart() throws {
        let url = try ThrowawayPostgres.shared().freshSchemaURL()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: url).status, 0)
        let hostA = Scratch(), hostB = Scratch()
        let first = try Termbank.run(["totp", "status", "alice"], database: url, environment: ["XDG_CONFIG_HOME": hostA.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        let keyA = hostA.path + "/termbank/bank.key"
        XCTAssertTrue(FileManager.default.fileExists(atPath: keyA), "the first host made the bank's key")

        let lacking = try Termbank.run(["totp", "status", "alice"], database: url, environment: ["XDG_CONFIG_HOME": hostB.path])
        XCTAssertEqual(lacking.status, 78, lacking.stderr)
        XCTAssertTrue(lacking.stderr.hasPrefix("termbank: This host has no key file \(hostB.path)/termbank/bank.key"),
                      lacking.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: hostB.path + "/termbank/bank.key"), "no key was made")

        let otherKey = hostB.path + "/other.key"
        FileManager.default.createFile(atPath: otherKey, contents: Data((0..<32).map { UInt8($0) }),
                                       attributes: [.posixPermissions: 0o600])
        let wrong = try Termbank.run(["totp", "status", "alice", "--key-file", otherKey], database: url)
        XCTAssertEqual(wrong.status, 78, wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("is not the one this bank's authenticator secrets are sealed with"), wrong.stderr)

        let copied = hostB.path + "/copied.key"
        try FileManager.default.copyItem(atPath: keyA, toPath: copied)
        let right = try Termbank.run(["totp", "status", "alice"], database: url, environment: ["TERMBANK_KEY_FILE": copied])
        XCTAssertEqual(right.status, 0, right.stderr)
    }
}
