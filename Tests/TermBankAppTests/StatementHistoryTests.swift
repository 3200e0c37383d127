@testable import TermBankApp
import TermBankCore
import XCTest

/// The statement scrolls through the whole history a window at a time: keys
/// move within the window the bank sent at once, and near a window's edge
/// that is not the history's the bank is asked for the window around the
/// first line on screen. At 80x24 the history shows 12 lines; a window is 60.
final class StatementHistoryTests: XCTestCase {
    let long = HistoryFixture(count: 200)
    let rows = 12

    func request(_ anchor: StatementAnchor, account: AccountKind? = nil, search: String? = nil) -> StatementRequest {
        StatementRequest(account: account, search: search, anchor: anchor, pageSize: rows)
    }

    func testAWindowIsTwoPagesNewerThanItsAnchorAndThreeFromIt() {
        let lines = long.lines
        let around = StatementWindow.read(request(.at(lines[100].posting))) { long.page(nil, $0, $1) }
        XCTAssertEqual(around.lines, Array(lines[76..<136]))
        XCTAssertFalse(around.reachesNewest)
        XCTAssertFalse(around.reachesOldest)
        let newest = StatementWindow.read(request(.newest)) { long.page(nil, $0, $1) }
        XCTAssertEqual(newest.lines, Array(lines[0..<60]))
        XCTAssertTrue(newest.reachesNewest)
        XCTAssertFalse(newest.reachesOldest)
        let oldest = StatementWindow.read(request(.oldest)) { long.page(nil, $0, $1) }
        XCTAssertEqual(oldest.lines, Array(lines[140..<200]))
        XCTAssertEqual(oldest.lines.last?.posting, PostingID(1), "the first posting ever")
        XCTAssertTrue(oldest.reachesOldest)
        let nearTop = StatementWindow.read(request(.at(lines[3].posting))) { long.page(nil, $0, $1) }
        XCTAssertEqual(nearTop.lines, Array(lines[0..<39]))
        XCTAssertTrue(nearTop.reachesNewest)
        let short = HistoryFixture(count: 10)
        let all = StatementWindow.read(request(.newest)) { short.page(nil, $0, $1) }
        XCTAssertEqual(all.lines.count, 10)
        XCTAssertTrue(all.reachesNewest && all.reachesOldest)
    }

    func testArrowsAndPagesMoveAtOnceAndTheBankIsAskedOnlyNearTheWindowsEdge() {
        let store = TestStore(state: long.state(), client: long.client())
        let lines = long.lines
        store.send(.key(.down)) { $0.statement.top = .at(lines[1].posting) }
        store.send(.key(.pageDown)) { $0.statement.top = .at(lines[13].posting) }
        store.send(.key(.pageDown)) { $0.statement.top = .at(lines[25].posting) }
        // 37 and two pages passes the window's 60 lines: the window is asked for around line 37.
        store.send(.key(.pageDown), effects: [.banking(.loadStatement(request(.at(lines[37].posting))))]) {
            $0.statement.top = .at(lines[37].posting)
            $0.statement.anchor = .at(lines[37].posting)
        }
        store.receive(.banking(.accountLoaded(.success(long.snapshot(request(.at(lines[37].posting))))))) {
            $0.account = self.long.snapshot(self.request(.at(lines[37].posting)))
        }
        XCTAssertEqual(store.state.account?.lines.first, lines[13], "two pages newer than the screen")
        XCTAssertEqual(store.state.account?.lines.count, 60)
        XCTAssertEqual(store.state.statement.topIndex(in: store.state.account!.lines, pageSize: rows), 24)
        store.send(.key(.up)) { $0.statement.top = .at(lines[36].posting) }
        store.send(.key(.pageUp), effects: [.banking(.loadStatement(request(.at(lines[24].posting))))]) {
            $0.statement.top = .at(lines[24].posting)
            $0.statement.anchor = .at(lines[24].posting)
        }
        store.receive(.banking(.accountLoaded(.success(long.snapshot(request(.at(lines[24].posting))))))) {
            $0.account = self.long.snapshot(self.request(.at(lines[24].posting)))
        }
        XCTAssertEqual(store.state.account?.reachesNewest, true)
        store.send(.key(.pageUp)) { $0.statement.top = .at(lines[12].posting) }
        store.send(.key(.pageUp), effects: [.banking(.loadStatement(request(.newest)))]) {
            $0.statement.top = .newest
            $0.statement.anchor = .newest
        }
        // Back at the top: the window follows the newest postings again.
    }

    func testEndShowsTheFirstPostingEverAndHomeTheNewest() {
        let store = TestStore(state: long.state(), client: long.client())
        store.send(.key(.end), effects: [.banking(.loadStatement(request(.oldest)))]) {
            $0.statement.top = .oldest
            $0.statement.anchor = .oldest
        }
        store.receive(.banking(.accountLoaded(.success(long.snapshot(request(.oldest)))))) {
            $0.account = self.long.snapshot(self.request(.oldest))
        }
        let shown = store.state.account!.lines
        let top = store.state.statement.topIndex(in: shown, pageSize: rows)
        XCTAssertEqual(shown[top..<(top + rows)].last?.posting, PostingID(1), "the last line on screen is the first posting")
        let frame = AppView.render(store.state, size: Fixture.size).text
        XCTAssertTrue(frame[20].contains("Savings") && frame[20].contains("5,000.00"), frame.joined(separator: "\n"))
        XCTAssertTrue(frame[7].contains("↑ newer") && !frame[7].contains("older"), frame[7])
        store.send(.key(.down))   // nothing older: stays
        store.send(.key(.home), effects: [.banking(.loadStatement(request(.newest)))]) {
            $0.statement.top = .newest
            $0.statement.anchor = .newest
        }
    }

    func testOneTwoAndZeroShowCheckingSavingsAndBothFromTheNewest() {
        var scrolled = StatementScroll()
        scrolled.top = .at(long.lines[30].posting)
        scrolled.anchor = .at(long.lines[30].posting)
        let store = TestStore(state: long.state(scrolled), client: long.client())
        store.send(.key(.character("1")), effects: [.banking(.loadStatement(request(.newest, account: .checking)))]) {
            $0.statement.account = .checking
            $0.statement.top = .newest
            $0.statement.anchor = .newest
        }
        store.receive(.banking(.accountLoaded(.success(long.snapshot(request(.newest, account: .checking)))))) {
            $0.account = self.long.snapshot(self.request(.newest, account: .checking))
        }
        XCTAssertTrue(store.state.account!.lines.allSatisfy { $0.account == .checking })
        store.send(.key(.character("2")), effects: [.banking(.loadStatement(request(.newest, account: .savings)))]) {
            $0.statement.account = .savings
        }
        store.send(.key(.character("0")), effects: [.banking(.loadStatement(request(.newest)))]) { $0.statement.account = nil }
    }

    func testSlashTypesASearchThatEnterAppliesAndEscClears() {
        let store = TestStore(state: long.state(), client: long.client())
        store.send(.key(.character("/"))) { $0.statement.searchDraft = "" }
        // Keys go to the search while it is typed: "t" is a letter, not Transfer.
        store.send(.key(.character("t"))) { $0.statement.searchDraft = "t" }
        store.send(.key(.backspace)) { $0.statement.searchDraft = "" }
        for character in "  rent " { store.send(.key(.character(character))) { $0.statement.searchDraft! += String(character) } }
        store.send(.key(.enter), effects: [.banking(.loadStatement(request(.newest, search: "rent")))]) {
            $0.statement.searchDraft = nil
            $0.statement.search = "rent"
        }
        XCTAssertEqual(KeyHelp.items(for: store.state).map(\.label).contains(.clearSearch), true)
        store.send(.key(.escape), effects: [.banking(.loadStatement(request(.newest)))]) { $0.statement.search = nil }
        store.send(.key(.character("/"))) { $0.statement.searchDraft = "" }
        store.send(.key(.escape)) { $0.statement.searchDraft = nil }
        XCTAssertEqual(store.state.screen, .statement(StatementScreen()), "Esc left the search, not the statement")
    }

    func testASearchStopsAtItsLimitWhateverIsPasted() {
        var state = long.state()
        state.statement.searchDraft = ""
        _ = AppReducer.reduce(&state, .typed(String(repeating: "x", count: 5_000)))
        XCTAssertEqual(state.statement.searchDraft?.count, StatementSearch.maximumLength)
    }

    func testAnAnswerToAnEarlierRequestKeepsTheLinesShownAndAsksAgain() {
        var state = long.state()
        let shown = state.account!
        _ = AppReducer.reduce(&state, .key(.end))
        // The tick's refresh answers the window the bank still follows (the newest): the screen keeps its lines.
        let stale = long.snapshot(request(.newest))
        var effects = AppReducer.reduce(&state, .banking(.accountLoaded(.success(stale))))
        XCTAssertEqual(effects, [.banking(.loadStatement(request(.oldest)))])
        XCTAssertEqual(state.account?.lines, shown.lines)
        effects = AppReducer.reduce(&state, .banking(.accountLoaded(.success(long.snapshot(request(.oldest))))))
        XCTAssertEqual(effects, [])
        XCTAssertEqual(state.account?.lines.last?.posting, PostingID(1))
    }

    func testAResizeAsksForAWindowOfTheNewPageSize() {
        var state = long.state()
        state.size = Size(columns: 120, rows: 30)
        let effects = AppReducer.reduce(&state, .banking(.accountLoaded(.success(long.snapshot(request(.newest))))))
        XCTAssertEqual(effects, [.banking(.loadStatement(StatementRequest(anchor: .newest, pageSize: 18)))])
    }

    func testScrollingIsForgottenWithTheSession() {
        var state = long.state()
        _ = AppReducer.reduce(&state, .key(.pageDown))
        _ = AppReducer.reduce(&state, .key(.character("2")))
        XCTAssertNotEqual(state.statement, StatementScroll())
        _ = AppReducer.reduce(&state, .key(.character("l")))
        _ = AppReducer.reduce(&state, .banking(.accountLoaded(.success(state.account!))))  // the switch read again
        _ = AppReducer.reduce(&state, .key(.character("n")))  // SMS verification stays off; signed out
        XCTAssertNil(state.session)
        XCTAssertEqual(state.statement, StatementScroll())
    }

    func testAStatementWithoutLinesScrollsNowhere() {
        var state = Fixture.signedIn()
        state.account = AccountSnapshot(user: Fixture.alice, balances: [:], lines: [])
        XCTAssertEqual(AppReducer.reduce(&state, .key(.down)), [])
        XCTAssertEqual(AppReducer.reduce(&state, .key(.pageUp)), [])
        XCTAssertEqual(state.statement.top, .newest)
    }
}

/// The sparkline and the in-and-out bars, in blocks and in ASCII.
final class BalancePictureTests: XCTestCase {
    func testTheSparklineRunsFromTheLowestToTheHighestBlock() {
        XCTAssertEqual(Sparkline.line([0, 1, 2, 3, 4, 5, 6, 7], unicode: true), "▁▂▃▄▅▆▇█")
        XCTAssertEqual(Sparkline.line([0, 1, 2, 3, 4, 5, 6, 7], unicode: false), "_.-:=+*#")
        XCTAssertEqual(Sparkline.line([-500, 1_000_000, 499_000], unicode: true), "▁█▄")
        XCTAssertEqual(Sparkline.line([42, 42, 42], unicode: true), "▄▄▄", "a flat balance sits in the middle")
        XCTAssertEqual(Sparkline.line([], unicode: true), "")
        XCTAssertTrue(Sparkline.line([3, 9, 1], unicode: false).allSatisfy(\.isASCII))
    }

    func testBarsGrowUpForMoneyInAndDownForMoneyOutInHalfCells() {
        let rows = FlowBars.rows([(moneyIn: 400, moneyOut: 0), (moneyIn: 100, moneyOut: -300), (moneyIn: 0, moneyOut: -1)],
                                 height: 2, unicode: true)
        XCTAssertEqual(rows, ["█  ",
                              "█▄ ",
                              "───",
                              " █▀",
                              " ▀ "])
        let ascii = FlowBars.rows([(moneyIn: 400, moneyOut: 0), (moneyIn: 100, moneyOut: -300), (moneyIn: 0, moneyOut: -1)],
                                  height: 2, unicode: false)
        XCTAssertEqual(ascii, ["#  ", "#. ", "---", " #'", " ' "])
        XCTAssertEqual(FlowBars.rows([(moneyIn: 0, moneyOut: 0)], height: 1, unicode: true), [" ", "─", " "])
    }

    func testClosingBalancesAddEachDaysMoneyToTheOpening() {
        let history = BalanceHistory(firstDay: Fixture.start, opening: Money(units: 100),
                                     days: [DailyFlow(moneyIn: Money(units: 50), moneyOut: Money(units: -20)), .none,
                                            DailyFlow(moneyIn: .zero, moneyOut: Money(units: -130))])
        XCTAssertEqual(history.closingBalances, [Money(units: 130), Money(units: 130), .zero])
        XCTAssertEqual(BalanceHistory.firstDay(endingAt: Fixture.start, days: 30).description, "2026-11-01T00:00:00Z")
    }
}
