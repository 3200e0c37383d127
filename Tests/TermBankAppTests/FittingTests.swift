@testable import TermBankApp
import TermBankCore
import XCTest

/// Every screen and modal fits 80x24 and 60x20 with nothing clipped, in
/// every language: every word a catalog gives is on the frame
/// whole, no line runs over a box's side, every key is on the key bar, and
/// the help overlay lists every key. And the checks themselves catch a word
/// cut short and a key left off.
final class FittingTests: XCTestCase {
    static func key(_ name: String, _ size: Size) -> String { "\(name)@\(size.columns)x\(size.rows)" }

    /// Every screen of `CatalogScreens`, in every language, at every size it is checked at.
    static var everyScreen: [(place: String, state: AppState, size: Size, words: any AppCatalog)] {
        Language.allCases.flatMap { language in
            CatalogScreens.all.flatMap { name, state, listed in
                Fitting.sizes(for: listed).map { size in
                    ("\(language.code) \(key(name, size))", Fitting.speaking(language, state, size), size, language.appCatalog)
                }
            }
        }
    }

    func testTheFourLanguagesAreCheckedAtBothSizes() {
        XCTAssertEqual(Language.allCases.map(\.code), ["en", "pt-BR", "it", "uk"])
        XCTAssertEqual(Fitting.sizes, [Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)])
        let standard = Self.everyScreen.filter { Fitting.sizes.contains($0.size) }
        XCTAssertEqual(standard.count, Language.allCases.count * 2 * CatalogScreens.all.filter { Fitting.sizes.contains($0.size) }.count)
    }

    /// No word a catalog gave is missing from the frame, nor cut: no screen,
    /// modal or overlay in any of the four languages at 80x24 or 60x20 has
    /// an unseen word, or a line over a box's side.
    func testNoScreenInAnyLanguageHasAnUnseenWordOrABrokenBox() {
        for (place, state, size, words) in Self.everyScreen {
            let picture = "\n" + AppView.render(state, size: size, words: words).text.joined(separator: "\n")
            XCTAssertEqual(Fitting.unseenWords(state, size: size, words: words), [], "\(place): cut or hidden" + picture)
            XCTAssertEqual(Fitting.brokenBoxSides(state, size: size, words: words), 0,
                           "\(place): a line runs over a box's side" + picture)
        }
    }

    /// The guided story's screens at 60x20, in demo mode where
    /// the key bar and the status line take more rows: every word whole.
    func testTheStorysScreensShowEveryWordWhole() {
        for language in Language.allCases {
            // Except the guest's name too long for its column, cut there on purpose with an ellipsis (CutTextTests).
            for (name, state, size) in LanguageGoldenScreens.story(language) where name != "statement-guest-payer-60x20" {
                XCTAssertEqual(Fitting.unseenWords(state, size: size, words: language.appCatalog), [],
                               "\(language.code) \(name)\n" + AppView.render(state, size: size).text.joined(separator: "\n"))
            }
        }
    }

    /// The key bar shows every key of every screen, in every language, at
    /// both sizes: on two rows where one is too narrow (`ScreenLayout`).
    func testEveryKeyIsOnTheKeyBar() {
        for (place, state, size, words) in Self.everyScreen {
            XCTAssertEqual(Fitting.keysOffTheBar(state, size: size, words: words), [], place)
        }
    }

    /// `?` opens the help over any screen, and it lists every key that
    /// screen answers to, the bar's and those only the help names, with the
    /// global ones it does not name itself (its own Esc says what Esc does
    /// there), in every language and at both sizes. Where the whole list
    /// does not fit the body, the bar's keys are on the bar, in sight below
    /// the help (`HelpOverlay`).
    func testTheHelpListsEveryKeyOfEveryScreen() {
        for (place, state, size, words) in Self.everyScreen where state.modal == nil && state.demo?.phoneOpen != true
            && !state.isTooSmall && !state.showsHelp {
            var help = state
            help.showsHelp = true
            let lines = AppView.render(help, size: size, words: words).text
            let own = KeyHelp.items(for: state).filter { $0.keys != "?" } + KeyHelp.helpOnly(for: state)
            let global = KeyHelp.global.filter { global in !own.contains { $0.keys == global.keys } }
            let bar = lines.suffix(ScreenLayout.keyBarMaximumRows)
            let listed = lines.dropLast(ScreenLayout.keyBarMaximumRows)
            func shown(_ item: KeyHelp.Item) -> Bool {
                listed.contains { $0.contains(item.keys) && $0.contains(words.text(item.label)) }
                    || bar.contains { $0.contains(item.keys + " " + words.text(item.label)) }
            }
            for item in own + global where !shown(item) {
                XCTFail("\(place): the help leaves out \(item.keys) \(words.text(item.label))\n" + lines.joined(separator: "\n"))
            }
        }
    }

    /// A welcome line too long for the login panel is caught (its last word
    /// is cut at the frame's edge, and it runs over the panel's side), and so
    /// are labels too long for a key bar's two rows (the keys after them
    /// are left off).
    func testACutLineAndADroppedKeyAreCaught() {
        struct Wordy: AppCatalog {
            let english = EnglishAppCatalog()
            var core: any CoreCatalog { english.core }
            var answers: AnswerKeys { english.answers }
            func text(_ text: ChromeText) -> String { english.text(text) }
            func text(_ label: KeyLabel) -> String {
                switch label {
                case .nextField: return "Next field, where the password goes after the username, as on every form"
                case .signIn: return "Sign in with the username and the password typed above, and then the code"
                default: return english.text(label)
                }
            }
            func text(_ text: SignInText) -> String {
                text == .welcome ? "Welcome. Sign in with your username and password, as every morning." : english.text(text)
            }
            func text(_ text: SecondFactorText) -> String { english.text(text) }
            func text(_ text: DemoText) -> String { english.text(text) }
            func text(_ text: ModalText) -> String { english.text(text) }
            func text(_ text: BankingText) -> String { english.text(text) }
            func text(_ text: PaymentText) -> String { english.text(text) }
            func text(_ text: HistoryText) -> String { english.text(text) }
            func text(_ text: SecurityText) -> String { english.text(text) }
            func text(_ text: SessionText) -> String { english.text(text) }
            func text(_ text: PresenterText) -> String { english.text(text) }
        }
        let login = CatalogScreens.at(.login(LoginForm()))
        let size = Size(columns: 80, rows: 24)
        XCTAssertEqual(Fitting.unseenWords(login, size: size, words: EnglishAppCatalog()), [])
        XCTAssertEqual(Fitting.brokenBoxSides(login, size: size, words: EnglishAppCatalog()), 0)
        XCTAssertEqual(Fitting.keysOffTheBar(login, size: size, words: EnglishAppCatalog()), [])
        XCTAssertEqual(Fitting.unseenWords(login, size: size, words: Wordy()), ["Help", "Language", "Quit", "morning."],
                       "the welcome's last word, and the keys after the two long labels")
        XCTAssertGreaterThan(Fitting.brokenBoxSides(login, size: size, words: Wordy()), 0, "the welcome over the panel's side")
        XCTAssertEqual(Fitting.keysOffTheBar(login, size: size, words: Wordy()), ["L Language", "? Help", "Ctrl-C Quit"])
    }
}
