import Glibc
import TermBankCLI
import TermBankCore
import TermBankHarness
import TermBankStorage
import TermBankSystem

/// `termbank bench failover`: the documented failover run, measured. On a
/// throwaway primary and a synchronous hot standby (`pg_basebackup -R`,
/// fsync on, in private folders): the commit latency of one process booking
/// transfers with the standby synchronous and asynchronous, side by side;
/// then a process booking through one URL naming both servers while the
/// primary is killed (`pg_ctl stop -m immediate`) and, a pause later, the
/// standby promoted (`pg_ctl promote`): how long until the process books
/// again, and whether every transfer it was told was booked is there, once.
enum FailoverBenchmark {
    static let command = Command(
        ["bench", "failover"], arguments: "[--transfers N] [--rounds R] [--pause-ms MS]",
        summary: "Benchmark: commit latency with a synchronous standby and without; a failover, measured",
        details: ["Makes a throwaway PostgreSQL primary and a hot standby (pg_basebackup -R, fsync on) in private",
                  "temporary folders, and a demo bank. Commit latency: one process books N transfers (default 300)",
                  "with the standby synchronous (synchronous_standby_names, synchronous_commit=on) and with it",
                  "asynchronous, alternately, R rounds each (default 3). Failover: a process books transfers through",
                  "a URL naming both (target_session_attrs=read-write); the primary is stopped with -m immediate;",
                  "MS later (default 1000: the operator's decision) the standby is promoted. Counts the transfers",
                  "acknowledged and those found on the new primary, and times promote and the first booking after it.",
                  "Last line: sync_p50_ms= sync_p99_ms= async_p50_ms= async_p99_ms= acked_before_crash= acked=",
                  "found= lost= unacknowledged= replayed= promote_ms= promote_to_booking_ms= outage_ms= consistent=yes|no"],
        valued: ["transfers", "rounds", "pause-ms"], hidden: true, run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let transfers = try arguments.positiveInt("transfers", default: 300, max: 1_000_000)
        let rounds = try arguments.positiveInt("rounds", default: 3, max: 100)
        let pause = try arguments.positiveInt("pause-ms", default: 1_000, max: 600_000)
        let console = context.console
        let scratch = try ScratchFolder.make("termbank-failover")
        defer { Files.removeTree(scratch) }

        let primary: ThrowawayPostgres
        let standby: ThrowawayPostgres
        do {
            primary = try ThrowawayPostgres(durable: true)
            standby = try primary.makeStandby(name: "standby1", synchronous: true)
        } catch {
            throw CommandFailure("Cannot start PostgreSQL: \(error)", code: .unavailable)
        }
        defer {
            standby.stop()
            primary.stop()
        }
        let url = ThrowawayPostgres.url(naming: [primary, standby])
        try termbank(["demo", "reset", "--db", url])
        console.print("Primary \(primary.directory), standby \(standby.directory): fsync on, synchronous_commit=on")

        // Commit latency: the same process's bookings, alternately with and without waiting for the standby.
        var latency: [Bool: [(p50: String, p99: String)]] = [true: [], false: []]
        _ = try acked(url, transfers: 30, prefix: "warm", scratch: scratch)
        for round in 0..<rounds {
            for synchronous in [true, false] {
                try primary.setSynchronousStandby(synchronous ? "standby1" : nil)
                let summary = try acked(url, transfers: transfers, prefix: "lat\(round)\(synchronous ? "s" : "a")",
                                        scratch: scratch)
                latency[synchronous, default: []].append((summary["p50_ms"] ?? "?", summary["p99_ms"] ?? "?"))
                console.print("round \(round + 1) \(synchronous ? "synchronous " : "asynchronous") standby: "
                              + "p50_ms=\(summary["p50_ms"] ?? "?") p99_ms=\(summary["p99_ms"] ?? "?")")
            }
        }
        try primary.setSynchronousStandby("standby1")

        // The failover.
        let log = scratch + "/failover.log", stop = scratch + "/stop"
        let worker = try ChildProcess(executable: Paths.executable(), arguments: [
            "bench", "acked", "--db", url, "--log", log, "--stop-file", stop, "--prefix", "failover",
        ], input: .null, output: .capture, errors: .capture)
        func acknowledged() -> [Substring] {
            (Files.readText(log) ?? "").split(separator: "\n").map { $0.split(separator: " ")[1] }
        }
        try waitFor { acknowledged().count >= 200 }
        try primary.halt(mode: "immediate")
        let crashed = Stopwatch.nanoseconds()
        let beforeCrash = acknowledged().count
        usleep(UInt32(pause) * 1_000)
        let promoting = Stopwatch.nanoseconds()
        try standby.promote()
        let promoted = Stopwatch.nanoseconds()
        let afterPromotion = acknowledged().count
        try waitFor(every: 2_000) { acknowledged().count > afterPromotion }
        let bookedAgain = Stopwatch.nanoseconds()
        try waitFor { acknowledged().count >= afterPromotion + 200 }
        try Files.write("", to: stop)
        let ended = worker.wait(seconds: 120)
        let summary = fields(ended.outputText)

        let lines = (Files.readText(log) ?? "").split(separator: "\n").map { $0.split(separator: " ") }
        let ids = lines.map { String($0[1]) }
        let replayed = lines.filter { $0[2] == "replayed" }.count
        let found = try standby.psql("SELECT client_id FROM transfers WHERE client_id LIKE 'failover-%'", database: "termbank")
            .split(separator: "\n").map(String.init)
        let lost = Set(ids).subtracting(found).count
        // Booked but never acknowledged (the process retries each until it is): none expected.
        let unacknowledged = Set(found).subtracting(ids).count
        let check = try termbank(["check", "--db", url])
        let consistent = check.containsText("consistent=yes") && ended.succeeded && found.count == Set(found).count
        let said = ended.outputText.split(separator: "\n").filter { $0.hasPrefix("termbank: ") }
        console.print("During the failover the process said:")
        for line in said { console.print("  " + line) }
        console.print(check.split(separator: "\n").first.map(String.init) ?? "")

        func median(_ values: [String]) -> String {
            let sorted = values.compactMap(Double.init).sorted()
            return sorted.isEmpty ? "?" : LedgerBenchmark.format(sorted[sorted.count / 2])
        }
        func milliseconds(_ from: UInt64, _ to: UInt64) -> String { String((to - from) / 1_000_000) }
        let synchronous = latency[true] ?? [], asynchronous = latency[false] ?? []
        let outage = summary["longest_outage_ms"] ?? milliseconds(crashed, bookedAgain)
        var last = "sync_p50_ms=" + median(synchronous.map(\.p50)) + " sync_p99_ms=" + median(synchronous.map(\.p99))
        last += " async_p50_ms=" + median(asynchronous.map(\.p50)) + " async_p99_ms=" + median(asynchronous.map(\.p99))
        last += " acked_before_crash=\(beforeCrash) acked=\(ids.count) found=\(found.count) lost=\(lost)"
        last += " unacknowledged=\(unacknowledged) replayed=\(replayed) promote_ms=" + milliseconds(promoting, promoted)
        last += " promote_to_booking_ms=" + milliseconds(promoted, bookedAgain) + " outage_ms=" + outage
        last += " consistent=" + (consistent ? "yes" : "no")
        console.print(last)
        return consistent && lost == 0 && unacknowledged == 0 ? .ok : .failure
    }

    /// Runs `bench acked` to the end; its last line's fields.
    static func acked(_ url: String, transfers: Int, prefix: String, scratch: String) throws -> [String: String] {
        fields(try termbank(["bench", "acked", "--db", url, "--log", scratch + "/\(prefix).log", "--prefix", prefix,
                             "--transfers", String(transfers)]))
    }

    static func fields(_ output: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in (output.split(separator: "\n").last ?? "").split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }

    @discardableResult
    static func termbank(_ arguments: [String]) throws -> String {
        let ended = try ChildProcess(executable: Paths.executable(), arguments: arguments, input: .null, output: .capture,
                                     errors: .capture).wait(seconds: 600)
        guard ended.succeeded else {
            throw CommandFailure("termbank \(arguments.first ?? "") failed: \(ended.outputText)",
                                 code: .failure)
        }
        return ended.outputText
    }

    /// Polls every `every` microseconds for up to two minutes: a guard, not a measure.
    static func waitFor(every: UInt32 = 20_000, _ condition: () -> Bool) throws {
        let deadline = Stopwatch.nanoseconds() + 120_000_000_000
        while !condition() {
            guard Stopwatch.nanoseconds() < deadline else {
                throw CommandFailure("bench failover gave up waiting for the booking process", code: .failure)
            }
            usleep(every)
        }
    }
}
