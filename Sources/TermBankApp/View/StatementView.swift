import TermBankCore

enum StatementView {
    static func draw(_ frame: inout Frame, _ screen: StatementScreen, state: AppState, in body: Rect) {
        let width = frame.size.columns
        let left = 2
        guard let account = state.account else {
            frame.putCentered("Loading your accounts…", row: body.row + 2, role: .muted)
            return
        }
        frame.put("Accounts", row: body.row, column: left, role: .title)
        let sms = account.user.smsVerification
        let switchText = "SMS verification on sign-in "
        let switchColumn = width - switchText.count - 8
        frame.put(switchText, row: body.row, column: switchColumn)
        frame.put(sms ? "[ ON ]" : "[ OFF ]", row: body.row, column: switchColumn + switchText.count,
                  role: sms ? .success : .muted)
        for (index, kind) in AccountKind.allCases.enumerated() {
            let row = body.row + 1 + index
            frame.put(kind.displayName, row: row, column: left + 2)
            let amount = (account.balances[kind] ?? .zero).formattedWithSign
            frame.put(amount, row: row, column: 34 - amount.count, role: .accent)
        }
        frame.horizontalRule(row: body.row + 4, columns: left..<(width - left))
        frame.put("Recent transactions", row: body.row + 5, column: left, role: .title)

        // Columns: date, account, description, amount, balance. Widths fit 60 columns and grow with the window.
        let amountWidth = width >= 80 ? 13 : 11
        let balanceWidth = amountWidth
        let dateWidth = width >= 70 ? 12 : 6
        let accountWidth = 9
        let descriptionWidth = max(10, width - 2 * left - dateWidth - accountWidth - amountWidth - balanceWidth - 4)
        let header = pad(dateWidth >= 12 ? "DATE (UTC)" : "DATE", dateWidth) + " " + pad("ACCOUNT", accountWidth) + " "
            + pad("DESCRIPTION", descriptionWidth) + " " + leftPad("AMOUNT", amountWidth) + " " + leftPad("BALANCE", balanceWidth)
        frame.put(header, row: body.row + 6, column: left, role: .muted)
        let room = body.rows - 8
        if account.lines.isEmpty {
            frame.put("No transactions yet.", row: body.row + 7, column: left, role: .muted)
        }
        for (index, line) in account.lines.prefix(max(0, room)).enumerated() {
            let row = body.row + 7 + index
            let stamp = line.bookedAt.description    // 2026-11-30T06:58:00Z
            let date = String(stamp.dropFirst(5).prefix(dateWidth >= 12 ? 11 : 5)).replacingOccurrences("T", " ")
            var column = frame.put(pad(date, dateWidth) + " ", row: row, column: left, role: .muted)
            column = frame.put(pad(line.account.displayName, accountWidth) + " ", row: row, column: column)
            column = frame.put(pad(String(line.label.prefix(descriptionWidth)), descriptionWidth) + " ", row: row, column: column)
            column = frame.put(leftPad(line.amount.description, amountWidth) + " ", row: row, column: column,
                               role: line.amount.minorUnits < 0 ? .error : .success)
            frame.put(leftPad(line.balanceAfter.description, balanceWidth), row: row, column: column)
        }
        if let notice = screen.notice {
            frame.put(notice, row: body.row + body.rows - 1, column: left, role: screen.noticeIsError ? .error : .success)
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }

    static func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

extension String {
    func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}

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
            let (amount, problem) = AppReducer.validate(form, balances: balances)
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

enum ModalView {
    static func draw(_ frame: inout Frame, _ modal: Modal, state: AppState) {
        let area = Rect(row: 2, column: 0, columns: frame.size.columns, rows: frame.size.rows - 4)
        let panel = AppView.centered(in: area, columns: 50, rows: 8)
        frame.fill(panel, role: .normal)
        switch modal {
        case .confirmQuit:
            frame.box(panel, role: .warning, title: "Quit")
            frame.put("Quit TermBank?", row: panel.row + 2, column: panel.column + 3)
            if state.session != nil {
                frame.put("You will be signed out.", row: panel.row + 3, column: panel.column + 3, role: .muted)
            }
            frame.put("y  Yes      n  No", row: panel.row + 5, column: panel.column + 3, role: .accent)
        case .confirmSMSOnLogout:
            frame.box(panel, role: .accent, title: "SMS Verification")
            frame.put("Perform SMS verification on login?", row: panel.row + 2, column: panel.column + 3)
            frame.put("n turns it off (your password and a code).", row: panel.row + 3, column: panel.column + 3, role: .muted)
            frame.put("y  Yes      n  No", row: panel.row + 5, column: panel.column + 3, role: .accent)
        case .trustDevice:
            frame.box(panel, role: .accent, title: "Trusted device")
            frame.put("Trust this device for 30 days?", row: panel.row + 2, column: panel.column + 3)
            frame.put("Sign-in here then skips the second factor.", row: panel.row + 3, column: panel.column + 3, role: .muted)
            frame.put("y  Yes      n  No", row: panel.row + 5, column: panel.column + 3, role: .accent)
        }
    }
}
