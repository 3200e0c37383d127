import Glibc
import TermBankSystem
import XCTest

/// The posix_spawn-based child process that replaced Foundation's `Process`.
final class ChildProcessTests: XCTestCase {
    func testTheExitStatusAndCapturedOutputOfAProgramComeBack() throws {
        let ended = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 3"],
                                     output: .capture, errors: .capture).wait(seconds: 10)
        XCTAssertEqual(ended.exitStatus, 3)
        XCTAssertFalse(ended.succeeded)
        XCTAssertEqual(ended.outputText.split(separator: "\n").sorted(), ["err", "out"])
    }

    func testTextGoesToTheProgramsStandardInput() throws {
        let text = String(repeating: "0123456789abcdef\n", count: 20_000) // far more than a pipe holds
        let ended = try ChildProcess(executable: "/usr/bin/wc", arguments: ["-c"], input: .text(text),
                                     output: .capture).wait(seconds: 30)
        XCTAssertTrue(ended.succeeded)
        XCTAssertEqual(Int(ended.outputText.trimmingWhitespace()), text.utf8.count)
    }

    func testAProgramThatIgnoresItsInputDoesNotKillTheParent() throws {
        let ended = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "exec 0<&-; exit 0"],
                                     input: .text(String(repeating: "x", count: 1_000_000))).wait(seconds: 10)
        XCTAssertEqual(ended.exitStatus, 0)
    }

    func testAFileCanBeTheStandardInput() throws {
        let folder = try Files.makeTemporaryDirectory(prefix: "termbank-system-test")
        defer { Files.removeTree(folder) }
        try Files.write("one\ntwo\n", to: folder + "/input")
        let ended = try ChildProcess(executable: "/bin/cat", input: .file(folder + "/input"), output: .capture).wait()
        XCTAssertEqual(ended.outputText, "one\ntwo\n")
    }

    func testAProgramPastItsDeadlineIsKilledAndReaped() throws {
        let process = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
        let ended = process.wait(seconds: 0.2)
        XCTAssertTrue(ended.timedOut)
        XCTAssertEqual(ended.signal, SIGKILL)
        XCTAssertEqual(kill(process.pid, 0), -1, "the child is reaped, not left a zombie")
    }

    func testTheEnvironmentIsExactlyTheOneGiven() throws {
        let ended = try ChildProcess(executable: "/usr/bin/env", environment: ["ONLY": "this"], output: .capture).wait()
        XCTAssertEqual(ended.outputText, "ONLY=this\n")
    }

    func testAMissingProgramIsAnErrorNotACrash() {
        XCTAssertThrowsError(try ChildProcess(executable: "/nonexistent/program"))
    }
}
