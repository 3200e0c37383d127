import Foundation
import XCTest

/// One-time codes never travel as arguments: `ps`, /proc/PID/cmdline and shell
/// history show arguments to everyone on the machine. `verify check` and
/// `totp check` read the code from a prompt or standard input; the old form
/// is a usage error that says what to run instead, and uses nothing up.
final class CodesOffTheCommandLineTests: XCTestCase {
    func demoBank() throws -> Scratch {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        return scratch
    }

    func testACodeInVerifyChecksArgumentsIsAUsageErrorAndUsesNothingUp() throws {
        let scratch = try demoBank()
        let start = try Termbank.run(["verify", "start", "bob"], database: scratch.database)
        let id = String(start.stdout.dropFirst("request_id=".count).prefix(32))
        let inbox = try Termbank.run(["phone", "bob", "--last"], database: scratch.database).stdout
        let code = String(inbox.components(separatedBy: "code is ")[1].prefix(6))

        let old = try Termbank.run(["verify", "check", id, code], database: scratch.database)
        XCTAssertEqual(old.status, 64)
        XCTAssertTrue(old.stderr.hasPrefix("termbank: a code is not taken on the command line, where ps and shell "
                                           + "history would show it; run \"termbank verify check REQUEST_ID\""), old.stderr)
        XCTAssertEqual(old.stdout, "")
        XCTAssertTrue(try Termbank.run(["verify", "status", id], database: scratch.database).stdout
            .contains("status=\"IN PROGRESS\" events=1 wrong_checks=0"), "the old form checked nothing")

        let new = try Termbank.run(["verify", "check", id], database: scratch.database, stdin: code + "\n")
        XCTAssertEqual(new.status, 0, new.stderr)
        XCTAssertEqual(new.stdout, "Verified.\n")
    }

    func testACodeInTotpChecksArgumentsIsAUsageError() throws {
        let scratch = try demoBank()
        let old = try Termbank.run(["totp", "check", "carol", "123456"], database: scratch.database)
        XCTAssertEqual(old.status, 64)
        XCTAssertTrue(old.stderr.contains("run \"termbank totp check NAME\" and type the code when asked"), old.stderr)
        let none = try Termbank.run(["totp", "check", "carol"], database: scratch.database, stdin: "")
        XCTAssertEqual(none.status, 65)
        XCTAssertEqual(none.stderr, "termbank: No code given.\n")
    }

    func testTheHelpNamesNoCodeArgument() throws {
        let help = try Termbank.run(["verify", "--help"], database: nil).stdout
        XCTAssertTrue(help.contains("termbank verify check REQUEST_ID\n"), help)
        XCTAssertFalse(help.contains("REQUEST_ID CODE"), help)
    }
}
