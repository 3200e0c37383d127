@testable import TermBankApp
import TermBankCore
import XCTest

/// At the shared demo alice, bob and carol are everyone's, and so are their
/// settings (decision 46): the welcome says so under the shared customers,
/// and the Security screen of a shared customer says it beside its title, in
/// every language. A guest's own Security screen, and any Security screen
/// without demo mode, say nothing of it.
final class SharedCustomersOnScreenTests: XCTestCase {
    let overview = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false,
                                    signInFactor: .smsCode, recoveryCodesLeft: 0, trustedDevices: [])

    /// `user`'s Security screen, signed in as a terminal in or out of demo mode would be.
    func security(_ user: UserRecord, demo: Bool, language: Language = .english, size: Size = Fixture.size) -> String {
        var state = demo ? Fixture.demoState(size: size) : Fixture.state()
        state.size = size
        state.languageSelection = LanguageSelection(language, source: .option)
        _ = AppReducer.reduce(&state, .signIn(.sessionOpened(.success(Fixture.session(user, recoveryCodesLeft: nil)))))
        _ = AppReducer.reduce(&state, .banking(.accountLoaded(.success(Fixture.account(user)))))
        state.screen = .security(SecurityScreen(overview: overview))
        return AppView.render(state, size: size).text.joined(separator: "\n")
    }

    func testAtTheDemoASharedCustomersSecurityScreenSaysAChangeIsEveryones() {
        for user in [Fixture.alice, Fixture.bob, Fixture.carol] {
            let screen = security(user, demo: true)
            XCTAssertTrue(screen.contains("Security   Shared at the demo: a change is everyone's."), screen)
        }
    }

    func testAGuestsOwnSettingsAndEveryScreenWithoutDemoModeSayNothingOfIt() {
        XCTAssertFalse(security(DemoModeTests.guest, demo: true).contains("Shared at the demo"))
        for user in [Fixture.alice, Fixture.bob] {
            XCTAssertFalse(security(user, demo: false).contains("Shared at the demo"), "a real bank's alice is no one else's")
        }
    }

    /// Beside the title at every size the app draws, down to 60 columns
    /// (at 60x20 it was left out in Italian, and in English and
    /// Portuguese too, for want of room).
    func testTheLineFitsBesideTheTitleInEveryLanguageAtEightyAndSixtyColumns() {
        for language in Language.allCases {
            let words = language.appCatalog
            let line = words.text(SecurityText.sharedAtTheDemo)
            for size in [Fixture.size, Size(columns: 60, rows: 20)] {
                let screen = security(Fixture.bob, demo: true, language: language, size: size)
                XCTAssertTrue(screen.contains(words.text(SecurityText.title) + "   " + line), "\(language) \(size):\n\(screen)")
            }
        }
    }

    func testTheWelcomeSaysTheSharedCustomersSettingsAreEveryonesInEveryLanguage() {
        for language in Language.allCases {
            var state = Fixture.demoState()
            state.languageSelection = LanguageSelection(language, source: .option)
            let screen = AppView.render(state, size: Fixture.size).text.joined(separator: "\n")
            XCTAssertTrue(screen.contains(language.appCatalog.text(DemoText.sharedSettings)), "\(language):\n\(screen)")
        }
    }
}
