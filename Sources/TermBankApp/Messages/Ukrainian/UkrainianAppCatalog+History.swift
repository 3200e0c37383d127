import TermBankCore

/// The statement's history and balance pictures in Ukrainian: "операції"
/// (as a bank's виписка lists them), "пошук", "надходження і витрати".
extension UkrainianAppCatalog {
    public func text(_ text: HistoryText) -> String {
        switch text {
        case .title(let account): return account.map { "Операції: \(core.text($0))" } ?? "Операції: обидва рахунки"
        case .searching(let search): return "Пошук: \(search)"
        case .searchPrompt: return "Пошук в описах і призначеннях:"
        case .nothingMatches: return "Нічого не знайдено."
        case .newerAbove: return "↑ новіші"
        case .olderBelow: return "↓ старіші"
        case .last30Days: return "30 днів"
        case .range(let low, let high): return "мін. \(core.money(low))  макс. \(core.money(high))"
        case .low(let money): return "мін. \(core.money(money))"
        case .high(let money): return "макс. \(core.money(money))"
        case .inAndOut: return "Надходження і витрати, 30 днів"
        case .largestDay(let money): return "найбільший день \(core.money(money))"
        }
    }
}
