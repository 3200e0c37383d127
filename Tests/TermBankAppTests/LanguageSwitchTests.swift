@testable import TermBankApp
import TermBankCore
import XCTest

/// `L` changes the language at once (login, the demo's welcome, Security);
/// the password step brings the user's saved preference unless `--lang`,
/// `TERMBANK_LANG` or `L` chose otherwise; a choice made with `L` is saved
/// as the user's preference once signed in. Written with `Language.next`, so
/// each language the build adds is the one `L` moves to.
final class LanguageSwitchTests: ReducerTestCase {
    private let next = Language.english.next

    private func user(_ user: UserRecord, speaking language: Language?) -> UserRecord {
        UserRecord(id: user.id, username: user.username, phone: user.phone, smsVerification: user.smsVerification,
                   sitekey: user.sitekey, createdAt: user.createdAt, language: language)
    }

    private func accepted(_ user: UserRecord) -> Action {
        .signIn(.signInReplied(.accepted(user: user, required: [], next: nil, biometry: .touchID)))
    }

    func testCapitalLInTheUsernameFieldChangesTheLanguageAtOnce() {
        state.screen = .login(LoginForm())
        send(.key(.character("L")), effects: [.useLanguage(next)]) {
            $0.languageSelection = LanguageSelection(self.next, source: .chosen)
        }
        XCTAssertEqual(AppView.render(state, size: Fixture.size).text, AppView.render(state, size: Fixture.size,
                                                                                      words: next.appCatalog).text,
                       "the frame is drawn in the chosen language")
        XCTAssertTrue(KeyHelp.items(for: state).contains(KeyHelp.Item("L", .language)), "the key bar offers it")
    }

    func testInThePasswordFieldLIsALetterAndLowerCaseLIsPartOfAUsername() {
        var form = LoginForm()
        state.screen = .login(form)
        send(.key(.character("l"))) { form.username = "l"; $0.screen = .login(form) }
        form.focus = .password
        state.screen = .login(form)
        send(.key(.character("L"))) { form.password = Secret("L"); $0.screen = .login(form) }
        XCTAssertFalse(KeyHelp.items(for: state).contains { $0.label == .language }, "not offered where L is a letter")
    }

    func testTheWelcomeScreenChangesItToo() {
        var demo = Fixture.state()
        demo.demo = DemoState()
        demo.screen = .welcome(WelcomeScreen())
        state = demo
        send(.key(.character("L")), effects: [.useLanguage(next)]) {
            $0.languageSelection = LanguageSelection(self.next, source: .chosen)
        }
    }

    func testTheSavedPreferenceAppliesAtThePasswordStep() {
        state.screen = .login(LoginForm())
        state.languageSelection = LanguageSelection(next, source: .environment("LANG"))
        let alice = user(Fixture.alice, speaking: .english)
        send(accepted(alice), effects: next == .english ? [] : [.useLanguage(.english)]) {
            $0.languageSelection = LanguageSelection(.english, source: .saved)
            $0.screen = .sitekey(SitekeyScreen(user: alice, next: nil))
        }
    }

    func testTheOptionWinsOverTheSavedPreference() {
        state.screen = .login(LoginForm())
        state.languageSelection = LanguageSelection(next, source: .option)
        let alice = user(Fixture.alice, speaking: .english)
        send(accepted(alice)) { $0.screen = .sitekey(SitekeyScreen(user: alice, next: nil)) }
        send(.signIn(.sessionOpened(.success(Fixture.session(alice)))), effects: [.banking(.loadAccount(alice))]) {
            $0.session = Fixture.session(alice)
            $0.screen = .statement(StatementScreen())
        }
    }

    func testAChoiceMadeBeforeSignInIsSavedOnceTheSessionOpens() {
        state.screen = .login(LoginForm())
        send(.key(.character("L")), effects: [.useLanguage(next)]) {
            $0.languageSelection = LanguageSelection(self.next, source: .chosen)
        }
        let alice = user(Fixture.alice, speaking: nil)
        send(accepted(alice)) { $0.screen = .sitekey(SitekeyScreen(user: alice, next: nil)) }
        send(.signIn(.sessionOpened(.success(Fixture.session(alice)))), effects: [.security(.saveLanguage(next)), .banking(.loadAccount(alice))]) {
            $0.session = Fixture.session(alice)
            $0.screen = .statement(StatementScreen())
        }
        store.client = client(saving: { _ in })
        receive(.security(.languageSaved(.success(next)))) {
            $0.languageSelection = LanguageSelection(self.next, source: .saved)
        }
    }

    func testInSecurityLSavesTheChoiceAsThePreference() {
        let saved = Saved()
        store.client = client(saving: { saved.append($0) })
        state = Fixture.signedIn()
        state.screen = .security(SecurityScreen(overview: SecurityReducerTests.smsOnly))
        send(.key(.character("L")), effects: [.security(.saveLanguage(next))]) {
            $0.languageSelection = LanguageSelection(self.next, source: .chosen)
        }
        receive(.security(.languageSaved(.success(next)))) {
            $0.languageSelection = LanguageSelection(self.next, source: .saved)
        }
        XCTAssertEqual(saved.languages, [next])
        XCTAssertTrue(KeyHelp.items(for: state).contains(KeyHelp.Item("L", .language)))
    }

    func testAPreferenceTheBankCouldNotSaveSaysWhyAndTheScreenKeepsTheLanguage() {
        let busy = StoreError.busy(path: "bank.db", waitedMilliseconds: 5000)
        store.client = client(saving: { _ in throw busy })
        state = Fixture.signedIn()
        state.screen = .security(SecurityScreen(overview: SecurityReducerTests.smsOnly))
        send(.key(.character("l")), effects: [.security(.saveLanguage(next))]) {
            $0.languageSelection = LanguageSelection(self.next, source: .chosen)
        }
        receive(.security(.languageSaved(.failure(.core(.store(busy)))))) {
            $0.screen = .security(SecurityScreen(overview: SecurityReducerTests.smsOnly,
                                                 notice: .refused(.core(.store(busy)))))
        }
    }

    func testASessionEndedElsewhereWhileSavingSignsOut() {
        store.client = client(saving: { _ in throw SessionError.ended(.trustRevoked) })
        state = Fixture.signedIn()
        state.screen = .security(SecurityScreen(overview: SecurityReducerTests.smsOnly))
        send(.key(.character("L")), effects: [.security(.saveLanguage(next))]) {
            $0.languageSelection = LanguageSelection(self.next, source: .chosen)
        }
        receive(.sessionEnded(.core(.session(.ended(.trustRevoked))))) {
            $0.session = nil
            $0.account = nil
            $0.languageSelection = LanguageSelection(self.next, source: .previousSession)
            $0.screen = .signedOut(message: .core(.session(.ended(.trustRevoked))))
        }
    }

    private func client(saving save: @escaping @Sendable (Language) throws -> Void) -> BankingClient {
        var client = BankingClient.refusingAll(now: { Fixture.start })
        client.settings.saveLanguage = save
        return client
    }

    private final class Saved: @unchecked Sendable {
        private let lock = NSLock()
        private var saved: [Language] = []
        func append(_ language: Language) { lock.withLock { saved.append(language) } }
        var languages: [Language] { lock.withLock { saved } }
    }
}
