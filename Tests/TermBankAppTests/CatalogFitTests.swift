@testable import TermBankApp
import TermBankCore
import XCTest

/// The fit check itself (`CatalogFit`): a text that no longer fits is
/// caught, whether the key bar drops it, an edge cuts it, it wraps past its
/// rows or it runs over a box's side; and a text wrapped whole is not.
final class CatalogFitTests: XCTestCase {
    /// English, but for a few texts made too long for their place.
    struct Longer: AppCatalog {
        let english = EnglishAppCatalog()
        var core: any CoreCatalog { english.core }
        func text(_ text: ChromeText) -> String { english.text(text) }
        func text(_ label: KeyLabel) -> String {
            label == .quit ? "Quit the whole application right now, please" : english.text(label)
        }
        func text(_ text: SignInText) -> String {
            switch text {
            case .welcome: return "Welcome. Sign in with your username and password, as you always do, here and now."
            case .signInTitle: return "Sign in to TermBank, the bank that lives in your terminal and nowhere else"
            default: return english.text(text)
            }
        }
        func text(_ text: SecondFactorText) -> String { english.text(text) }
        func text(_ text: DemoText) -> String { english.text(text) }
        func text(_ text: ModalText) -> String { english.text(text) }
        func text(_ text: BankingText) -> String { english.text(text) }
        func text(_ text: SecurityText) -> String { english.text(text) }
        func text(_ text: SessionText) -> String { english.text(text) }
    }

    func testATextThatNoLongerFitsIsCaught() {
        let fit = CatalogFit.clipped(Fixture.state(), size: Size(columns: 80, rows: 24), words: Longer())
        XCTAssertEqual(fit.texts.map { String($0.prefix(while: { $0 != ":" })) },
                       ["KeyLabel.quit", "SignInText.signInTitle", "SignInText.welcome"])
        XCTAssertGreaterThan(fit.brokenEdges, 0, "the welcome line runs over the box's right side")
    }

    func testEnglishFitsItself() {
        let fit = CatalogFit.clipped(Fixture.state(), size: Size(columns: 60, rows: 20), words: EnglishAppCatalog())
        XCTAssertEqual(fit.texts, [])
        XCTAssertEqual(fit.brokenEdges, 0)
    }

    func testATextWrappedWholeOverRowsIsShownAndOneCutShortIsNot() {
        let frame = ["│  Too many failed attempts. Please use │",
                     "│  your passcode to unlock biometrics.  │",
                     "│        centred and then               │",
                     "│          wrapped here                 │"]
        XCTAssertTrue(CatalogFit.shows("Too many failed attempts. Please use your passcode to unlock biometrics.", on: frame))
        XCTAssertFalse(CatalogFit.shows("Too many failed attempts. Please use your passcode to unlock biometrics now.", on: frame))
        XCTAssertFalse(CatalogFit.shows("Too many failed", on: ["│  Too many fail│"]), "cut at a word's middle")
        XCTAssertTrue(CatalogFit.shows("centred and then wrapped here", on: frame))
        XCTAssertFalse(CatalogFit.shows("Please use centred", on: frame), "pieces in unrelated places")
    }
}
