import TermBankApp
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

    func testCharactersNotOneColumnWideBecomePlaceholders() {
        var frame = Frame(size: Size(columns: 12, rows: 1))
        let next = frame.put("日本e\u{301}😀👩‍💻x\u{200B}y", row: 0, column: 0)
        XCTAssertEqual(frame.text, ["?????x\u{FFFD}y"])   // U+200B is already caught by sanitising
        XCTAssertEqual(next, 8, "one cell per character, placeholders included")
        frame.set(Cell(character: "🚀", role: .red), row: 0, column: 0)
        XCTAssertEqual(frame[0, 0], Cell(character: "?", role: .red))
        frame.fill(Rect(row: 0, column: 0, columns: 2, rows: 1), role: .normal, character: "語")
        XCTAssertEqual(frame.text, ["?????x\u{FFFD}y"])
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
