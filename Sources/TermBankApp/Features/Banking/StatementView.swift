import TermBankCore

enum StatementView {
    /// Terminals at least this wide show the daily in-and-out chart beside the history.
    static let chartMinimumColumns = 100
    static let chartColumns = 32

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
        if let history = account.history {
            drawSparkline(&frame, history, unicode: state.charset == .unicode, row: body.row + 1, column: 38,
                          columns: width - 38 - left, words: words)
        }
        frame.horizontalRule(row: body.row + 4, columns: left..<(width - left))

        let chart = width >= chartMinimumColumns && account.history != nil
        let tableColumns = width - 2 * left - (chart ? chartColumns + 2 : 0)
        drawHistory(&frame, state: state, account: account, row: body.row + 5, column: left, columns: tableColumns,
                    rows: body.rows - 6, words: words)
        if chart, let history = account.history {
            drawChart(&frame, history, unicode: state.charset == .unicode,
                      in: Rect(row: body.row + 5, column: width - left - chartColumns, columns: chartColumns, rows: body.rows - 6),
                      words: words)
        }

        let bottom = body.row + body.rows - 1
        if let draft = state.statement.searchDraft {
            let prompt = words.text(HistoryText.searchPrompt) + " "
            let column = frame.put(prompt, row: bottom, column: left, role: .muted)
            // The field is drawn 11 columns after its label's column: here it has no label.
            LoginView.field(&frame, label: "", value: draft, focused: true, row: bottom, column: column - 11,
                            width: min(StatementSearch.maximumLength + 2, max(4, width - column - left)),
                            full: FieldLimit.search.isFull(draft), words: words)
        } else if let notice = screen.notice {
            // One line, or two over the history's last line where the window is too narrow for it.
            let lines = AppView.wrap(words.text(notice.message), width: width - 2 * left).prefix(2)
            if lines.count > 1 { frame.fill(Rect(row: bottom - 1, column: 0, columns: width, rows: 1), role: .normal) }
            for (index, line) in lines.enumerated() {
                frame.put(line, row: bottom - lines.count + 1 + index, column: left, role: notice.role)
            }
        }
    }

    /// The history: a title with the filter, the column header, and the window's lines from the first on screen.
    static func drawHistory(_ frame: inout Frame, state: AppState, account: AccountSnapshot, row: Int, column left: Int,
                            columns: Int, rows: Int, words: any AppCatalog) {
        let scroll = state.statement
        let title = words.text(HistoryText.title(scroll.account))
        var after = frame.put(title, row: row, column: left, role: .title)
        if let search = scroll.search {
            after = frame.put("  " + words.text(HistoryText.searching(search)), row: row, column: after, role: .accent)
        }
        let pageSize = BankingFeature.historyRows(state)
        let lines = account.lines
        let top = min(scroll.topIndex(in: lines, pageSize: pageSize), max(0, lines.count - 1))
        let shown = Array(lines.dropFirst(top).prefix(max(0, min(pageSize, rows - 2))))
        var markers: [String] = []
        if top > 0 || !account.reachesNewest { markers.append(words.text(HistoryText.newerAbove)) }
        if top + shown.count < lines.count || !account.reachesOldest { markers.append(words.text(HistoryText.olderBelow)) }
        let marker = markers.joined(separator: "  ")
        let markerColumn = left + columns - Frame.columns(of: marker)
        if !marker.isEmpty, markerColumn > after + 1 { frame.put(marker, row: row, column: markerColumn, role: .muted) }

        // Columns: date, account, description, amount, balance. Widths grow with the room. The
        // description ("Payment from carol", "Reversal of TB-000006") needs about 24 columns; where the
        // balance column would leave it less, the balance goes (the balances are above the history).
        let room = columns + 4
        let amountWidth = room >= 80 ? 13 : 11
        // A row of another year than today's shows its year instead of its
        // time ("2025-12-03", "03 dez 2025"); the narrow column widens to it
        // while such a row is on screen.
        let withTime = room >= 70
        let dates = shown.map { words.core.dates.statementDate($0.bookedAt, today: state.now, withTime: withTime) }
        let dateWidth = max(withTime ? 12 : 6, dates.map(\.count).max() ?? 0)
        let accountWidth = 9
        let withBalance = columns - dateWidth - accountWidth - 2 * amountWidth - 4 >= 24
        let balanceWidth = withBalance ? amountWidth : 0
        let descriptionWidth = max(10, columns - dateWidth - accountWidth - amountWidth - balanceWidth - (withBalance ? 4 : 3))
        let header = pad(words.text(BankingText.dateColumn(withTime: withTime)), dateWidth) + " "
            + pad(words.text(BankingText.accountColumn), accountWidth) + " "
            + pad(words.text(BankingText.descriptionColumn), descriptionWidth) + " "
            + leftPad(words.text(BankingText.amountColumn), amountWidth)
            + (withBalance ? " " + leftPad(words.text(BankingText.balanceColumn), balanceWidth) : "")
        frame.put(header, row: row + 1, column: left, role: .muted)
        if lines.isEmpty {
            let empty = scroll.search == nil ? words.text(BankingText.noTransactionsYet) : words.text(HistoryText.nothingMatches)
            frame.put(empty, row: row + 2, column: left, role: .muted)
        }
        for (index, line) in shown.enumerated() {
            let lineRow = row + 2 + index
            var column = frame.put(pad(dates[index], dateWidth) + " ", row: lineRow, column: left, role: .muted)
            column = frame.put(pad(words.core.text(line.account), accountWidth) + " ", row: lineRow, column: column)
            // A payment's reference follows its label: the payee reads it nowhere else in the app.
            let description = words.core.label(line) + (line.paymentReference.map { " · " + $0.text } ?? "")
            column = frame.put(padCells(description, descriptionWidth) + " ", row: lineRow, column: column)
            column = frame.put(leftPad(words.core.amount(line.amount), amountWidth) + " ", row: lineRow, column: column,
                               role: line.amount.minorUnits < 0 ? .error : .success)
            if withBalance { frame.put(leftPad(words.core.amount(line.balanceAfter), balanceWidth), row: lineRow, column: column) }
        }
    }

    /// The total balance over the last 30 days, beside the balances: as many
    /// of the latest days as fit, with the lowest and highest labelled.
    static func drawSparkline(_ frame: inout Frame, _ history: BalanceHistory, unicode: Bool, row: Int, column: Int,
                              columns: Int, words: any AppCatalog) {
        let caption = words.text(HistoryText.last30Days) + " "
        let room = columns - Frame.columns(of: caption)
        let closing = history.closingBalances
        guard room >= 7, !closing.isEmpty else { return }
        let days = Array(closing.suffix(room))
        let after = frame.put(caption, row: row, column: column, role: .muted)
        frame.put(Sparkline.line(days.map(\.minorUnits), unicode: unicode), row: row, column: after, role: .accent)
        let low = days.min() ?? .zero
        let high = days.max() ?? .zero
        let range = words.text(HistoryText.range(low: low, high: high))
        if Frame.columns(of: range) <= columns {
            frame.put(range, row: row + 1, column: column, role: .muted)
        } else {
            frame.put(Frame.cut(words.text(HistoryText.low(low)), toColumns: columns), row: row + 1, column: column, role: .muted)
            frame.put(Frame.cut(words.text(HistoryText.high(high)), toColumns: columns), row: row + 2, column: column, role: .muted)
        }
    }

    /// Daily money in and out over the last 30 days, beside the history on wide terminals.
    static func drawChart(_ frame: inout Frame, _ history: BalanceHistory, unicode: Bool, in area: Rect,
                          words: any AppCatalog) {
        guard area.rows >= 5 else { return }
        frame.put(Frame.cut(words.text(HistoryText.inAndOut), toColumns: area.columns), row: area.row, column: area.column,
                  role: .title)
        let height = min(5, (area.rows - 3) / 2)
        let days = history.days.suffix(area.columns - 1).map { ($0.moneyIn.minorUnits, $0.moneyOut.minorUnits) }
        let rows = FlowBars.rows(days.map { (moneyIn: $0.0, moneyOut: $0.1) }, height: height, unicode: unicode)
        for (index, text) in rows.enumerated() {
            let role: StyleRole = index < height ? .success : index == height ? .muted : .error
            frame.put(text, row: area.row + 1 + index, column: area.column, role: role)
        }
        let largest = days.map { max($0.0, -$0.1) }.max() ?? 0
        frame.put(Frame.cut(words.text(HistoryText.largestDay(Money(minorUnits: largest))), toColumns: area.columns),
                  row: area.row + 2 + rows.count, column: area.column, role: .muted)
    }

    /// Text in `width` cells, cut with an ellipsis if it is wider (`Frame.fitted`).
    static func pad(_ text: String, _ width: Int) -> String { Frame.fitted(text, toColumns: width) }

    /// The same, for the customer's own words (a reference, a device's
    /// name): an emoji (two cells) must not push the amount out of its column.
    static func padCells(_ text: String, _ width: Int) -> String { Frame.fitted(text, toColumns: width) }

    static func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
