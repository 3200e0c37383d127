import Glibc
import TermBankCLI
import TermBankCore
import TermBankSystem

/// `termbank bench acked`: one process of the failover test and benchmark.
/// It books 1.00 transfers between alice's two accounts, one after another
/// (checking to savings, then back, so the money never runs out), each with
/// the client id PREFIX-0000000N, and appends `acked ID booked|replayed` to
/// the log file once the bank has acknowledged it: the list a failover must
/// not lose a line of. A transient failure (the connection lost, no server
/// taking writes) is said once on standard error, as a client would show it,
/// and the same transfer is asked again, with the same client id, every
/// 50 ms: so a transfer whose commit the failure hid is booked at most once.
enum AcknowledgedTransfers {
    static let command = Command(
        ["bench", "acked"], arguments: "--log FILE [--transfers N] [--prefix P] [--stop-file F] [--give-up-after S]",
        summary: "One failover test or benchmark process: books 1.00 transfers, logging each acknowledged one",
        details: ["Stops after N transfers (default 1000000) or when the stop file exists; a transient error",
                  "(connection lost, no primary) lasting more than S seconds (default 60) ends it with that error.",
                  "Last line: acked= booked= replayed= outages= longest_outage_ms= p50_ms= p99_ms="],
        valued: ["log", "transfers", "prefix", "stop-file", "give-up-after"], hidden: true, run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        guard let logPath = arguments.value("log") else { throw CommandFailure.usage("--log is required") }
        let count = try arguments.positiveInt("transfers", default: 1_000_000, max: Int.max)
        let prefix = arguments.value("prefix") ?? "acked"
        let stopFile = arguments.value("stop-file")
        let giveUpNanoseconds = UInt64(try arguments.positiveInt("give-up-after", default: 60)) * 1_000_000_000
        let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard log >= 0 else { throw CommandFailure("Cannot write \(logPath).", code: .ioError) }
        defer { close(log) }

        let bank = try context.bank()
        guard let alice = try bank.store.user(named: Username(trusted: "alice")) else {
            throw CommandFailure("No user alice; run \"termbank demo reset\" first.", code: .noUser)
        }
        let audit = AuditContext(sessionID: "acked-\(getpid())", deviceID: "bench")
        var booked = 0, replayed = 0, outages = 0
        var longestOutage: UInt64 = 0
        var latencies: [UInt64] = []
        var index = 0
        while booked + replayed < count, !(stopFile.map(Files.exists) ?? false) {
            let number = String(index)
            let id = try TransferClientID(validating: prefix + "-" + String(repeating: "0", count: max(0, 8 - number.count)) + number)
            let from: AccountKind = index % 2 == 0 ? .checking : .savings
            var outageStarted: UInt64?
            var said: Set<String> = []
            while true {
                let started = Stopwatch.nanoseconds()
                do {
                    let receipt = try bank.transfer(user: alice, from: from, to: from.other, amount: Money(minorUnits: 100),
                                                    clientID: id, context: audit)
                    if receipt.replayed { replayed += 1 } else { booked += 1 }
                    let ended = Stopwatch.nanoseconds()
                    if let outageStarted {
                        outages += 1
                        longestOutage = max(longestOutage, ended - outageStarted)
                    } else {
                        latencies.append(ended - started)
                    }
                    Files.writeAll("acked \(id.rawValue) \(receipt.replayed ? "replayed" : "booked")\n", to: log)
                    break
                } catch let error as StoreError where error.isTransient {
                    let began = outageStarted ?? started
                    outageStarted = began
                    // Each different message once per outage: what a user at a terminal would read.
                    if said.insert(error.description).inserted { context.console.error(error.description) }
                    guard Stopwatch.nanoseconds() - began < giveUpNanoseconds else { throw error }
                    usleep(50_000)
                }
            }
            index += 1
        }
        latencies.sort()
        func percentile(_ fraction: Double) -> String {
            guard !latencies.isEmpty else { return "0" }
            let value = latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
            return LedgerBenchmark.format(Double(value) / 1_000_000)
        }
        context.console.print("acked=\(booked + replayed) booked=\(booked) replayed=\(replayed) outages=\(outages) "
                              + "longest_outage_ms=\(longestOutage / 1_000_000) p50_ms=\(percentile(0.5)) p99_ms=\(percentile(0.99))")
        return .ok
    }
}
