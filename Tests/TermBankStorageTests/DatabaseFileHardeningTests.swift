import Foundation
import TermBankCore
@testable import TermBankStorage
import XCTest

/// The database, its -wal and -shm, and their folder, against someone else on
/// the machine: a link planted where the file should be is refused (never
/// written through), and files or folders others can read or write are refused
/// with the command that fixes them.
final class DatabaseFileHardeningTests: XCTestCase {
    let directory = TemporaryDirectory()
    var path: String { directory.file("bank.sqlite") }

    /// A database made and closed, as a previous run leaves it.
    func makeDatabase() throws {
        _ = try SQLiteBankStore(path: path)
    }

    func victim() throws -> String {
        let victim = directory.file("victim")
        try "keep".write(toFile: victim, atomically: false, encoding: .utf8)
        return victim
    }

    func assertRefused(_ expected: StoreError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SQLiteBankStore(path: path), file: file, line: line) {
            XCTAssertEqual($0 as? StoreError, expected, file: file, line: line)
        }
    }

    func testASymlinkPlantedAsTheDatabaseIsRefusedAndItsTargetIsUntouched() throws {
        let victim = try victim()
        XCTAssertEqual(symlink(victim, path), 0)
        assertRefused(.symbolicLink(path: path))
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "keep")
        XCTAssertTrue(StoreError.symbolicLink(path: path).description.contains("Pass --db with the real path"))
    }

    func testASymlinkPlantedAsTheWALIsRefusedAndItsTargetIsUntouched() throws {
        try makeDatabase()
        let victim = try victim()
        unlink(path + "-wal")
        XCTAssertEqual(symlink(victim, path + "-wal"), 0)
        assertRefused(.symbolicLink(path: path + "-wal"))
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "keep")
    }

    func testADatabaseOthersCanReadIsRefusedWithTheChmodAdvice() throws {
        try makeDatabase()
        for mode: mode_t in [0o644, 0o640, 0o604] {
            chmod(path, mode)
            assertRefused(.readableByOthers(path: path))
        }
        XCTAssertTrue(StoreError.readableByOthers(path: path).description.hasSuffix("Run: chmod 600 \(path)"))
        chmod(path, 0o600)
        XCTAssertNoThrow(try SQLiteBankStore(path: path))
    }

    func testAWALOrSharedMemoryFileOthersCanReadIsRefused() throws {
        let open = try SQLiteBankStore(path: path)   // keeps the -wal and -shm in place
        for companion in [path + "-wal", path + "-shm"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: companion))
            chmod(companion, 0o644)
            assertRefused(.readableByOthers(path: companion))
            chmod(companion, 0o600)
        }
        XCTAssertNoThrow(try SQLiteBankStore(path: open.path))
    }

    func testAFolderOthersCanCreateFilesInIsRefused() throws {
        try makeDatabase()
        for mode: mode_t in [0o1777, 0o777, 0o702] {
            chmod(directory.path, mode)
            assertRefused(.sharedFolder(path: directory.path))
        }
        chmod(directory.path, 0o700)
        XCTAssertNoThrow(try SQLiteBankStore(path: path))
    }

    /// Group-writable is shared when the group has anyone else: here `nogroup`,
    /// the primary group of `nobody`.
    func testAFolderWritableByAGroupWithOtherMembersIsRefused() throws {
        try makeDatabase()
        guard getuid() == 0, let nobody = getpwnam("nobody") else { throw XCTSkip("needs root and a nobody account") }
        XCTAssertEqual(chown(directory.path, 0, nobody.pointee.pw_gid), 0)
        chmod(directory.path, 0o770)
        assertRefused(.sharedFolder(path: directory.path))
    }

    /// Debian's user private groups make folders 0775: the group is the owner alone, so nobody else can write.
    func testAFolderWritableOnlyByTheOwnersPrivateGroupOpens() throws {
        try makeDatabase()
        let groups = try String(contentsOfFile: "/etc/group", encoding: .utf8).split(separator: "\n")
        let accounts = try String(contentsOfFile: "/etc/passwd", encoding: .utf8).split(separator: "\n")
        guard getuid() == 0, groups.contains("root:x:0:"),
              accounts.filter({ $0.split(separator: ":", omittingEmptySubsequences: false)[3] == "0" }).count == 1 else {
            throw XCTSkip("needs root, with root's group its own")
        }
        XCTAssertEqual(chown(directory.path, 0, 0), 0)
        chmod(directory.path, 0o775)
        XCTAssertNoThrow(try SQLiteBankStore(path: path))
    }

    /// Links on the way to the folder are the operator's choice (a home on another disk).
    func testALinkedFolderOnTheWayStillOpens() throws {
        try makeDatabase()
        let linked = directory.file("via-link")
        XCTAssertEqual(symlink(directory.path, linked), 0)
        XCTAssertNoThrow(try SQLiteBankStore(path: linked + "/bank.sqlite"))
    }
}
