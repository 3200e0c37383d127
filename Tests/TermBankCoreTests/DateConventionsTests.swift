import TermBankCore
import XCTest

/// Dates and times in each language's month names and order, all in UTC
/// ("Dates and times on the statement use the language's month
/// names and order").
final class DateConventionsTests: XCTestCase {
    /// 2026-11-05T06:08:09Z.
    let fifthOfNovember = Timestamp(secondsSinceEpoch: 1_793_858_889)

    /// The statement keeps its numeric month-day; the receipt writes the date
    /// out (CLDR en "MMMM d, y"), where it showed "2026-11-05T06:08:09Z".
    func testEnglishKeepsTheStatementsNumericMonthDayAndWritesTheReceiptsDateOut() {
        let english = DateConventions.english
        XCTAssertEqual(fifthOfNovember.description, "2026-11-05T06:08:09Z")
        XCTAssertEqual(english.dayAndTime(fifthOfNovember), "11-05 06:08")
        XCTAssertEqual(english.day(fifthOfNovember), "11-05")
        XCTAssertEqual(english.dateAndTime(fifthOfNovember), "November 5, 2026, 06:08:09 UTC")
        XCTAssertEqual(english.time(fifthOfNovember), "06:08 UTC")
        XCTAssertEqual(english.timeWithSeconds(fifthOfNovember), "06:08:09 UTC")
    }

    /// The closing note's receipt: "Booked 2026-11-30T22:44:04Z" in English,
    /// written out in the other three. Every language now writes the day,
    /// the month's name, the year and a 24-hour time, and names UTC, the
    /// bank's one time zone; none writes the ISO form.
    func testEveryLanguageWritesAReceiptsTimeOutWithUTCAndNeverInISO() {
        let booked = Timestamp(secondsSinceEpoch: 1_796_078_644)        // 2026-11-30T22:44:04Z
        XCTAssertEqual(booked.description, "2026-11-30T22:44:04Z")
        let expected: [(DateConventions, String)] = [
            (.english, "November 30, 2026, 22:44:04 UTC"),
            (.portugueseBrazil, "30 de novembro de 2026, 22:44:04 UTC"),
            (.italian, "30 novembre 2026, 22:44:04 UTC"),
            (.ukrainian, "30 листопада 2026 р., 22:44:04 UTC"),
        ]
        for (conventions, written) in expected {
            XCTAssertEqual(conventions.dateAndTime(booked), written)
            XCTAssertFalse(conventions.dateAndTime(booked).contains("2026-11-30"), written)
            XCTAssertTrue(conventions.dateAndTime(booked).hasSuffix(" UTC"), written)
        }
        // Midnight is 00, not 24 or 12 AM: the clock is the 24-hour one in every language.
        XCTAssertEqual(DateConventions.english.dateAndTime(Timestamp(secondsSinceEpoch: 1_798_761_600)),
                       "January 1, 2027, 00:00:00 UTC")
        XCTAssertEqual(DateConventions.english.dateAndTime(Timestamp(secondsSinceEpoch: 951_782_400 + 86_399)),
                       "February 29, 2000, 23:59:59 UTC")
    }

    /// The demo phone's "06:08:09 UTC", which the catalogs cut out of the ISO form before.
    func testTheTimeToTheSecondIsTheSameInEveryLanguageAndMatchesTheISOClock() {
        var time = Timestamp(secondsSinceEpoch: 0)
        for _ in 0..<200 {
            for conventions in [DateConventions.english, .portugueseBrazil, .italian, .ukrainian] {
                XCTAssertEqual(conventions.timeWithSeconds(time), String(time.description.dropFirst(11).prefix(8)) + " UTC")
            }
            time = time.adding(seconds: 7_654_321)
        }
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
                XCTAssertLessThanOrEqual(conventions.dayWithYear(time).count, 12, conventions.dayWithYear(time))
                time = time.adding(seconds: 31 * 86_400)
            }
        }
    }

    /// Today 2026-11-30: a row of 3 December 2025 carries its year in every
    /// language, with or without room for a time; this year's rows do not.
    func testAStatementRowOfAnotherYearShowsItsYearInEveryLanguage() {
        let today = Timestamp(secondsSinceEpoch: 1_796_000_000)          // 2026-11-30T00:53:20Z
        let lastYear = Timestamp(secondsSinceEpoch: 1_764_756_900)       // 2025-12-03T10:15:00Z
        let thisYear = Timestamp(secondsSinceEpoch: 1_764_756_900 + 365 * 86_400)   // 2026-12-03T10:15:00Z
        let expected: [(DateConventions, String, String, String)] = [
            (.english, "2025-12-03", "12-03 10:15", "12-03"),
            (.portugueseBrazil, "03 dez 2025", "03 dez 10:15", "03 dez"),
            (.italian, "03 dic 2025", "03 dic 10:15", "03 dic"),
            (.ukrainian, "03 гру 2025", "03 гру 10:15", "03 гру"),
        ]
        for (conventions, withYear, dayAndTime, day) in expected {
            XCTAssertEqual(conventions.statementDate(lastYear, today: today, withTime: true), withYear)
            XCTAssertEqual(conventions.statementDate(lastYear, today: today, withTime: false), withYear)
            XCTAssertEqual(conventions.statementDate(thisYear, today: today, withTime: true), dayAndTime)
            XCTAssertEqual(conventions.statementDate(thisYear, today: today, withTime: false), day)
        }
    }

    /// The year turns at midnight UTC, as every time here: a minute before
    /// it is last year's, and a row dated after today's year (a clock set
    /// back) shows its year too.
    func testTheYearTurnsAtMidnightUTC() {
        let newYear = Timestamp(secondsSinceEpoch: 1_798_761_600)        // 2027-01-01T00:00:00Z
        let today = newYear.adding(seconds: 1_800)
        XCTAssertEqual(DateConventions.english.statementDate(newYear.adding(seconds: -60), today: today, withTime: true),
                       "2026-12-31")
        XCTAssertEqual(DateConventions.english.statementDate(newYear, today: today, withTime: true), "01-01 00:00")
        XCTAssertEqual(DateConventions.italian.statementDate(today, today: newYear.adding(seconds: -1), withTime: false),
                       "01 gen 2027")
    }
}
