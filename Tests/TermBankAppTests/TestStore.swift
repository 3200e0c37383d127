@testable import TermBankApp
import TermBankCore
import XCTest

/// The one store every reducer test uses, after TCA's `TestStore`.
///
/// `send` applies an action and checks that the state changed exactly as
/// `update` says and that exactly `effects` came out. Those effects wait;
/// `receive` performs the oldest one still waiting against `client`, through
/// the app's own `EffectRunner`, checks the action the bank's answer came back
/// as, and applies it like `send`. Effects that answer nothing (a sign-out,
/// a touch) are performed on the way; an effect that answers twice (in demo
/// mode, a code sent and then the phone read) is received twice. An effect
/// that asks the client for an endpoint the test did not set fails the test, naming it.
final class TestStore {
    var state: AppState
    /// The bank `receive` performs effects against.
    var client: BankingClient?
    /// Effects sent but not yet performed by `receive`, oldest first.
    private(set) var waiting: [Effect] = []
    /// Answers performed but not yet received, oldest first.
    private var answered: [Action] = []

    init(state: AppState, client: BankingClient? = nil) {
        self.state = state
        self.client = client
    }

    func send(_ action: Action, effects expected: [Effect] = [], file: StaticString = #filePath, line: UInt = #line,
              _ update: (inout AppState) -> Void = { _ in }) {
        apply(action, effects: expected, file: file, line: line, update)
    }

    func receive(_ expected: Action, effects expectedEffects: [Effect] = [], file: StaticString = #filePath,
                 line: UInt = #line, _ update: (inout AppState) -> Void = { _ in }) {
        guard let client else {
            XCTFail("receive needs a client to perform effects against", file: file, line: line)
            return
        }
        while answered.isEmpty, !waiting.isEmpty {
            let effect = waiting.removeFirst()
            answered = EffectRunner.perform(effect, client: client) { error in
                if let missing = error as? BankingClient.Unimplemented {
                    XCTFail("\(effect) asked for \(missing.endpoint), which the test's client does not set", file: file, line: line)
                }
            }
        }
        guard !answered.isEmpty else {
            XCTFail("no effect was waiting to answer with \(expected)", file: file, line: line)
            return
        }
        let received = answered.removeFirst()
        XCTAssertEqual(received, expected, "received", file: file, line: line)
        apply(received, effects: expectedEffects, file: file, line: line, update)
    }

    private func apply(_ action: Action, effects expected: [Effect], file: StaticString, line: UInt,
                       _ update: (inout AppState) -> Void) {
        var expectedState = state
        update(&expectedState)
        let effects = AppReducer.reduce(&state, action)
        XCTAssertEqual(state, expectedState, "state", file: file, line: line)
        XCTAssertEqual(effects, expected, "effects", file: file, line: line)
        waiting += effects
    }
}

/// A reducer test suite: one `TestStore` per test, from the suite's `initialState`.
class ReducerTestCase: XCTestCase {
    /// Where each test of the suite starts.
    class var initialState: AppState { Fixture.state() }

    lazy var store = TestStore(state: type(of: self).initialState)

    /// The store's state, for tests that set up a screen directly.
    var state: AppState {
        get { store.state }
        set { store.state = newValue }
    }

    func send(_ action: Action, effects expected: [Effect] = [], file: StaticString = #filePath, line: UInt = #line,
              _ update: (inout AppState) -> Void = { _ in }) {
        store.send(action, effects: expected, file: file, line: line, update)
    }

    func receive(_ expected: Action, effects: [Effect] = [], file: StaticString = #filePath, line: UInt = #line,
                 _ update: (inout AppState) -> Void = { _ in }) {
        store.receive(expected, effects: effects, file: file, line: line, update)
    }
}
