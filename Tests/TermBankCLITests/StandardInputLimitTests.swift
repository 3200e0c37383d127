import Foundation
import XCTest

/// A line of standard input is read no further than its limit (1024 Unicode
/// scalars, 4096 bytes), counted in scalars and bytes, never in characters: a
/// letter followed by half a million combining marks is one character and
/// half a megabyte. Too long is refused whole, never cut short.
final class StandardInputLimitTests: XCTestCase {
    func testAPasteOfHalfAMillionCombiningMarksAsAPasswordIsRefusedAtTheLimit() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        let paste = scratch.path + "/paste"
        try ("a" + String(repeating: "\u{301}", count: 500_000) + "\n").write(toFile: paste, atomically: false, encoding: .utf8)
        let run = try Termbank.run(["user", "add", "mallory", "--phone", "+15550188"], database: scratch.database,
                                   stdinFile: paste)
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.stderr, "termbank: The line read is longer than 1024 characters (or 4096 bytes); nothing was done.\n")
        XCTAssertFalse(try Termbank.run(["user", "list"], database: scratch.database).stdout.contains("mallory"))
    }

    func testALineJustWithinTheLimitIsRead() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        // 1024 scalars: refused by the password policy (128 at most), which proves the line was read whole.
        let run = try Termbank.run(["user", "add", "mallory", "--phone", "+15550188"], database: scratch.database,
                                   stdin: String(repeating: "é", count: 1024) + "\n")
        XCTAssertEqual(run.stderr, "termbank: A password has at most 128 characters.\n")
    }

    func testInvalidUTF8OnStandardInputIsRefusedNotRepaired() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        let bytes = scratch.path + "/bytes"
        try Data([0x70, 0x61, 0xFF, 0x73, 0x0A]).write(to: URL(fileURLWithPath: bytes))
        let run = try Termbank.run(["signin", "alice"], database: scratch.database, stdinFile: bytes)
        XCTAssertEqual(run.stderr, "termbank: The line read is not UTF-8 text; nothing was done.\n")
    }
}
