@testable import TermBankApp
import TermBankCore
import XCTest

/// Decision 66: a connection left on a screen before sign-in held its
/// process for ever. Those screens close after the core's
/// `SessionPolicy.unsignedIdleSeconds` (10 minutes) without a key, warned
/// for the last 30 seconds, on the driven clock; the phone-only window is read,
/// not typed at, and stays.
final class UnsignedIdleTests: XCTestCase {
    let limit = SessionPolicy.standard.unsignedIdleSeconds

    func welcome() -> AppState {
        AppState(size: Size(columns: 120, rows: 30), now: Fixture.start, deviceName: "iphone-touchid", demo: true)
    }

    func testTheCoreCountsTheLimitFromTheLastKey() {
        let policy = SessionPolicy.standard
        XCTAssertEqual(policy.unsignedIdleSeconds, 600)
        XCTAssertEqual(policy.unsignedSecondsLeft(lastInputAt: Fixture.start, now: Fixture.start), 600)
        XCTAssertEqual(policy.unsignedSecondsLeft(lastInputAt: Fixture.start, now: Fixture.start.adding(seconds: 599)), 1)
        XCTAssertEqual(policy.unsignedSecondsLeft(lastInputAt: Fixture.start, now: Fixture.start.adding(seconds: 600)), 0)
        XCTAssertEqual(policy.unsignedSecondsLeft(lastInputAt: Fixture.start, now: Fixture.start.adding(seconds: 9_999)), 0)
    }

    func testAWelcomeScreenLeftAloneForTenMinutesCloses() {
        var state = welcome()
        XCTAssertFalse(AppReducer.reduce(&state, .tick(Fixture.start.adding(seconds: limit - 1))).contains(.quit))
        XCTAssertFalse(state.quitting)
        XCTAssertEqual(AppReducer.reduce(&state, .tick(Fixture.start.adding(seconds: limit))), [.quit])
        XCTAssertTrue(state.quitting)
    }

    func testTheLastThirtySecondsAreWarnedOnTheStatusLineInTheLanguage() {
        var state = welcome()
        _ = AppReducer.reduce(&state, .tick(Fixture.start.adding(seconds: limit - 31)))
        XCTAssertFalse(AppView.render(state, size: state.size).text.joined().contains("Closing in"))
        _ = AppReducer.reduce(&state, .tick(Fixture.start.adding(seconds: limit - 20)))
        XCTAssertTrue(AppView.render(state, size: state.size).text.joined()
            .contains("Closing in 20 s for inactivity. Press any key to stay."))
        state.languageSelection = LanguageSelection(.italian, source: .chosen)
        XCTAssertTrue(AppView.render(state, size: state.size).text.joined().contains("Chiusura tra 20 s per inattività: premi un tasto."))
    }

    func testTheWarningIsOneLineAt60x20InEveryLanguage() {
        for language in Language.allCases {
            var state = AppState(size: Size(columns: 60, rows: 20), now: Fixture.start, deviceName: "iphone-touchid", demo: true,
                                 language: LanguageSelection(language, source: .option))
            _ = AppReducer.reduce(&state, .tick(Fixture.start.adding(seconds: limit - 20)))
            let warning = language.appCatalog.text(ChromeText.closingForInactivity(secondsLeft: 20))
            let lines = AppView.render(state, size: state.size).text
            XCTAssertTrue(lines.contains { $0.trimmingCharacters(in: .whitespaces) == warning }, "\(language): \(lines)")
        }
    }

    func testAKeyStartsTheTenMinutesAgain() {
        var state = welcome()
        _ = AppReducer.reduce(&state, .tick(Fixture.start.adding(seconds: limit - 5)))
        _ = AppReducer.reduce(&state, .key(.character("?")))
        XCTAssertFalse(AppReducer.reduce(&state, .tick(Fixture.start.adding(seconds: limit + 60))).contains(.quit))
        XCTAssertFalse(state.quitting)
        XCTAssertEqual(AppReducer.reduce(&state, .tick(Fixture.start.adding(seconds: 2 * limit - 5))), [.quit])
    }

    func testTheSignInFormAndTheSignedOutNoticeCloseToo() {
        var login = AppState(size: Fixture.size, now: Fixture.start, deviceName: "iphone-touchid")
        XCTAssertEqual(AppReducer.reduce(&login, .tick(Fixture.start.adding(seconds: limit))), [.quit])
        var signedOut = welcome()
        signedOut.screen = .signedOut(message: .core(.session(.ended(.idle))))
        XCTAssertEqual(AppReducer.reduce(&signedOut, .tick(Fixture.start.adding(seconds: limit))), [.quit])
    }

    func testThePhoneWindowStaysOpen() {
        var state = AppState(size: Fixture.size, now: Fixture.start, deviceName: nil, demo: true,
                             phoneWindow: PhoneWindowScreen())
        _ = AppReducer.reduce(&state, .tick(Fixture.start.adding(seconds: 10 * limit)))
        XCTAssertFalse(state.quitting)
        XCTAssertFalse(AppView.render(state, size: state.size).text.joined().contains("Closing in"))
    }
}
