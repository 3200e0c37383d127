/// The accounts and their history; where the signed-in customer starts.
extension StatementScreen: ScreenFeature {
    var stableName: String { "statement" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        BankingFeature.statementKey(&state, key)
    }

    func bindings(_ state: AppState) -> [KeyHelp.Item] {
        if state.statement.searchDraft != nil { return [.init("Enter", .search), .init("Esc", .cancel)] }
        // The bar keeps to 80 columns; the rest of the statement's keys are in the help overlay (`moreBindings`).
        // With a search applied its longer "Esc" label takes Pay's room (Pay is then in the help overlay).
        return [.init("t", .transfer)] + (state.statement.search == nil ? [.init("p", .pay)] : []) + [.init("↑↓", .scroll),
                state.statement.search != nil ? .init("Esc", .clearSearch) : .init("/", .search),
                .init("a", .security), .init("l", .logOut), .init("?", .help)]
    }

    func moreBindings(_ state: AppState) -> [KeyHelp.Item] {
        guard state.statement.searchDraft == nil else { return [] }
        return [.init("PgUp/PgDn", .pageUpOrDown), .init("Home/End", .newestOrFirst), .init("1/2/0", .account)]
            + (state.statement.search != nil ? [.init("/", .search), .init("p", .pay)] : [])
            + [.init("s", .smsVerification)]
    }

    func lettersAreText(_ state: AppState) -> Bool { state.statement.searchDraft != nil }
    var needsSession: Bool { true }
    var showsLiveBalances: Bool { true }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        StatementView.draw(&frame, self, state: state, in: body, words: words)
    }
}
