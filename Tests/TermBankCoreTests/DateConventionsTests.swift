import TermBankCore
import XCTest

/// Dates and times in each language's month names and order, all in UTC
/// (issue 13: "Dates and times on the statement use the language's month
/// names and order").
final class DateConventionsTests: XCTestCase {
    /// 2026-11-05T06:08:09Z.
    let fifthOfNovember = Timestamp(secondsSinceEpoch: 1_793_858_889)

    func testEnglishKeepsTheStatementsNumericMonthDayAndISOReceipts() {
        let english = DateConventions.english
        XCTAssertEqual(fifthOfNovember.description, "2026-11-05T06:08:09Z")
        XCTAssertEqual(english.dayAndTime(fifthOfNovember), "11-05 06:08")
        XCTAssertEqual(english.day(fifthOfNovember), "11-05")
        XCTAssertEqual(english.dateAndTime(fifthOfNovember), "2026-11-05T06:08:09Z")
        XCTAssertEqual(english.time(fifthOfNovember), "06:08 UTC")
    }

    func testEnglishIsByteIdenticalToTheSlicesTheScreensTookBefore() {
        var time = Timestamp(secondsSinceEpoch: 0)
        for _ in 0..<500 {
            let stamp = time.description
            XCTAssertEqual(DateConventions.english.dayAndTime(time),
                           String(stamp.dropFirst(5).prefix(11)).replacingOccurrences(of: "T", with: " "))
            XCTAssertEqual(DateConventions.english.day(time), String(stamp.dropFirst(5).prefix(5)))
            XCTAssertEqual(EnglishCoreCatalog().time(time), time.timeOfDay)
            time = time.adding(seconds: 7_654_321)
        }
    }

    func testBrazilianPortuguesePutsTheDayFirstWithPortugueseMonths() {
        let pt = DateConventions.portugueseBrazil
        XCTAssertEqual(pt.dayAndTime(fifthOfNovember), "05 nov 06:08")
        XCTAssertEqual(pt.day(fifthOfNovember), "05 nov")
        XCTAssertEqual(pt.dateAndTime(fifthOfNovember), "5 de novembro de 2026, 06:08:09 UTC")
        XCTAssertEqual(pt.time(fifthOfNovember), "06:08 UTC")
    }

    func testItalianPutsTheDayFirstWithItalianMonths() {
        let it = DateConventions.italian
        XCTAssertEqual(it.dayAndTime(fifthOfNovember), "05 nov 06:08")
        XCTAssertEqual(it.dateAndTime(fifthOfNovember), "5 novembre 2026, 06:08:09 UTC")
        XCTAssertEqual(it.day(Timestamp(secondsSinceEpoch: 1_788_000_000)), "29 ago")
    }

    func testUkrainianMonthsAreGenitiveAfterADay() {
        let uk = DateConventions.ukrainian
        XCTAssertEqual(uk.dateAndTime(fifthOfNovember), "5 листопада 2026 р., 06:08:09 UTC")
        XCTAssertEqual(uk.dayAndTime(fifthOfNovember), "05 лис 06:08")
        XCTAssertFalse(uk.monthNames.contains("листопад"), "the nominative never follows a day")
    }

    func testEveryMonthOfALeapYearGetsItsOwnName() {
        for conventions in [DateConventions.english, .portugueseBrazil, .italian, .ukrainian] {
            var seen: [String] = []
            // The 15th of each month of 2028, a leap year, and the 29th of February.
            for month in 0..<12 {
                let day = Timestamp(secondsSinceEpoch: 1_830_297_600 + Int64(month) * 2_629_746 + 14 * 86_400)
                seen.append(conventions.write([.monthName], day))
            }
            XCTAssertEqual(seen, conventions.monthNames)
            XCTAssertEqual(conventions.write([.day, .text(" "), .monthAbbreviation],
                                             Timestamp(secondsSinceEpoch: 1_835_395_200)),
                           "29 " + conventions.monthAbbreviations[1])
        }
    }

    func testStatementDatesFitTheirColumnsInEveryLanguage() {
        for conventions in [DateConventions.english, .portugueseBrazil, .italian, .ukrainian] {
            var time = Timestamp(secondsSinceEpoch: 1_767_225_600)    // 2026-01-01
            for _ in 0..<12 {
                XCTAssertLessThanOrEqual(conventions.dayAndTime(time).count, 12, conventions.dayAndTime(time))
                XCTAssertLessThanOrEqual(conventions.day(time).count, 6, conventions.day(time))
                time = time.adding(seconds: 31 * 86_400)
            }
        }
    }
}
