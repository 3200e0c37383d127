import TermBankCore

enum TransferView {
    static func draw(_ frame: inout Frame, _ form: TransferForm, state: AppState, in body: Rect, words: any AppCatalog) {
        let balances = state.account?.balances ?? [:]
        let panel = AppView.centered(in: body, columns: 60, rows: 14)
        switch form.stage {
        case .editing:
            frame.box(panel, role: .accent, title: words.text(BankingText.moveMoneyTitle))
            let left = panel.column + 3
            frame.put(words.text(BankingText.fromLabel), row: panel.row + 2, column: left, role: .muted)
            let from = "◀ \(words.core.text(form.from)) ▶"
            let after = frame.put(from, row: panel.row + 2, column: left + 8, role: .focus)
            frame.put(" " + words.text(BankingText.available(balances[form.from] ?? .zero)), row: panel.row + 2, column: after,
                      role: .muted)
            frame.put(words.text(BankingText.toLabel), row: panel.row + 3, column: left, role: .muted)
            frame.put("\(words.core.text(form.from.other))  \(words.core.money(balances[form.from.other] ?? .zero))",
                      row: panel.row + 3, column: left + 10)
            LoginView.field(&frame, label: words.text(BankingText.amountLabel), value: form.amountText, focused: true,
                            row: panel.row + 5, column: left, width: 20, full: FieldLimit.amount.isFull(form.amountText),
                            words: words)
            let (amount, problem) = BankingFeature.validate(form, balances: balances, numbers: words.core.numbers)
            if let message = (form.error ?? problem.map(AppMessage.core)).map(words.text) {
                // Up to three lines, to the row the busy mark takes.
                for (index, line) in AppView.wrap(message, width: panel.columns - 6).prefix(3).enumerated() {
                    frame.put(line, row: panel.row + 7 + index, column: left, role: .error)
                }
            } else if let amount {
                frame.put(words.text(BankingText.preview(amount, from: form.from, to: form.from.other)),
                          row: panel.row + 7, column: left, role: .success)
            } else {
                // The rule for writing an amount in this language; two lines
                // where its separators take words to explain.
                for (index, line) in AppView.wrap(words.text(BankingText.typeAnAmount), width: panel.columns - 6)
                    .prefix(2).enumerated() {
                    frame.put(line, row: panel.row + 7 + index, column: left, role: .muted)
                }
            }
            if form.busy { frame.put("…", row: panel.row + 10, column: left, role: .muted) }
        case .review(let pending):
            frame.box(panel, role: .accent, title: words.text(BankingText.reviewTitle))
            let left = panel.column + 3
            let fromBefore = balances[pending.from] ?? .zero
            let toBefore = balances[pending.to] ?? .zero
            let money = words.core.money
            frame.put(words.text(BankingText.amountLabel), row: panel.row + 2, column: left, role: .muted)
            frame.put(money(pending.amount), row: panel.row + 2, column: left + 10, role: .title)
            frame.put(words.text(BankingText.fromLabel), row: panel.row + 4, column: left, role: .muted)
            frame.put("\(StatementView.pad(words.core.text(pending.from), 9)) \(money(fromBefore)) → "
                      + "\(money(fromBefore.subtracting(pending.amount) ?? .zero))",
                      row: panel.row + 4, column: left + 10)
            frame.put(words.text(BankingText.toLabel), row: panel.row + 5, column: left, role: .muted)
            frame.put("\(StatementView.pad(words.core.text(pending.to), 9)) \(money(toBefore)) → "
                      + "\(money(toBefore.adding(pending.amount) ?? .zero))",
                      row: panel.row + 5, column: left + 10)
            let (stepUp, role) = approvalLine(form.approval, payee: nil, words: words)
            let said = AppView.wrap(stepUp, width: panel.columns - 6).prefix(4)
            for (index, line) in said.enumerated() {
                frame.put(line, row: panel.row + 7 + index, column: left, role: role)
            }
            if let error = unsaid(form.error, approval: form.approval).map(words.text) {
                // Under the approval line, down to the row "Sending…" takes when busy.
                let first = max(10, 7 + said.count + 1), last = form.busy ? 11 : 12
                for (index, line) in AppView.wrap(error, width: panel.columns - 6).prefix(max(0, last - first + 1)).enumerated() {
                    frame.put(line, row: panel.row + first + index, column: left, role: .error)
                }
            }
            if form.busy { frame.put(words.text(BankingText.sending), row: panel.row + 12, column: left, role: .muted) }
        }
    }

    /// What Enter on a review will do, as the bank answered: the factor by
    /// name, or why it cannot be approved now. The app decides nothing here.
    static func approvalLine(_ approval: Outcome<StepUpApproval>?, payee: Username?,
                             words: any AppCatalog) -> (String, StyleRole) {
        switch approval {
        case nil: return (words.text(BankingText.askingHowToApprove), .muted)
        case .success(let approval)?: return (words.text(BankingText.approveWith(approval, payee: payee)), .muted)
        case .failure(let message)?: return (words.text(message), .error)
        }
    }

    /// The refusal under a review, unless the approval line already says it
    /// (Enter was refused, and the bank, asked again, gave the same reason).
    static func unsaid(_ error: AppMessage?, approval: Outcome<StepUpApproval>?) -> AppMessage? {
        if case .failure(let message)? = approval, message == error { return nil }
        return error
    }

    static func drawReceipt(_ frame: inout Frame, _ receipt: TransferReceipt, state: AppState, in body: Rect,
                            words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 56, rows: 12)
        frame.box(panel, role: .success, title: words.text(BankingText.receiptTitle))
        let left = panel.column + 3
        var fromKind = AccountKind.checking
        var toKind = AccountKind.savings
        if case .customer(_, let kind) = receipt.request.from { fromKind = kind }
        if case .customer(_, let kind) = receipt.request.to { toKind = kind }
        let rows: [(String, String)] = [
            (words.text(BankingText.referenceLabel), receipt.reference.description),
            (words.text(BankingText.amountLabel),
             "\(words.core.money(receipt.request.amount))  \(words.core.text(fromKind)) → \(words.core.text(toKind))"),
            (words.text(BankingText.bookedLabel), words.core.dates.dateAndTime(receipt.bookedAt)),
            (words.core.text(fromKind), words.core.money(receipt.fromBalanceAfter)),
            (words.core.text(toKind), words.core.money(receipt.toBalanceAfter)),
        ]
        for (index, row) in rows.enumerated() {
            frame.put(row.0, row: panel.row + 2 + index, column: left, role: .muted)
            frame.put(row.1, row: panel.row + 2 + index, column: left + 12, role: index == 0 ? .title : .normal)
        }
        frame.put(words.text(BankingText.pressEnterToReturn), row: panel.row + 9, column: left, role: .muted)
    }
}
