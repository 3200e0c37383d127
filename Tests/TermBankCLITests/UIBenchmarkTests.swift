import Foundation
import XCTest
@testable import TermBankCLI

/// `termbank bench ui` end to end. Its figures are never asserted: benchmarks report them.
final class UIBenchmarkCommandTests: XCTestCase {
    func testTheUIBenchmarkDrivesBothProgramsAndPrintsItsLine() throws {
        for tool in ["/usr/bin/dialog", "/usr/bin/time"] {
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool),
                              "\(tool) is missing (scripts/setup-deps installs it)")
        }
        // The debug build stands in for the release binary: the output's shape is what is checked.
        let run = try Termbank.run(["bench", "ui", "--runs", "1", "--sessions", "2", "--binary", Termbank.binary.path],
                                   database: nil)
        XCTAssertEqual(run.status, 0, run.stderr + run.stdout)
        let last = try XCTUnwrap(run.stdout.split(separator: "\n").last)
        let keys = last.split(separator: " ").map { String($0.split(separator: "=")[0]) }
        XCTAssertEqual(keys, ["startup_ms_termbank", "startup_ms_dialog", "startup_ms_floor", "startup_ratio",
                              "version_ms_termbank", "version_ms_dialog", "version_ms_floor", "version_ratio",
                              "binary_mb_termbank", "binary_mb_floor",
                              "rest_rss_anon_kib_termbank", "rest_rss_anon_kib_dialog", "rest_rss_anon_kib_floor", "rss_anon_ratio",
                              "rest_rss_file_kib_termbank", "rest_rss_file_kib_dialog", "rest_rss_file_kib_floor", "rss_file_ratio",
                              "sessions_pss_mib_termbank", "sessions_pss_mib_dialog",
                              "peak_rss_kib_termbank", "peak_rss_kib_dialog", "rss_ratio", "pin_key_bytes_avg", "pin_key_bytes_max",
                              "screen_login_sitekey_bytes", "screen_sitekey_biometric_bytes", "screen_biometric_pin_bytes",
                              "screen_pin_statement_bytes", "screen_statement_transfer_bytes", "goals_met"])
        // A word without "=" fails the check above; it must not crash the whole test run.
        let fields = Dictionary(last.split(separator: " ").compactMap { word -> (String, String)? in
            let parts = word.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { first, _ in first })
        for key in keys.dropLast() {
            XCTAssertGreaterThan(Double(fields[key] ?? "") ?? 0, 0, "\(key) in \(last)")
        }
    }
}

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
