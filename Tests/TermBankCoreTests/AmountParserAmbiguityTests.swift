import TermBankCore
import XCTest

/// Text that breaks the language's rule but would mean an amount under
/// another language's is refused, never guessed, and the refusal carries
/// that amount so the message can show how to write it (in pt-BR
/// `1,250` has three decimals and is refused with a message showing
/// `1.250,00`).
final class AmountParserAmbiguityTests: XCTestCase {
    func assertAmbiguous(_ numbers: NumberConventions, _ text: String, meaning expected: Money,
                         file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(AmountParser(numbers: numbers).parse(text), .failure(.ambiguous(expected)), text,
                       file: file, line: line)
    }

    func testBrazilianPortugueseRefusesEnglishSeparators() {
        assertAmbiguous(.portugueseBrazil, "1,250", meaning: Money(units: 1_250))
        assertAmbiguous(.portugueseBrazil, "1.25", meaning: Money(units: 1, cents: 25))
        assertAmbiguous(.portugueseBrazil, "250.5", meaning: Money(units: 250, cents: 50))
        assertAmbiguous(.portugueseBrazil, "1,250.00", meaning: Money(units: 1_250))
        assertAmbiguous(.portugueseBrazil, "1,250,000.00", meaning: Money(units: 1_000_000) .adding(Money(units: 250_000))!)
        assertAmbiguous(.portugueseBrazil, "1 250,00", meaning: Money(units: 1_250))
        XCTAssertEqual(NumberConventions.portugueseBrazil.amount(Money(units: 1_250)), "1.250,00",
                       "what the message for \"1,250\" shows")
    }

    func testItalianRefusesEnglishSeparators() {
        assertAmbiguous(.italian, "1,250", meaning: Money(units: 1_250))
        assertAmbiguous(.italian, "1.25", meaning: Money(units: 1, cents: 25))
        assertAmbiguous(.italian, "1,250.00", meaning: Money(units: 1_250))
    }

    func testUkrainianRefusesPointsAnywhere() {
        assertAmbiguous(.ukrainian, "1.25", meaning: Money(units: 1, cents: 25))
        assertAmbiguous(.ukrainian, "1.250,00", meaning: Money(units: 1_250))
        assertAmbiguous(.ukrainian, "1,250", meaning: Money(units: 1_250))
        assertAmbiguous(.ukrainian, "1 250.50", meaning: Money(units: 1_250, cents: 50))
        assertAmbiguous(.ukrainian, "1,250.00", meaning: Money(units: 1_250))
    }

    func testEnglishRefusesEuropeanSeparators() {
        assertAmbiguous(.english, "1.250,00", meaning: Money(units: 1_250))
        assertAmbiguous(.english, "250,50", meaning: Money(units: 250, cents: 50))
        assertAmbiguous(.english, "1.250", meaning: Money(units: 1_250))
        assertAmbiguous(.english, "1 250.00", meaning: Money(units: 1_250))
    }

    func testTheEnglishMessageShowsTheAmountWrittenTheEnglishWay() {
        XCTAssertEqual(EnglishCoreCatalog().text(AmountError.ambiguous(Money(units: 1_250))),
                       "Write 1,250.00 if that is the amount: a point before the cents, commas between thousands.")
    }

    func testAZeroWrittenTheOtherWayIsStillAZero() {
        XCTAssertEqual(AmountParser(numbers: .english).parse("0,00"), .failure(.zero))
        XCTAssertEqual(AmountParser(numbers: .portugueseBrazil).parse("0.00"), .failure(.zero))
    }

    func testAnAmountThatFollowsNoRuleAtAllKeepsItsOwnReason() {
        let pt = AmountParser(numbers: .portugueseBrazil)
        XCTAssertEqual(pt.parse("1,2345"), .failure(.tooManyDecimals))
        XCTAssertEqual(pt.parse("1.25.000"), .failure(.misplacedGroupSeparator))
        XCTAssertEqual(pt.parse("1,250,00"), .failure(.misplacedDecimalPoint))
        XCTAssertEqual(pt.parse("1.250,000.00"), .failure(.misplacedGroupSeparator))
        XCTAssertEqual(pt.parse("12,"), .failure(.misplacedDecimalPoint))
        XCTAssertEqual(AmountParser(numbers: .ukrainian).parse("1.2.3"), .failure(.invalidCharacter(".")))
    }
}
