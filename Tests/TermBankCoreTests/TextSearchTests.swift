import TermBankCore
import XCTest

/// The shipped code finds text with `containsText`, `firstRange(ofText:)` and
/// `replacingText` instead of `_StringProcessing`'s (which links the regex
/// engine): they must answer as the standard library's do.
final class TextSearchTests: XCTestCase {
    static let haystacks = ["", "a", "abc", "aab", "abab", "xabcabc", "Sign in to TermBank", "café", "cafe\u{301}",
                            "postgresql://u:p@h/db", "ééé", "日本語のテキスト", "aaaa"]
    static let needles = ["", "a", "ab", "abc", "b", "bab", "aaa", "TermBank", "é", "e", "://", "@", "テキスト", "zz",
                          "abcabc", "ca"]

    func testFindsWhatTheStandardLibraryFinds() {
        for haystack in Self.haystacks {
            for needle in Self.needles {
                XCTAssertEqual(haystack.containsText(needle), haystack.contains(needle), "\(haystack) / \(needle)")
                XCTAssertEqual(haystack.firstRange(ofText: needle), haystack.firstRange(of: needle), "\(haystack) / \(needle)")
                let sub = haystack.dropFirst()
                XCTAssertEqual(sub.firstRange(ofText: needle), sub.firstRange(of: needle), "sub \(sub) / \(needle)")
            }
        }
    }

    func testReplacesEveryOccurrenceAsTheStandardLibraryDoes() {
        for haystack in Self.haystacks {
            for target in Self.needles where !target.isEmpty {
                XCTAssertEqual(haystack.replacingText(target, with: "***"), haystack.replacing(target, with: "***"),
                               "\(haystack) / \(target)")
            }
        }
        XCTAssertEqual("a:pw@h pw".replacingText("pw", with: "***"), "a:***@h ***")
        XCTAssertEqual("abc".replacingText("", with: "*"), "abc", "an empty target replaces nothing")
    }

    /// Characters, not bytes: an accented letter written as e + combining
    /// accent is not an "e" followed by something.
    func testComparesWholeCharacters() {
        XCTAssertFalse("cafe\u{301}".containsText("cafe"))
        XCTAssertTrue("cafe\u{301}".containsText("café"), "canonically equivalent spellings are the same text")
    }
}
