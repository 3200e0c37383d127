@testable import TermBankApp
import TermBankCore
import XCTest

/// The screen table (`ScreenFeature`, docs/decisions/0080) takes a new screen
/// with nothing but its own file: this throwaway screen, defined only here,
/// is reached through the app's reducer, drawn, helped and explored like the
/// app's own. (A screen of the app's adds its `Screen` case and its line in
/// `Screen.feature`; this one comes in as `Screen.added`.)
final class ThrowawayScreenTests: XCTestCase {
    /// A counter: ↑ and ↓ change it, Esc goes back to the statement.
    struct Counter: ScreenFeature {
        var stableName: String { "counter" }

        var count = 0

        static func shown(_ count: Int = 0) -> Screen { .added(AddedScreen(Counter(count: count))) }

        func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
            AppReducer.scope(&state, self, { Counter.shown($0.count) }, key) { state, counter, key in
                switch key {
                case .up: counter.count += 1
                case .down: counter.count -= 1
                case .escape: state.screen = .statement(StatementScreen())
                default: break
                }
                return []
            }
        }

        func bindings(_: AppState) -> [KeyHelp.Item] { [.init("↑↓", .scroll), .init("Esc", .back), .init("?", .help)] }

        var needsSession: Bool { true }

        func draw(_ frame: inout Frame, _: AppState, in body: Rect, words: any AppCatalog) {
            // The count is a number, not words; its title is the catalog's.
            frame.box(AppView.centered(in: body, columns: 30, rows: 5), title: words.text(KeyLabel.scroll))
            frame.put("\(count)", row: body.row + body.rows / 2, column: body.column + body.columns / 2)
        }
    }

    func shown(_ count: Int = 0) -> AppState {
        var state = Fixture.signedIn()
        state.screen = Counter.shown(count)
        return state
    }

    func testItIsReachedItsKeysGoToItAndItsValueIsWrittenBack() {
        var state = shown()
        XCTAssertEqual(AppReducer.reduce(&state, .key(.up)), [])
        _ = AppReducer.reduce(&state, .key(.up))
        XCTAssertEqual(state.screen, Counter.shown(2))
        // A letter it has no binding for does nothing; Esc leaves it, and the value is not written over the statement.
        _ = AppReducer.reduce(&state, .key(.character("x")))
        XCTAssertEqual(state.screen, Counter.shown(2))
        _ = AppReducer.reduce(&state, .key(.escape))
        XCTAssertEqual(state.screen, .statement(StatementScreen()))
    }

    func testItIsDrawnWithItsKeysOnTheBar() {
        let text = AppView.render(shown(7), size: Fixture.size).text
        XCTAssertTrue(text.contains { $0.contains("│") && $0.contains(" 7 ") }, "its count, in its box: \(text.joined(separator: "\n"))")
        XCTAssertTrue(text.contains { $0.contains("─ Scroll ─") }, "its title, from the catalog")
        XCTAssertTrue(text.last?.contains("↑↓ Scroll") == true, "its bindings on the key bar: \(text.last ?? "")")
        XCTAssertEqual(KeyHelp.items(for: shown()), Counter().bindings(shown()))
    }

    func testQuestionMarkHelpsWithItsBindings() {
        var state = shown()
        _ = AppReducer.reduce(&state, .key(.character("?")))
        XCTAssertTrue(state.showsHelp, "? is help on it: it does not say ? is text")
        XCTAssertEqual(state.screen, Counter.shown(), "the ? did not reach it")
        let text = AppView.render(state, size: Fixture.size).text.joined(separator: "\n")
        for label in ["Scroll", "Back", "Redraw", "Quit"] { XCTAssertTrue(text.contains(label), label) }
        XCTAssertFalse(state.lettersAreText, "its letters are commands: it did not say otherwise")
        XCTAssertFalse(state.isSigningIn)
    }

    func testItIsExploredAndCheckedForItsSession() {
        let exploration = ExplorationTests(name: "explore", testClosure: { _ in })
        let alphabet: [ExplorationTests.Input] = [.action(.key(.up)), .action(.key(.down)), .action(.key(.escape)),
                                                  .action(.key(.character("?"))), .action(.key(.character("t"))), .idle]
        var bank = ExplorationTests.ScriptedBank()
        bank.sessionUser = "alice"
        let result = exploration.explore(from: shown(), bank: bank, depth: 4, alphabet: alphabet) { state in
            state.screen.feature is Counter
        }
        XCTAssertEqual(result.problems.prefix(5), [])
        XCTAssertGreaterThan(result.counted, 4, "the exploration walks its states")
        // It says it needs a session, so the exploration's invariants catch it shown without one.
        var unsigned = Fixture.state()
        unsigned.screen = Counter.shown()
        XCTAssertEqual(exploration.checkInvariants(unsigned, ExplorationTests.ScriptedBank(), path: []).count, 1)
    }
}
