import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import TermBankTestKit
import XCTest

/// The whole history in the real app, in tmux: alice has 10,000 postings
/// (booked straight into the store in one transaction: 10,000 transfers
/// through the screens would take hours), and the statement scrolls to the
/// first of them; the header's sparkline draws her last 30 days.
extension AppEndToEndTests {
    /// alice's 10,000 postings after her two openings: moves between her
    /// accounts and salary-like deposits, one every 4 hours up to a minute ago.
    func aliceWithTenThousandPostings(_ bank: Scratch) throws {
        let store = try SQLiteBankStore(path: bank.database)
        let now = SystemClockForTests.now()
        // The demo bank opened before the history began (five years ago), as a real customer's would have.
        let opened = DrivenClock(now.adding(seconds: -5 * 365 * 86_400))
        try DemoBank.reset(Bank(store: store, hasher: Argon2idHasher(), blocklist: CommonPasswordBlocklist(), clock: opened,
                                random: SeededRandomSource(seed: 7)), context: .operatorCLI)
        let alice = try XCTUnwrap(store.user(named: Username(trusted: "alice")))
        var requests: [(request: TransferRequest, at: Timestamp)] = []
        var postings = 0
        var n = 0
        while postings < 10_000 {
            let deposit = n % 4 == 0 || postings == 9_999
            let request = TransferRequest(
                clientID: TransferClientID(trusted: "seed-\(n)"), kind: deposit ? .deposit : .transfer,
                from: deposit ? .bankFunding : .customer(alice.id, n % 2 == 0 ? .savings : .checking),
                to: .customer(alice.id, deposit || n % 2 == 0 ? .checking : .savings),
                amount: Money(minorUnits: deposit ? 12_500 : 1_000))
            requests.append((request, Timestamp(millisecondsSinceEpoch: 0)))
            postings += deposit ? 1 : 2
            n += 1
        }
        let count = Int64(requests.count)
        requests = requests.enumerated().map { index, item in
            (item.request, now.adding(seconds: -60 - (count - Int64(index)) * 4 * 3_600))
        }
        _ = try store.book(all: requests, context: .operatorCLI)
        XCTAssertEqual(try store.statement(of: alice.id, limit: 20_000).count, 10_002)
    }

    /// The history's lines on a screen (a date, an account, a description, two amounts).
    func historyRows(_ screen: Screen) -> [String] {
        screen.lines.filter { line in
            line.hasPrefix("  ") && !line.contains("$") && !line.contains("History")
                && (line.contains(" Checking ") || line.contains(" Savings "))
        }
    }

    func testEndScrollsAlicesTenThousandPostingsToTheFirstAndHomeBack() throws {
        let bank = try demoBank()
        try aliceWithTenThousandPostings(bank)
        let app = try TmuxSession(appCommand(bank))
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.signIn(.alice)
        let newest = try app.waitFor("History: both accounts", "↓ older")
        XCTAssertFalse(newest.shows("Opening balance"))

        try app.press("End")
        let first = try app.waitFor("Opening balance", "↑ newer")
        XCTAssertFalse(first.shows("↓ older"), "nothing is older than the first posting")
        let rows = historyRows(first)
        XCTAssertEqual(rows.count, 12)
        XCTAssertTrue(try XCTUnwrap(rows.last).contains("Checking  Opening balance"), first.framed)
        XCTAssertTrue(try XCTUnwrap(rows.last).hasSuffix("5,000.00      5,000.00"), first.framed)

        // A page up from the first posting, then back down: the same lines, balances as booked.
        try app.press("PPage")
        let above = try app.waitUntil("a page up") { !$0.shows("Opening balance") }
        XCTAssertTrue(above.shows("↓ older"))
        try app.press("NPage")
        let again = try app.waitFor("Opening balance")
        XCTAssertEqual(historyRows(again), rows, "the same lines with the same balances")

        // Only savings: its opening is the first of them.
        try app.press("2")
        try app.waitFor("History: Savings")
        try app.press("End")
        let savings = try app.waitFor("Savings   Opening balance")
        XCTAssertEqual(historyRows(savings).count, 12)
        XCTAssertTrue(historyRows(savings).allSatisfy { $0.contains(" Savings ") }, savings.framed)
        try app.press("0", "Home")
        // Both keys handled: the title changes at "0", the newest line comes back at "Home".
        let back = try app.waitUntil("both accounts from the newest") {
            $0.shows("History: both accounts") && !$0.shows("↑ newer")
        }
        XCTAssertTrue(back.shows("↓ older"), back.framed)
    }

    func testTheStatementHeaderDrawsTheLast30DaysAsASparkline() throws {
        let bank = try demoBank()
        try aliceWithTenThousandPostings(bank)
        let app = try TmuxSession(appCommand(bank))
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.signIn(.alice)
        let screen = try app.waitFor("30 days ", "low $", "high $")
        let line = try XCTUnwrap(screen.lines.first { $0.contains("30 days ") })
        let spark = line.components(separatedBy: "30 days ")[1].trimmingCharacters(in: .whitespaces)
        XCTAssertEqual(spark.count, 30, line)
        XCTAssertTrue(spark.allSatisfy { "▁▂▃▄▅▆▇█".contains($0) }, line)
        XCTAssertEqual(spark.last, "█", "a deposit every 16 hours: today is the highest")
        XCTAssertNotEqual(spark.first, "█")
    }
}

extension AppEndToEndTests {
    /// In a C locale (no UTF-8) the sparkline is drawn in ASCII, eight levels of it.
    func testTheSparklineFallsBackToASCIIWhereTheTerminalIsNotUTF8() throws {
        let bank = try demoBank()
        try aliceWithTenThousandPostings(bank)
        let app = try TmuxSession(["/usr/bin/env", "LANG=C", "LC_ALL=C"] + appCommand(bank))
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.signIn(.alice, words: .ascii)
        let screen = try app.waitFor("30 days ", "low $")
        let line = try XCTUnwrap(screen.lines.first { $0.contains("30 days ") })
        let spark = String(line.components(separatedBy: "30 days ")[1].prefix(30))
        XCTAssertEqual(spark.count, 30, line)
        XCTAssertTrue(spark.allSatisfy { "_.-:=+*#".contains($0) }, line)
        XCTAssertEqual(spark.last, "#", line)
    }
}

/// The wall clock, for seeding a history that ends now (the app reads the real clock).
enum SystemClockForTests {
    static func now() -> Timestamp {
        Timestamp(millisecondsSinceEpoch: Int64(Date().timeIntervalSince1970 * 1000))
    }
}
