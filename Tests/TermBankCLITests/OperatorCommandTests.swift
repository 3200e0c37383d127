import Foundation
import TermBankStorage
import XCTest

/// The operator's command line, driven through the real binary: output a
/// person reads, and the documented exit codes scripts rely on.
final class OperatorCommandTests: XCTestCase {
    func demoBank() throws -> Scratch {
        let scratch = Scratch()
        let reset = try Termbank.run(["demo", "reset"], database: scratch.database)
        XCTAssertEqual(reset.status, 0, reset.stderr)
        return scratch
    }

    func testDemoResetCreatesTheSeedsThreeCustomers() throws {
        let scratch = Scratch()
        let run = try Termbank.run(["demo", "reset"], database: scratch.database)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("alice  wonderland-42   +15550100  off  5,000.00  10,000.00"), run.stdout)
        XCTAssertTrue(run.stdout.contains("bob    builder-2026    +15550101  on   5,000.00  10,000.00"), run.stdout)
        XCTAssertTrue(run.stdout.contains("carol  quiet-harbor-7  +15550102  off  5,000.00  10,000.00"), run.stdout)
        let check = try Termbank.run(["check"], database: scratch.database)
        XCTAssertEqual(check.stdout, "transfers=6 customer_total=45,000.00 ledger_total=0.00 consistent=yes\n")
    }

    func testHelpIsGeneratedForEveryCommand() throws {
        let overview = try Termbank.run(["--help"], database: nil)
        XCTAssertEqual(overview.status, 0)
        for command in ["demo reset", "user add", "user list", "user unlock", "audit", "bench ledger", "deposit",
                        "statement", "reverse", "check"] {
            XCTAssertTrue(overview.stdout.contains("termbank \(command)"), command)
            let help = try Termbank.run(command.split(separator: " ").map(String.init) + ["--help"], database: nil)
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.stdout.hasPrefix("termbank \(command)"), help.stdout)
        }
        XCTAssertFalse(overview.stdout.contains("bench worker"), "internal commands stay out of the overview")
        let version = try Termbank.run(["--version"], database: nil)
        XCTAssertTrue(version.stdout.hasPrefix("termbank 0.1.0\ndatabase schema \(SQLiteBankStore.latestSchemaVersion) on SQLite, "), version.stdout)
    }

    /// The overview reads on an 80-column terminal: the longest usage (bench
    /// ledger's, 150 columns) used to set the column every summary started at.
    func testTheOverviewsShortUsagesKeepTheirSummaryWithinEightyColumns() throws {
        let overview = try Termbank.run(["--help"], database: nil).stdout.split(separator: "\n").map(String.init)
        let userList = overview.first { $0.hasPrefix("  termbank user list ") } ?? ""
        XCTAssertTrue(userList.hasSuffix("List users, balances and sign-in locks"), userList)
        XCTAssertLessThanOrEqual(userList.count, 80, userList)
        let bench = overview.firstIndex { $0.hasPrefix("  termbank bench ledger ") } ?? 0
        XCTAssertFalse(overview[bench].contains("Benchmark"), "a long usage is alone on its line")
        XCTAssertTrue(overview[bench + 1].hasPrefix("      Benchmark: N processes book"), overview[bench + 1])
    }

    func testUsageMistakesExit64WithAMessage() throws {
        let scratch = try demoBank()
        let cases: [[String]] = [["frobnicate"], ["user", "add", "dave"], ["user", "add", "dave", "--phone"],
                                 ["audit", "--limit", "zero"], ["audit", "--colour"], ["statement"],
                                 ["statement", "alice", "bob"], ["user"], ["deposit", "alice", "pocket", "5"]]
        for arguments in cases {
            let run = try Termbank.run(arguments, database: scratch.database)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
            XCTAssertFalse(run.stderr.isEmpty && run.stdout.isEmpty, "\(arguments)")
            XCTAssertFalse(run.stderr.contains("Fatal error"), run.stderr)
        }
    }

    func testBadValuesExit65AndUnknownUsers67() throws {
        let scratch = try demoBank()
        let amount = try Termbank.run(["deposit", "alice", "checking", "1e3"], database: scratch.database)
        XCTAssertEqual(amount.status, 65)
        XCTAssertEqual(amount.stderr, "termbank: Write the amount in plain digits, like 1,250.00.\n")
        let nobody = try Termbank.run(["statement", "nobody"], database: scratch.database)
        XCTAssertEqual(nobody.status, 67)
        XCTAssertEqual(nobody.stderr, "termbank: No user named \"nobody\".\n")
        let escape = try Termbank.run(["statement", "\u{1B}[2Jx"], database: scratch.database)
        XCTAssertEqual(escape.status, 65)
        XCTAssertFalse(escape.stderr.contains("\u{1B}"), "nothing from outside reaches the terminal raw")
        let reverse = try Termbank.run(["reverse", "TB-ABC"], database: scratch.database)
        XCTAssertEqual(reverse.status, 65)
    }

    func testUserAddReadsThePasswordFromStdinAndEnforcesThePolicy() throws {
        let scratch = try demoBank()
        let common = try Termbank.run(["user", "add", "dave", "--phone", "+1 555 0199"], database: scratch.database,
                                      stdin: "password1\n")
        XCTAssertEqual(common.status, 65)
        XCTAssertTrue(common.stderr.contains("too common"), common.stderr)
        let short = try Termbank.run(["user", "add", "dave", "--phone", "+1 555 0199"], database: scratch.database,
                                     stdin: "short\n")
        XCTAssertEqual(short.status, 65)
        let added = try Termbank.run(["user", "add", "Dave", "--phone", "+1 555 0199", "--sitekey", "owl",
                                      "--phrase", "Night watch"], database: scratch.database, stdin: "tidal-lantern-88\n")
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertFalse(added.stdout.contains("tidal-lantern"), "the password is never echoed")
        let again = try Termbank.run(["user", "add", "dave", "--phone", "+1 555 0199"], database: scratch.database,
                                     stdin: "tidal-lantern-88\n")
        XCTAssertEqual(again.status, 65)
        XCTAssertEqual(again.stderr, "termbank: A user named \"dave\" already exists.\n")

        let signIn = try Termbank.run(["signin", "DAVE"], database: scratch.database, stdin: "tidal-lantern-88\n")
        XCTAssertEqual(signIn.stdout, "Signed in as dave.\n")
        let list = try Termbank.run(["user", "list"], database: scratch.database)
        XCTAssertTrue(list.stdout.contains("dave   +15550199  off  owl"), list.stdout)
    }

    /// A customer's name with an escape sequence (or a bidi override, which
    /// could turn a name around on screen) is refused in words, exit 65:
    /// it used to end in "termbank: unexpected error: Problem", exit 70.
    func testANameWithEscapeSequencesOrABidiOverrideIsRefusedInWords() throws {
        let scratch = try demoBank()
        for name in ["Eve \u{1B}[31mRed", "Eve \u{1B}]0;pwned\u{07}", "Mal\u{202E}evil", "Eve\u{9B}31m"] {
            let run = try Termbank.run(["user", "add", "eve", "--phone", "+1 555 0199", "--name", name],
                                       database: scratch.database, stdin: "tidal-lantern-88\n")
            XCTAssertEqual(run.status, 65, "\(name.unicodeScalars.map(\.value)): \(run.stderr)")
            XCTAssertEqual(run.stderr, "termbank: A name has 1 to 64 printable characters.\n")
        }
        XCTAssertFalse(try Termbank.run(["user", "list"], database: scratch.database).stdout.contains("eve"),
                       "nobody was created")
    }

    func testLockoutAndOperatorUnlockThroughTheCommandLine() throws {
        let scratch = try demoBank()
        for _ in 0..<3 { try Termbank.run(["signin", "bob"], database: scratch.database, stdin: "not-his-password\n") }
        let fourth = try Termbank.run(["signin", "bob"], database: scratch.database, stdin: "not-his-password\n")
        XCTAssertEqual(fourth.status, 1)
        XCTAssertTrue(fourth.stderr.contains("One attempt left"), fourth.stderr)
        let fifth = try Termbank.run(["signin", "bob"], database: scratch.database, stdin: "not-his-password\n")
        XCTAssertTrue(fifth.stderr.contains("locked until"), fifth.stderr)
        XCTAssertTrue(try Termbank.run(["user", "list"], database: scratch.database).stdout.contains("locked until"))
        XCTAssertEqual(try Termbank.run(["user", "unlock", "bob"], database: scratch.database).stdout,
                       "Unlocked bob; failed sign-ins reset.\n")
        XCTAssertEqual(try Termbank.run(["signin", "bob"], database: scratch.database, stdin: "builder-2026\n").status, 0)
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "3"], database: scratch.database)
        XCTAssertTrue(audit.stdout.contains("signin.success"), audit.stdout)
        XCTAssertTrue(audit.stdout.contains("account.unlock"), audit.stdout)
        XCTAssertFalse(audit.stdout.contains("not-his-password") || audit.stdout.contains("builder-2026"))
    }

    func testDepositStatementAndReversal() throws {
        let scratch = try demoBank()
        let deposit = try Termbank.run(["deposit", "carol", "savings", "$1,250.50", "--id", "payroll-2026-11"],
                                       database: scratch.database)
        XCTAssertEqual(deposit.stdout, "Booked TB-000007: deposit of 1,250.50 to carol's Savings; balance 11,250.50.\n")
        let retry = try Termbank.run(["deposit", "carol", "savings", "$1,250.50", "--id", "payroll-2026-11"],
                                     database: scratch.database)
        XCTAssertEqual(retry.stdout, "Already booked TB-000007: deposit of 1,250.50 to carol's Savings; balance 11,250.50.\n")
        let reversal = try Termbank.run(["reverse", "TB-000007"], database: scratch.database)
        XCTAssertEqual(reversal.stdout, "Booked TB-000008: reversal of TB-000007, 1,250.50.\n")
        let twice = try Termbank.run(["reverse", "TB-000007"], database: scratch.database)
        XCTAssertEqual(twice.status, 65)
        XCTAssertEqual(twice.stderr, "termbank: TB-000007 was already reversed by TB-000008.\n")
        let statement = try Termbank.run(["statement", "carol"], database: scratch.database)
        let lines = statement.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "carol: Checking 5,000.00, Savings 10,000.00")
        XCTAssertTrue(lines[1].hasPrefix("BOOKED (UTC)"))
        XCTAssertTrue(lines[2].contains("TB-000008  Savings   Reversal of TB-000007  -1,250.50  10,000.00"), lines[2])
        XCTAssertTrue(lines[3].contains("TB-000007  Savings   Deposit                 1,250.50  11,250.50"), lines[3])
    }

    func testResetRefusesToWipeARealBankUnlessTold() throws {
        let scratch = Scratch()
        let added = try Termbank.run(["user", "add", "erin", "--phone", "+44 20 7946 0958"], database: scratch.database,
                                     stdin: "granite-harbour-3\n")
        XCTAssertEqual(added.status, 0, added.stderr)
        let refused = try Termbank.run(["demo", "reset"], database: scratch.database)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("pass --yes"), refused.stderr)
        XCTAssertTrue(try Termbank.run(["user", "list"], database: scratch.database).stdout.contains("erin"))
        XCTAssertEqual(try Termbank.run(["demo", "reset", "--yes"], database: scratch.database).status, 0)
        XCTAssertFalse(try Termbank.run(["user", "list"], database: scratch.database).stdout.contains("erin"))
    }
}
