import TermBankCore

/// Paying another customer: the payee, confirmation of payee with the
/// amount, reference and account, the review, and the receipt. Fits 60x20.
enum PayView {
    static func draw(_ frame: inout Frame, _ form: PayForm, state: AppState, in body: Rect, words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 60, rows: 17)
        let left = panel.column + 3
        let width = panel.columns - 6
        let bottom = panel.row + panel.rows - 1
        switch form.stage {
        case .payee:
            frame.box(panel, role: .accent, title: words.text(PaymentText.payTitle))
            LoginView.field(&frame, label: words.text(PaymentText.payToLabel), value: form.usernameText, focused: true,
                            row: panel.row + 2, column: left, width: 24, full: FieldLimit.username.isFull(form.usernameText),
                            words: words)
            frame.put(Frame.cut(words.text(PaymentText.typeTheUsername), toColumns: width), row: panel.row + 3, column: left,
                      role: .muted)
            frame.put(words.text(PaymentText.recentPayees), row: panel.row + 5, column: left, role: .title)
            let recent = form.allowance?.recentPayees ?? []
            if form.allowance != nil && recent.isEmpty {
                frame.put(words.text(PaymentText.noRecentPayees), row: panel.row + 6, column: left + 2, role: .muted)
            }
            // Rows for payees: down to the line above the day's limit.
            let room = max(0, bottom - 3 - (panel.row + 6))
            let first = max(0, min((form.highlighted ?? 0) - room + 1, recent.count - room))
            for (offset, payee) in recent.dropFirst(first).prefix(room).enumerated() {
                let picked = form.highlighted == first + offset
                let line = (picked ? "▸ " : "  ") + StatementView.pad(payee.username.rawValue, 20) + " "
                    + (payee.maskedName ?? "")
                frame.put(StatementView.pad(line, width), row: panel.row + 6 + offset, column: left,
                          role: picked ? .focus : .normal)
            }
            footer(&frame, form, row: bottom - 2, left: left, width: width, words: words)
        case .details(let payee):
            frame.box(panel, role: .accent, title: words.text(PaymentText.payTitle))
            // 17 rows where the body has them. A shorter box (60x20 with a key bar or a status line on
            // two rows) gives up the blank row above the account, then the one above its title, so the
            // amount's hint keeps both its lines above the day's limit.
            let tight = max(0, 17 - panel.rows)
            let top = panel.row + (tight >= 3 ? 1 : 2)
            let fromRow = top + (tight >= 2 ? 7 : 8)
            frame.put(words.text(PaymentText.confirmationOfPayee), row: top, column: left, role: .title)
            frame.put(words.text(PaymentText.payeeIs(payee.username, maskedName: payee.maskedName)), row: top + 1,
                      column: left + 2, role: .success)
            for (index, line) in AppView.wrap(words.text(PaymentText.checkTheName), width: width).prefix(2).enumerated() {
                frame.put(line, row: top + 2 + index, column: left, role: .muted)
            }
            LoginView.field(&frame, label: words.text(BankingText.amountLabel), value: form.amountText,
                            focused: form.field == .amount, row: top + 5, column: left, width: 20,
                            full: FieldLimit.amount.isFull(form.amountText), words: words)
            LoginView.field(&frame, label: words.text(PaymentText.referenceLabel), value: form.referenceText,
                            focused: form.field == .reference, row: top + 6, column: left, width: 37,
                            full: FieldLimit.paymentReference.isFull(form.referenceText), words: words)
            if form.referenceText.isEmpty && form.field != .reference {
                frame.put(words.text(PaymentText.optional), row: top + 6, column: left + 11, role: .muted)
            }
            let balances = state.account?.balances ?? [:]
            frame.put(words.text(BankingText.fromLabel), row: fromRow, column: left, role: .muted)
            let after = frame.put("◀ \(words.core.text(form.from)) ▶", row: fromRow, column: left + 11, role: .accent)
            frame.put(" " + words.text(BankingText.available(balances[form.from] ?? .zero)), row: fromRow,
                      column: after, role: .muted)
            let (amount, problem) = BankingFeature.validate(form, balances: balances, numbers: words.core.numbers)
            if let message = (form.error ?? problem.map(AppMessage.core)).map(words.text) {
                for (index, line) in AppView.wrap(message, width: width).prefix(2).enumerated() {
                    frame.put(line, row: fromRow + 2 + index, column: left, role: .error)
                }
            } else if let amount {
                frame.put(words.text(PaymentText.preview(amount, to: payee.username, from: form.from)), row: fromRow + 2,
                          column: left, role: .success)
            } else {
                // The language's rule for writing an amount; two lines, as an error has.
                for (index, line) in AppView.wrap(words.text(BankingText.typeAnAmount), width: width).prefix(2).enumerated() {
                    frame.put(line, row: fromRow + 2 + index, column: left, role: .muted)
                }
            }
            if let allowance = form.allowance {
                frame.put(Frame.cut(words.text(PaymentText.leftToday(allowance.leftToday, limit: allowance.dailyLimit)),
                                    toColumns: width), row: bottom - 1, column: left, role: .muted)
            }
            if form.busy { frame.put(words.text(BankingText.sending), row: bottom - 2, column: left, role: .muted) }
        case .review(let pending):
            frame.box(panel, role: .accent, title: words.text(PaymentText.reviewTitle))
            let money = words.core.money
            let balance = state.account?.balances[pending.from] ?? .zero
            let payee = pending.payee
            let rows: [(String, String, StyleRole)] = [
                (words.text(BankingText.amountLabel), money(pending.amount), .title),
                (words.text(PaymentText.payeeLabel),
                 payee.map { words.text(PaymentText.payee($0.username, maskedName: $0.maskedName)) } ?? "", .normal),
                (words.text(BankingText.fromLabel),
                 "\(StatementView.pad(words.core.text(pending.from), 9)) \(money(balance)) → "
                    + money(balance.subtracting(pending.amount) ?? .zero), .normal),
                (words.text(PaymentText.referenceLabel), pending.paymentReference?.text ?? "–", .normal),
            ]
            for (index, row) in rows.enumerated() {
                frame.put(row.0, row: panel.row + 2 + index, column: left, role: .muted)
                frame.put(row.1, row: panel.row + 2 + index, column: left + 11, role: row.2)
            }
            // The bank's answer, first payee and all; the app no longer guesses it from the threshold.
            let (stepUp, role) = TransferView.approvalLine(form.approval, payee: payee?.username, words: words)
            let said = AppView.wrap(stepUp, width: width).prefix(4)
            for (index, line) in said.enumerated() {
                frame.put(line, row: panel.row + 8 + index, column: left, role: role)
            }
            if let error = TransferView.unsaid(form.error, approval: form.approval).map(words.text) {
                let first = max(11, 8 + said.count + 1)
                for (index, line) in AppView.wrap(error, width: width).prefix(2).enumerated() {
                    frame.put(line, row: panel.row + first + index, column: left, role: .error)
                }
            }
            if form.busy { frame.put(words.text(BankingText.sending), row: bottom - 1, column: left, role: .muted) }
        }
    }

    /// The day's limit, a refusal, or the wait for the bank.
    private static func footer(_ frame: inout Frame, _ form: PayForm, row: Int, left: Int, width: Int,
                               words: any AppCatalog) {
        if let error = form.error.map(words.text) {
            // Two lines, ending on the footer's row: "You cannot pay yourself; …" was cut at the panel's edge.
            // The payee list stops a row above, so the first line never covers a payee.
            let lines = AppView.wrap(error, width: width).prefix(2)
            for (index, line) in lines.enumerated() {
                frame.put(line, row: row - lines.count + 1 + index, column: left, role: .error)
            }
        } else if form.busy {
            frame.put(words.text(PaymentText.lookingUp), row: row, column: left, role: .muted)
        }
        if let allowance = form.allowance {
            frame.put(Frame.cut(words.text(PaymentText.leftToday(allowance.leftToday, limit: allowance.dailyLimit)), toColumns: width),
                      row: row + 1, column: left, role: .muted)
        }
    }

    static func drawReceipt(_ frame: inout Frame, _ receipt: TransferReceipt, payee: Payee, in body: Rect,
                            words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 56, rows: 12)
        frame.box(panel, role: .success, title: words.text(PaymentText.paidTitle))
        let left = panel.column + 3
        var fromKind = AccountKind.checking
        if case .customer(_, let kind) = receipt.request.from { fromKind = kind }
        let rows: [(String, String)] = [
            (words.text(PaymentText.bookedAsLabel), receipt.reference.description),
            (words.text(BankingText.amountLabel), words.core.money(receipt.request.amount)),
            (words.text(PaymentText.payeeLabel), words.text(PaymentText.payee(payee.username, maskedName: payee.maskedName))),
            (words.text(PaymentText.referenceLabel), receipt.request.paymentReference?.text ?? "–"),
            (words.text(BankingText.bookedLabel), words.core.dates.dateAndTime(receipt.bookedAt)),
            (words.core.text(fromKind), words.core.money(receipt.fromBalanceAfter)),
        ]
        for (index, row) in rows.enumerated() {
            frame.put(row.0, row: panel.row + 2 + index, column: left, role: .muted)
            frame.put(row.1, row: panel.row + 2 + index, column: left + 12, role: index == 0 ? .title : .normal)
        }
        frame.put(words.text(BankingText.pressEnterToReturn), row: panel.row + 9, column: left, role: .muted)
    }
}
