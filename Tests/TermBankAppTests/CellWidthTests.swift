@testable import TermBankApp
import XCTest

final class CellWidthTests: XCTestCase {
    private func width(_ scalar: Unicode.Scalar) -> Int { CellWidth.columns(of: scalar) }

    func testLatinBoxDrawingAndBlocksAreOneColumn() {
        for scalar in ["a", "Z", "0", " ", "~", "é", "ß", "Ω", "Ж", "─", "╭", "│", "▟", "█", "░", "●", "€", "\u{FFFD}"] as [Unicode.Scalar] {
            XCTAssertEqual(width(scalar), 1, "U+\(String(scalar.value, radix: 16))")
        }
    }

    func testEastAsianWideAndFullwidthAreTwoColumns() {
        for scalar in ["日", "本", "한", "ア", "の", "\u{3000}", "Ａ", "！", "\u{1100}", "\u{20000}", "\u{2FFFD}", "\u{3FFFD}"] as [Unicode.Scalar] {
            XCTAssertEqual(width(scalar), 2, "U+\(String(scalar.value, radix: 16))")
        }
    }

    func testEmojiShownAsEmojiAreTwoColumns() {
        // Including ones newer than the wide table (caught by emoji presentation).
        for scalar in ["😀", "🚀", "🦊", "⌚", "✅", "\u{1FAE8}", "\u{1F1FA}"] as [Unicode.Scalar] {
            XCTAssertEqual(width(scalar), 2, "U+\(String(scalar.value, radix: 16))")
        }
        // Text-presentation symbols stay one column.
        for scalar in ["☺", "✓", "♥", "→"] as [Unicode.Scalar] {
            XCTAssertEqual(width(scalar), 1, "U+\(String(scalar.value, radix: 16))")
        }
    }

    func testCombiningZeroWidthAndControlsAreZeroColumns() {
        let zero: [Unicode.Scalar] = [
            "\u{0301}", "\u{20DD}", "\u{200B}", "\u{200D}", "\u{FE0F}", "\u{00AD}",
            "\u{1160}", "\u{11A8}", "\u{1B}", "\u{00}", "\u{7F}", "\u{9B}", "\u{2028}", "\u{E0041}",
        ]
        for scalar in zero {
            XCTAssertEqual(width(scalar), 0, "U+\(String(scalar.value, radix: 16))")
        }
    }

    func testOnlySingleScalarsOfOneColumnFitACell() {
        for character in ["a", "é", "─", "▙", "\u{FFFD}", "$"] as [Character] {
            XCTAssertTrue(CellWidth.fitsOneCell(character), "\(character.unicodeScalars.map(\.value))")
        }
        let refused: [Character] = [
            "日", "😀", "\u{1B}", "\u{200B}",
            "e\u{301}",                  // decomposed é: a cluster
            "👩‍💻", "🇺🇸", "❤\u{FE0F}",
            "\u{0301}",                  // a lone combining mark
            "\u{E000}",                  // private use: width depends on the font
            "\u{0378}",                  // unassigned
        ]
        for character in refused {
            XCTAssertFalse(CellWidth.fitsOneCell(character), "\(character.unicodeScalars.map(\.value))")
        }
    }

    func testWideSingleScalarsTakeTwoCellsAndDisputedOnesNone() {
        for character in ["日", "한", "Ａ", "😀", "🚀", "✅", "\u{20000}"] as [Character] {
            XCTAssertEqual(CellWidth.cells(for: character), 2, "\(character.unicodeScalars.map(\.value))")
        }
        for character in ["a", "é", "─", "✓", "→"] as [Character] {
            XCTAssertEqual(CellWidth.cells(for: character), 1, "\(character.unicodeScalars.map(\.value))")
        }
        // Widths terminals disagree on, or that are not characters to draw.
        let refused: [Character] = ["👩‍💻", "🇺🇸", "\u{1F1FA}", "❤\u{FE0F}", "e\u{301}", "\u{E000}", "\u{0378}",
                                    "\u{200B}", "\u{1B}", "\u{9B}", "\u{202E}", "\r\n", "\u{0301}"]
        for character in refused {
            XCTAssertNil(CellWidth.cells(for: character), "\(character.unicodeScalars.map(\.value))")
        }
    }

    /// The frames' characters skip the property tables (a shortcut for
    /// speed); the shortcut must say what the tables say, for every one of them.
    func testTheBoxDrawingShortcutAgreesWithTheUnicodeTables() {
        for value in CellWidth.boxDrawing {
            let scalar = Unicode.Scalar(value)!
            XCTAssertEqual(CellWidth.cells(for: Character(scalar)), CellWidth.measured(scalar), "U+\(String(value, radix: 16))")
            XCTAssertEqual(CellWidth.cells(for: Character(scalar)), 1, "U+\(String(value, radix: 16))")
        }
        XCTAssertNil(CellWidth.cells(for: "─\u{0301}"), "a box character with a combining mark is a cluster, refused")
    }
}
