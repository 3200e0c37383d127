import Glibc
import XCTest
@testable import TermBankBenchmarks

/// The memory figures `bench ui` reads from /proc.
final class ProcessMemoryTests: XCTestCase {
    func testStatusAndRollupLinesAreReadInKiB() {
        let fields = ProcessMemory.kibFields("Name:\ttermbank\nRssAnon:\t    2560 kB\nRssFile:\t   12 kB\nPss_Anon:   7 kB\nThreads: 1\n")
        XCTAssertEqual(fields, ["RssAnon": 2560, "RssFile": 12, "Pss_Anon": 7])
    }

    func testThisProcesssMemoryIsThere() throws {
        let memory = try XCTUnwrap(ProcessMemory.of(getpid()))
        XCTAssertGreaterThan(memory.rssAnon, 0)
        XCTAssertGreaterThan(memory.rssFile, 0)
        XCTAssertGreaterThan(memory.pss, 0)
        XCTAssertNil(ProcessMemory.of(-1))
    }
}
