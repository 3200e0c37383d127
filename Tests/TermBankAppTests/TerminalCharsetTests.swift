import TermBankApp
import XCTest

/// Which terminals get ASCII: the locale that decides the character type
/// (LC_ALL, then LC_CTYPE, then LANG, the first set and not empty) names a
/// codeset other than UTF-8. No locale at all is taken as UTF-8.
final class TerminalCharsetTests: XCTestCase {
    func testNoLocaleAtAllIsTakenAsUTF8() {
        XCTAssertEqual(TerminalCharset.from(environment: [:]), .unicode)
        XCTAssertEqual(TerminalCharset.from(environment: ["LC_ALL": "", "LANG": ""]), .unicode)
    }

    func testUTF8InAnySpellingIsUnicode() {
        for locale in ["C.UTF-8", "C.utf8", "en_US.UTF-8", "uk_UA.utf8", "pt_BR.Utf-8", "de_DE.UTF-8@euro"] {
            XCTAssertEqual(TerminalCharset.from(environment: ["LANG": locale]), .unicode, locale)
        }
    }

    func testCPosixLatin1AndLocalesWithoutACodesetAreASCII() {
        for locale in ["C", "POSIX", "en_US.ISO-8859-1", "it_IT@euro", "pt_BR", "uk_UA.KOI8-U", "en_US.UTF-16"] {
            XCTAssertEqual(TerminalCharset.from(environment: ["LANG": locale]), .ascii, locale)
        }
    }

    /// POSIX's order: LC_ALL over LC_CTYPE over LANG; LC_MESSAGES (the
    /// language) has no say in what the terminal can show.
    func testLCAllThenLCCtypeThenLangDecide() {
        XCTAssertEqual(TerminalCharset.from(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]), .ascii)
        XCTAssertEqual(TerminalCharset.from(environment: ["LC_CTYPE": "C.UTF-8", "LANG": "C"]), .unicode)
        XCTAssertEqual(TerminalCharset.from(environment: ["LC_ALL": "", "LC_CTYPE": "POSIX", "LANG": "C.UTF-8"]), .ascii)
        XCTAssertEqual(TerminalCharset.from(environment: ["LC_MESSAGES": "C", "LANG": "C.UTF-8"]), .unicode)
    }
}
