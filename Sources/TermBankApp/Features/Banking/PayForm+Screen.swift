/// Paying another customer (`p` on the statement): the payee, the details, the review.
extension PayForm: ScreenFeature {
    var stableName: String { "pay" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.pay, key, BankingFeature.payKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        switch stage {
        case .payee:
            return (allowance?.recentPayees.isEmpty == false ? [.init("↑/↓", .recentPayee)] : [])
                + [.init("Enter", .lookUp), .init("Esc", .back)]
        case .details:
            return [.init("Tab", .nextField), .init("←/→", .account), .init("Enter", .review), .init("Esc", .back)]
        case .review:
            return [.init("Enter", .confirm), .init("Esc", .edit)]
        }
    }

    func lettersAreText(_: AppState) -> Bool {
        if case .review = stage { return false }
        return true
    }

    func questionMarkIsText(_: AppState) -> Bool {
        if case .details = stage { return field == .reference }
        return false
    }

    var needsSession: Bool { true }

    /// While the amount is typed: a form never offers money that has already left.
    var showsLiveBalances: Bool {
        if case .details = stage { return true }
        return false
    }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        PayView.draw(&frame, self, state: state, in: body, words: words)
    }
}
