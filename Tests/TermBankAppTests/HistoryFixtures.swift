@testable import TermBankApp
import TermBankCore

/// A long statement for the history tests: `count` postings, alternating
/// checking (even numbers) and savings, an hour apart, the newest last booked
/// at `Fixture.start`, with balances that follow; and a bank that reads its
/// windows from it as the live one reads them from the store.
struct HistoryFixture {
    let lines: [StatementLine]   // newest first

    init(count: Int) {
        var balances: [AccountKind: Int64] = [.checking: 0, .savings: 0]
        var oldestFirst: [StatementLine] = []
        for n in 1...count {
            let account: AccountKind = n % 2 == 0 ? .checking : .savings
            let amount: Int64 = n <= 2 ? 500_000 : (n % 3 == 0 ? -Int64(n % 97 + 1) * 100 : Int64(n % 89 + 1) * 100)
            balances[account]! += amount
            oldestFirst.append(StatementLine(
                posting: PostingID(Int64(n)), reference: TransferReference(Int64(n)), kind: n <= 2 ? .opening : .deposit,
                bookedAt: Fixture.start.adding(seconds: -3600 * Int64(count - n)), account: account,
                amount: Money(minorUnits: amount), balanceAfter: Money(minorUnits: balances[account]!),
                counterparty: .bankFunding, reverses: nil))
        }
        lines = oldestFirst.reversed()
    }

    /// The store's `statementPage`, on the array.
    func page(_ account: AccountKind?, _ cursor: StatementCursor, _ limit: Int) -> [StatementLine] {
        let kept = lines.filter { account == nil || $0.account == account }
        switch cursor {
        case .newest: return Array(kept.prefix(limit))
        case .oldest: return Array(kept.suffix(limit))
        case .below(let id): return Array(kept.filter { $0.posting < id }.prefix(limit))
        case .above(let id): return Array(kept.filter { $0.posting > id }.suffix(limit))
        }
    }

    func snapshot(_ request: StatementRequest, user: UserRecord = Fixture.alice) -> AccountSnapshot {
        let window = StatementWindow.read(request) { page(request.account, $0, $1) }
        let checking = lines.first { $0.account == .checking }!.balanceAfter
        let savings = lines.first { $0.account == .savings }!.balanceAfter
        return AccountSnapshot(user: user, balances: [.checking: checking, .savings: savings],
                               lines: window.lines, request: request, reachesNewest: window.reachesNewest,
                               reachesOldest: window.reachesOldest, history: Self.history(endingOn: checking.adding(savings)!))
    }

    /// 30 days of a total balance that rises, dips and recovers.
    static let history = history(endingOn: Money(units: 12_290))

    /// The 30 days, ending on today's total balance.
    static func history(endingOn total: Money) -> BalanceHistory {
        let days = (0..<30).map { day -> DailyFlow in
            let moneyIn = day % 7 == 0 ? 250_000 : (day % 3 == 0 ? 12_000 : 0)
            let moneyOut = day % 10 == 4 ? -180_000 : -Int64((day * 37) % 9_000)
            return DailyFlow(moneyIn: Money(minorUnits: Int64(moneyIn)), moneyOut: Money(minorUnits: moneyOut))
        }
        let moved = days.reduce(Int64(0)) { $0 + $1.moneyIn.minorUnits + $1.moneyOut.minorUnits }
        return BalanceHistory(firstDay: BalanceHistory.firstDay(endingAt: Fixture.start, days: 30),
                              opening: Money(minorUnits: total.minorUnits - moved), days: days)
    }

    /// A bank that answers `loadStatement` from this history.
    func client() -> BankingClient {
        var client = BankingClient.refusingAll(now: { Fixture.start })
        let fixture = self
        client.signedIn.loadStatement = { fixture.snapshot($0) }
        return client
    }

    /// alice signed in at `size`, the window for `request` on screen.
    func state(size: Size = Fixture.size, _ scroll: StatementScroll = StatementScroll()) -> AppState {
        var state = Fixture.signedIn()
        state.size = size
        state.statement = scroll
        state.account = snapshot(scroll.request(pageSize: BankingFeature.historyRows(state)))
        return state
    }
}
