import TermBankApp
import XCTest

final class KeyTests: XCTestCase {
    func testTypedControlCharactersBecomeNamedKeys() {
        XCTAssertEqual(Key(typed: "\r"), .enter)
        XCTAssertEqual(Key(typed: "\n"), .enter)
        XCTAssertEqual(Key(typed: "\t"), .tab)
        XCTAssertEqual(Key(typed: "\u{1B}"), .escape)
        XCTAssertEqual(Key(typed: "\u{7F}"), .backspace)
        XCTAssertEqual(Key(typed: "\u{08}"), .backspace)
    }

    func testCtrlLettersArriveAsControlKeys() {
        XCTAssertEqual(Key(typed: "\u{03}"), .control("c"))
        XCTAssertEqual(Key(typed: "\u{0C}"), .control("l"))
        XCTAssertEqual(Key(typed: "\u{1A}"), .control("z"))
        XCTAssertEqual(Key(typed: "\u{01}"), .control("a"))
        XCTAssertEqual(Key(typed: "\u{11}"), .control("q"))
    }

    func testPrintableCharactersArriveAsTheyAre() {
        for scalar in ["a", "Z", "5", " ", "$", "é", "日", "😀"] as [Unicode.Scalar] {
            XCTAssertEqual(Key(typed: scalar), .character(Character(scalar)))
        }
    }

    func testOtherControlsAreUnknownSoNoFieldCanHoldThem() {
        for scalar in ["\u{00}", "\u{1C}", "\u{1F}", "\u{9B}", "\u{202E}", "\u{200B}"] as [Unicode.Scalar] {
            XCTAssertEqual(Key(typed: scalar), .unknown, "U+\(String(scalar.value, radix: 16))")
        }
    }

    func testResizeCarriesTheNewSize() {
        XCTAssertEqual(Key.resize(Size(columns: 67, rows: 21)), .resize(Size(columns: 67, rows: 21)))
        XCTAssertNotEqual(Key.resize(Size(columns: 67, rows: 21)), .resize(Size(columns: 80, rows: 24)))
        XCTAssertEqual(Size(columns: 67, rows: 21).description, "67x21")
    }
}
