import TermBankCore
import XCTest

/// The one parser for amounts a person types (issue: money and ledger).
final class AmountParserTests: XCTestCase {
    let parser = AmountParser()

    func assertParses(_ text: String, _ minorUnits: Int64, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try parser.parse(text).get(), Money(minorUnits: minorUnits), text, file: file, line: line)
    }

    func assertRejects(_ text: String, _ expected: AmountError, file: StaticString = #filePath, line: UInt = #line) {
        switch parser.parse(text) {
        case .success(let money): XCTFail("\(text) parsed as \(money)", file: file, line: line)
        case .failure(let error): XCTAssertEqual(error, expected, text, file: file, line: line)
        }
    }

    func testAcceptsTheWaysPeopleWriteAmounts() {
        assertParses("250", 25_000)
        assertParses("250.5", 25_050)
        assertParses("250.50", 25_050)
        assertParses("1,250.00", 125_000)
        assertParses("$1,250.00", 125_000)
        assertParses("  42.07 ", 4_207)
        assertParses("0.01", 1)
        assertParses(".5", 50)
        assertParses("1,000,000.00", 100_000_000)
    }

    func testRejectsEachBadInputWithItsOwnReason() {
        assertRejects("", .empty)
        assertRejects("   ", .empty)
        assertRejects("$", .empty)
        assertRejects("-5", .negative)
        assertRejects("0", .zero)
        assertRejects("0.00", .zero)
        assertRejects("1.2345", .tooManyDecimals)
        assertRejects("1.234", .ambiguous(Money(units: 1_234)))
        assertRejects("1e3", .exponent)
        assertRejects("12abc", .invalidCharacter("a"))
        assertRejects("١٢", .nonASCIIDigit)
        assertRejects("1.2.3", .misplacedDecimalPoint)
        assertRejects("12.", .misplacedDecimalPoint)
        assertRejects("12,50", .ambiguous(Money(units: 12, cents: 50)))
        assertRejects("1,2345", .misplacedGroupSeparator)
        assertRejects(",250", .misplacedGroupSeparator)
        assertRejects("1.000,50", .ambiguous(Money(units: 1_000, cents: 50)))
        assertRejects("1,2,3", .misplacedGroupSeparator)
    }

    func testRejectsAmountsAboveTheTransferLimit() {
        assertRejects("1,000,000.01", .aboveLimit(Money(units: 1_000_000)))
        assertRejects("5000", .aboveLimit(Money(units: 100)), parser: AmountParser(limit: Money(units: 100)))
    }

    func testRejectsAmountsThatWouldOverflow() {
        assertRejects("92233720368547758.08", .overflow)
        assertRejects("99999999999999999999999", .overflow)
        XCTAssertEqual(try AmountParser(limit: Money(minorUnits: .max)).parse("92233720368547758.07").get(),
                       Money(minorUnits: .max))
    }

    func testEveryRefusalHasAMessageAPersonCanActOn() {
        let messages = ["", "-5", "0", "1.234", "1e3", "12abc", "١٢", "1,2345", "2000000", "99999999999999999999999", "\u{1B}[2J"]
            .compactMap { text -> String? in
                if case .failure(let error) = parser.parse(text) { return error.description }
                return nil
            }
        XCTAssertEqual(messages.count, 11)
        XCTAssertEqual(Set(messages).count, messages.count - 0, "each reason reads differently")
        XCTAssertFalse(messages.joined().contains("\u{1B}"), "control characters never reach a message")
    }

    private func assertRejects(_ text: String, _ expected: AmountError, parser: AmountParser,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(parser.parse(text), .failure(expected), file: file, line: line)
    }
}

final class MoneyTests: XCTestCase {
    func testFormatsWithGroupsAndTwoDecimals() {
        XCTAssertEqual(Money(minorUnits: 0).description, "0.00")
        XCTAssertEqual(Money(minorUnits: 5).description, "0.05")
        XCTAssertEqual(Money(minorUnits: 475_000).description, "4,750.00")
        XCTAssertEqual(Money(minorUnits: 100_000_000).description, "1,000,000.00")
        XCTAssertEqual(Money(minorUnits: -25_050).description, "-250.50")
        XCTAssertEqual(Money(minorUnits: .min).description, "-92,233,720,368,547,758.08")
        XCTAssertEqual(Money(units: 1_250).formattedWithSign, "$1,250.00")
    }

    func testArithmeticReportsOverflowInsteadOfTrapping() {
        XCTAssertNil(Money(minorUnits: .max).adding(Money(minorUnits: 1)))
        XCTAssertNil(Money(minorUnits: .min).subtracting(Money(minorUnits: 1)))
        XCTAssertNil(Money(minorUnits: .min).negated)
        XCTAssertEqual(Money(units: 5_000).subtracting(Money(units: 250)), Money(units: 4_750))
    }

    func testParsingAndFormattingRoundTrip() throws {
        for minorUnits: Int64 in [1, 99, 100, 12_345, 100_000_000] {
            let money = Money(minorUnits: minorUnits)
            XCTAssertEqual(try AmountParser().parse(money.description).get(), money)
        }
    }
}
