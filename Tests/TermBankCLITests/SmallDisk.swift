import Foundation
import Glibc
import XCTest

/// A real disk that fills up: an 8 MiB tmpfs mounted over a test's folder
/// (tests run as root), and a file that takes every byte left on it.
enum SmallDisk {
    /// Mounts the tmpfs over `folder` (hiding what was there) until the test
    /// ends; skips the test where mounting is refused (not root, or no
    /// CAP_SYS_ADMIN in a container).
    static func mount(over folder: String, for test: XCTestCase) throws {
        guard try run(["mount", "-t", "tmpfs", "-o", "size=8m,mode=0700", "tmpfs", folder]) == 0 else {
            throw XCTSkip("cannot mount a tmpfs here (not root, or no CAP_SYS_ADMIN): "
                          + "SQLiteFileTests.testADiskFullMidTransferChangesNothing stands in, with max_page_count")
        }
        // Lazily: the app or a store may still hold a file there.
        test.addTeardownBlock { _ = try? run(["umount", "-l", folder]) }
    }

    /// Writes to `path` until the disk refuses (ENOSPC): the disk is full.
    static func fill(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0xAB, count: 65_536)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    private static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/" + arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
