@testable import TermBankApp
import XCTest

final class FrameTests: XCTestCase {
    func testANewFrameIsBlankAndNormal() {
        let frame = Frame(size: Size(columns: 3, rows: 2))
        XCTAssertEqual(frame.text, ["", ""])
        XCTAssertEqual(frame.rows, Array(repeating: Array(repeating: Cell(character: " ", role: .normal), count: 3), count: 2))
        XCTAssertEqual(frame[1, 2], .blank)
        XCTAssertNil(frame[2, 0])
        XCTAssertNil(frame[0, -1])
    }

    func testNegativeSizesAreEmptyFrames() {
        XCTAssertEqual(Frame(size: Size(columns: -4, rows: 3)).size, Size(columns: 0, rows: 3))
        XCTAssertEqual(Frame(size: Size(columns: 5, rows: -1)).text, [])
    }

    func testPutWritesOneCellPerCharacterInItsRole() {
        var frame = Frame(size: Size(columns: 10, rows: 2))
        let next = frame.put("Hi", row: 1, column: 3, role: .accent)
        XCTAssertEqual(next, 5)
        frame.put("!", row: 1, column: next, role: .error)
        XCTAssertEqual(frame.text, ["", "   Hi!"])
        XCTAssertEqual(frame.rows[1][3...5].map(\.role), [.accent, .accent, .error])
        XCTAssertEqual(frame.rows[1][2].role, .normal)
    }

    func testTextLongerThanTheRowIsCut() {
        var frame = Frame(size: Size(columns: 5, rows: 1))
        XCTAssertEqual(frame.put("abcdefgh", row: 0, column: 2), 10)
        XCTAssertEqual(frame.text, ["  abc"])
    }

    func testANegativeColumnCutsTheBeginning() {
        var frame = Frame(size: Size(columns: 5, rows: 1))
        frame.put("abcdef", row: 0, column: -3)
        XCTAssertEqual(frame.text, ["def"])
    }

    func testOutOfRangeCoordinatesDrawNothingAndNeverTrap() {
        let size = Size(columns: 4, rows: 3)
        let blank = Frame(size: size)
        for (row, column) in [(-1, 0), (3, 0), (0, 4), (0, -4), (Int.min, Int.min), (Int.max, Int.max),
                              (0, Int.max), (0, Int.min), (Int.max, 0)] {
            var frame = blank
            frame.put("text", row: row, column: column)
            frame.putCentered("centred", row: row)
            frame.fill(Rect(row: row, column: column, columns: 2, rows: 1), role: .field)
            frame.box(Rect(row: row, column: column, columns: 1, rows: 1), role: .accent)
            frame.horizontalRule(row: row)
            frame.set(Cell(character: "x"), row: row, column: column)
            if row != 0 { XCTAssertEqual(frame, blank, "\(row), \(column)") }
        }
    }

    func testExtremeRectanglesClipToTheFrame() {
        var frame = Frame(size: Size(columns: 3, rows: 2))
        frame.fill(Rect(row: Int.min, column: Int.min, columns: Int.max, rows: Int.max), role: .field)
        XCTAssertEqual(frame.rows.flatMap { $0 }.filter { $0.role == .field }.count, 0)  // ends at -1
        frame.fill(Rect(row: -1, column: -1, columns: Int.max, rows: Int.max), role: .field)
        XCTAssertTrue(frame.rows.flatMap { $0 }.allSatisfy { $0.role == .field })
        frame.box(Rect(row: Int.max - 1, column: Int.max - 1, columns: Int.max, rows: Int.max), role: .accent)
        frame.box(Rect(row: Int.min, column: Int.min, columns: Int.max, rows: Int.max), role: .accent, title: "T")
        frame.fill(Rect(row: 0, column: 0, columns: -5, rows: -5), role: .error)
        frame.fill(rows: Int.min..<Int.max, role: .muted)
        frame.horizontalRule(row: 1, columns: Int.min..<Int.max)
        XCTAssertEqual(frame.text, ["", "───"])
    }

    func testZeroByZeroFramesAcceptEverything() {
        var frame = Frame(size: .zero)
        frame.put("hello", row: 0, column: 0)
        frame.putCentered("hello", row: 0)
        frame.fill(Rect(row: 0, column: 0, columns: 10, rows: 10), role: .field)
        frame.fill(rows: 0..<5, role: .field)
        frame.box(Rect(row: 0, column: 0, columns: 10, rows: 10), title: "Box")
        frame.horizontalRule(row: 0)
        frame.set(.blank, row: 0, column: 0)
        XCTAssertEqual(frame.text, [])
        XCTAssertEqual(frame.size, .zero)
    }

    func testCentring() {
        var frame = Frame(size: Size(columns: 10, rows: 3))
        frame.putCentered("abcd", row: 0, role: .title)
        frame.putCentered("abc", row: 1)                 // odd leftover: the extra space goes right
        frame.putCentered("a much longer text", row: 2)  // too wide: keeps its beginning
        XCTAssertEqual(frame.text, ["   abcd", "   abc", "a much lon"])
        XCTAssertEqual(frame.rows[0][3].role, .title)
    }

    func testEscapeSequencesNeverReachACell() {
        var frame = Frame(size: Size(columns: 20, rows: 1))
        frame.put("a\u{1B}[2Jb\u{9B}c\n\u{202E}d", row: 0, column: 0)
        let characters = frame.rows[0].map(\.character)
        XCTAssertFalse(characters.contains("\u{1B}"))
        XCTAssertFalse(characters.contains("\u{9B}"))
        XCTAssertFalse(characters.contains("\n"))
        XCTAssertFalse(characters.contains("\u{202E}"))
        XCTAssertEqual(frame.text, ["a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}\u{FFFD}d"])
    }

    func testWideCharactersTakeTwoCellsAndDisputedOnesBecomePlaceholders() {
        var frame = Frame(size: Size(columns: 12, rows: 1))
        let next = frame.put("日本q\u{301}😀👩‍💻x\u{200B}y", row: 0, column: 0, role: .accent)
        // 日 本 😀 take two columns each; q with an acute accent (no single
        // character composes it, so it stays a cluster) and the ZWJ emoji,
        // whose widths terminals disagree on, become placeholders.
        XCTAssertEqual(frame.text, ["日本?😀?x\u{FFFD}y"])   // U+200B is already caught by sanitising
        XCTAssertEqual(next, 11, "the column after the text counts two for each wide character")
        XCTAssertEqual(frame.rows[0].map(\.isWideTail),
                       [false, true, false, true, false, false, true, false, false, false, false, false])
        XCTAssertEqual(frame.rows[0][1].character, " ", "a tail reads as a blank")
        XCTAssertEqual(frame.rows[0][1].role, .accent, "the tail has the character's role")
        frame.set(Cell(character: "🚀", role: .red), row: 0, column: 0)
        XCTAssertEqual(frame[0, 0], Cell(character: "🚀", role: .red))
        frame.set(Cell(character: "👩‍💻", role: .red), row: 0, column: 2)
        XCTAssertEqual(frame.text, ["🚀? ?😀?x\u{FFFD}y"], "a placeholder over 本 leaves its tail blank")
        frame.fill(Rect(row: 0, column: 0, columns: 2, rows: 1), role: .normal, character: "語")
        XCTAssertEqual(frame.text, ["??? ?😀?x\u{FFFD}y"], "a fill character is one cell")
    }

    /// A bare cell keeps the promise `Frame` keeps: a cluster it cannot hold
    /// shows as the frame's one placeholder, not a look-alike of its own.
    func testACellGivenAClusterHoldsTheFramesPlaceholder() {
        XCTAssertEqual(Cell(character: "👩‍💻").character, Frame.placeholder)
        var cell = Cell.blank
        cell.character = "q\u{301}"
        XCTAssertEqual(cell.character, Frame.placeholder)
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var frame = Frame(size: Size(columns: 6, rows: 1))
        frame.put("日本語", row: 0, column: 0)
        frame.put("a", row: 0, column: 1)          // over 日's tail
        frame.put("b", row: 0, column: 2)          // over 本 itself
        XCTAssertEqual(frame.text, [" ab 語"])
        XCTAssertFalse(frame.rows[0][3].isWideTail)
        frame.put("😀", row: 0, column: 3)         // straddles the blank and 語
        XCTAssertEqual(frame.text, [" ab😀"])
        XCTAssertEqual(frame.rows[0].map(\.isWideTail), [false, false, false, false, true, false])
    }

    func testAWideCharacterCutByAnEdgeIsABlank() {
        var frame = Frame(size: Size(columns: 5, rows: 1))
        XCTAssertEqual(frame.put("ab日本", row: 0, column: 0, role: .accent), 6)
        XCTAssertEqual(frame.text, ["ab日"], "本 has one column left: a blank, not half a glyph")
        XCTAssertEqual(frame.rows[0][4], Cell(character: " ", role: .accent))
        frame.put("語x", row: 0, column: -1, role: .error)
        XCTAssertEqual(frame.text, [" x日"])
        XCTAssertEqual(frame.rows[0][0], Cell(character: " ", role: .error), "the visible half of a cut character is blank")
        XCTAssertEqual(frame.rows[0][1], Cell(character: "x", role: .error))
    }

    func testCentringAndBoxTitlesCountColumnsNotCharacters() {
        var frame = Frame(size: Size(columns: 10, rows: 1))
        frame.putCentered("日本", row: 0)
        XCTAssertEqual(frame.text, ["   日本"])
        var boxed = Frame(size: Size(columns: 11, rows: 2))
        boxed.box(Rect(row: 0, column: 0, columns: 11, rows: 2), title: "日本語x")
        XCTAssertEqual(boxed.text, ["╭─ 日本… ─╮", "╰─────────╯"], "the title is cut at a whole character, with an ellipsis")
    }

    func testPastingAFrameKeepsWideCharactersWhole() {
        var inner = Frame(size: Size(columns: 4, rows: 1))
        inner.put("日本", row: 0, column: 0)
        var outer = Frame(size: Size(columns: 5, rows: 1))
        outer.put("abcde", row: 0, column: 0)
        outer.paste(inner, row: 0, column: 2)
        XCTAssertEqual(outer.text, ["ab日"])
        XCTAssertEqual(outer.rows[0].map(\.isWideTail), [false, false, false, true, false])
    }

    func testFillSetsCharacterAndRole() {
        var frame = Frame(size: Size(columns: 5, rows: 4))
        frame.put("xxxxx", row: 1, column: 0)
        frame.fill(Rect(row: 1, column: 1, columns: 3, rows: 2), role: .field)
        frame.fill(rows: 3..<4, role: .title, character: "=")
        XCTAssertEqual(frame.text, ["", "x   x", "", "====="])
        XCTAssertEqual(frame.rows[2].map(\.role), [.normal, .field, .field, .field, .normal])
        XCTAssertEqual(frame.rows[3].map(\.role), Array(repeating: .title, count: 5))
    }

    func testTextIsRightTrimmedOnly() {
        var frame = Frame(size: Size(columns: 8, rows: 1))
        frame.put(" a b ", row: 0, column: 1)
        XCTAssertEqual(frame.text, ["  a b"])
    }
}
