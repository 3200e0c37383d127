@testable import TermBankApp
import TermBankCore
import XCTest

/// The effects asked for again and again while a screen shows have ids, and
/// the dispatcher cancels them when that screen goes (docs/decisions/0085):
/// the cancellation comes first, so a refresh the same action asks for stands.
final class EffectCancellationTests: XCTestCase {
    func testLeavingTheStatementForTheSecurityScreenCancelsItsRefresh() {
        var loop = Dispatcher(Fixture.signedIn())
        XCTAssertEqual(loop.tick(Fixture.start.adding(seconds: 1)), [.banking(.loadAccount(Fixture.alice))])
        XCTAssertEqual(loop.key(.character("a")), [.cancel(.statementRefresh), .security(.loadSecurity)])
        XCTAssertEqual(loop.tick(Fixture.start.adding(seconds: 2)), [.checkSession], "no refresh while the settings show")
    }

    func testTheTransferFormKeepsTheRefreshItShowsBalancesToo() {
        var loop = Dispatcher(Fixture.signedIn())
        XCTAssertEqual(loop.key(.character("t")), [])
        XCTAssertEqual(loop.tick(Fixture.start.adding(seconds: 1)), [.banking(.loadAccount(Fixture.alice))])
    }

    /// A refresh queued behind a slow effect must not answer on the signed-out
    /// screen with "the session ended" in place of the words the customer saw.
    func testASessionEndedOnTheStatementCancelsItsRefresh() {
        var loop = Dispatcher(Fixture.signedIn())
        XCTAssertEqual(loop.reply(.sessionEnded(.core(.session(.ended(.trustRevoked))))), [.cancel(.statementRefresh)])
    }

    func testAScrollAsksForItsWindowAndKeepsTheRefreshId() {
        let effect = Effect.banking(.loadStatement(StatementRequest(pageSize: 10)))
        XCTAssertEqual(effect.id, .statementRefresh)
        XCTAssertEqual(Effect.banking(.loadAccount(Fixture.alice)).id, .statementRefresh)
        XCTAssertEqual(Effect.demo(.loadPhone).id, .phonePoll)
        XCTAssertEqual(Effect.demo(.loadStory).id, .storyPoll)
        XCTAssertNil(Effect.security(.loadSecurity).id, "a one-off effect runs to its answer")
        XCTAssertFalse(Dispatcher.isForTheBank(.cancel(.statementRefresh)), "the runtime's own, not the bank's")
    }

    /// The phone and the story are read beside every screen of demo mode: only quitting ends their polls.
    func testDemoModesPollsEndOnlyWithTheApp() {
        var state = Fixture.signedIn()
        state.demo = DemoState()
        var loop = Dispatcher(state)
        XCTAssertEqual(loop.key(.character("a")), [.cancel(.statementRefresh), .security(.loadSecurity)])
        XCTAssertEqual(loop.key(.control("c")), [])
        let quit = loop.key(.enter)
        XCTAssertEqual(Array(quit.prefix(2)), [.cancel(.phonePoll), .cancel(.storyPoll)])
        XCTAssertEqual(quit.last, .quit)
    }
}
