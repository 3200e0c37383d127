import TermBankCore

enum TransferView {
    static func draw(_ frame: inout Frame, _ form: TransferForm, state: AppState, in body: Rect) {
        let balances = state.account?.balances ?? [:]
        let panel = AppView.centered(in: body, columns: 60, rows: 14)
        switch form.stage {
        case .editing:
            frame.box(panel, role: .accent, title: "Move money")
            let left = panel.column + 3
            frame.put("From", row: panel.row + 2, column: left, role: .muted)
            let from = "◀ \(form.from.displayName) ▶"
            let after = frame.put(from, row: panel.row + 2, column: left + 8, role: .focus)
            frame.put(" \((balances[form.from] ?? .zero).formattedWithSign) available", row: panel.row + 2, column: after,
                      role: .muted)
            frame.put("To", row: panel.row + 3, column: left, role: .muted)
            frame.put("\(form.from.other.displayName)  \((balances[form.from.other] ?? .zero).formattedWithSign)",
                      row: panel.row + 3, column: left + 10)
            LoginView.field(&frame, label: "Amount", value: form.amountText, focused: true, row: panel.row + 5,
                            column: left, width: 20, full: FieldLimit.amount.isFull(form.amountText))
            let (amount, problem) = BankingFeature.validate(form, balances: balances)
            if let message = form.error ?? problem {
                for (index, line) in AppView.wrap(message, width: panel.columns - 6).prefix(2).enumerated() {
                    frame.put(line, row: panel.row + 7 + index, column: left, role: .error)
                }
            } else if let amount {
                frame.put("\(amount.formattedWithSign) from \(form.from.displayName) to \(form.from.other.displayName)",
                          row: panel.row + 7, column: left, role: .success)
            } else {
                frame.put("Type an amount, e.g. 250 or 1,250.00.", row: panel.row + 7, column: left, role: .muted)
            }
            if form.busy { frame.put("…", row: panel.row + 10, column: left, role: .muted) }
        case .review(let pending):
            frame.box(panel, role: .accent, title: "Review your transfer")
            let left = panel.column + 3
            let fromBefore = balances[pending.from] ?? .zero
            let toBefore = balances[pending.to] ?? .zero
            frame.put("Amount", row: panel.row + 2, column: left, role: .muted)
            frame.put(pending.amount.formattedWithSign, row: panel.row + 2, column: left + 10, role: .title)
            frame.put("From", row: panel.row + 4, column: left, role: .muted)
            frame.put("\(StatementView.pad(pending.from.displayName, 9)) \(fromBefore.formattedWithSign) → "
                      + "\((fromBefore.subtracting(pending.amount) ?? .zero).formattedWithSign)",
                      row: panel.row + 4, column: left + 10)
            frame.put("To", row: panel.row + 5, column: left, role: .muted)
            frame.put("\(StatementView.pad(pending.to.displayName, 9)) \(toBefore.formattedWithSign) → "
                      + "\((toBefore.adding(pending.amount) ?? .zero).formattedWithSign)",
                      row: panel.row + 5, column: left + 10)
            let stepUp = state.stepUpThreshold.map { pending.amount < $0 } == true
                ? "Enter confirms with Touch ID / Face ID (or a code on devices without)."
                : "Enter sends a code to your phone to approve exactly this transfer."
            for (index, line) in AppView.wrap(stepUp, width: panel.columns - 6).prefix(2).enumerated() {
                frame.put(line, row: panel.row + 7 + index, column: left, role: .muted)
            }
            if let error = form.error {
                for (index, line) in AppView.wrap(error, width: panel.columns - 6).prefix(2).enumerated() {
                    frame.put(line, row: panel.row + 10 + index, column: left, role: .error)
                }
            }
            if form.busy { frame.put("Sending…", row: panel.row + 12, column: left, role: .muted) }
        }
    }

    static func drawReceipt(_ frame: inout Frame, _ receipt: TransferReceipt, state: AppState, in body: Rect) {
        let panel = AppView.centered(in: body, columns: 56, rows: 12)
        frame.box(panel, role: .success, title: "Transfer complete ✓")
        let left = panel.column + 3
        var fromKind = AccountKind.checking
        var toKind = AccountKind.savings
        if case .customer(_, let kind) = receipt.request.from { fromKind = kind }
        if case .customer(_, let kind) = receipt.request.to { toKind = kind }
        let rows: [(String, String)] = [
            ("Reference", receipt.reference.description),
            ("Amount", "\(receipt.request.amount.formattedWithSign)  \(fromKind.displayName) → \(toKind.displayName)"),
            ("Booked", receipt.bookedAt.description),
            (fromKind.displayName, receipt.fromBalanceAfter.formattedWithSign),
            (toKind.displayName, receipt.toBalanceAfter.formattedWithSign),
        ]
        for (index, row) in rows.enumerated() {
            frame.put(row.0, row: panel.row + 2 + index, column: left, role: .muted)
            frame.put(row.1, row: panel.row + 2 + index, column: left + 12, role: index == 0 ? .title : .normal)
        }
        frame.put("Press Enter to return to your statement.", row: panel.row + 9, column: left, role: .muted)
    }
}
