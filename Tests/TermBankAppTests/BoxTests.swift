import TermBankApp
import XCTest

final class BoxTests: XCTestCase {
    func testARoundedBoxAroundTheRectangle() {
        var frame = Frame(size: Size(columns: 8, rows: 5))
        frame.put("keep", row: 2, column: 2)
        frame.box(Rect(row: 1, column: 1, columns: 6, rows: 3), role: .accent)
        XCTAssertEqual(frame.text, [
            "",
            " ╭────╮",
            " │keep│",
            " ╰────╯",
            "",
        ])
        XCTAssertEqual(frame.rows[1][1...6].map(\.role), Array(repeating: .accent, count: 6))
        XCTAssertEqual(frame.rows[2][2].role, .normal, "the inside is left as it was")
    }

    func testTitleSitsInTheTopEdge() {
        var frame = Frame(size: Size(columns: 16, rows: 3))
        frame.box(Rect(row: 0, column: 0, columns: 16, rows: 3), role: .muted, title: "Sign in")
        XCTAssertEqual(frame.text, [
            "╭─ Sign in ────╮",
            "│              │",
            "╰──────────────╯",
        ])
        XCTAssertEqual(frame.rows[0][3].role, .title)
        XCTAssertEqual(frame.rows[0][1].role, .muted)
    }

    func testALongTitleIsCutSoTheCornersShow() {
        var frame = Frame(size: Size(columns: 10, rows: 2))
        frame.box(Rect(row: 0, column: 0, columns: 10, rows: 2), title: "Transfers\u{1B}[31m")
        XCTAssertEqual(frame.text, ["╭─ Tra… ─╮", "╰────────╯"], "cut with an ellipsis")
        var narrow = Frame(size: Size(columns: 6, rows: 2))
        narrow.box(Rect(row: 0, column: 0, columns: 6, rows: 2), title: "Hidden")
        XCTAssertEqual(narrow.text, ["╭────╮", "╰────╯"])
    }

    func testSmallestBoxesAndTooSmallOnes() {
        var frame = Frame(size: Size(columns: 4, rows: 3))
        frame.box(Rect(row: 0, column: 0, columns: 2, rows: 2))
        frame.box(Rect(row: 0, column: 3, columns: 1, rows: 3))   // too narrow: nothing
        frame.box(Rect(row: 2, column: 0, columns: 4, rows: 1))   // too short: nothing
        XCTAssertEqual(frame.text, ["╭╮", "╰╯", ""])
    }

    func testABoxPartlyOutsideShowsItsVisiblePart() {
        var frame = Frame(size: Size(columns: 5, rows: 3))
        frame.box(Rect(row: -1, column: 2, columns: 10, rows: 3))
        XCTAssertEqual(frame.text, ["  │", "  ╰──", ""])
        frame = Frame(size: Size(columns: 5, rows: 3))
        frame.box(Rect(row: 1, column: -3, columns: 8, rows: 5), title: "Offset")
        XCTAssertEqual(frame.text, ["", "O… ─╮", "    │"])
    }

    func testHorizontalRules() {
        var frame = Frame(size: Size(columns: 6, rows: 2))
        frame.horizontalRule(row: 0)
        frame.horizontalRule(row: 1, columns: 2..<10, role: .accent)
        XCTAssertEqual(frame.text, ["──────", "  ────"])
        XCTAssertEqual(frame.rows[0][0].role, .muted)
        XCTAssertEqual(frame.rows[1][2].role, .accent)
    }
}
