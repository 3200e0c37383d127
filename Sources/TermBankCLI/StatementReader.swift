import TermBankApp
import TermBankCore

/// What the statement screen shows (the user, the balances, the last 50
/// postings), read from the database again only when something was committed
/// to it since the last read, by any process or by this one. The app asks every
/// second so that another session's transfer shows within a second; most
/// seconds nothing changed, and the stamp (`PRAGMA data_version` and this
/// connection's own change count) costs a fraction of reading it all again.
final class StatementReader {
    private let store: any BankBackend
    private let limit: Int
    private var last: (stamp: ChangeStamp, snapshot: AccountSnapshot)?
    /// How many times the tables were actually read.
    private(set) var reads = 0

    init(store: any BankBackend, limit: Int = 50) {
        self.store = store
        self.limit = limit
    }

    /// The user's statement; nil when there is no such user.
    func snapshot(of user: UserID) throws -> AccountSnapshot? {
        // The stamp comes first: a commit after it, even one during the reads
        // below, moves the next stamp, so it is never missed.
        let stamp = try store.changeStamp()
        if let last, last.stamp == stamp, last.snapshot.user.id == user { return last.snapshot }
        last = nil
        reads += 1
        guard let fresh = try store.user(id: user) else { return nil }
        let snapshot = AccountSnapshot(user: fresh, balances: try store.balances(of: fresh.id),
                                       lines: try store.statement(of: fresh.id, limit: limit))
        last = (stamp, snapshot)
        return snapshot
    }

    /// Drops the remembered statement (on sign-out).
    func forget() { last = nil }
}
