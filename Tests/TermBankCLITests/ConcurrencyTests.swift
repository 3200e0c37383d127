import Foundation
import XCTest

/// Many processes on one bank, in the Jepsen style: random concurrent
/// transfers (with client retries), processes killed at random moments, the
/// same request raced; afterwards the ledger's invariants must all hold.
/// The scenarios take the bank as `--db` names it, so PostgresConcurrencyTests
/// runs the same ones on PostgreSQL.
final class ConcurrencyTests: XCTestCase {
    func testFourProcessesOfRandomTransfersConserveMoney() throws {
        let scratch = Scratch()
        try ConcurrencyScenarios(database: scratch.database, folder: scratch.path).fourProcessesOfRandomTransfersConserveMoney()
    }

    func testProcessesKilledAtRandomMomentsNeverLeaveHalfATransfer() throws {
        let scratch = Scratch()
        try ConcurrencyScenarios(database: scratch.database, folder: scratch.path)
            .processesKilledAtRandomMomentsNeverLeaveHalfATransfer()
    }

    func testTheSameDepositIDFromTwoProcessesAtOnceBooksOnce() throws {
        let scratch = Scratch()
        try ConcurrencyScenarios(database: scratch.database, folder: scratch.path).theSameDepositIDFromTwoProcessesAtOnceBooksOnce()
    }

    func testTheLedgerBenchmarkPrintsItsLineAndConservesMoney() throws {
        // Without --db it works on its own scratch bank and never opens the default one.
        let home = Scratch()
        let run = try Termbank.run(["bench", "ledger", "--processes", "2", "--transfers", "60"], database: nil,
                                   environment: ["XDG_DATA_HOME": home.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/termbank"), "the default database was opened")
        let last = try XCTUnwrap(run.stdout.split(separator: "\n").last)
        let keys = last.split(separator: " ").map { String($0.split(separator: "=")[0]) }
        XCTAssertEqual(keys, ["engine", "processes", "transfers", "seconds", "rate_per_s", "p50_ms", "p99_ms",
                              "retries_per_1000", "open_ms", "total_before", "total_after", "conserved"])
        XCTAssertTrue(last.hasPrefix("engine=sqlite processes=2 transfers=60 "), String(last))
        // The demo bank's 45,000.00 and a customer of its own per process, 100,000.00 in each account.
        XCTAssertTrue(last.hasSuffix("total_before=44500000 total_after=44500000 conserved=yes"), String(last))
    }
}

/// The concurrency scenarios on one bank, SQLite file or PostgreSQL URL.
struct ConcurrencyScenarios {
    let database: String
    /// Where the workers write their reports.
    let folder: String

    struct LedgerState {
        let transfers: Int
        let customerTotal: String
        let consistent: Bool
    }

    /// `termbank check` verifies: total unchanged and zero-sum, no negative
    /// balance, every transfer two postings summing to zero, stored balances
    /// equal posting sums, running balances agree, integrity_check ok.
    func check(_ database: String, file: StaticString = #filePath, line: UInt = #line) throws -> LedgerState {
        let run = try Termbank.run(["check"], database: database)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr, file: file, line: line)
        var fields: [String: String] = [:]
        for pair in run.stdout.split(separator: "\n")[0].split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            fields[String(parts[0])] = String(parts[1])
        }
        return LedgerState(transfers: Int(fields["transfers"] ?? "") ?? -1, customerTotal: fields["customer_total"] ?? "",
                           consistent: fields["consistent"] == "yes")
    }

    func worker(index: Int, transfers: Int, retryEvery: Int? = nil) throws -> (Process, URL, URL) {
        try Termbank.start(["bench", "worker", "--transfers", String(transfers), "--seed", String(index + 1),
                            "--report", folder + "/report-\(index)", "--busy-timeout", "30000"]
                           + (retryEvery.map { ["--retry-every", String($0)] } ?? []),
                           database: database)
    }

    func report(_ index: Int) throws -> [String: Int] {
        let text = try String(contentsOfFile: folder + "/report-\(index)", encoding: .utf8)
        var fields: [String: Int] = [:]
        for pair in text.split(separator: "\n")[0].split(separator: " ") {
            let parts = pair.split(separator: "=")
            fields[String(parts[0])] = Int(parts[1])
        }
        return fields
    }

    func fourProcessesOfRandomTransfersConserveMoney() throws {
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: database).status, 0)
        let before = try check(database)

        let workers = try (0..<4).map { try worker(index: $0, transfers: 150, retryEvery: 7) }
        for (process, out, err) in workers {
            process.waitUntilExit()
            let run = Termbank.finish(process, out, err)
            XCTAssertEqual(run.status, 0, run.stderr)
        }

        let after = try check(database)
        XCTAssertTrue(after.consistent)
        XCTAssertEqual(after.customerTotal, before.customerTotal, "no money created or lost")
        let reports = try (0..<4).map { try report($0) }
        XCTAssertEqual(reports.map { $0["errors"] }, [0, 0, 0, 0])
        let booked = reports.map { $0["booked"] ?? 0 }.reduce(0, +)
        let replayed = reports.map { $0["replayed"] ?? 0 }.reduce(0, +)
        let refused = reports.map { $0["refused"] ?? 0 }.reduce(0, +)
        // A transfer the store gave up on ("busy, try again": on PostgreSQL 24
        // serialization failures in a row, which a loaded machine can cause)
        // was not acknowledged, and must have left nothing behind: the count
        // of new transfers below is the acknowledged bookings alone. How
        // many give up depends on the machine's load, not on the bank.
        let gaveUp = reports.map { $0["gave_up"] ?? -1 }.reduce(0, +)
        XCTAssertEqual(booked + replayed + refused + gaveUp, 600, "every request answered once")
        XCTAssertGreaterThan(booked, 0, "transfers were booked")
        XCTAssertGreaterThan(replayed, 0, "retries happened")
        XCTAssertEqual(after.transfers - before.transfers, booked,
                       "every acknowledged booking once, every retry the first booking, nothing from a give-up (\(gaveUp))")
    }

    func processesKilledAtRandomMomentsNeverLeaveHalfATransfer() throws {
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: database).status, 0)
        let total = try check(database).customerTotal
        var random = SystemRandomNumberGenerator()
        var lastCount = try check(database).transfers
        for round in 0..<6 {
            let workers = try (0..<3).map { try worker(index: round * 3 + $0, transfers: 100_000) }
            if round == 0 {
                // The kills must land while transfers are being booked: on a loaded machine the
                // workers can take longer than the random pause just to start, so the first round
                // waits until they book (checked every 100 ms for up to a minute, a hang guard).
                var booked = false
                for _ in 0..<600 where !booked {
                    booked = try check(database).transfers > lastCount
                    if !booked { Thread.sleep(forTimeInterval: 0.1) }
                }
                XCTAssertTrue(booked, "the workers booked nothing in a minute")
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0.15...0.6, using: &random))
            for (process, _, _) in workers { kill(process.processIdentifier, SIGKILL) }
            for (process, out, err) in workers {
                process.waitUntilExit()
                XCTAssertEqual(process.terminationReason, .uncaughtSignal)
                _ = Termbank.finish(process, out, err)
            }
            let state = try check(database)
            XCTAssertTrue(state.consistent, "round \(round)")
            XCTAssertEqual(state.customerTotal, total, "round \(round)")
            XCTAssertGreaterThanOrEqual(state.transfers, lastCount, "committed transfers survive the kill")
            lastCount = state.transfers
        }
        XCTAssertGreaterThan(lastCount, 6, "the workers got some transfers in before dying")
    }

    func theSameDepositIDFromTwoProcessesAtOnceBooksOnce() throws {
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: database).status, 0)
        for round in 0..<8 {
            let id = "race-deposit-\(round)"
            let racers = try (0..<2).map { _ in
                try Termbank.start(["deposit", "alice", "checking", "10.00", "--id", id], database: database)
            }
            let runs = racers.map { process, out, err in
                process.waitUntilExit()
                return Termbank.finish(process, out, err)
            }
            XCTAssertEqual(runs.map(\.status), [0, 0], runs.map(\.stderr).joined())
            XCTAssertEqual(runs.filter { $0.stdout.hasPrefix("Booked") }.count, 1, runs.map(\.stdout).joined())
            XCTAssertEqual(runs.filter { $0.stdout.hasPrefix("Already booked") }.count, 1)
        }
        let state = try check(database)
        XCTAssertEqual(state.transfers, 6 + 8)
        XCTAssertEqual(state.customerTotal, "45,080.00")
    }
}
