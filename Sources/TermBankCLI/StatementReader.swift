import TermBankApp
import TermBankCore

/// What the statement screen shows (the user, the balances, the balance's
/// last 30 days, a window of the history), read from the database again only
/// when something was committed to it since the last read, by any process or
/// by this one. The app asks every second so that another session's transfer
/// shows within a second; most seconds nothing changed, and the stamp
/// (`PRAGMA data_version` and this connection's own change count) costs a
/// fraction of reading it all again.
///
/// The window is a few keyset pages around where the screen is (never the
/// whole history); a scroll or a filter changes the request, and the ticks
/// that follow read that window. Until the first request it is the newest `limit` lines.
package final class StatementReader {
    private let store: any BankBackend
    private let limit: Int
    private let now: @Sendable () -> Timestamp
    private let describe: @Sendable (StatementLine) -> String
    /// The window the screen last asked for; nil: the newest `limit` lines.
    private(set) var request: StatementRequest?
    private var account: (stamp: ChangeStamp, firstDay: Timestamp, user: UserRecord, balances: [AccountKind: Money],
                          history: BalanceHistory)?
    private var window: (stamp: ChangeStamp, user: UserID, request: StatementRequest?, window: StatementWindow)?
    /// How many times the tables were actually read (the account, a window, or both).
    package private(set) var reads = 0

    /// `describe` words a line's description in the reader's language: a search matches those words.
    package init(store: any BankBackend, limit: Int = 50, now: @escaping @Sendable () -> Timestamp = { SystemClock().now() },
                 describe: @escaping @Sendable (StatementLine) -> String = { EnglishCoreCatalog().label($0) }) {
        self.store = store
        self.limit = limit
        self.now = now
        self.describe = describe
    }

    package static let chartDays = 30

    /// The user's statement with the window `request` asks for (nil: the
    /// one asked for last); nil when there is no such user.
    package func snapshot(of user: UserID, request newRequest: StatementRequest? = nil) throws -> AccountSnapshot? {
        if let newRequest { request = newRequest }
        // The stamp comes first: a commit after it, even one during the reads
        // below, moves the next stamp, so it is never missed.
        let stamp = try store.changeStamp()
        let firstDay = BalanceHistory.firstDay(endingAt: now(), days: Self.chartDays)
        let readsBefore = reads
        defer { reads = readsBefore + (reads > readsBefore ? 1 : 0) }
        let account: (stamp: ChangeStamp, firstDay: Timestamp, user: UserRecord, balances: [AccountKind: Money],
                      history: BalanceHistory)
        if let last = self.account, last.stamp == stamp, last.firstDay == firstDay, last.user.id == user {
            account = last
        } else {
            self.account = nil
            window = nil
            reads += 1
            guard let fresh = try store.user(id: user) else { return nil }
            account = (stamp, firstDay, fresh, try store.balances(of: fresh.id),
                       try store.balanceHistory(of: fresh.id, firstDay: firstDay, days: Self.chartDays))
            self.account = account
        }
        let lines: StatementWindow
        if let last = window, last.stamp == stamp, last.user == user, last.request == request {
            lines = last.window
        } else {
            reads += 1
            lines = try read(request, of: user)
            window = (stamp, user, request, lines)
        }
        return AccountSnapshot(user: account.user, balances: account.balances, lines: lines.lines, request: request,
                               reachesNewest: lines.reachesNewest, reachesOldest: lines.reachesOldest,
                               history: account.history)
    }

    private func read(_ request: StatementRequest?, of user: UserID) throws -> StatementWindow {
        guard let request else {
            let lines = try store.statementPage(of: user, filter: .all, from: .newest, limit: limit + 1)
            return StatementWindow(lines: Array(lines.prefix(limit)), reachesNewest: true, reachesOldest: lines.count <= limit)
        }
        let filter = StatementFilter(account: request.account,
                                     search: request.search.flatMap { StatementSearch($0, describe: describe) })
        return try StatementWindow.read(request) { cursor, limit in
            try store.statementPage(of: user, filter: filter, from: cursor, limit: limit)
        }
    }

    /// Drops the remembered statement and the window asked for (on sign-out).
    package func forget() {
        account = nil
        window = nil
        request = nil
    }
}
