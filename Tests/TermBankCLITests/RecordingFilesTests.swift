import Foundation
import TermBankCore
import XCTest
@testable import TermBankCLI

/// `termbank demo recordings` and `termbank demo prune --recordings` on a folder of asciicast files
/// (docs/decisions/0117): what each lists, and which go after the guests' 24 hours.
final class RecordingFilesTests: XCTestCase {
    private func write(_ folder: String, _ name: String, startedSecondsAgo: Int, origin: String, length: String) throws {
        let start = Int(Date().timeIntervalSince1970) - startedSecondsAgo
        let text = "{\"version\": 2, \"width\": 80, \"height\": 24, \"timestamp\": \(start), \"title\": \"TermBank demo (\(origin))\"}\n"
            + "[0.021000, \"o\", \"hello\"]\n[\(length), \"o\", \"bye\"]\n"
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8),
                                                     attributes: [.posixPermissions: 0o600]))
    }

    func testRecordingsAreListedAndThoseOlderThanTheGuestsDayArePrunedUnlessKept() throws {
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let folder = bank.path + "/recordings"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try write(folder, "session-old.cast", startedSecondsAgo: 25 * 3600, origin: "address 192.0.2.7", length: "125.500000")
        try write(folder, "session-new.cast", startedSecondsAgo: 600, origin: "key SHA256:abc", length: "61.000000")
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/notes.txt", contents: Data("not a recording".utf8)))

        let listed = try Termbank.run(["demo", "recordings", folder], database: bank.database)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let rows = listed.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.count, 4, listed.stdout)
        XCTAssertTrue(rows[1].contains("2m06s") && rows[1].contains("80x24") && rows[1].contains("address 192.0.2.7")
                      && rows[1].contains("session-old.cast"), listed.stdout)
        XCTAssertTrue(rows[2].contains("1m01s") && rows[2].contains("key SHA256:abc") && rows[2].contains("session-new.cast"),
                      listed.stdout)
        XCTAssertEqual(rows[3], "2 recordings in \(folder).")

        let kept = try Termbank.run(["demo", "prune", "--recordings", folder, "--keep-recordings"], database: bank.database)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/session-old.cast"))

        let pruned = try Termbank.run(["demo", "prune", "--recordings", folder], database: bank.database)
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertTrue(pruned.stdout.contains("1 recording older than 24 hours removed"), pruned.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/session-old.cast"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/session-new.cast"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/notes.txt"))

        XCTAssertEqual(try Termbank.run(["demo", "prune", "--keep-recordings"], database: bank.database).status, 64)
    }

    /// A browser door's recording (docs/decisions/0130) is titled by the browser's fingerprint, as the app names
    /// the browser it made a guest from: the list finds that guest, as it does a key's.
    func testABrowsersRecordingNamesTheDemoCustomerItMade() throws {
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        // The browser's id as the door hands it to the app: sshd's ExposeAuthInfo form.
        let originFile = bank.path + "/browser.auth"
        let id = Data((0..<32).map { UInt8($0 * 7 % 256) }).base64EncodedString()
        try "publickey termbank-web \(id)\n".write(toFile: originFile, atomically: true, encoding: .utf8)
        let origin = RecordingFiles.browserOrigin(authFile: originFile)
        let fingerprint = try XCTUnwrap(SSHIdentity.acceptedKey(environment: ["SSH_USER_AUTH": originFile])?.fingerprint)
        XCTAssertEqual(origin, "browser " + fingerprint)
        XCTAssertFalse(origin.contains(id), "the browser's id is in the title")
        let guest = try GuestRules.makeGuest(on: bank.database, config: bank.path + "/config",
                                             origin: DemoOrigin(keyFingerprint: fingerprint, address: "127.0.0.1"))
        let folder = bank.path + "/recordings"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try write(folder, "session-web.cast", startedSecondsAgo: 60, origin: origin, length: "12.000000")

        let listed = try Termbank.run(["demo", "recordings", folder], database: bank.database)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let row = listed.stdout.split(separator: "\n").map(String.init).first { $0.contains("session-web.cast") } ?? ""
        XCTAssertTrue(row.contains(origin) && row.contains(guest.user.username.rawValue) && row.contains("/4"), listed.stdout)
    }

    /// `termbank web --record DIR` writes only into a folder of its user's that no one else may write.
    func testOnlyAPrivateFolderTakesRecordings() throws {
        let bank = Scratch()
        let folder = bank.path + "/recordings"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        XCTAssertNil(RecordingFiles.privateFolderProblem(folder))
        XCTAssertNotNil(RecordingFiles.privateFolderProblem("recordings"), "a relative path")
        XCTAssertNotNil(RecordingFiles.privateFolderProblem(folder + "/none"), "no folder")
        try FileManager.default.setAttributes([.posixPermissions: 0o770], ofItemAtPath: folder)
        XCTAssertNotNil(RecordingFiles.privateFolderProblem(folder), "group-writable")
        try FileManager.default.setAttributes([.posixPermissions: 0o703], ofItemAtPath: folder)
        XCTAssertNotNil(RecordingFiles.privateFolderProblem(folder), "world-writable")
        // Another user's folder (only root can hand one over).
        guard getuid() == 0 else { return }
        try FileManager.default.setAttributes([.posixPermissions: 0o700, .ownerAccountID: 65_534], ofItemAtPath: folder)
        XCTAssertNotNil(RecordingFiles.privateFolderProblem(folder), "another user's")
    }
}
