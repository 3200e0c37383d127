@testable import TermBankApp
import TermBankCore
import XCTest

/// A text wider than its column is cut with an ellipsis, by the one helper
/// every screen uses ("Payment from guest-fleet-" read as a name).
final class CutTextTests: XCTestCase {
    func testATextThatFitsIsKeptAndOneThatDoesNotEndsWithAnEllipsis() {
        XCTAssertEqual(Frame.cut("Payment from bob", toColumns: 16), "Payment from bob")
        XCTAssertEqual(Frame.cut("Payment from guest-fleet-otter", toColumns: 26), "Payment from guest-fleet-…")
        XCTAssertEqual(Frame.columns(of: Frame.cut("Payment from guest-fleet-otter", toColumns: 26)), 26)
        XCTAssertEqual(Frame.cut("Payment from guest", toColumns: 14), "Payment from…", "no blank before the ellipsis")
        XCTAssertEqual(Frame.cut("bob", toColumns: 1), "…")
        XCTAssertEqual(Frame.cut("bob", toColumns: 0), "")
    }

    func testCellsNotCharactersAreCounted() {
        // Each fox is two cells: three fit in seven cells with the ellipsis, not four.
        XCTAssertEqual(Frame.cut("🦊🦊🦊🦊🦊", toColumns: 7), "🦊🦊🦊…")
        XCTAssertEqual(Frame.fitted("🦊🦊🦊🦊🦊", toColumns: 6), "🦊🦊… ", "padded to the column")
        XCTAssertEqual(Frame.fitted("bob", toColumns: 5), "bob  ")
    }

    /// The statement's description column: a payer's name cut there ends with an ellipsis.
    func testAPayersNameCutOnTheStatementEndsWithAnEllipsis() {
        for language in Language.allCases {
            let text = AppView.render(LanguageGoldenScreens.guestPayer(language), size: LanguageGoldenScreens.small).text
            let row = text.first { $0.contains("guest-fleet-") } ?? ""
            XCTAssertTrue(row.contains("guest-fleet-o…") || row.contains("guest-fleet-ot…") || row.contains("guest-fleet-ott…"),
                          "\(language.code): \(row)")
        }
    }

    /// A box's title too long for the box is cut the same way.
    func testABoxTitleTooLongIsCutWithAnEllipsis() {
        var frame = Frame(size: Size(columns: 14, rows: 3))
        frame.box(Rect(row: 0, column: 0, columns: 14, rows: 3), title: "Payment from guest-fleet-otter")
        XCTAssertEqual(frame.text[0], "╭─ Payment… ─╮")
    }
}
