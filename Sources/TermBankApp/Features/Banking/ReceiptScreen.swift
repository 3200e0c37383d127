import TermBankCore

/// A transfer booked: its receipt, until Enter or Esc goes back to the statement.
struct ReceiptScreen: ScreenFeature {
    var stableName: String { "receipt" }

    let receipt: TransferReceipt

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        BankingFeature.receiptKey(&state, key)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] { [.init("Enter", .backToStatement)] }

    var needsSession: Bool { true }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        TransferView.drawReceipt(&frame, receipt, state: state, in: body, words: words)
    }
}

extension BankingFeature {
    /// A receipt's keys: back to the statement.
    static func receiptKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        if key == .enter || key == .escape { state.screen = .statement(StatementScreen()) }
        return []
    }
}
