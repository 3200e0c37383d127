import TermBankCore

enum StatementView {
    static func draw(_ frame: inout Frame, _ screen: StatementScreen, state: AppState, in body: Rect, words: any AppCatalog) {
        let width = frame.size.columns
        let left = 2
        guard let account = state.account else {
            frame.putCentered(words.text(BankingText.loadingAccounts), row: body.row + 2, role: .muted)
            return
        }
        frame.put(words.text(BankingText.accountsTitle), row: body.row, column: left, role: .title)
        let sms = account.user.smsVerification
        let switchText = words.text(BankingText.smsSwitch)
        let switchColumn = width - Frame.columns(of: switchText) - 8
        frame.put(switchText, row: body.row, column: switchColumn)
        frame.put(words.text(BankingText.switchState(on: sms)), row: body.row, column: switchColumn + Frame.columns(of: switchText),
                  role: sms ? .success : .muted)
        for (index, kind) in AccountKind.allCases.enumerated() {
            let row = body.row + 1 + index
            frame.put(words.core.text(kind), row: row, column: left + 2)
            let amount = words.core.money(account.balances[kind] ?? .zero)
            frame.put(amount, row: row, column: 34 - amount.count, role: .accent)
        }
        frame.horizontalRule(row: body.row + 4, columns: left..<(width - left))
        frame.put(words.text(BankingText.recentTransactions), row: body.row + 5, column: left, role: .title)

        // Columns: date, account, description, amount, balance. Widths fit 60 columns and grow with the window.
        let amountWidth = width >= 80 ? 13 : 11
        let balanceWidth = amountWidth
        let dateWidth = width >= 70 ? 12 : 6
        let accountWidth = 9
        let descriptionWidth = max(10, width - 2 * left - dateWidth - accountWidth - amountWidth - balanceWidth - 4)
        let header = pad(words.text(BankingText.dateColumn(withTime: dateWidth >= 12)), dateWidth) + " "
            + pad(words.text(BankingText.accountColumn), accountWidth) + " "
            + pad(words.text(BankingText.descriptionColumn), descriptionWidth) + " "
            + leftPad(words.text(BankingText.amountColumn), amountWidth) + " "
            + leftPad(words.text(BankingText.balanceColumn), balanceWidth)
        frame.put(header, row: body.row + 6, column: left, role: .muted)
        let room = body.rows - 8
        if account.lines.isEmpty {
            frame.put(words.text(BankingText.noTransactionsYet), row: body.row + 7, column: left, role: .muted)
        }
        for (index, line) in account.lines.prefix(max(0, room)).enumerated() {
            let row = body.row + 7 + index
            let date = dateWidth >= 12 ? words.core.dates.dayAndTime(line.bookedAt) : words.core.dates.day(line.bookedAt)
            var column = frame.put(pad(date, dateWidth) + " ", row: row, column: left, role: .muted)
            column = frame.put(pad(words.core.text(line.account), accountWidth) + " ", row: row, column: column)
            column = frame.put(pad(String(words.core.label(line).prefix(descriptionWidth)), descriptionWidth) + " ", row: row,
                               column: column)
            column = frame.put(leftPad(words.core.amount(line.amount), amountWidth) + " ", row: row, column: column,
                               role: line.amount.minorUnits < 0 ? .error : .success)
            frame.put(leftPad(words.core.amount(line.balanceAfter), balanceWidth), row: row, column: column)
        }
        if let notice = screen.notice {
            frame.put(words.text(notice.message), row: body.row + body.rows - 1, column: left, role: notice.role)
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }

    static func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
