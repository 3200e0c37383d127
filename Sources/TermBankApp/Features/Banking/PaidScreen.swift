import TermBankCore

/// A payment booked: its receipt, naming the payee.
struct PaidScreen: ScreenFeature {
    var stableName: String { "paid" }

    let receipt: TransferReceipt
    let payee: Payee

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        BankingFeature.receiptKey(&state, key)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] { [.init("Enter", .backToStatement)] }

    var needsSession: Bool { true }

    func draw(_ frame: inout Frame, _: AppState, in body: Rect, words: any AppCatalog) {
        PayView.drawReceipt(&frame, receipt, payee: payee, in: body, words: words)
    }
}
