import TermBankCore
import XCTest

/// Each language writes amounts its own way, in the bank's one currency
/// (decision 22).
final class NumberConventionsTests: XCTestCase {
    let nbsp = "\u{A0}"

    func testEnglishWritesDollarsAsTheBankAlwaysHas() {
        let english = NumberConventions.english
        XCTAssertEqual(english.money(Money(units: 1_250)), "$1,250.00")
        XCTAssertEqual(english.money(Money(minorUnits: -500)), "-$5.00")
        XCTAssertEqual(english.amount(Money(units: 1_000_000)), "1,000,000.00")
        XCTAssertEqual(english.amount(Money(minorUnits: -25_050)), "-250.50")
        XCTAssertEqual(english.amount(Money(units: 999)), "999.00")
    }

    func testBrazilianPortugueseWritesUSDollarsBeforeTheNumberWithPointGroups() {
        let pt = NumberConventions.portugueseBrazil
        XCTAssertEqual(pt.money(Money(units: 1_250)), "US$\(nbsp)1.250,00")
        XCTAssertEqual(pt.money(Money(minorUnits: -500)), "-US$\(nbsp)5,00")
        XCTAssertEqual(pt.amount(Money(units: 1_000_000)), "1.000.000,00")
        XCTAssertEqual(pt.amount(Money(minorUnits: 5)), "0,05")
    }

    func testItalianGroupsOnlyFromFiveDigitsAsCLDRsMinimumGroupingDigitsSays() {
        let it = NumberConventions.italian
        XCTAssertEqual(it.money(Money(units: 1_250)), "1250,00\(nbsp)USD")
        XCTAssertEqual(it.money(Money(units: 9_999, cents: 99)), "9999,99\(nbsp)USD")
        XCTAssertEqual(it.money(Money(units: 12_500)), "12.500,00\(nbsp)USD")
        XCTAssertEqual(it.money(Money(units: 1_000_000)), "1.000.000,00\(nbsp)USD")
        XCTAssertEqual(it.money(Money(minorUnits: -125_000)), "-1250,00\(nbsp)USD")
    }

    func testUkrainianGroupsWithANoBreakSpaceAndPutsUSDAfter() {
        let uk = NumberConventions.ukrainian
        XCTAssertEqual(uk.money(Money(units: 1_250)), "1\(nbsp)250,00\(nbsp)USD")
        XCTAssertEqual(uk.money(Money(minorUnits: -500)), "-5,00\(nbsp)USD")
        XCTAssertEqual(uk.amount(Money(units: 1_000_000)), "1\(nbsp)000\(nbsp)000,00")
        XCTAssertFalse(uk.amount(Money(units: 1_250)).contains(" "), "never a plain space a line could break at")
    }

    func testTheSmallestBalanceFormatsInEveryLanguageWithoutTrapping() {
        let lowest = Money(minorUnits: .min)
        XCTAssertEqual(NumberConventions.english.money(lowest), "-$92,233,720,368,547,758.08")
        XCTAssertEqual(NumberConventions.portugueseBrazil.amount(lowest), "-92.233.720.368.547.758,08")
        XCTAssertEqual(NumberConventions.italian.amount(Money(minorUnits: .max)), "92.233.720.368.547.758,07")
        XCTAssertEqual(NumberConventions.ukrainian.amount(lowest),
                       "-92\(nbsp)233\(nbsp)720\(nbsp)368\(nbsp)547\(nbsp)758,08")
    }

    /// The formula `Money.description` used before this change, kept here
    /// verbatim to prove English output did not move by one byte.
    private func previousEnglishDescription(_ money: Money) -> String {
        let negative = money.minorUnits < 0
        let magnitude = money.minorUnits.magnitude
        let units = String(magnitude / 100)
        let cents = magnitude % 100
        var grouped = ""
        for (index, digit) in units.enumerated() {
            if index > 0 && (units.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (negative ? "-" : "") + grouped + "." + (cents < 10 ? "0" : "") + String(cents)
    }

    func testEnglishOutputIsByteIdenticalToBefore() {
        var random = SystemRandomNumberGenerator()
        var samples: [Int64] = [0, 1, -1, 99, 100, 999_99, 1_000_00, -1_000_00, 123_456_789, .max, .min + 1]
        for _ in 0..<2_000 { samples.append(Int64.random(in: Int64.min + 1 ... Int64.max, using: &random) >> Int64.random(in: 0...60)) }
        for minorUnits in samples {
            let money = Money(minorUnits: minorUnits)
            let before = previousEnglishDescription(money)
            XCTAssertEqual(NumberConventions.english.amount(money), before)
            XCTAssertEqual(EnglishCoreCatalog().amount(money), before)
            XCTAssertEqual(EnglishCoreCatalog().money(money), minorUnits < 0 ? "-$" + before.dropFirst() : "$" + before)
        }
    }

    func testEachLanguageOnlyLetsItsOwnCharactersIntoTheAmountField() {
        let english = NumberConventions.english
        XCTAssertEqual("0123456789.,$ US\u{A0}".filter(english.mayType), "0123456789.,$", "as before: no spaces, no letters")
        XCTAssertEqual("0123456789.,$ USD\u{A0}".filter(NumberConventions.portugueseBrazil.mayType), "0123456789.,$ US\u{A0}",
                       "the space after US$ as typed, and as shown when pasted back")
        XCTAssertEqual("12 3\u{A0}4\u{202F}5x".filter(NumberConventions.ukrainian.mayType), "12 3\u{A0}4\u{202F}5")
        XCTAssertFalse(NumberConventions.italian.mayType("１"), "fullwidth digits are not typed in")
    }
}
