import TermBankCore

/// The statement's history and balance pictures in Italian: "Movimenti",
/// "Entrate e uscite".
extension ItalianAppCatalog {
    public func text(_ text: HistoryText) -> String {
        switch text {
        case .title(let account): return account.map { "Movimenti: \(core.text($0))" } ?? "Movimenti: tutti i conti"
        case .searching(let search): return "Ricerca: \(search)"
        case .searchPrompt: return "Cerca nelle descrizioni e nei riferimenti:"
        case .nothingMatches: return "Nessun risultato."
        case .newerAbove: return "↑ recenti"
        case .olderBelow: return "↓ meno recenti"
        case .last30Days: return "30 giorni"
        case .range(let low, let high): return "min \(core.money(low))  max \(core.money(high))"
        case .low(let money): return "min \(core.money(money))"
        case .high(let money): return "max \(core.money(money))"
        case .inAndOut: return "Entrate e uscite, 30 giorni"
        case .largestDay(let money): return "giorno più alto \(core.money(money))"
        }
    }
}
