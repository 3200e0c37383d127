import XCTest
@testable import TermBankHarness

/// A program in a pseudo-terminal of its own: the harness is its terminal.
final class PseudoTerminalProcessTests: XCTestCase {
    func shell(_ script: String, columns: Int = 20, rows: Int = 5) throws -> PseudoTerminalProcess {
        try PseudoTerminalProcess(executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
                                  columns: columns, rows: rows)
    }

    func testTheProgramSeesATerminalOfTheGivenSizeAndItsOutputLandsOnTheScreen() throws {
        let program = try shell("stty size; printf 'ready\\n'; read answer; printf 'got %s\\n' \"$answer\"")
        defer { program.terminate() }
        try program.waitFor("ready", seconds: 10)
        XCTAssertEqual(program.screen.text(row: 0), "5 20")
        try program.type("yes\r")
        try program.waitFor("got yes", seconds: 10)
        let exit = program.waitForExit(seconds: 10)
        XCTAssertTrue(exit.succeeded, exit.description)
        XCTAssertEqual(exit.description, "exit 0")
        XCTAssertGreaterThan(program.bytesRead, 0)
    }

    func testAScreenThatNeverComesIsAFailureThatShowsTheScreen() throws {
        let program = try shell("printf 'something else'; sleep 30")
        defer { program.terminate() }
        XCTAssertThrowsError(try program.waitFor("never shown", seconds: 0.5, what: "the missing screen")) { error in
            let failure = error as? PseudoTerminalProcess.Failure
            XCTAssertEqual(failure?.screen.first, "something else")
            XCTAssertTrue(failure?.message.contains("the missing screen") ?? false, failure?.message ?? "\(error)")
        }
    }

    func testAnExitStatusAndTheKilledProgramAreTold() throws {
        let failing = try shell("exit 3")
        let ended = failing.waitForExit(seconds: 10)
        XCTAssertFalse(ended.succeeded)
        XCTAssertEqual(ended.description, "exit 3")

        let stuck = try shell("trap '' TERM; echo deaf; sleep 30")
        try stuck.waitFor("deaf", seconds: 10)
        stuck.terminate()
        let killed = try XCTUnwrap(stuck.exit)
        XCTAssertFalse(killed.succeeded)
        XCTAssertTrue(killed.description.hasSuffix("(killed after the deadline)"), killed.description)
    }
}
