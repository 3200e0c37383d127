/// The four languages' month names and date orders. Month names come from
/// glibc's locale data (Debian's `locales` package, /usr/share/i18n/locales/,
/// LC_TIME `mon` and `abmon`); the long date's order and words from CLDR
/// (common/main/*.xml, gregorian dateFormats "long"). Every time is UTC.
/// See docs/languages.md, "Numbers, money and dates".
extension DateConventions {
    /// en: "11-30 06:58" on the statement and "06:58 UTC" in messages, as
    /// the bank has always written them; receipts write the date out as the
    /// other languages do, in CLDR en's long date "MMMM d, y" ("November 30,
    /// 2026, 22:44:04 UTC"), where they showed ISO 8601 before. The clock is
    /// the 24-hour one every other English time here uses, with UTC named.
    /// Month names from glibc en_US LC_TIME.
    public static let english = DateConventions(
        monthNames: ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                     "October", "November", "December"],
        monthAbbreviations: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        dayAndTime: [.month2, .text("-"), .day2, .text(" "), .hour2, .text(":"), .minute2],
        dayOnly: [.month2, .text("-"), .day2],
        // Another year's row: the ISO date the month-day form is the end of.
        dayWithYear: [.year, .text("-"), .month2, .text("-"), .day2],
        dateAndTime: [.monthName, .text(" "), .day, .text(", "), .year, .text(", ")] + clock,
        timeOfDay: [.hour2, .text(":"), .minute2, .text(" UTC")])

    /// pt-BR: glibc pt_BR LC_TIME `mon` and `abmon`; day before month (glibc
    /// d_fmt "%d/%m/%Y"); CLDR pt long date "d 'de' MMMM 'de' y".
    public static let portugueseBrazil = DateConventions(
        monthNames: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
                     "outubro", "novembro", "dezembro"],
        monthAbbreviations: ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"],
        dayAndTime: dayMonthTime, dayOnly: dayMonth, dayWithYear: dayMonthYear,
        dateAndTime: [.day, .text(" de "), .monthName, .text(" de "), .year, .text(", ")] + clock,
        timeOfDay: shortClock)

    /// it: glibc it_IT LC_TIME `mon` and `abmon`; day before month (glibc
    /// d_fmt "%d/%m/%Y"); CLDR it long date "d MMMM y".
    public static let italian = DateConventions(
        monthNames: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
                     "ottobre", "novembre", "dicembre"],
        monthAbbreviations: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
        dayAndTime: dayMonthTime, dayOnly: dayMonth, dayWithYear: dayMonthYear,
        dateAndTime: [.day, .text(" "), .monthName, .text(" "), .year, .text(", ")] + clock,
        timeOfDay: shortClock)

    /// uk: glibc uk_UA LC_TIME `mon`, which holds the genitive forms used
    /// after a day ("5 листопада"; the nominative "листопад" is `alt_mon`), and
    /// `abmon`; day before month (glibc d_fmt "%d.%m.%y"); CLDR uk long date
    /// "d MMMM y 'р'.".
    public static let ukrainian = DateConventions(
        monthNames: ["січня", "лютого", "березня", "квітня", "травня", "червня", "липня", "серпня", "вересня",
                     "жовтня", "листопада", "грудня"],
        monthAbbreviations: ["січ", "лют", "бер", "кві", "тра", "чер", "лип", "сер", "вер", "жов", "лис", "гру"],
        dayAndTime: dayMonthTime, dayOnly: dayMonth, dayWithYear: dayMonthYear,
        dateAndTime: [.day, .text(" "), .monthName, .text(" "), .year, .text(" р., ")] + clock,
        timeOfDay: shortClock)

    /// "30 nov": two-digit day so the statement's column lines up.
    private static let dayMonth: [Part] = [.day2, .text(" "), .monthAbbreviation]
    private static let dayMonthTime: [Part] = dayMonth + [.text(" "), .hour2, .text(":"), .minute2]
    /// "03 dez 2025": another year's row, the year where this year's rows
    /// have their time, in the long date's order (day, month, year). It is
    /// CLDR's Italian medium date "d MMM y"; pt's "de" and uk's "р." have no
    /// room in the 12-column date column.
    private static let dayMonthYear: [Part] = dayMonth + [.text(" "), .year]
    private static let clock: [Part] = [.hour2, .text(":"), .minute2, .text(":"), .second2, .text(" UTC")]
    private static let shortClock: [Part] = [.hour2, .text(":"), .minute2, .text(" UTC")]
}
