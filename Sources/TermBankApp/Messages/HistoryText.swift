import TermBankCore

/// The statement's history and balance pictures: the filter, the search,
/// the sparkline's and the chart's labels.
public enum HistoryText: Equatable, Sendable {
    /// The history's title, with the account shown (nil: both).
    case title(AccountKind?)
    /// "Search: rent" while a search is applied.
    case searching(String)
    /// The search line while it is being typed.
    case searchPrompt
    case nothingMatches
    /// There are newer lines above the screen.
    case newerAbove
    /// There are older lines below the screen.
    case olderBelow
    /// The sparkline's caption.
    case last30Days
    /// The lowest and the highest total balance of the sparkline.
    case range(low: Money, high: Money)
    /// The same on two lines, where one is too narrow.
    case low(Money)
    case high(Money)
    /// The in-and-out chart's title.
    case inAndOut
    /// Its scale: the largest day's money in or out.
    case largestDay(Money)
}
