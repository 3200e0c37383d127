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

/// A language an ASCII-only terminal cannot show falls back to English,
/// with a one-line note saying so; English itself shows no note.
final class ASCIILanguageFallbackTests: XCTestCase {
    func testALanguageWithLettersBeyondASCIIFallsBackToEnglishWithANote() {
        let others = Language.allCases.filter { $0 != .english }
        XCTAssertFalse(others.isEmpty, "a language other than English to fall back from")
        for language in others {
            var state = Fixture.state()
            state.languageSelection = LanguageSelection(language, source: .option)
            state.charset = .ascii
            XCTAssertEqual(state.shownLanguage, .english, language.code)
            let frame = AppView.render(state, size: Fixture.size)
            var english = Fixture.state()
            english.charset = .ascii
            let expected = AppView.render(english, size: Fixture.size).text
            XCTAssertEqual(Array(frame.text.prefix(Fixture.size.rows - 2)), Array(expected.prefix(Fixture.size.rows - 2)),
                           "\(language.code): the screen is the English one")
            XCTAssertTrue(frame.text[Fixture.size.rows - 2].contains("This terminal shows ASCII only: English instead of"),
                          frame.text.joined(separator: "\n"))
            // With UTF-8 the chosen language is shown, and no note.
            state.charset = .unicode
            XCTAssertEqual(state.shownLanguage, language)
            XCTAssertFalse(AppView.render(state, size: Fixture.size).text.joined().contains("ASCII only"))
        }
        var english = Fixture.state()
        english.charset = .ascii
        XCTAssertFalse(AppView.render(english, size: Fixture.size).text.joined().contains("ASCII only"))
    }
}
