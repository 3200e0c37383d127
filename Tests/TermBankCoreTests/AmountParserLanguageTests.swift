import TermBankCore
import XCTest

/// The amount parser reads each language's own way of writing amounts
/// (pt-BR `250,50`, `1.250,00`; uk `1 250,50`; it `1.250,00`,
/// `1250,00`; en `1,250.00`, `250.50`).
final class AmountParserLanguageTests: XCTestCase {
    func assertParses(_ numbers: NumberConventions, _ text: String, _ expected: Money,
                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(AmountParser(numbers: numbers).parse(text), .success(expected), text, file: file, line: line)
    }

    func testEnglishReadsPointDecimalsAndCommaGroups() {
        assertParses(.english, "1,250.00", Money(units: 1_250))
        assertParses(.english, "250.50", Money(units: 250, cents: 50))
        assertParses(.english, "$1,250", Money(units: 1_250))
        assertParses(.english, "1,250", Money(units: 1_250))
    }

    func testBrazilianPortugueseReadsCommaDecimalsAndPointGroups() {
        assertParses(.portugueseBrazil, "250,50", Money(units: 250, cents: 50))
        assertParses(.portugueseBrazil, "1.250,00", Money(units: 1_250))
        assertParses(.portugueseBrazil, "1.250", Money(units: 1_250))
        assertParses(.portugueseBrazil, "1250,5", Money(units: 1_250, cents: 50))
        assertParses(.portugueseBrazil, ",75", Money(minorUnits: 75))
        assertParses(.portugueseBrazil, "US$ 1.250,00", Money(units: 1_250))
        assertParses(.portugueseBrazil, "US$\u{A0}1.000.000,00", Money(units: 1_000_000))
    }

    func testItalianReadsFourDigitAmountsGroupedOrNot() {
        assertParses(.italian, "1.250,00", Money(units: 1_250))
        assertParses(.italian, "1250,00", Money(units: 1_250))
        assertParses(.italian, "12.500,00", Money(units: 12_500))
        assertParses(.italian, "1250,00 USD", Money(units: 1_250))
        assertParses(.italian, "0,01", Money(minorUnits: 1))
    }

    func testUkrainianReadsEverySpaceAGroupCanBeWrittenWith() {
        assertParses(.ukrainian, "1 250,50", Money(units: 1_250, cents: 50))
        assertParses(.ukrainian, "1\u{A0}250,50", Money(units: 1_250, cents: 50))
        assertParses(.ukrainian, "1\u{202F}250,50", Money(units: 1_250, cents: 50))
        assertParses(.ukrainian, "1 000\u{A0}000,00", Money(units: 1_000_000))
        assertParses(.ukrainian, "1250,50", Money(units: 1_250, cents: 50))
        assertParses(.ukrainian, "\u{A0}250,50\u{A0}USD\u{A0}", Money(units: 250, cents: 50))
    }

    func testWhatEachLanguageWritesItReadsBack() {
        for numbers in [NumberConventions.english, .portugueseBrazil, .italian, .ukrainian] {
            let parser = AmountParser(numbers: numbers, limit: Money(minorUnits: .max))
            var minorUnits: Int64 = 1
            while minorUnits < Int64.max / 7 {
                let money = Money(minorUnits: minorUnits)
                XCTAssertEqual(parser.parse(numbers.amount(money)), .success(money), numbers.amount(money))
                XCTAssertEqual(parser.parse(numbers.money(money)), .success(money), numbers.money(money))
                minorUnits = minorUnits * 7 + 3
            }
        }
    }

    func testACatalogHandsOutItsLanguagesParser() {
        XCTAssertEqual(EnglishCoreCatalog().amountParser().numbers, .english)
        XCTAssertEqual(EnglishCoreCatalog().amountParser(limit: Money(units: 5)).parse("6"),
                       .failure(.aboveLimit(Money(units: 5))))
    }
}
