import TermBankCore

/// The statement's history keys: scrolling (↑/↓, PgUp/PgDn, Home/End), the
/// account filter (`0` both, `1` checking, `2` savings) and the search (`/`).
/// Moves within the window the bank sent happen at once; within a page of a
/// window edge that is not the history's, the bank is asked for the window
/// around the first line on screen (two pages newer, three from it on), so
/// a page up or down always finds its lines already there.
extension BankingFeature {
    /// Lines the history shows (the view draws exactly these, but while a
    /// status message takes a row): the body less the balances, the rule, the
    /// history's title and column header and the notice row.
    public static func historyRows(_ state: AppState) -> Int { max(1, ScreenLayout.steadyBodyRows(state) - 8) }

    static func currentRequest(_ state: AppState) -> StatementRequest {
        state.statement.request(pageSize: historyRows(state))
    }

    /// nil when the key is not a history key.
    static func historyKey(_ state: inout AppState, _ key: Key) -> [Effect]? {
        if state.statement.searchDraft != nil { return searchKey(&state, key) }
        let rows = historyRows(state)
        switch key {
        case .down: return scroll(&state, by: 1)
        case .up: return scroll(&state, by: -1)
        case .pageDown: return scroll(&state, by: rows)
        case .pageUp: return scroll(&state, by: -rows)
        case .home: return jump(&state, to: .newest)
        case .end: return jump(&state, to: .oldest)
        case .character("0"): return show(&state, account: nil, search: state.statement.search)
        case .character("1"): return show(&state, account: .checking, search: state.statement.search)
        case .character("2"): return show(&state, account: .savings, search: state.statement.search)
        case .character("/"):
            state.statement.searchDraft = state.statement.search ?? ""
            return []
        case .escape where state.statement.search != nil:
            return show(&state, account: state.statement.account, search: nil)
        default:
            return nil
        }
    }

    private static func searchKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        let draft = state.statement.searchDraft ?? ""
        switch key {
        case .enter:
            state.statement.searchDraft = nil
            let trimmed = draft.trimmingSpaces
            return show(&state, account: state.statement.account, search: trimmed.isEmpty ? nil : trimmed)
        case .escape:
            state.statement.searchDraft = nil
            return []
        default:
            state.statement.searchDraft = TextEditing.edit(draft, key, limit: FieldLimit.search)
            return []
        }
    }

    private static func show(_ state: inout AppState, account: AccountKind?, search: String?) -> [Effect] {
        state.statement.account = account
        state.statement.search = search
        return jump(&state, to: .newest, always: true)
    }

    private static func jump(_ state: inout AppState, to end: StatementAnchor, always: Bool = false) -> [Effect] {
        let before = currentRequest(state)
        state.statement.top = end
        state.statement.anchor = end
        let request = currentRequest(state)
        return always || request != before || state.account?.request != request ? [.banking(.loadStatement(request))] : []
    }

    private static func scroll(_ state: inout AppState, by delta: Int) -> [Effect] {
        guard let account = state.account, !account.lines.isEmpty else { return [] }
        let rows = historyRows(state)
        let lines = account.lines
        let index = state.statement.topIndex(in: lines, pageSize: rows)
        let target = min(max(0, index + delta), max(0, lines.count - rows))
        guard target != index else { return [] }
        let before = currentRequest(state)
        if target == 0 && account.reachesNewest {
            // Back at the top: follow new postings again.
            state.statement.top = .newest
            if account.request?.anchor != .newest { state.statement.anchor = .newest }
        } else {
            state.statement.top = .at(lines[target].posting)
            let nearNewerEdge = !account.reachesNewest && target < rows
            let nearOlderEdge = !account.reachesOldest && target + 2 * rows > lines.count
            if nearNewerEdge || nearOlderEdge { state.statement.anchor = .at(lines[target].posting) }
        }
        let request = currentRequest(state)
        return request != before ? [.banking(.loadStatement(request))] : []
    }

    /// A window arrived: it is shown if it answers what the screen asks now;
    /// an older answer (the screen moved on, the window changed size) keeps
    /// the lines shown and asks again.
    static func adopt(_ state: inout AppState, _ snapshot: AccountSnapshot) -> [Effect] {
        let wanted = currentRequest(state)
        guard let answered = snapshot.request, answered != wanted else {
            state.account = snapshot
            return []
        }
        if let shown = state.account, shown.request == wanted {
            state.account = snapshot.withLines(of: shown)
        } else {
            state.account = snapshot
        }
        return [.banking(.loadStatement(wanted))]
    }
}
