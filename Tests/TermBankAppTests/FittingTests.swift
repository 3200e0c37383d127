@testable import TermBankApp
import TermBankCore
import XCTest

/// Every screen fits 80x24 and 60x20 with nothing clipped (issue 13). Each
/// language's own test runs the same check with its catalog; these show the
/// check on English, and that it catches a word cut short.
final class FittingTests: XCTestCase {
    /// Where English itself is cut today: layouts too tight for any language
    /// (a one-line error in a 50-column panel, a key bar with more keys than
    /// 60 columns hold, the settings' action column, the text beside the QR
    /// code, the login's and the demo welcome's key bar since `L Language`
    /// joined them). A language may lose no more words there than English
    /// does; a layout made roomier leaves this list.
    static let cutInEnglish: Set<String> = [
        "statement, every kind of line@60x20", "login@60x20", "login, empty@60x20", "login, full field@60x20", "login, checking@60x20", "demo welcome@80x24",
        "device picker@80x24", "device picker@60x20", "idle warning@60x20", "pin@60x20", "new recovery codes@60x20",
        "new recovery codes, making@60x20", "demo welcome@60x20", "demo login@60x20", "demo pin, notice@60x20",
        "demo phone window, picker@80x24", "demo phone window, picker@60x20", "statement@60x20",
        "statement, 60x20@60x20", "statement, loading@60x20", "statement, notice@60x20", "statement, refusal@60x20",
        "statement, history scrolled, 60x20@60x20", "statement, checking, searching@60x20", "statement, nothing matches@60x20",
        "security@60x20", "security, with app@80x24", "security, with app@60x20", "security, notice@60x20",
        "security, unloaded@60x20", "enrolment@80x24", "enrolment@60x20",
    ]

    static func key(_ name: String, _ size: Size) -> String { "\(name)@\(size.columns)x\(size.rows)" }

    func testEnglishIsCutOnlyWhereListed() {
        var cut: Set<String> = []
        for (name, state, listed) in CatalogScreens.all {
            for size in Fitting.sizes(for: listed) where !Fitting.unseenWords(state, size: size, words: EnglishAppCatalog()).isEmpty {
                cut.insert(Self.key(name, size))
            }
        }
        XCTAssertEqual(cut.subtracting(Self.cutInEnglish), [], "newly cut in English")
        XCTAssertEqual(Self.cutInEnglish.subtracting(cut), [], "fits now: take it off the list")
    }

    /// A welcome line too long for the login panel, and a key label that
    /// pushes the last key (Ctrl-C Quit) off the bar, are both caught.
    func testACutLineAndADroppedKeyAreCaught() {
        struct Wordy: AppCatalog {
            let english = EnglishAppCatalog()
            var core: any CoreCatalog { english.core }
            func text(_ text: ChromeText) -> String { english.text(text) }
            func text(_ label: KeyLabel) -> String {
                label == .nextField ? "Next field, where the password goes" : english.text(label)
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
        }
        let login = CatalogScreens.at(.login(LoginForm()))
        XCTAssertEqual(Fitting.unseenWords(login, size: Size(columns: 80, rows: 24), words: EnglishAppCatalog()), [])
        XCTAssertEqual(Fitting.unseenWords(login, size: Size(columns: 80, rows: 24), words: Wordy()),
                       ["Quit", "morning."], "the welcome's last word, and Ctrl-C's key pushed off the bar")
    }
}
