import Foundation
import TermBankCore
import TermBankApp
import TermBankSecurity
import TermBankTestKit
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

    /// Mid-session (a busy bank, a full disk, its file damaged or gone): the
    /// screen words it without the path (`AppCatalog`), and over SSH the
    /// operator's log gets the full line with the client's address.
    func testOverSSHAStoreFailureMidSessionGoesToTheOperatorsLogInFull() {
        var log: [String] = []
        let heard = RemoteUser.midSessionFailure(environment: ssh, log: { log.append($0) })
        for failure in [StoreError.busy(path: path, waitedMilliseconds: 5_000), .diskFull(path: path), .corrupt(path: path),
                        .readOnly(path: path), .backend("disk I/O error")] {
            log = []
            heard(failure)
            XCTAssertEqual(log.count, 1, "\(failure)")
            XCTAssertTrue(log.first?.contains("198.51.100.23") == true, "\(log)")
            XCTAssertTrue(log.first?.hasSuffix(failure.description) == true, "the whole line: \(log)")
        }
        XCTAssertTrue(log[0].contains("disk I/O error"), log[0])
        // A customer's own refusal, or any error not the server's, is no operator's news.
        log = []
        heard(StoreError.duplicateUser(Username(trusted: "alice")))
        heard(SessionError.notFound)
        XCTAssertEqual(log, [])
    }

    /// On the operator's own terminal no one else is at the screen: nothing is logged.
    func testLocallyAStoreFailureMidSessionIsNotLogged() {
        var log: [String] = []
        let heard = RemoteUser.midSessionFailure(environment: ["TERM": "xterm"], log: { log.append($0) })
        heard(StoreError.diskFull(path: path))
        XCTAssertEqual(log, [])
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
    /// Over SSH, alice's bank file is damaged while she is signed in (its
    /// pages overwritten, as a failing disk or a stray write would): the
    /// statement's refresh, and the terminal she gets back after quitting,
    /// name nothing of the server.
    func testOverSSHTheBankFailingMidSessionShowsTheRemoteUserNoPath() throws {
        let bank = try demoBank()
        let ssh = ["SSH_CONNECTION=198.51.100.23 50022 192.0.2.1 22", "XDG_CONFIG_HOME=\(bank.path)/config"]
        let command = ["/usr/bin/env"] + ssh + [Termbank.binary.path, "--db", bank.database, "--device", "iphone-touchid"]
        let app = try TmuxSession(["/bin/sh", "-c", command.map(TmuxSession.shellQuoted).joined(separator: " ")
                                   + "; echo EXIT=$?; exec cat"])
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.signIn(.alice)
        try app.waitFor("alice · iphone-touchid", "$5,000.00", "Opening balance")

        // The file's first pages (its header and schema) become zeros under the open app.
        let file = try XCTUnwrap(FileHandle(forWritingAtPath: bank.database))
        try file.write(contentsOf: Data(count: 16_384))
        try file.close()
        // Whatever the refresh says: the path, if it were shown, fails the test below, not this wait.
        let refused = try app.waitUntil("the refresh refused") {
            $0.shows(EnglishAppCatalog().text(SessionText.bankCannotDoThatNow)) || $0.lines.joined().contains("sqlite")
        }
        // What the app leaves on the terminal when she quits is read too.
        try app.press("C-c")
        let quit = try app.waitFor("Quit TermBank?")
        try app.press("y")
        let shell = try app.waitFor("EXIT=")
        for screen in [refused, quit, shell] {
            let unwrapped = screen.lines.joined()
            XCTAssertFalse(unwrapped.contains(bank.path) || unwrapped.contains(".sqlite") || unwrapped.contains("backup"),
                           "the server's path reached the remote user:\n\(screen.framed)")
        }
    }

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
