import TermBankCLI
import TermBankCore
import TermBankStorage
import TermBankSystem

/// The benchmark's yardstick: the statements the store runs for a transfer,
/// captured from it (`CapturedBooking`) and replayed by the `sqlite3` shell
/// (C, no Swift), N processes at once, on a fresh demo bank of its own.
enum SQLiteShellBaseline {
    /// Each replaying process's customer, and what each of their accounts opens with.
    static let opening = Money(minorUnits: 100_00)

    /// Returns transfers per second.
    static func run(processes: Int, transfers: Int, scratch: String, context: CommandContext) throws -> Double {
        guard let shell = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first(where: {
            Files.isExecutable($0)
        }) else {
            throw CommandFailure("--baseline needs the sqlite3 shell (Debian package sqlite3).", code: .unavailable)
        }
        let database = scratch + "/baseline.sqlite"
        try LedgerBenchmark.resetDemo(at: database, context: context)
        let store = try SQLiteBankStore(path: database)
        let scripts = try prepare(processes: processes, transfers: transfers, scratch: scratch, store: store,
                                  bank: context.bank(on: store))
        let before = try store.checkInvariants()

        let started = Stopwatch.nanoseconds()
        let running = try scripts.map { path in
            try ChildProcess(executable: shell, arguments: [database], input: .file(path), output: .null)
        }
        for process in running {
            let ended = process.wait()
            guard ended.succeeded else {
                throw CommandFailure("the sqlite3 shell baseline failed (exit \(ended.exitStatus ?? 128 + (ended.signal ?? 0))).",
                                     code: .software)
            }
        }
        let seconds = Double(Stopwatch.nanoseconds() - started) / 1e9
        let check = try store.checkInvariants()
        guard check.isConsistent, check.transferCount - before.transferCount == transfers else {
            throw CommandFailure("the sqlite3 shell baseline broke the ledger (\(check.transferCount - before.transferCount) "
                                 + "of \(transfers) transfers booked): \(check.problems.joined(separator: "; "))",
                                 code: .software)
        }
        return Double(transfers) / seconds
    }

    /// One customer per process (the replayed balances are absolute, so no two
    /// processes may share an account), their bookings captured, and one
    /// script per process; returns the scripts' paths.
    static func prepare(processes: Int, transfers: Int, scratch: String, store: SQLiteBankStore, bank: Bank) throws
        -> [String] {
        // One password hash for all of them: argon2id once, not once per process.
        let template = try bank.prepareUser(username: Username(trusted: "baseline"), password: Secret("ledger-lantern-58"),
                                            phone: PhoneNumber(trusted: "+15553000000"), sitekey: nil, smsVerification: false)
        let audit = AuditContext(sessionID: "baseline", deviceID: "baseline")
        var scripts: [String] = []
        for index in 0..<processes {
            let user = try bank.addUser(NewUser(
                username: Username(trusted: "baseline" + DecimalText.zeroPadded(index + 1, width: 3)),
                passwordHash: template.passwordHash,
                phone: PhoneNumber(trusted: "+1555300" + DecimalText.zeroPadded(index + 1, width: 4)),
                smsVerification: false, sitekey: template.sitekey,
                openingBalances: [.checking: opening, .savings: opening], passwordForm: template.passwordForm),
                context: audit)
            let booking = try CapturedBooking.capture(user: user, bank: bank, store: store, context: audit)
            let share = max(1, transfers / processes + (index < transfers % processes ? 1 : 0))
            let path = scratch + "/baseline-\(index).sql"
            try Files.write(script(booking, transfers: share, prefix: "baseline-\(index)"), to: path)
            scripts.append(path)
        }
        return scripts
    }

    /// A script for the shell: the store's connection settings, then the replays.
    static func script(_ booking: CapturedBooking, transfers: Int, prefix: String,
                       busyTimeoutMilliseconds: Int = 60_000) -> String {
        var lines = [".bail on", ".timeout \(busyTimeoutMilliseconds)"]
        lines += SQLiteBankStore.connectionSettings.map { $0 + ";" }
        for index in 0..<transfers {
            lines += booking.replay(index, clientID: "\(prefix)-\(index)").map { $0 + ";" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
