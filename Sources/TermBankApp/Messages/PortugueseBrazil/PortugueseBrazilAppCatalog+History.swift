import TermBankCore

/// The statement's history and balance pictures in Brazilian Portuguese:
/// "lançamentos" (as the banks' extratos say), "busca", "entradas e saídas".
extension PortugueseBrazilAppCatalog {
    public func text(_ text: HistoryText) -> String {
        switch text {
        case .title(let account): return account.map { "Lançamentos: \(core.text($0))" } ?? "Lançamentos: as duas contas"
        case .searching(let search): return "Busca: \(search)"
        case .searchPrompt: return "Buscar em descrições e referências:"
        case .nothingMatches: return "Nenhum lançamento encontrado."
        case .newerAbove: return "↑ recentes"
        case .olderBelow: return "↓ antigos"
        case .last30Days: return "30 dias"
        case .range(let low, let high): return "mín. \(core.money(low))  máx. \(core.money(high))"
        case .low(let money): return "mín. \(core.money(money))"
        case .high(let money): return "máx. \(core.money(money))"
        case .inAndOut: return "Entradas e saídas, 30 dias"
        case .largestDay(let money): return "maior dia \(core.money(money))"
        }
    }
}
