@testable import TermBankTerminal
import XCTest

/// Which locale names mean UTF-8 (the app sets C.UTF-8 itself when none is named).
final class CharacterTypeTests: XCTestCase {
    func testUTF8IsRecognisedInAnyCaseWithOrWithoutTheHyphen() {
        for name in ["UTF-8", "utf8", "uk_UA.UTF-8", "en_US.utf8@euro", "C.UTF-8", "pt_BR.Utf-8", "it_IT.UTF8"] {
            XCTAssertTrue(CharacterType.namesUTF8(name), name)
        }
    }

    func testOtherCodesetsAreNotUTF8() {
        for name in ["", "C", "POSIX", "ISO-8859-1", "en_US", "UTF-16", "utf", "u-t-f", "utf\u{18}", "UTF_8", "ÜTF-8"] {
            XCTAssertFalse(CharacterType.namesUTF8(name), name)
        }
    }
}
