@testable import TermBankApp
import TermBankCore

/// The presenter's view's data: three stakeholders at once, one stuck (the
/// same screen for four minutes, a code refused), one who finished the
/// story, one locked out by wrong passwords (the one `u` can help).
enum PresenterFixture {
    static let now = Fixture.start.adding(seconds: 600)

    static let stuck = Stakeholder(id: "t-stuck", origin: "key SHA256:Ab3fQx9Lm2Zr8", door: .ssh,
                                   customer: Username(trusted: "guest-amber-fox"), language: .portugueseBrazil,
                                   stepsDone: [true, true, false, false], screen: "pin", screenSince: now.adding(seconds: -240),
                                   lastAction: now.adding(seconds: -45),
                                   stuck: [.sameScreen(since: now.adding(seconds: -240)), .refused(.code)], unlockable: false)
    static let finished = Stakeholder(id: "t-done", origin: "browser 3fa9c2", door: .web, customer: Username(trusted: "alice"),
                                      language: .english, stepsDone: [true, true, true, true], screen: "statement",
                                      screenSince: now.adding(seconds: -200), lastAction: now.adding(seconds: -180), stuck: [],
                                      unlockable: false)
    static let locked = Stakeholder(id: "t-locked", origin: "203.0.113.77", door: .ssh, customer: Username(trusted: "bob"),
                                    language: .ukrainian, stepsDone: [true, false, false, false], screen: "login",
                                    screenSince: now.adding(seconds: -30), lastAction: now.adding(seconds: -30),
                                    stuck: [.lockedOut(until: now.adding(seconds: 900)), .refused(.password)], unlockable: true)

    /// The fixture's data on screen (origins, language codes, screens' names): not words of a catalog.
    static let data = [stuck, finished, locked].flatMap { [$0.origin, $0.language.code, $0.screen, $0.customer?.rawValue ?? ""] }

    static let snapshot = PresenterSnapshot(at: now, stakeholders: [stuck, finished, locked], connected: 3, finished: 1,
                                            moneyMoved: Money(units: 1_250))
    static let empty = PresenterSnapshot(at: now, stakeholders: [], connected: 0, finished: 0, moneyMoved: .zero)

    /// The view as `termbank demo watch` starts it, showing `screen`.
    static func state(_ screen: PresenterScreen, size: Size = Fixture.size) -> AppState {
        var state = AppState(size: size, now: now, deviceName: nil)
        state.screen = .presenter(screen)
        return state
    }

    static func showing(_ snapshot: PresenterSnapshot = snapshot, selected: String? = nil) -> PresenterScreen {
        PresenterScreen(snapshot: snapshot, selected: selected ?? snapshot.stakeholders.first?.id)
    }
}
