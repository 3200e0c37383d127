import TermBankCore
import XCTest

/// Hostile and accidental input to the amount parser, in every language:
/// nothing is accepted that a person could read as a different amount, and
/// nothing traps.
final class AmountParserAttackTests: XCTestCase {
    let languages: [NumberConventions] = [.english, .portugueseBrazil, .italian, .ukrainian]

    func refusal(_ numbers: NumberConventions, _ text: String) -> AmountError? {
        if case .failure(let error) = AmountParser(numbers: numbers).parse(text) { return error }
        return nil
    }

    func testMixedSeparatorsInOneAmountAreRefused() {
        XCTAssertEqual(refusal(.ukrainian, "1 250.000,00"), .invalidCharacter("."))
        XCTAssertEqual(refusal(.portugueseBrazil, "1.250 000,00"), .invalidCharacter(" "))
        XCTAssertEqual(refusal(.english, "1,250 000.00"), .invalidCharacter(" "))
        XCTAssertEqual(refusal(.italian, "1.250,000,00"), .misplacedDecimalPoint)
    }

    func testMisplacedGroupsAreRefusedInEveryLanguage() {
        let cases: [(NumberConventions, String)] = [
            (.english, "12,50,000"), (.english, ",250"), (.english, "1,2345"),
            (.portugueseBrazil, "12.50.000"), (.portugueseBrazil, ".250"), (.portugueseBrazil, "1.2345"),
            (.italian, "1.2345,00"), (.italian, "12.50.000,00"),
            (.ukrainian, "12 50 000"), (.ukrainian, "1  250"), (.ukrainian, "1 2345,00"),
        ]
        for (numbers, text) in cases {
            XCTAssertEqual(refusal(numbers, text), .misplacedGroupSeparator, text)
        }
    }

    /// "0,001" read as groups was 1.00 (accepted in English, and offered as
    /// "write 1.00" for "0.001"): a grouped number never starts with a zero,
    /// so a tenth of a cent is refused, and never becomes a dollar.
    func testALeadingZeroGroupIsNotAThousandsGroup() {
        XCTAssertEqual(refusal(.english, "0,001"), .misplacedGroupSeparator)
        XCTAssertEqual(refusal(.english, "0.001"), .tooManyDecimals)
        XCTAssertEqual(refusal(.english, "0,001.00"), .misplacedGroupSeparator)
        XCTAssertEqual(refusal(.portugueseBrazil, "0.001"), .misplacedGroupSeparator)
        XCTAssertEqual(refusal(.portugueseBrazil, "0,001"), .tooManyDecimals)
        XCTAssertEqual(refusal(.italian, "0.001,00"), .misplacedGroupSeparator)
        XCTAssertEqual(refusal(.ukrainian, "0 001"), .misplacedGroupSeparator)
        XCTAssertEqual(refusal(.english, "00,250"), .misplacedGroupSeparator)
        // A zero alone before the decimals, and groups after a non-zero digit, are as before.
        XCTAssertNil(refusal(.english, "0.50"))
        XCTAssertNil(refusal(.english, "10,001"))
        XCTAssertNil(refusal(.portugueseBrazil, "1.001,00"))
    }

    func testWhitespaceTricksAreRefused() {
        for numbers in languages {
            XCTAssertEqual(refusal(numbers, "1\t250"), .invalidCharacter("\t"))
            XCTAssertEqual(refusal(numbers, "1\u{200B}250"), .invalidCharacter("\u{200B}"), "zero-width space")
            XCTAssertEqual(refusal(numbers, "1\u{2009}250"), .invalidCharacter("\u{2009}"), "thin space")
            XCTAssertEqual(refusal(numbers, "1\u{3000}250"), .invalidCharacter("\u{3000}"), "ideographic space")
            XCTAssertEqual(refusal(numbers, "1\n250"), .invalidCharacter("\n"))
            XCTAssertEqual(refusal(numbers, "\u{202E}052"), .invalidCharacter("\u{202E}"), "right-to-left override")
            XCTAssertEqual(refusal(numbers, " \t\u{A0}"), .empty)
        }
    }

    func testDigitsThatAreNotASCIIAreRefused() {
        for numbers in languages {
            XCTAssertEqual(refusal(numbers, "１２５０"), .nonASCIIDigit, "fullwidth")
            XCTAssertEqual(refusal(numbers, "١٢٥٠"), .nonASCIIDigit, "Arabic-Indic")
            XCTAssertEqual(refusal(numbers, "12²"), .nonASCIIDigit, "superscript")
            XCTAssertNotNil(refusal(numbers, "1\u{0301}250"), "a digit with a combining accent")
            XCTAssertEqual(refusal(numbers, "1，250"), .invalidCharacter("，"), "fullwidth comma")
        }
    }

    func testSignsAndExponentsAreRefused() {
        for numbers in languages {
            XCTAssertEqual(refusal(numbers, "-5"), .negative)
            XCTAssertEqual(refusal(numbers, "\u{2212}5"), .negative)
            XCTAssertEqual(refusal(numbers, "5-"), .negative)
            XCTAssertEqual(refusal(numbers, "1e3"), .exponent)
            XCTAssertEqual(refusal(numbers, "2,5E-2"), .exponent)
        }
        XCTAssertEqual(refusal(.portugueseBrazil, "-US$ 5,00"), .negative)
        XCTAssertEqual(refusal(.italian, "5,00 EUR"), .invalidCharacter("E"), "another currency is not dollars")
        XCTAssertEqual(refusal(.portugueseBrazil, "R$ 5,00"), .invalidCharacter("R"))
        XCTAssertEqual(refusal(.english, "5.00 USD"), .invalidCharacter("U"))
    }

    func testHugeAmountsOverflowInsteadOfWrapping() {
        XCTAssertEqual(refusal(.english, "92,233,720,368,547,758.08"), .overflow)
        XCTAssertEqual(refusal(.portugueseBrazil, "92.233.720.368.547.758,08"), .overflow)
        XCTAssertEqual(refusal(.italian, "99999999999999999999,00"), .overflow)
        XCTAssertEqual(refusal(.ukrainian, "92 233 720 368 547 758,08"), .overflow)
        XCTAssertEqual(refusal(.portugueseBrazil, "99,999,999,999,999,999,999"), .overflow,
                       "an overflow read the other way is still an overflow, never a suggestion")
        XCTAssertEqual(refusal(.ukrainian, "1 000 001"), .aboveLimit(AmountParser.defaultLimit))
        XCTAssertEqual(refusal(.ukrainian, String(repeating: "0", count: 500) + "1,00"), nil, "leading zeros add nothing")
    }
}
