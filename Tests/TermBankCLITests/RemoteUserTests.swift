import Foundation
import TermBankCore
import TermBankSecurity
import XCTest
@testable import TermBankCLI

/// Over SSH the app's standard error is a remote user's screen: a refusal
/// that names the server's files (no bank at a path, a key file, a
/// PostgreSQL host) is told to them in one generic line with the same exit
/// code, and the operator's log gets the full line. Locally, and for the
/// operator's own commands, the line is as it was.
final class RemoteUserTests: XCTestCase {
    let path = "/srv/termbank/secret-folder/bank.sqlite"
    let ssh = ["SSH_CONNECTION": "198.51.100.23 50022 192.0.2.1 22"]

    func told(_ error: any Error, environment: [String: String]) -> (failure: CommandFailure, log: [String]) {
        var log: [String] = []
        let shown = RemoteUser.refusal(for: error, environment: environment, log: { log.append($0) })
        return (CommandFailure.from(shown), log)
    }

    func testOverSSHNoBankIsToldWithoutThePathAndTheOperatorsLogHasIt() {
        let (failure, log) = told(StoreError.noBank(path: path), environment: ssh)
        XCTAssertEqual(failure.message, RemoteUser.bankUnavailable)
        XCTAssertEqual(failure.code, .noInput, "exit 66, as before")
        XCTAssertFalse(failure.message.contains("/srv"), failure.message)
        XCTAssertEqual(log.count, 1)
        XCTAssertTrue(log[0].contains(path) && log[0].contains("198.51.100.23") && log[0].contains("exit 66"), log[0])
    }

    /// Every variable sshd sets in a session it starts counts, a ForceCommand's too.
    func testEachOfSSHDsVariablesMarksARemoteUser() {
        for variable in ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY", "SSH_ORIGINAL_COMMAND"] {
            let (failure, _) = told(StoreError.noBank(path: path), environment: [variable: "phone"])
            XCTAssertEqual(failure.message, RemoteUser.bankUnavailable, variable)
        }
    }

    /// Not only "no bank": every refusal that carries the server's path or
    /// the database's location, and the key file's, is told the same way.
    func testNoRefusalThatNamesTheServerReachesTheRemoteUser() {
        let location = "db.internal.example:5432/termbank"
        let store: [StoreError] = [
            .directoryMissing(path: path), .noBank(path: path), .permissionDenied(path: path), .readOnly(path: path),
            .notATermBankDatabase(path: path), .symbolicLink(path: path), .readableByOthers(path: path),
            .sharedFolder(path: path), .newerSchema(path: path, found: 99, supported: 14),
            .busy(path: path, waitedMilliseconds: 5_000), .diskFull(path: path), .corrupt(path: path),
            .sharedPhoneNumbers(path: path, users: ["alice"]), .needsUnicodeLibrary(path: path),
            .serverUnavailable(location: location, reason: "connection refused"), .authenticationFailed(location: location),
            .connectionLost(location: location), .readOnlyStandby(location: location), .backend("disk I/O error"),
        ]
        let errors: [any Error] = store + [KeyFileError.missing(path: path), KeyFileError.tooOpen(path: path)]
        for error in errors {
            let (failure, log) = told(error, environment: ssh)
            XCTAssertEqual(failure.message, RemoteUser.bankUnavailable, "\(error)")
            XCTAssertEqual(failure.code, CommandFailure.from(error).code, "\(error): the exit code is kept")
            XCTAssertEqual(log.count, 1, "\(error)")
        }
    }

    func testOnTheOperatorsOwnTerminalTheLineIsUnchanged() {
        let (failure, log) = told(StoreError.noBank(path: path), environment: [:])
        XCTAssertTrue(failure.message.hasPrefix("No bank at \(path); nothing was made."), failure.message)
        XCTAssertEqual(log, [])
    }

    /// The operator's commands are the operator's own, at an SSH login too: they keep the path.
    func testAnOperatorCommandOverSSHStillNamesThePath() throws {
        let scratch = Scratch()
        let typo = scratch.path + "/bnak.sqlite"
        let run = try Termbank.run(["user", "list"], database: typo, environment: ssh)
        XCTAssertEqual(run.status, 66, run.stderr)
        XCTAssertTrue(run.stderr.contains("No bank at \(typo)"), run.stderr)
    }
}

extension AppEndToEndTests {
    /// The app over SSH on a bank that is not there (a mistyped ForceCommand,
    /// a removed file): the remote user gets their terminal back and one
    /// line that names nothing of the server's, with exit 66; the demo's
    /// phone window (`ssh -t host phone`) likewise.
    func testTheAppOverSSHOnAMissingBankTellsTheRemoteUserNoPath() throws {
        let scratch = Scratch()
        let typo = scratch.path + "/bnak.sqlite"
        let ssh = ["SSH_CONNECTION=198.51.100.23 50022 192.0.2.1 22", "XDG_CONFIG_HOME=\(scratch.path)/config"]
        let app = ["/usr/bin/env"] + ssh + [Termbank.binary.path, "--db", typo]
        let phone = ["/usr/bin/env"] + ssh + ["SSH_ORIGINAL_COMMAND=phone", Termbank.binary.path, "--db", typo, "--demo"]
        for (command, size) in [(app, (80, 24)), (phone, (67, 21))] {
            let session = try TmuxSession(["/bin/sh", "-c", command.map(TmuxSession.shellQuoted).joined(separator: " ")
                                           + "; echo EXIT=$?; exec cat"], columns: size.0, rows: size.1)
            addTeardownBlock { session.kill(); _ = scratch }
            let shell = try session.waitFor("EXIT=66")
            // The terminal wraps the long line mid-word: read its rows as one.
            let unwrapped = shell.lines.joined()
            XCTAssertTrue(unwrapped.contains("termbank: " + RemoteUser.bankUnavailable + "EXIT=66"), shell.framed)
            XCTAssertFalse(unwrapped.contains(scratch.path) || unwrapped.contains("bnak"),
                           "the server's path reached the remote user:\n\(shell.framed)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: typo))
        }
    }
}
