import Foundation
import XCTest

/// A mistyped `--db` (or `$TERMBANK_DB`) once made an empty bank there, and
/// `user list` showed no users as if that were the bank. Now only the two
/// commands that make a bank (`demo reset`, `user add`) may find none; every
/// other command, and the app, is refused in one line naming the path and
/// the way out (exit 66), and leaves nothing behind: no file, no folder, no
/// `-wal`.
final class MissingBankTests: XCTestCase {
    /// Every command that needs a bank to exist, each with arguments it would
    /// accept on the demo bank: the ones that read and the ones that change it.
    static let commandsThatNeedABank: [[String]] = [
        ["user", "list"], ["user", "payees", "alice"], ["user", "unlock", "alice"],
        ["audit"], ["audit", "--user", "alice"], ["audit", "export"],
        ["check"], ["statement", "alice"], ["statement", "alice", "--format", "csv"],
        ["device", "list"], ["device", "add", "spare-phone", "--biometry", "none"], ["device", "enroll", "iphone-touchid"],
        ["phone", "alice"], ["verify", "start", "alice"], ["verify", "status", "0123456789abcdef0123456789abcdef"],
        ["deposit", "alice", "checking", "10.00"], ["reverse", "1"],
        ["totp", "status", "alice"], ["trusted", "list", "alice"], ["demo", "prune"],
        ["signin", "alice"],
    ]

    func assertRefusedAsNoBank(_ run: Termbank.Run, at path: String, _ command: [String],
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 66, "\(command): \(run.stderr)", file: file, line: line)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, "\(command): one line: \(run.stderr)", file: file, line: line)
        XCTAssertTrue(run.stderr.hasPrefix("termbank: No bank at \(path); nothing was made."), "\(command): \(run.stderr)",
                      file: file, line: line)
        XCTAssertTrue(run.stderr.contains("--db") && run.stderr.contains("\"termbank demo reset\""), run.stderr,
                      file: file, line: line)
        XCTAssertEqual(run.stdout, "", "\(command): nothing printed as if it were a bank", file: file, line: line)
    }

    func contents(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func testEveryCommandThatNeedsABankRefusesAMistypedPathAndMakesNothing() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        let typo = scratch.path + "/bnak.sqlite"
        for command in Self.commandsThatNeedABank {
            assertRefusedAsNoBank(try Termbank.run(command, database: typo, stdin: "wonderland-42\n"), at: typo, command)
        }
        XCTAssertEqual(contents(scratch.path).filter { $0.hasPrefix("bnak") }, [], "nothing beside the real bank")
    }

    /// `$TERMBANK_DB` mistyped is the same mistake, and a path into a folder
    /// that does not exist is no bank either (not "create the folder").
    func testAMistypedVariableOrFolderIsNoBankToo() throws {
        let scratch = Scratch()
        let typo = scratch.path + "/banks/main.sqlite"
        assertRefusedAsNoBank(try Termbank.run(["user", "list"], database: nil, environment: ["TERMBANK_DB": typo]),
                              at: typo, ["user", "list"])
        assertRefusedAsNoBank(try Termbank.run(["check"], database: typo), at: typo, ["check"])
        XCTAssertEqual(contents(scratch.path), [], "no folder was made")
    }

    /// With no `--db` at all, the default file under the home folder is not
    /// made by a command that reads, nor the folders on the way to it.
    func testTheDefaultBankIsNotMadeByACommandThatReads() throws {
        let scratch = Scratch()
        let home = scratch.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        let environment = ["HOME": home, "XDG_DATA_HOME": ""]
        let path = home + "/.local/share/termbank/termbank.sqlite"
        assertRefusedAsNoBank(try Termbank.run(["user", "list"], database: nil, environment: environment), at: path,
                              ["user", "list"])
        XCTAssertEqual(contents(home), [], "no ~/.local was made")

        // demo reset makes it, folders and all, and then the same command reads it.
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: nil, environment: environment).status, 0)
        let list = try Termbank.run(["user", "list"], database: nil, environment: environment)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("alice"), list.stdout)
    }

    /// What a mistyped path made before this change: a zero-length file. It
    /// holds no bank, so it is refused the same way, and stays zero bytes
    /// (no WAL mode switched on, no schema written, no `-wal` beside it).
    func testAnEmptyFileIsNoBankAndIsLeftAsItWas() throws {
        let scratch = Scratch()
        let empty = scratch.path + "/empty.sqlite"
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: nil, attributes: [.posixPermissions: 0o600]))
        assertRefusedAsNoBank(try Termbank.run(["user", "list"], database: empty), at: empty, ["user", "list"])
        XCTAssertEqual(contents(scratch.path), ["empty.sqlite"])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int, 0)
        // The commands that make a bank make it there.
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: empty).status, 0)
        XCTAssertEqual(try Termbank.run(["check"], database: empty).status, 0)
    }

    /// The two commands that make a bank: `demo reset` and, for a real bank,
    /// `user add` (its first customer). Each says where the bank now is.
    func testDemoResetAndUserAddMakeABankWhereThereIsNone() throws {
        let scratch = Scratch()
        let demo = scratch.path + "/demo.sqlite"
        let reset = try Termbank.run(["demo", "reset"], database: demo)
        XCTAssertEqual(reset.status, 0, reset.stderr)
        XCTAssertTrue(reset.stdout.contains("Demo bank ready in \(demo)"), reset.stdout)

        let real = scratch.path + "/real.sqlite"
        let add = try Termbank.run(["user", "add", "dora", "--phone", "+15550142"], database: real,
                                   stdin: "explorer-map-2026\n")
        XCTAssertEqual(add.status, 0, add.stderr)
        let list = try Termbank.run(["user", "list"], database: real)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("dora"), list.stdout)
        XCTAssertFalse(list.stdout.contains("alice"), "a real bank, not the demo one: \(list.stdout)")
    }

    /// The help says which commands make a bank.
    func testUserAddsHelpSaysItMakesTheBankAndOthersDoNot() throws {
        let help = try Termbank.run(["user", "add", "--help"], database: nil)
        XCTAssertTrue(help.stdout.contains("With no bank at --db yet, this makes one"), help.stdout)
    }
}

extension AppEndToEndTests {
    /// The customer's app on a mistyped path: the terminal comes back and the
    /// same one line says why, instead of a login form on an empty bank where
    /// every username is unknown.
    func testTheAppOnAMistypedPathSaysThereIsNoBankAndMakesNone() throws {
        let scratch = Scratch()
        let typo = scratch.path + "/bnak.sqlite"
        let command = ["/usr/bin/env", "XDG_CONFIG_HOME=\(scratch.path)/config", Termbank.binary.path, "--db", typo]
        let app = try TmuxSession(["/bin/sh", "-c", command.map(TmuxSession.shellQuoted).joined(separator: " ")
                                   + "; echo EXIT=$?; exec cat"])
        addTeardownBlock { app.kill(); _ = scratch }
        let shell = try app.waitFor("EXIT=66")
        XCTAssertTrue(shell.shows("termbank: No bank at \(typo); nothing was made."), shell.framed)
        XCTAssertFalse(shell.shows("Sign in to TermBank"), "the screen was given back:\n\(shell.framed)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: typo))
    }
}
