@testable import TermBankApp
import TermBankCore
import XCTest

/// A history row booked in another year than today's (the driven clock's,
/// in UTC) shows its year, so last December's "3 Dec" is not read as this
/// year's; this year's rows keep the compact day and time.
final class StatementYearTests: XCTestCase {
    /// Today is 2026-11-30 (`Fixture.start`).
    static let thisYear = Fixture.start.adding(seconds: -3 * 86_400 - 3_600)       // 2026-11-26 23:53
    static let lastYear = Timestamp(secondsSinceEpoch: 1_764_756_900)               // 2025-12-03 10:15:00Z

    static func line(_ posting: Int64, _ bookedAt: Timestamp, _ units: Int64) -> StatementLine {
        StatementLine(posting: PostingID(posting), reference: TransferReference(posting), kind: .deposit, bookedAt: bookedAt,
                      account: .checking, amount: Money(units: units), balanceAfter: Money(units: 5_000),
                      counterparty: .bankFunding, reverses: nil)
    }

    func frame(_ language: Language, _ size: Size) -> [String] {
        var state = Fixture.signedIn()
        state.languageSelection = LanguageSelection(language, source: .option)
        state.size = size
        state.account = AccountSnapshot(user: Fixture.alice, balances: [.checking: Money(units: 5_000), .savings: .zero],
                                        lines: [Self.line(2, Self.thisYear, 25), Self.line(1, Self.lastYear, 40)])
        return AppView.render(state, size: size).text
    }

    func row(_ frame: [String], _ amount: String) -> String? {
        frame.first { $0.contains(amount) && !$0.contains("USD ") && !$0.contains("$5,000") }
    }

    func testLastYearsRowShowsItsYearAndThisYearsKeepsTheCompactDayAndTime() {
        let expected: [(Language, wide: (String, String), narrow: (String, String))] = [
            (.english, ("11-26 23:53", "2025-12-03"), ("11-26", "2025-12-03")),
            (.portugueseBrazil, ("26 nov 23:53", "03 dez 2025"), ("26 nov", "03 dez 2025")),
            (.italian, ("26 nov 23:53", "03 dic 2025"), ("26 nov", "03 dic 2025")),
            (.ukrainian, ("26 лис 23:53", "03 гру 2025"), ("26 лис", "03 гру 2025")),
        ]
        for (language, wide, narrow) in expected {
            for (size, dates) in [(Size(columns: 80, rows: 24), wide), (Size(columns: 60, rows: 20), narrow)] {
                let frame = frame(language, size)
                let text = frame.joined(separator: "\n")
                let amounts = language.appCatalog.core
                guard let this = row(frame, amounts.amount(Money(units: 25))),
                      let last = row(frame, amounts.amount(Money(units: 40))) else {
                    return XCTFail("no history rows in \(language) at \(size)\n\(text)")
                }
                XCTAssertTrue(this.hasPrefix("  " + dates.0 + " "), "\(language) \(size): \(this)")
                XCTAssertTrue(last.hasPrefix("  " + dates.1 + " "), "\(language) \(size): \(last)")
                // The columns after the date stay lined up, row under row.
                let account = language.appCatalog.core.text(AccountKind.checking)
                XCTAssertEqual(this.range(of: account).map { this.distance(from: this.startIndex, to: $0.lowerBound) },
                               last.range(of: account).map { last.distance(from: last.startIndex, to: $0.lowerBound) }, text)
            }
        }
    }

    /// With only this year's rows on screen, the narrow column stays six wide, as before.
    func testWithOnlyThisYearsRowsTheNarrowDateColumnIsUnchanged() {
        var state = Fixture.signedIn()
        state.size = Size(columns: 60, rows: 20)
        let text = AppView.render(state, size: state.size).text
        XCTAssertTrue(text.contains { $0.hasPrefix("  11-30  Checking ") }, text.joined(separator: "\n"))
    }
}
