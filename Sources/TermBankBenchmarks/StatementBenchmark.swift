import TermBankApp
import TermBankCLI
import TermBankCore
import TermBankSecurity
import TermBankStorage
import TermBankSystem

/// `termbank bench statement`: the statement's read path (the app's
/// `StatementReader` over the store's keyset pages) for a customer with a long
/// history beside one with ten postings, in the same run on the same file:
/// the time to the first screen (user, balances, the 30-day chart, the first
/// window) and to each further window as the screen pages down, re-anchored a
/// page at a time as the app does.
enum StatementBenchmark {
    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let postings = try arguments.positiveInt("postings", default: 100_000, max: 5_000_000)
        let pages = try arguments.positiveInt("pages", default: 300, max: 100_000)
        let runs = try arguments.positiveInt("runs", default: 20, max: 10_000)
        let console = context.console
        let scratch = try ScratchFolder.make("termbank-bench")
        defer { Files.removeTree(scratch) }
        let database = scratch + "/bench.sqlite"
        let store = try SQLiteBankStore(path: database)
        let now = context.clock.now()
        // Opened five years ago; the long history spread evenly since, the short one in the last days.
        let opened = DrivenClock(now.adding(seconds: -5 * 365 * 86_400))
        try DemoBank.reset(Bank(store: store, hasher: Argon2idHasher(), blocklist: CommonPasswordBlocklist(), clock: opened,
                                random: context.random), context: .operatorCLI)
        guard let long = try store.user(named: Username(trusted: "alice")),
              let short = try store.user(named: Username(trusted: "bob")),
              let middle = try store.user(named: Username(trusted: "carol")) else {
            throw CommandFailure("the demo bank has no alice, bob or carol", code: .software)
        }
        let seeding = Stopwatch.nanoseconds()
        try seed(store, user: long, postings: postings - 2, from: opened.now(), to: now, tag: "long")
        try seed(store, user: short, postings: 8, from: now.adding(seconds: -8 * 86_400), to: now, tag: "short")
        try seed(store, user: middle, postings: 998, from: now.adding(seconds: -365 * 86_400), to: now, tag: "middle")
        let seedSeconds = Double(Stopwatch.nanoseconds() - seeding) / 1e9
        console.print("Seeded \(postings) postings for alice, 10 for bob and 1,000 for carol in "
                      + "\(LedgerBenchmark.format(seedSeconds)) s, on \(database)")

        let longRun = try measure(store, user: long.id, pages: pages, runs: runs, now: now)
        let shortRun = try measure(store, user: short.id, pages: pages, runs: runs, now: now)
        // Ten postings fit one window; a thousand fill every window as a long history does.
        let middleRun = try measure(store, user: middle.id, pages: pages, runs: runs, now: now)
        for (name, result) in [("alice (\(postings) postings)", longRun), ("bob (10 postings)", shortRun),
                               ("carol (1,000 postings)", middleRun)] {
            console.print("\(name): first page p50 \(ms(result.first.p50)) ms, p99 \(ms(result.first.p99)) ms; "
                          + "each page p50 \(ms(result.page.p50)) ms, p99 \(ms(result.page.p99)) ms (\(result.pagesRead) pages); "
                          + "last page \(ms(result.oldest)) ms; a search read \(ms(result.search)) ms")
        }
        func ratio(_ a: UInt64, _ b: UInt64) -> String { LedgerBenchmark.format(Double(a) / Double(max(1, b))) }
        var fields: [String] = ["postings=\(postings)"]
        fields.append("first_page_ms_long=\(ms(longRun.first.p50))")
        fields.append("first_page_ms_short=\(ms(shortRun.first.p50))")
        fields.append("first_page_ratio=\(ratio(longRun.first.p50, shortRun.first.p50))")
        fields.append("page_p50_ms_long=\(ms(longRun.page.p50))")
        fields.append("page_p50_ms_short=\(ms(shortRun.page.p50))")
        fields.append("page_p50_ratio=\(ratio(longRun.page.p50, shortRun.page.p50))")
        fields.append("page_p99_ms_long=\(ms(longRun.page.p99))")
        fields.append("page_p99_ms_short=\(ms(shortRun.page.p99))")
        fields.append("page_p99_ratio=\(ratio(longRun.page.p99, shortRun.page.p99))")
        fields.append("last_page_ms_long=\(ms(longRun.oldest))")
        fields.append("last_page_ms_short=\(ms(shortRun.oldest))")
        fields.append("search_ms_long=\(ms(longRun.search))")
        fields.append("search_ms_short=\(ms(shortRun.search))")
        fields.append("page_p50_ms_1000=\(ms(middleRun.page.p50))")
        fields.append("page_p50_ratio_to_1000=\(ratio(longRun.page.p50, middleRun.page.p50))")
        fields.append("first_page_ms_1000=\(ms(middleRun.first.p50))")
        fields.append("pages_long=\(longRun.pagesRead)")
        fields.append("seed_seconds=\(LedgerBenchmark.format(seedSeconds))")
        console.print(fields.joined(separator: " "))
        return .ok
    }

    /// Moves between the customer's accounts (two postings each) and a deposit every fifth booking, evenly in time.
    static func seed(_ store: SQLiteBankStore, user: UserRecord, postings: Int, from: Timestamp, to: Timestamp,
                     tag: String) throws {
        var requests: [(request: TransferRequest, at: Timestamp)] = []
        var made = 0
        var n = 0
        while made < postings {
            let deposit = n % 5 == 0 || postings - made == 1
            let toSavings = n % 2 == 0
            requests.append((TransferRequest(
                clientID: TransferClientID(trusted: "bench-\(tag)-\(n)"), kind: deposit ? .deposit : .transfer,
                from: deposit ? .bankFunding : .customer(user.id, toSavings ? .checking : .savings),
                to: deposit ? .customer(user.id, .checking) : .customer(user.id, toSavings ? .savings : .checking),
                amount: Money(minorUnits: deposit ? 25_000 : 1_000)), from))
            made += deposit ? 1 : 2
            n += 1
        }
        let span = to.millisecondsSinceEpoch - from.millisecondsSinceEpoch
        let count = Int64(requests.count)
        requests = requests.enumerated().map { index, item in
            (item.request, from.adding(milliseconds: span * Int64(index + 1) / (count + 1)))
        }
        // In batches: one transaction each, so the file's log stays small.
        var start = 0
        while start < requests.count {
            let end = min(requests.count, start + 10_000)
            _ = try store.book(all: Array(requests[start..<end]), context: .operatorCLI)
            start = end
        }
    }

    struct Result {
        var first: (p50: UInt64, p99: UInt64)
        var page: (p50: UInt64, p99: UInt64)
        var pagesRead: Int
        var oldest: UInt64
        var search: UInt64
    }

    /// Nanoseconds: the first screen (a fresh reader, `runs` times), then each
    /// window as the screen pages down a page at a time (up to `pages`, round
    /// again from the top when the history ends), then the last page (End) and a search.
    static func measure(_ store: SQLiteBankStore, user: UserID, pages: Int, runs: Int,
                        now: Timestamp) throws -> Result {
        let rows = 12
        var firsts: [UInt64] = []
        for _ in 0..<runs {
            let reader = StatementReader(store: store, now: { now })
            let started = Stopwatch.nanoseconds()
            _ = try reader.snapshot(of: user, request: StatementRequest(anchor: .newest, pageSize: rows))
            firsts.append(Stopwatch.nanoseconds() - started)
        }
        let reader = StatementReader(store: store, now: { now })
        var snapshot = try reader.snapshot(of: user, request: StatementRequest(anchor: .newest, pageSize: rows))
        var top = 0
        var times: [UInt64] = []
        while times.count < pages {
            guard let lines = snapshot?.lines, !lines.isEmpty else { break }
            let target = top + rows
            if target >= lines.count {
                // The end of the history: from the top again (the short one ends at once).
                let started = Stopwatch.nanoseconds()
                snapshot = try reader.snapshot(of: user, request: StatementRequest(anchor: .at(lines[0].posting),
                                                                                   pageSize: rows))
                times.append(Stopwatch.nanoseconds() - started)
                snapshot = try reader.snapshot(of: user, request: StatementRequest(anchor: .newest, pageSize: rows))
                top = 0
                continue
            }
            let anchor = lines[target].posting
            let started = Stopwatch.nanoseconds()
            snapshot = try reader.snapshot(of: user, request: StatementRequest(anchor: .at(anchor), pageSize: rows))
            times.append(Stopwatch.nanoseconds() - started)
            top = snapshot?.lines.firstIndex { $0.posting == anchor } ?? 0
        }
        var started = Stopwatch.nanoseconds()
        _ = try reader.snapshot(of: user, request: StatementRequest(anchor: .oldest, pageSize: rows))
        let oldest = Stopwatch.nanoseconds() - started
        started = Stopwatch.nanoseconds()
        // A rare match: the search reads every posting of the account it does not find.
        _ = try reader.snapshot(of: user, request: StatementRequest(search: "Opening", anchor: .newest, pageSize: rows))
        let search = Stopwatch.nanoseconds() - started
        return Result(first: percentiles(firsts), page: percentiles(times), pagesRead: times.count, oldest: oldest,
                      search: search)
    }

    static func percentiles(_ values: [UInt64]) -> (p50: UInt64, p99: UInt64) {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        func at(_ p: Double) -> UInt64 { sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * p).rounded(.up)) - 1))] }
        return (at(0.5), at(0.99))
    }

    static func ms(_ nanoseconds: UInt64) -> String { DecimalText.fixed(Double(nanoseconds) / 1e6, places: 3) }
}
