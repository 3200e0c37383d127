@testable import TermBankWeb
import XCTest

/// What the page sends over its WebSocket, read apart from the server (`WebMessage`; fuzzed as `web-message`).
final class WebMessageTests: XCTestCase {
    func testTypedBytesAndWindowSizesAreReadAndAnythingElseIsRefused() {
        XCTAssertEqual(WebMessage([]), .nothing)
        XCTAssertEqual(WebMessage([0]), .typed([]))
        XCTAssertEqual(WebMessage([0, 0x61, 0x1B, 0x0D]), .typed([0x61, 0x1B, 0x0D]))
        XCTAssertEqual(WebMessage([1, 0, 120, 0, 30]), .size(columns: 120, rows: 30))
        // Clamped as over SSH: at most the app's largest frame, at least one cell.
        XCTAssertEqual(WebMessage([1, 0xFF, 0xFF, 0xFF, 0xFF]), .size(columns: 500, rows: 200))
        XCTAssertEqual(WebMessage([1, 0, 0, 0, 0]), .size(columns: 1, rows: 1))
        XCTAssertNil(WebMessage([1, 0, 120, 0]), "a size one byte short")
        XCTAssertNil(WebMessage([1, 0, 120, 0, 30, 0]), "a size one byte long")
        XCTAssertNil(WebMessage([2, 0, 120, 0, 30]), "a kind the page never sends")
    }

    func testPiecesJoinAtTheFinalOneAndAMessageOverTheLimitIsRefused() {
        var assembler = WebMessage.Assembler()
        XCTAssertEqual(assembler.add([0, 0x61], final: false), .more)
        XCTAssertEqual(assembler.add([0x62], final: true), .message([0, 0x61, 0x62]))
        XCTAssertEqual(assembler.add([1, 0, 80], final: true), .message([1, 0, 80]), "nothing kept of the last message")
        XCTAssertEqual(assembler.add([UInt8](repeating: 0, count: WebMessage.Assembler.standardLimit), final: false), .more)
        XCTAssertEqual(assembler.add([0], final: true), .tooLong, "the final piece takes it past the limit")
        XCTAssertEqual(assembler.add([0, 0x63], final: true), .message([0, 0x63]))
    }
}
