import Glibc
import TermBankSystem
import XCTest

final class FilesAndPathsTests: XCTestCase {
    func testPathsSplitLikeDirnameAndBasename() {
        XCTAssertEqual(Paths.directory(of: "/a/b/c"), "/a/b")
        XCTAssertEqual(Paths.directory(of: "/a/b/"), "/a")
        XCTAssertEqual(Paths.directory(of: "/c"), "/")
        XCTAssertEqual(Paths.directory(of: "c"), ".")
        XCTAssertEqual(Paths.lastComponent(of: "/usr/bin/dialog"), "dialog")
        XCTAssertEqual(Paths.lastComponent(of: "dialog"), "dialog")
    }

    func testHomeComesFromTheEnvironmentElseThePasswordDatabase() {
        XCTAssertEqual(Paths.home(environment: ["HOME": "/home/u"]), "/home/u")
        XCTAssertTrue(Paths.home(environment: [:]).hasPrefix("/"))
    }

    func testTheEnvironmentIsThisProcesss() {
        setenv("TERMBANK_SYSTEM_TEST", "a=b", 1)
        defer { unsetenv("TERMBANK_SYSTEM_TEST") }
        XCTAssertEqual(Paths.environment()["TERMBANK_SYSTEM_TEST"], "a=b")
    }

    /// A name the environment holds twice reads as `getenv` reads it: the first value.
    func testANameSetTwiceKeepsItsFirstValueAndEveryOtherNameIsKept() {
        let entries = ["TB_TWICE=first", "TB_ONCE=1", "TB_TWICE=second", "TB_EMPTY=", "no-equals-sign"]
        let strings = entries.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var table: [UnsafeMutablePointer<CChar>?] = strings + [nil]
        let environment = table.withUnsafeMutableBufferPointer { Paths.environment(from: $0.baseAddress!) }
        XCTAssertEqual(environment, ["TB_TWICE": "first", "TB_ONCE": "1", "TB_EMPTY": ""])
    }

    func testFilesAreWrittenReadListedAndRemoved() throws {
        let folder = try Files.makeTemporaryDirectory(prefix: "termbank-system-test")
        defer { Files.removeTree(folder) }
        var info = stat()
        XCTAssertEqual(stat(folder, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700, "mkdtemp makes a private folder")
        try Files.createDirectories(folder + "/x/y/z", mode: 0o700)
        XCTAssertTrue(Files.isDirectory(folder + "/x/y/z"))
        try Files.write("héllo\n", to: folder + "/x/file")
        XCTAssertEqual(Files.readText(folder + "/x/file"), "héllo\n")
        XCTAssertEqual(Files.list(folder + "/x").sorted(), ["file", "y"])
        XCTAssertFalse(Files.isExecutable(folder + "/x/file"))
        XCTAssertTrue(Files.isExecutable("/bin/sh"))
        XCTAssertFalse(Files.isExecutable(folder), "a folder is not an executable file")
        Files.removeTree(folder + "/x")
        XCTAssertFalse(Files.exists(folder + "/x"))
        XCTAssertNil(Files.read(folder + "/missing"))
    }

    func testRemovingATreeNeverFollowsALinkOutOfIt() throws {
        let folder = try Files.makeTemporaryDirectory(prefix: "termbank-system-test")
        let outside = try Files.makeTemporaryDirectory(prefix: "termbank-system-test")
        defer { Files.removeTree(outside) }
        try Files.write("keep", to: outside + "/precious")
        XCTAssertEqual(symlink(outside, folder + "/link"), 0)
        Files.removeTree(folder)
        XCTAssertFalse(Files.exists(folder))
        XCTAssertEqual(Files.readText(outside + "/precious"), "keep")
    }

    func testWhitespaceIsTrimmedAtBothEndsOnly() {
        XCTAssertEqual("  a b \n\t".trimmingWhitespace(), "a b")
        XCTAssertEqual(" \n ".trimmingWhitespace(), "")
    }
}
