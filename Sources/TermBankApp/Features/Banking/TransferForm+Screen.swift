/// A move between the customer's own accounts: the amount, its review, its approval.
extension TransferForm: ScreenFeature {
    var stableName: String { "transfer" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.transfer, key, BankingFeature.transferKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        if case .review = stage { return [.init("Enter", .confirm), .init("Esc", .edit)] }
        return [.init("←/→", .direction), .init("0-9.,", .amount), .init("Enter", .review), .init("Esc", .back)]
    }

    func lettersAreText(_: AppState) -> Bool { stage == .editing }
    var needsSession: Bool { true }
    /// While an amount is typed: a form never offers money that has already left.
    var showsLiveBalances: Bool { stage == .editing }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        TransferView.draw(&frame, self, state: state, in: body, words: words)
    }
}
