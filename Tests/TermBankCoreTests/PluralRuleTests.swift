import TermBankCore
import XCTest

/// The plural rules the catalogs will choose forms with, checked against
/// CLDR's integer examples (plurals.xml), so a language added later picks
/// "1 спроба", "3 спроби", "5 спроб" without ICU.
final class PluralRuleTests: XCTestCase {
    func testEnglishAndItalianHaveOneForExactlyOne() {
        XCTAssertEqual(PluralRule.oneOrOther.category(1), .one)
        for count in [0, 2, 5, 11, 21, 101] {
            XCTAssertEqual(PluralRule.oneOrOther.category(count), .other, "\(count)")
        }
    }

    func testBrazilianPortugueseCountsZeroAsOne() {
        XCTAssertEqual(PluralRule.zeroOrOneOrOther.category(0), .one)
        XCTAssertEqual(PluralRule.zeroOrOneOrOther.category(1), .one)
        for count in [2, 3, 10, 21] {
            XCTAssertEqual(PluralRule.zeroOrOneOrOther.category(count), .other, "\(count)")
        }
    }

    func testUkrainianHasOneFewAndManyWithElevenToFourteenInMany() {
        let rule = PluralRule.eastSlavic
        for count in [1, 21, 31, 101, 1001] { XCTAssertEqual(rule.category(count), .one, "\(count)") }
        for count in [2, 3, 4, 22, 24, 102, 1004] { XCTAssertEqual(rule.category(count), .few, "\(count)") }
        for count in [0, 5, 9, 10, 11, 12, 13, 14, 15, 20, 25, 111, 112, 114] {
            XCTAssertEqual(rule.category(count), .many, "\(count)")
        }
    }

    func testTheFormIsChosenByTheRuleAndAMissingFormFallsBackToOther() {
        func attempts(_ count: Int) -> String {
            "залишилось \(count) " + PluralRule.eastSlavic.choose(count, one: "спроба", few: "спроби", many: "спроб", other: "спроби")
        }
        XCTAssertEqual(attempts(1), "залишилось 1 спроба")
        XCTAssertEqual(attempts(3), "залишилось 3 спроби")
        XCTAssertEqual(attempts(5), "залишилось 5 спроб")
        XCTAssertEqual(attempts(12), "залишилось 12 спроб")
        XCTAssertEqual(PluralRule.eastSlavic.choose(5, one: "a", other: "b"), "b")
        XCTAssertEqual(PluralRule.oneOrOther.choose(-1, one: "a", other: "b"), "a", "a count's sign does not change its form")
    }
}
