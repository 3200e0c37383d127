/// Money in and out of a customer on one day (UTC). A move between the
/// customer's own accounts is neither: it nets to zero within the transfer.
public struct DailyFlow: Equatable, Sendable {
    /// Zero or more.
    public let moneyIn: Money
    /// Zero or less.
    public let moneyOut: Money

    public init(moneyIn: Money, moneyOut: Money) {
        self.moneyIn = moneyIn
        self.moneyOut = moneyOut
    }

    public static let none = DailyFlow(moneyIn: .zero, moneyOut: .zero)
}

/// A customer's total balance (checking and savings) over the last days:
/// the balance when the first day began and the flows of each day, from
/// which every day's closing balance follows. The last closing balance is
/// today's balance.
public struct BalanceHistory: Equatable, Sendable {
    /// Midnight UTC at the start of the first day.
    public let firstDay: Timestamp
    public let opening: Money
    public let days: [DailyFlow]

    public init(firstDay: Timestamp, opening: Money, days: [DailyFlow]) {
        self.firstDay = firstDay
        self.opening = opening
        self.days = days
    }

    public static let millisecondsPerDay: Int64 = 86_400_000

    /// The first of `days` days (UTC) that end with the day of `now`.
    public static func firstDay(endingAt now: Timestamp, days: Int) -> Timestamp {
        let today = CalendarDay.startOfDay(now)
        return today.adding(milliseconds: -Int64(days - 1) * millisecondsPerDay)
    }

    /// The total balance at the end of each day, oldest first.
    public var closingBalances: [Money] {
        var balance = opening.minorUnits
        return days.map { day in
            balance &+= day.moneyIn.minorUnits &+ day.moneyOut.minorUnits
            return Money(minorUnits: balance)
        }
    }
}

/// Calendar days in UTC, by hand (no Foundation calendar in the core).
public enum CalendarDay {
    public static func startOfDay(_ time: Timestamp) -> Timestamp {
        let ms = time.millisecondsSinceEpoch
        let day = ms >= 0 ? ms / BalanceHistory.millisecondsPerDay
                          : (ms - BalanceHistory.millisecondsPerDay + 1) / BalanceHistory.millisecondsPerDay
        return Timestamp(millisecondsSinceEpoch: day * BalanceHistory.millisecondsPerDay)
    }

    /// Midnight UTC of an ISO 8601 calendar date ("2026-11-30"); nil for
    /// anything else, a date that does not exist ("2026-02-30") included.
    public static func parse(_ text: String) -> Timestamp? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2]),
              (1...12).contains(month), (1...31).contains(day), year >= 1970
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        // A day past the month's end rolls into the next month: refuse it.
        let (y, m, d) = Timestamp.civil(fromDays: days)
        guard y == year, m == month, d == day else { return nil }
        return Timestamp(millisecondsSinceEpoch: days * BalanceHistory.millisecondsPerDay)
    }

    /// "2026-11-30" for the day holding `time`.
    public static func format(_ time: Timestamp) -> String { String(time.description.prefix(10)) }

    // Howard Hinnant's days-from-civil algorithm (the inverse of Timestamp.civil).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
