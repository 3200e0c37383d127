import Foundation
import TermBankSystem
import XCTest

/// The one JSON string writer (the Verify services' bodies, the asciicast recordings): Foundation's parser
/// reads every scalar back, and nothing a terminal would act on is written raw.
final class JSONStringTests: XCTestCase {
    func testEveryControlCharacterIsEscapedAndAnyTextReadsBack() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init) + ["\u{7F}"]))
        let text = "say \"hi\" \\ " + controls + " € \u{1F600} e\u{301} \r\n"
        let quoted = JSONString.quoted(text)
        XCTAssertFalse(quoted.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, quoted)
        XCTAssertTrue(quoted.hasPrefix("\"say \\\"hi\\\" \\\\ \\u0000\\u0001"), quoted)
        XCTAssertTrue(quoted.hasSuffix("\\u001f\\u007f € \u{1F600} e\u{301} \\r\\n\""), quoted)
        let read = try JSONSerialization.jsonObject(with: Data(("[" + quoted + "]").utf8)) as? [String]
        XCTAssertEqual(read?.first?.unicodeScalars.elementsEqual(text.unicodeScalars), true)
    }
}
