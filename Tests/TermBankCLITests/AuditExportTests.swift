import Foundation
@testable import TermBankCLI
import XCTest

/// `termbank audit export`: the whole trail, oldest first, as JSON Lines, for
/// the operator to keep before archiving a database (TermBank never deletes
/// audit rows). The file is new, private, and never a link or an old file.
final class AuditExportTests: XCTestCase {
    func demoBank() throws -> Scratch {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        XCTAssertEqual(try Termbank.run(["signin", "alice"], database: scratch.database, stdin: "not-her-password\n").status, 1)
        return scratch
    }

    func testTheExportHoldsEveryRowOldestFirstInANewPrivateFile() throws {
        let scratch = try demoBank()
        let file = scratch.path + "/audit.jsonl"
        let run = try Termbank.run(["audit", "export", "--out", file], database: scratch.database)
        XCTAssertEqual(run.status, 0, run.stderr)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        let objects = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objects.map { $0["id"] as? Int }, Array(1...lines.count).map { $0 })
        XCTAssertEqual(run.stdout, "Exported \(lines.count) audit records (ids 1 to \(lines.count)) to \(file) (mode 0600).\n")
        let failure = try XCTUnwrap(objects.last)
        XCTAssertEqual(failure["event"] as? String, "signin.failure")
        XCTAssertEqual(failure["username"] as? String, "alice")
        XCTAssertFalse(try String(contentsOfFile: file, encoding: .utf8).contains("not-her-password"))

        // In steps: only what came after the last id exported.
        XCTAssertEqual(try Termbank.run(["signin", "bob"], database: scratch.database, stdin: "nope-nope\n").status, 1)
        let more = try Termbank.run(["audit", "export", "--after", String(lines.count)], database: scratch.database)
        XCTAssertEqual(more.stdout.split(separator: "\n").count, 1, more.stdout)
        XCTAssertTrue(more.stdout.hasPrefix("{\"id\":\(lines.count + 1),"), more.stdout)
    }

    func testAnExportNeverWritesOverAFileOrThroughALink() throws {
        let scratch = try demoBank()
        let existing = scratch.path + "/existing"
        try "keep".write(toFile: existing, atomically: false, encoding: .utf8)
        let link = scratch.path + "/link"
        XCTAssertEqual(symlink(scratch.path + "/target", link), 0)
        for path in [existing, link] {
            let run = try Termbank.run(["audit", "export", "--out", path], database: scratch.database)
            XCTAssertEqual(run.status, 74, path)
            XCTAssertTrue(run.stderr.hasPrefix("termbank: Cannot create \(path): "), run.stderr)
        }
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "keep")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path + "/target"))
    }

    func testATamperedStringIsEscapedToPrintableASCIIAndLosesNothing() throws {
        let tampered = "a\u{1B}[31m\u{202E}é\"\\\n"
        let encoded = AuditExport.json(tampered)
        XCTAssertEqual(encoded, "\"a\\u001b[31m\\u202eé\\\"\\\\\\u000a\"".replacingOccurrences(of: "é", with: "\\u00e9"))
        XCTAssertTrue(encoded.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) })
        let decoded = try JSONSerialization.jsonObject(with: Data(("[" + encoded + "]").utf8)) as? [String]
        XCTAssertEqual(decoded, [tampered])
    }
}
