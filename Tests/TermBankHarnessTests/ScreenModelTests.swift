import Foundation
import XCTest
@testable import TermBankHarness

/// The UI benchmark's model of the screen: what curses sends, as a grid of cells.
final class ScreenModelTests: XCTestCase {
    func screen(_ text: String, columns: Int = 10, rows: Int = 4) -> ScreenModel {
        var model = ScreenModel(columns: columns, rows: rows)
        model.feed(Array(text.utf8))
        return model
    }

    func testCursorAddressingTextAndErasing() {
        let model = screen("\u{1B}[2;3Hhello\u{1B}[1;1Hab\u{1B}[3G\u{1B}[Kc\r\n\u{1B}[Cx")
        XCTAssertEqual(model.lines, ["abc", " xhello", "", ""])
        let erased = screen("0123456789\u{1B}[1;4H\u{1B}[1Kz\u{1B}[1;9H\u{1B}[2X")
        XCTAssertEqual(erased.text(row: 0), "   z4567")
        XCTAssertEqual(screen("abc\u{1B}[2J").lines, ["", "", "", ""])
    }

    func testAutowrapRepeatAndUTF8SplitAcrossReads() {
        XCTAssertEqual(screen("0123456789ab").lines, ["0123456789", "ab", "", ""])
        XCTAssertEqual(screen("x\u{1B}[4b").text(row: 0), "xxxxx")
        var model = ScreenModel(columns: 10, rows: 2)
        let bytes = Array("╭─▏".utf8)
        model.feed(bytes[0..<2])
        model.feed(bytes[2...])
        XCTAssertEqual(model.text(row: 0), "╭─▏")
    }

    func testScrollRegionsAndLineInsertion() {
        let model = screen("1\r\n2\r\n3\r\n4\u{1B}[1;3r\u{1B}[3;1H\nnew")
        XCTAssertEqual(model.lines, ["2", "3", "new", "4"])
        let inserted = screen("1\r\n2\r\n3\u{1B}[2;1H\u{1B}[L")
        XCTAssertEqual(inserted.lines, ["1", "", "2", "3"])
        let reverse = screen("1\r\n2\u{1B}[1;1H\u{1B}M")
        XCTAssertEqual(reverse.lines, ["", "1", "2", ""])
    }

    func testLineDrawingSetAndAlternateScreen() {
        XCTAssertEqual(screen("\u{1B}(0lqk\u{1B}(Bq").text(row: 0), "┌─┐q")
        XCTAssertEqual(screen("old\u{1B}[?1049h\u{1B}[Hnew").text(row: 0), "new", "entering the alternate screen clears it")
        XCTAssertEqual(screen("kept\u{1B}[?1049l").text(row: 0), "kept", "leaving it keeps the last picture readable")
    }

    func testChangedCellsCountLooksAsWellAsCharacters() {
        let before = screen("ab")
        XCTAssertEqual(screen("ab").changedCells(since: before), 0)
        XCTAssertEqual(screen("aB").changedCells(since: before), 1)
        XCTAssertEqual(screen("\u{1B}[7ma\u{1B}[mb").changedCells(since: before), 1, "reverse video is a change")
        XCTAssertEqual(screen("\u{1B}[38;5;196mab").changedCells(since: before), 2)
        XCTAssertEqual(screen("\u{1B}[1m\u{1B}[22mab").changedCells(since: before), 0)
        // Graphic renditions and private modes draw nothing.
        XCTAssertEqual(screen("\u{1B}[?25l\u{1B}]0;title\u{7}\u{1B}[0;1;36mab").lines, ["ab", "", "", ""])
    }
}
