@testable import TermBankApp
import TermBankCore
import XCTest

/// The key-bar rule (`ScreenLayout`): the keys on one row where they fit,
/// on two where they do not, the screen above giving up the row; no key
/// left off, none shortened. And what narrow screens do with the row they
/// lose: the history's page follows it, the settings' actions go under
/// their settings, the QR code makes way for its key.
final class ScreenLayoutTests: XCTestCase {
    let english = EnglishAppCatalog()
    let narrow = Size(columns: 60, rows: 20)

    private func screen(_ name: String, at size: Size) throws -> AppState {
        var state = try XCTUnwrap(CatalogScreens.all.first { $0.name == name }?.state, name)
        state.size = size
        return state
    }

    private func lines(_ state: AppState) -> [String] {
        AppView.render(state, size: state.size).text.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    func testKeysThatFitTakeOneRowAndTheScreenKeepsItsRows() throws {
        let statement = try screen("statement", at: Fixture.size)
        let layout = ScreenLayout(statement, size: Fixture.size, words: english, status: nil)
        XCTAssertEqual(layout.keyBar.count, 1)
        XCTAssertEqual(layout.body, Rect(row: 2, column: 0, columns: 80, rows: 20))
        XCTAssertEqual(BankingFeature.historyRows(statement), 12)
        XCTAssertEqual(lines(statement).last, " t Transfer  p Pay  ↑↓ Scroll  / Search  a Security  l Log out  ? Help")
    }

    /// At 60 columns the bar used to end at "a Security": Log out and Help were gone.
    func testAtSixtyColumnsTheStatementsKeysWrapOntoASecondRowAndNoneIsLeftOff() throws {
        let statement = try screen("statement", at: narrow)
        let layout = ScreenLayout(statement, size: narrow, words: english, status: nil)
        XCTAssertEqual(layout.keyBar.map { $0.map(\.keys) }, [["t", "p", "↑↓", "/", "a"], ["l", "?"]])
        XCTAssertEqual(Array(lines(statement).suffix(2)), [" t Transfer  p Pay  ↑↓ Scroll  / Search  a Security",
                                                           " l Log out  ? Help"])
        XCTAssertEqual(layout.body.rows, 15, "one row fewer than 60x20's 16")
        XCTAssertEqual(BankingFeature.historyRows(statement), 7, "the history's page is the body's, less its 8 other rows")
    }

    /// A question's or the search prompt's bar is one row: the page the
    /// history plans for stays the statement's own, so the bank is not asked
    /// again only because the bar changed.
    func testAQuestionOrTheSearchPromptLeavesTheHistorysPageAsItIs() throws {
        var statement = try screen("statement", at: narrow)
        let page = BankingFeature.historyRows(statement)
        statement.modal = .confirmSMSOnLogout
        XCTAssertEqual(BankingFeature.historyRows(statement), page)
        statement.modal = nil
        statement.statement.searchDraft = "rent"
        XCTAssertEqual(ScreenLayout(statement, size: narrow, words: english, status: nil).keyBar.count, 1)
        XCTAssertEqual(BankingFeature.historyRows(statement), page)
    }

    /// The idle warning is longer than 60 columns: it wraps onto a second
    /// row above the key bar, and the login panel moves up to keep the
    /// device's line.
    func testALongStatusMessageWrapsAboveTheKeyBar() throws {
        let idle = try screen("idle warning", at: narrow)
        let shown = lines(idle)
        XCTAssertEqual(String(shown[16].drop { $0 == " " }), "Signing out in 20 s for inactivity. Press any key to stay")
        XCTAssertEqual(String(shown[17].drop { $0 == " " }), "signed in.")
        XCTAssertEqual(Array(shown.suffix(2)), [" Tab Next field  Enter Sign in  L Language  ? Help", " Ctrl-C Quit"])
        XCTAssertTrue(shown[15].contains("This device: iphone-touchid"), shown.joined(separator: "\n"))
    }

    /// At 60 columns the settings' actions ("s Turn on") were cut at the
    /// right edge: they go under their settings' values, and the trusted
    /// device is still listed. The phone's `p` stays on the key bar there
    /// (a row of its own would push the device off the screen).
    func testSecuritysActionsGoUnderTheirSettingsAtSixtyColumns() throws {
        let wide = lines(try screen("security, with app", at: Fixture.size))
        XCTAssertEqual(wide[4], "    SMS verification on sign-in     Off                 s Turn on")
        XCTAssertEqual(wide[5], "    Phone number                    +1 ***-***-0102     p Change")
        let security = lines(try screen("security, with app", at: narrow))
        XCTAssertEqual(security[3], "    SMS verification on sign-in     Off")
        XCTAssertEqual(security[4], "                                    s Turn on")
        XCTAssertEqual(security[5], "    Phone number                    +1 ***-***-0102")
        XCTAssertEqual(security[7], "                                    e Set up a new one")
        XCTAssertTrue(security.joined().contains(" p Number "), "the key bar names it")
        // The last use goes under the expiry there.
        let device = try XCTUnwrap(security.firstIndex { $0.contains("▸ iphone-touchid") }, security.joined(separator: "\n"))
        XCTAssertEqual(security[device], "  ▸ iphone-touchid      until 12-30 00:53 UTC")
        XCTAssertEqual(security[device + 1], "                        last used never")
    }

    /// 60x20 has no room for the QR code beside its text or above it: the
    /// screen shows the key to type, and says a larger window shows the code.
    func testTheEnrolmentShowsTheKeyWhereTheQRCodeHasNoRoom() throws {
        let enrolment = lines(try screen("enrolment", at: narrow))
        XCTAssertFalse(enrolment.joined().contains("█"), "no QR code")
        XCTAssertTrue(enrolment.contains("      (a larger window shows the QR code)."), enrolment.joined(separator: "\n"))
        XCTAssertTrue(enrolment.contains("      A76T URJY DUMJ AVQN"))
        XCTAssertTrue(enrolment.contains("   This key is shown only now."))
        let qr = lines(try screen("enrolment", at: Fixture.size))
        XCTAssertTrue(qr[0].hasPrefix(" ████"), "at 80x24 the code takes the header's rows too")
        XCTAssertTrue(qr.contains { $0.hasSuffix("  2. Or type this key") }, "its text wraps beside it")
    }
}
