import TermBankCore

/// The statement's history and balance pictures in English.
extension EnglishAppCatalog {
    public func text(_ text: HistoryText) -> String {
        switch text {
        case .title(let account): return account.map { "History: \(core.text($0))" } ?? "History: both accounts"
        case .searching(let search): return "Search: \(search)"
        case .searchPrompt: return "Search descriptions and references:"
        case .nothingMatches: return "Nothing matches."
        case .newerAbove: return "↑ newer"
        case .olderBelow: return "↓ older"
        case .last30Days: return "30 days"
        case .range(let low, let high): return "low \(core.money(low))  high \(core.money(high))"
        case .low(let money): return "low \(core.money(money))"
        case .high(let money): return "high \(core.money(money))"
        case .inAndOut: return "In and out, 30 days"
        case .largestDay(let money): return "largest day \(core.money(money))"
        }
    }
}
