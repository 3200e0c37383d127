@testable import TermBankApp
import TermBankCore
import XCTest

/// The statement with a long history: scrolled, at its first posting,
/// filtered, searched, with the 30-day sparkline (blocks and ASCII) and, at
/// 100 columns and more, the in-and-out chart beside it.
extension GoldenFrameTests {
    func scrolled(_ top: Int, size: Size = Fixture.size, utf8: Bool = true) -> AppState {
        let long = HistoryFixture(count: 200)
        var scroll = StatementScroll()
        scroll.top = .at(long.lines[top].posting)
        scroll.anchor = .at(long.lines[top].posting)
        var state = long.state(size: size, scroll)
        state.charset = utf8 ? .unicode : .ascii
        return state
    }

    func testStatementHistory() throws {
        try assertGolden("statement-history", scrolled(30))
        try assertGolden("statement-history-ascii", scrolled(30, utf8: false))
        let small = Size(columns: 60, rows: 20)
        try assertGolden("statement-history-60x20", scrolled(30, size: small), size: small)
        let wide = Size(columns: 120, rows: 30)
        try assertGolden("statement-chart-120x30", scrolled(0, size: wide), size: wide)
        let hundred = Size(columns: 100, rows: 24)
        try assertGolden("statement-chart-100x24-ascii", scrolled(0, size: hundred, utf8: false), size: hundred)

        let long = HistoryFixture(count: 200)
        var end = StatementScroll()
        end.top = .oldest
        end.anchor = .oldest
        try assertGolden("statement-history-first-posting", long.state(end))

        var savings = StatementScroll()
        savings.account = .savings
        try assertGolden("statement-history-savings", long.state(savings))

        var typing = long.state()
        typing.statement.searchDraft = "TB-0001"
        try assertGolden("statement-search-typing", typing)
        var nothing = StatementScroll()
        nothing.search = "no such thing"
        var found = long.state(nothing)
        found.account = AccountSnapshot(user: Fixture.alice, balances: found.account!.balances, lines: [],
                                        request: nothing.request(pageSize: 12), history: HistoryFixture.history)
        try assertGolden("statement-search-nothing", found)
    }
}
