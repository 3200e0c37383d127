/// How one language writes dates and times: its month names and the order of
/// day, month and year. Patterns are data (`DatePart` lists), filled from a
/// `Timestamp` by hand (civil-from-days), so the pure core needs no calendar
/// library and no ICU. All times are UTC, as the bank keeps them; the screens
/// say so.
///
/// The four languages are in `DateConventions+Languages.swift`, each figure
/// with its source (docs/languages.md, "Numbers, money and dates").
public struct DateConventions: Hashable, Sendable {
    /// One piece of a written date.
    public enum Part: Hashable, Sendable {
        /// Words or punctuation written as they are ("de", ", ", " р.").
        case text(String)
        /// Day of the month: "5".
        case day
        /// Day of the month, two digits: "05".
        case day2
        /// Month number, two digits: "11".
        case month2
        /// The month's name as it stands after a day: "novembro", "листопада".
        case monthName
        /// The month's short name: "nov", "лис".
        case monthAbbreviation
        /// The year: "2026".
        case year
        /// Hours, minutes and seconds, two digits each, 24-hour clock.
        case hour2, minute2, second2
    }

    /// Twelve month names, January first, in the form used after a day number
    /// (for Ukrainian the genitive: "5 листопада").
    public let monthNames: [String]
    /// Twelve short month names, January first.
    public let monthAbbreviations: [String]
    /// A day and its time, short enough for the statement's 12-column date
    /// column: "11-30 06:58", "30 nov 06:58".
    public let dayAndTime: [Part]
    /// A day alone, for the statement's 6-column date column: "11-30", "30 nov".
    public let dayOnly: [Part]
    /// A day with its year, for a statement row of another year than today's:
    /// "2025-12-03", "03 dez 2025". It fits the 12-column date column in
    /// place of the day and time; the narrow column widens to it.
    public let dayWithYear: [Part]
    /// A full date and time, for receipts: "30 de novembro de 2026, 06:58:44 UTC".
    public let dateAndTime: [Part]
    /// A time of day in messages: "06:58 UTC".
    public let timeOfDay: [Part]
    /// A time of day to the second, for the demo phone's messages: "06:58:44 UTC".
    public let timeWithSeconds: [Part]

    public init(monthNames: [String], monthAbbreviations: [String], dayAndTime: [Part], dayOnly: [Part],
                dayWithYear: [Part], dateAndTime: [Part], timeOfDay: [Part],
                timeWithSeconds: [Part] = [.hour2, .text(":"), .minute2, .text(":"), .second2, .text(" UTC")]) {
        precondition(monthNames.count == 12 && monthAbbreviations.count == 12, "twelve months")
        self.monthNames = monthNames
        self.monthAbbreviations = monthAbbreviations
        self.dayAndTime = dayAndTime
        self.dayOnly = dayOnly
        self.dayWithYear = dayWithYear
        self.dateAndTime = dateAndTime
        self.timeOfDay = timeOfDay
        self.timeWithSeconds = timeWithSeconds
    }

    /// "11-30 06:58" / "30 nov 06:58".
    public func dayAndTime(_ time: Timestamp) -> String { write(dayAndTime, time) }
    /// "11-30" / "30 nov".
    public func day(_ time: Timestamp) -> String { write(dayOnly, time) }
    /// "2025-12-03" / "03 dez 2025".
    public func dayWithYear(_ time: Timestamp) -> String { write(dayWithYear, time) }

    /// A statement row's date: this year's in the compact form ("11-30 06:58"
    /// with its time, "11-30" without), another year's with its year
    /// ("2025-12-03", "03 dez 2025") so last December's "3 Dec" is not read
    /// as this year's. The year is `today`'s in UTC, as every date here.
    public func statementDate(_ time: Timestamp, today: Timestamp, withTime: Bool) -> String {
        guard CalendarFields(time).year == CalendarFields(today).year else { return dayWithYear(time) }
        return withTime ? dayAndTime(time) : day(time)
    }

    /// "November 30, 2026, 06:58:44 UTC" / "30 de novembro de 2026, 06:58:44 UTC".
    /// No screen shows ISO 8601 (`2026-11-30T06:58:44Z`): that form is the
    /// operator's, in the CLI's output and the audit trail, for scripts.
    public func dateAndTime(_ time: Timestamp) -> String { write(dateAndTime, time) }
    /// "06:58 UTC".
    public func time(_ time: Timestamp) -> String { write(timeOfDay, time) }
    /// "06:58:44 UTC".
    public func timeWithSeconds(_ time: Timestamp) -> String { write(timeWithSeconds, time) }

    /// Fills a pattern from a timestamp's UTC calendar fields.
    public func write(_ pattern: [Part], _ time: Timestamp) -> String {
        let fields = CalendarFields(time)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = ""
        for part in pattern {
            switch part {
            case .text(let words): text += words
            case .day: text += String(fields.day)
            case .day2: text += two(fields.day)
            case .month2: text += two(fields.month)
            case .monthName: text += monthNames[Int(fields.month) - 1]
            case .monthAbbreviation: text += monthAbbreviations[Int(fields.month) - 1]
            case .year: text += String(fields.year)
            case .hour2: text += two(fields.hour)
            case .minute2: text += two(fields.minute)
            case .second2: text += two(fields.second)
            }
        }
        return text
    }
}

/// A timestamp's calendar fields in UTC, by the same civil-from-days
/// arithmetic as `Timestamp.description`.
struct CalendarFields: Equatable {
    let year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64

    init(_ time: Timestamp) {
        let milliseconds = time.millisecondsSinceEpoch
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        (year, month, day) = Timestamp.civil(fromDays: days)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }
}
