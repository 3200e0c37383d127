import Foundation
import TermBankHarness
import XCTest

/// `termbank bench ledger --db postgresql://…` runs each process count on
/// PostgreSQL and on a SQLite file side by side, says how each engine makes a
/// commit durable, and checks both ledgers afterwards. Tiny counts: this is
/// the command's specification, not a measurement (docs/benchmarks.md has those).
final class PostgresBenchTests: XCTestCase {
    func testTheLedgerBenchmarkRunsBothEnginesSideBySideAndBothLedgersBalance() throws {
        let url = try ThrowawayPostgres.shared().freshSchemaURL()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: url).status, 0)
        let home = Scratch()
        let run = try Termbank.run(["bench", "ledger", "--processes", "1,2", "--transfers", "30", "--db", url],
                                   database: nil, environment: ["XDG_DATA_HOME": home.path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)

        // How each engine makes a commit durable, as the engines report it.
        XCTAssertTrue(lines.contains { $0.hasPrefix("SQLite: ") && $0.contains("journal_mode=WAL, PRAGMA synchronous = FULL") },
                      run.stdout)
        let postgres = try XCTUnwrap(lines.first { $0.hasPrefix("PostgreSQL: ") }, run.stdout)
        XCTAssertTrue(postgres.contains("SERIALIZABLE"), postgres)
        XCTAssertTrue(postgres.contains("synchronous_commit=on"), postgres)

        // One line per engine and count, each with its ledger checked; then one table.
        let runs = lines.filter { $0.hasPrefix("engine=") }
        XCTAssertEqual(runs.map { String($0.prefix { $0 != " " }) + " " + String($0.split(separator: " ")[1]) },
                       ["engine=sqlite processes=1", "engine=postgresql processes=1",
                        "engine=sqlite processes=2", "engine=postgresql processes=2"])
        for line in runs {
            XCTAssertTrue(line.contains(" retries_per_1000="), line)
            XCTAssertTrue(line.hasSuffix(" conserved=yes"), line)
            let fields = Dictionary(uniqueKeysWithValues: line.split(separator: " ").map {
                ($0.split(separator: "=")[0], $0.split(separator: "=")[1])
            })
            XCTAssertEqual(fields["total_before"], fields["total_after"], line)
        }
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("processes  engine") }, run.stdout)
        XCTAssertEqual(lines[header + 1 ... header + 4].map { $0.split(separator: " ").prefix(2).joined(separator: " ") },
                       ["1 SQLite", "1 PostgreSQL", "2 SQLite", "2 PostgreSQL"])
        let last = try XCTUnwrap(lines.last)
        XCTAssertTrue(last.hasPrefix("runs=4 crossover_processes="), last)
        XCTAssertTrue(last.hasSuffix(" conserved=yes"), last)

        // The bank's own check agrees afterwards, and the password-free URL is what was named.
        let check = try Termbank.run(["check"], database: url)
        XCTAssertTrue(check.stdout.contains("consistent=yes"), check.stdout + check.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/termbank"), "the default database was opened")
    }
}
