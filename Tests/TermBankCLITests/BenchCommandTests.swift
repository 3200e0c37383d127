import Foundation
import XCTest

/// `termbank bench ui` and `bench ssh` through the binary: the benchmarks live in
/// their own module, and the executable adds their commands to the table.
/// Figures are never asserted: benchmarks report them.
final class BenchCommandTests: XCTestCase {
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

    /// `--before PATH` measures an earlier binary in the same rounds and
    /// prints its figures and the ratios after / before.
    func testTheUIBenchmarkMeasuresAnEarlierBinaryInTheSameRun() throws {
        for tool in ["/usr/bin/dialog", "/usr/bin/time"] {
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool),
                              "\(tool) is missing (scripts/setup-deps installs it)")
        }
        let run = try Termbank.run(["bench", "ui", "--runs", "1", "--sessions", "1", "--binary", Termbank.binary.path,
                                    "--before", Termbank.binary.path], database: nil)
        XCTAssertEqual(run.status, 0, run.stderr + run.stdout)
        let fields = Dictionary(run.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { word -> (String, String)? in
            let parts = word.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { first, _ in first })
        for key in ["startup_before_ms_median", "before_startup_ms", "before_version_ms", "before_binary_mb",
                    "before_rest_rss_anon_kib", "before_rest_rss_file_kib", "before_sessions_pss_kib", "before_startup_ratio",
                    "after_over_before_startup", "after_over_before_rss_anon", "after_over_before_sessions_pss"] {
            XCTAssertGreaterThan(Double(fields[key] ?? "") ?? 0, 0, "\(key) in \(run.stdout)")
        }
        XCTAssertEqual(fields["after_over_before_binary"], "1.0", "the same file measured twice")
        let bad = try Termbank.run(["bench", "ui", "--binary", Termbank.binary.path, "--before", "/nonexistent/termbank"],
                                   database: nil)
        XCTAssertEqual(bad.status, 66, bad.stderr)
    }

    func testTheOverviewListsTheBenchmarksTheExecutableAdds() throws {
        let overview = try Termbank.run(["--help"], database: nil)
        XCTAssertEqual(overview.status, 0, overview.stderr)
        XCTAssertTrue(overview.stdout.contains("  termbank bench ledger "), overview.stdout)
        XCTAssertTrue(overview.stdout.contains("  termbank bench ui "), overview.stdout)
        XCTAssertTrue(overview.stdout.contains("  termbank bench statement "), overview.stdout)
        XCTAssertTrue(overview.stdout.contains("  termbank bench story "), overview.stdout)
        let group = try Termbank.run(["bench", "--help"], database: nil)
        XCTAssertEqual(group.status, 0, group.stderr)
        XCTAssertEqual(group.stdout.split(separator: "\n").filter { $0.hasPrefix("  termbank bench ") }.count, 4,
                       "ledger, ui, statement and story; ssh and worker are internal: \(group.stdout)")
    }

    func testSSHBenchmarkUsageMistakesExit64() throws {
        let noPort = try Termbank.run(["bench", "ssh", "--sessions", "2"], database: nil)
        XCTAssertEqual(noPort.status, 64, noPort.stderr)
        XCTAssertTrue(noPort.stderr.contains("--port"), noPort.stderr)
        let noKey = try Termbank.run(["bench", "ssh", "--port", "2222"], database: nil)
        XCTAssertEqual(noKey.status, 64, noKey.stderr)
        let badThink = try Termbank.run(["bench", "ssh", "--port", "2222", "--key", "/dev/null", "--state", "/nonexistent",
                                         "--think-ms", "-5"], database: nil)
        XCTAssertEqual(badThink.status, 64, badThink.stderr)
        let noState = try Termbank.run(["bench", "ssh", "--port", "2222", "--key", "/dev/null", "--state", "/nonexistent"],
                                       database: nil)
        XCTAssertEqual(noState.status, 66, noState.stderr)
        XCTAssertFalse(try Termbank.run(["--help"], database: nil).stdout.contains("bench ssh"), "internal: scripts/bench-ssh runs it")
    }
}

/// `termbank bench statement` through the binary: its last line's shape (figures are never asserted).
final class StatementBenchCommandTests: XCTestCase {
    func testTheStatementBenchmarkComparesALongHistoryWithTenPostingsInOneRun() throws {
        let run = try Termbank.run(["bench", "statement", "--postings", "3000", "--pages", "10", "--runs", "2"], database: nil)
        XCTAssertEqual(run.status, 0, run.stderr + run.stdout)
        let last = try XCTUnwrap(run.stdout.split(separator: "\n").last)
        let fields = Dictionary(last.split(separator: " ").compactMap { word -> (String, String)? in
            let parts = word.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(fields["postings"], "3000")
        XCTAssertEqual(fields["pages_long"], "10")
        for key in ["first_page_ms_long", "first_page_ms_short", "first_page_ratio", "page_p50_ms_long", "page_p50_ms_short",
                    "page_p50_ratio", "page_p99_ratio", "last_page_ms_long", "search_ms_long", "page_p50_ms_1000",
                    "page_p50_ratio_to_1000"] {
            XCTAssertGreaterThan(Double(fields[key] ?? "") ?? 0, 0, "\(key) in \(last)")
        }
    }
}
