import Foundation
import XCTest

/// Every bad state of the database file gets one clear line and a documented
/// exit code: never a stack trace, never a half-written change.
final class DatabaseStateTests: XCTestCase {
    func assertOneCleanLine(_ run: Termbank.Run, status: Int32, mentioning words: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, status, run.stderr, file: file, line: line)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr, file: file, line: line)
        XCTAssertTrue(run.stderr.hasPrefix("termbank: "), run.stderr, file: file, line: line)
        XCTAssertTrue(run.stderr.contains(words), run.stderr, file: file, line: line)
    }

    /// A command that makes a bank names the missing folder; one that reads
    /// finds no bank there (MissingBankTests). Neither makes the folder.
    func testMissingFolder() throws {
        let scratch = Scratch()
        let reset = try Termbank.run(["demo", "reset"], database: scratch.path + "/nope/bank.sqlite")
        assertOneCleanLine(reset, status: 66, mentioning: "The folder for the database does not exist")
        let list = try Termbank.run(["user", "list"], database: scratch.path + "/nope/bank.sqlite")
        assertOneCleanLine(list, status: 66, mentioning: "No bank at \(scratch.path)/nope/bank.sqlite")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path + "/nope"))
    }

    func testNotATermBankDatabase() throws {
        let scratch = Scratch()
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: scratch.database))
        assertOneCleanLine(try Termbank.run(["user", "list"], database: scratch.database), status: 78,
                           mentioning: "is not a TermBank database")
    }

    func testADatabaseFromANewerVersion() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [scratch.database, "PRAGMA user_version = 99"]
        try sqlite.run()
        sqlite.waitUntilExit()
        assertOneCleanLine(try Termbank.run(["user", "list"], database: scratch.database), status: 78,
                           mentioning: "newer TermBank")
    }

    func testLockedPastTheTimeout() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        // Another writer holds the write lock for longer than our timeout.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [scratch.database]
        let input = Pipe(), output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
        // sqlite3 answers the SELECT once BEGIN IMMEDIATE holds the lock.
        var answered = ""
        while !answered.contains("locked\n") {
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { return XCTFail("sqlite3 ended before taking the lock: \(answered)") }
            answered += String(decoding: more, as: UTF8.self)
        }
        let run = try Termbank.run(["deposit", "alice", "checking", "10", "--busy-timeout", "200"], database: scratch.database)
        try? input.fileHandleForWriting.close()
        holder.waitUntilExit()
        assertOneCleanLine(run, status: 75, mentioning: "stayed locked")
        XCTAssertTrue(try Termbank.run(["check"], database: scratch.database).stdout.hasPrefix("transfers=6 "),
                      "nothing was booked")
    }

    /// Root may open anything, so these run as an unprivileged user (`nobody`).
    func unprivileged() throws -> [String] {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to become an unprivileged user")
        }
        return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    }

    /// A demo bank owned by root in a folder `nobody` may enter, plus a copy
    /// of the binary there (the build folder may not be reachable by nobody).
    func prepareSharedFolder() throws -> (Scratch, [String]) {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        XCTAssertEqual(try Termbank.run(["check"], database: scratch.database).status, 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path)
        let copy = scratch.path + "/termbank"
        try FileManager.default.copyItem(atPath: Termbank.binary.path, toPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
        return (scratch, [copy])
    }

    func testUnreadableFile() throws {
        let prefix = try unprivileged()
        let (scratch, binary) = try prepareSharedFolder()
        let run = try Termbank.run(["user", "list"], database: scratch.database, prefix: prefix, binary: binary)
        assertOneCleanLine(run, status: 77, mentioning: "Permission denied")
    }

    func testReadOnlyFile() throws {
        let prefix = try unprivileged()
        let (scratch, binary) = try prepareSharedFolder()
        for file in [scratch.database, scratch.database + "-wal", scratch.database + "-shm"]
            where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        }
        let run = try Termbank.run(["deposit", "alice", "checking", "10"], database: scratch.database, prefix: prefix,
                                   binary: binary)
        assertOneCleanLine(run, status: 77, mentioning: "read-only")
        // Readable by others is refused even to the owner; back to 0600, nothing was changed.
        let refused = try Termbank.run(["check"], database: scratch.database)
        XCTAssertEqual(refused.status, 78)
        XCTAssertTrue(refused.stderr.contains("can be read by other users; refusing it. Run: chmod 600"), refused.stderr)
        for file in [scratch.database, scratch.database + "-wal", scratch.database + "-shm"]
            where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }
        XCTAssertTrue(try Termbank.run(["check"], database: scratch.database).stdout.hasPrefix("transfers=6 "))
    }
}
