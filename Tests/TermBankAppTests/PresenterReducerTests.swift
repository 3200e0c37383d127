@testable import TermBankApp
@testable import TermBankCore
import XCTest

/// The presenter's view (`termbank demo watch`) as the presenter uses it:
/// it reads the bank each second, ↑/↓ (or j/k) choose a stakeholder, `u`
/// asks before lifting that stakeholder's locks and says so when there is
/// nothing to lift, the bank's refusal shows, and q or Esc leaves.
final class PresenterReducerTests: ReducerTestCase {
    override class var initialState: AppState { PresenterFixture.state(PresenterScreen()) }

    typealias P = PresenterFixture

    func testEachTickReadsTheBankAndTheFirstRowIsChosen() {
        send(.tick(P.now), effects: [.presenter(.read)])
        send(.presenter(.read(.success(P.snapshot)))) { $0.screen = .presenter(P.showing()) }
        send(.tick(P.now.adding(seconds: 1)), effects: [.presenter(.read)]) { $0.now = P.now.adding(seconds: 1) }
    }

    func testUpAndDownAndJAndKChooseAndWrapAround() {
        send(.presenter(.read(.success(P.snapshot)))) { $0.screen = .presenter(P.showing()) }
        send(.key(.down)) { $0.screen = .presenter(P.showing(selected: "t-done")) }
        send(.key(.character("j"))) { $0.screen = .presenter(P.showing(selected: "t-locked")) }
        send(.key(.down)) { $0.screen = .presenter(P.showing(selected: "t-stuck")) }
        send(.key(.up)) { $0.screen = .presenter(P.showing(selected: "t-locked")) }
        send(.key(.character("k"))) { $0.screen = .presenter(P.showing(selected: "t-done")) }
    }

    func testTheChoiceFollowsTheStakeholderAcrossReads() {
        store.state.screen = .presenter(P.showing(selected: "t-locked"))
        let reordered = PresenterSnapshot(at: P.now, stakeholders: [P.locked, P.stuck], connected: 2, finished: 0,
                                          moneyMoved: .zero)
        send(.presenter(.read(.success(reordered)))) { $0.screen = .presenter(P.showing(reordered, selected: "t-locked")) }
        let gone = PresenterSnapshot(at: P.now, stakeholders: [P.stuck], connected: 1, finished: 0, moneyMoved: .zero)
        send(.presenter(.read(.success(gone)))) { $0.screen = .presenter(P.showing(gone, selected: "t-stuck")) }
    }

    func testUOnARowWithNothingToUnlockSaysSoWithoutAsking() {
        store.state.screen = .presenter(P.showing(selected: "t-done"))
        send(.key(.character("u"))) {
            var screen = P.showing(selected: "t-done")
            screen.notice = .said(.nothingToUnlock(origin: "browser 3fa9c2"))
            $0.screen = .presenter(screen)
        }
    }

    func testUAsksFirstAndYesUnlocksThenReadsAgain() {
        store.client = Self.client(unlock: { id in
            XCTAssertEqual(id, "t-locked")
            return true
        })
        store.state.screen = .presenter(P.showing(selected: "t-locked"))
        var screen = P.showing(selected: "t-locked")
        screen.confirming = P.locked
        send(.key(.character("u"))) { $0.screen = .presenter(screen) }
        screen.confirming = nil
        screen.busy = true
        send(.key(.character("y")), effects: [.presenter(.unlock(P.locked))]) { $0.screen = .presenter(screen) }
        screen.busy = false
        screen.notice = .said(.unlocked(customer: "bob", origin: "203.0.113.77"))
        receive(.presenter(.unlocked(P.locked, .success(true))), effects: [.presenter(.read)]) { $0.screen = .presenter(screen) }
    }

    func testEnterAnswersYesToo() {
        store.state.screen = .presenter(P.showing(selected: "t-locked"))
        send(.key(.character("u"))) { $0.screen = .presenter(PresenterScreen(snapshot: P.snapshot, selected: "t-locked",
                                                                              confirming: P.locked)) }
        send(.key(.enter), effects: [.presenter(.unlock(P.locked))]) {
            $0.screen = .presenter(PresenterScreen(snapshot: P.snapshot, selected: "t-locked", busy: true))
        }
    }

    func testNOrEscCancelsTheQuestionAndNothingIsUnlocked() {
        store.state.screen = .presenter(P.showing(selected: "t-locked"))
        let asking = PresenterScreen(snapshot: P.snapshot, selected: "t-locked", confirming: P.locked)
        send(.key(.character("u"))) { $0.screen = .presenter(asking) }
        send(.key(.character("n"))) { $0.screen = .presenter(P.showing(selected: "t-locked")) }
        send(.key(.character("u"))) { $0.screen = .presenter(asking) }
        // Esc answers the question; it does not leave the view.
        send(.key(.escape)) { $0.screen = .presenter(P.showing(selected: "t-locked")) }
        // Any other key leaves the question open.
        send(.key(.character("u"))) { $0.screen = .presenter(asking) }
        send(.key(.down))
    }

    func testTheBanksRefusalIsShownAndNothingLeftToLiftIsSaid() {
        var screen = P.showing(selected: "t-locked")
        screen.busy = true
        store.state.screen = .presenter(screen)
        // While the unlock is on its way, u asks nothing.
        send(.key(.character("u")))
        screen.busy = false
        screen.notice = .refused(.core(.session(.ended(.idle))))
        send(.presenter(.unlocked(P.locked, .failure(.core(.session(.ended(.idle)))))), effects: [.presenter(.read)]) {
            $0.screen = .presenter(screen)
        }
        screen.notice = .said(.nothingToUnlock(origin: "203.0.113.77"))
        send(.presenter(.unlocked(P.locked, .success(false))), effects: [.presenter(.read)]) { $0.screen = .presenter(screen) }
    }

    func testARecordsSideNotBuiltYetIsWordedAndTheLastSnapshotStays() {
        store.client = Self.client(snapshot: { throw PresenterUnavailable() })
        send(.tick(P.now), effects: [.presenter(.read)])
        receive(.presenter(.read(.failure(.presenter(.recordsUnavailable))))) {
            $0.screen = .presenter(PresenterScreen(error: .presenter(.recordsUnavailable)))
        }
        let frame = AppView.render(store.state, size: Fixture.size).text.joined(separator: "\n")
        XCTAssertTrue(frame.contains("This bank's presence records cannot be read yet."), frame)
    }

    func testQAndEscLeave() {
        send(.key(.character("q")), effects: [.quit]) { $0.quitting = true }
        store.state = PresenterFixture.state(P.showing())
        send(.key(.escape), effects: [.quit]) { $0.quitting = true }
    }

    func testTheViewNeverClosesForInactivity() {
        let later = P.now.adding(seconds: 3 * 3600)
        send(.tick(later), effects: [.presenter(.read)]) { $0.now = later }
    }

    static func client(snapshot: @escaping @Sendable () throws -> PresenterSnapshot = { PresenterFixture.snapshot },
                       unlock: @escaping @Sendable (String) throws -> Bool = { _ in false }) -> BankingClient {
        var client = BankingClient(now: { PresenterFixture.now })
        var presenter = PresenterClient()
        presenter.snapshot = snapshot
        presenter.unlock = unlock
        client.presenter = presenter
        return client
    }
}
