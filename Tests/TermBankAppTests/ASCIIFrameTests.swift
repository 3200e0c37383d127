@testable import TermBankApp
import TermBankCore
import XCTest

/// On an ASCII terminal every screen is ASCII but its line drawing (which
/// the painter sends as the terminal's ACS set), and every symbol the app
/// draws has its own stand-in: a `?` on the ASCII frame where the UTF-8
/// frame had none means a glyph without one.
extension CatalogCoverageTests {
    func testEveryScreenOnAnASCIITerminalIsASCIIWithAStandInForEverySymbol() {
        for (name, state, size) in CatalogScreens.all {
            var ascii = state
            ascii.charset = .ascii
            let unicode = AppView.render(state, size: size)
            let frame = AppView.render(ascii, size: size)
            XCTAssertEqual(frame.size, unicode.size)
            for row in 0..<frame.size.rows {
                for column in 0..<frame.size.columns {
                    guard let cell = frame[row, column], let before = unicode[row, column] else { continue }
                    XCTAssertTrue(cell.character.isASCII || Frame.isLineDrawing(cell.character),
                                  "\(name): \(cell.character) at \(row),\(column)")
                    if cell.character == "?" && before.character != "?" {
                        XCTFail("\(name): no ASCII stand-in for \"\(before.character)\" at \(row),\(column)")
                    }
                }
            }
        }
    }

    /// A customer's own data with letters the terminal cannot show (a name
    /// in Cyrillic, a wide character) turns into `?` cell by cell: never
    /// bytes the terminal would garble, and nothing after it moves.
    func testTextTheTerminalCannotShowBecomesQuestionMarksInPlace() {
        var frame = Frame(size: Size(columns: 12, rows: 1))
        frame.put("Олена 山|ok", row: 0, column: 0)
        XCTAssertEqual(frame.inASCII().text, ["????? ? |ok"], "the wide character and its tail: ? and a blank")
    }

    /// Each sitekey picture has its ASCII drawing, as wide and as tall as
    /// the picture, so the screen around it does not move.
    func testEverySitekeyPictureHasAnASCIIDrawingOfTheSameSize() throws {
        for name in Sitekey.images {
            let art = try XCTUnwrap(Fixture.gallery[name], name)
            let ascii = try XCTUnwrap(art.asciiCells, "\(name) has no ASCII drawing")
            XCTAssertEqual(ascii.map(\.count), art.cells.map(\.count), name)
            XCTAssertTrue(ascii.joined().allSatisfy { $0.character.isASCII }, name)
        }
    }

    func testAPictureFileWithANonASCIIDrawingIsRefusedWithTheLine() throws {
        let art = ["title: Dot"] + Array(repeating: "x", count: 9) + ["---"] + Array(repeating: "r", count: 9)
            + ["--- ascii"] + Array(repeating: "x", count: 8) + ["é"]
        XCTAssertThrowsError(try SitekeyArt.parse(art.joined(separator: "\n"))) {
            XCTAssertEqual($0 as? SitekeyArt.Problem, .asciiNotASCII(line: 9, column: 1))
        }
    }
}
