import TermBankCore

/// The presenter's view drawn: the title and the totals, a table of the
/// stakeholders (origin, door, customer, language, the story's four steps,
/// time since the last action, the most pressing reason to look), the
/// chosen row's every reason under it, and what the last `u` came to.
/// Narrower than 80 columns, the door and the language go; a name wider
/// than its column ends with an ellipsis.
enum PresenterView {
    /// The steps' column: "✓1✓2 3 4", the story line's marks without its blanks (the reasons need the room).
    static let stepsColumns = 8

    static func draw(_ frame: inout Frame, _ screen: PresenterScreen, now: Timestamp, in body: Rect, words: any AppCatalog) {
        let left = body.column + 1
        let width = body.columns - 2
        frame.put(Frame.cut(words.text(PresenterText.title), toColumns: width), row: body.row, column: left, role: .accent)
        // The last rows: the notice (two), above them the chosen row's details (a rule, a line, two of reasons).
        let noticeTop = body.row + body.rows - 2
        let detailsRule = noticeTop - 4
        let tableTop = body.row + 3
        drawNotice(&frame, screen, row: noticeTop, left: left, width: width, words: words)
        guard let snapshot = screen.snapshot else {
            if screen.error == nil {
                frame.put(Frame.cut(words.text(PresenterText.reading), toColumns: width), row: tableTop, column: left, role: .muted)
            }
            return
        }
        let totals = words.text(PresenterText.totals(connected: snapshot.connected, finished: snapshot.finished,
                                                     moved: words.core.money(snapshot.moneyMoved)))
        frame.put(Frame.cut(totals, toColumns: width), row: body.row + 1, column: left)
        // The question takes the table's place: what is asked about is all it shows.
        if let asked = screen.confirming {
            drawQuestion(&frame, asked, in: Rect(row: tableTop, column: body.column, columns: body.columns,
                                                 rows: noticeTop - tableTop), words: words)
            return
        }
        if snapshot.stakeholders.isEmpty {
            frame.put(Frame.cut(words.text(PresenterText.empty), toColumns: width), row: tableTop, column: left)
            frame.put(Frame.cut(words.text(PresenterText.emptyHint), toColumns: width), row: tableTop + 1, column: left,
                      role: .muted)
            return
        }
        let layout = Columns(snapshot, now: now, width: width, words: words)
        drawTable(&frame, screen, snapshot, layout, now: now, rows: tableTop..<detailsRule, left: left, words: words)
        if let chosen = screen.selectedStakeholder {
            frame.horizontalRule(row: detailsRule, columns: body.column..<(body.column + body.columns))
            drawDetails(&frame, chosen, now: now, row: detailsRule + 1, left: left, width: width, words: words)
        }
    }

    /// The columns' widths for this snapshot and width: what the words and
    /// the data need, the origin and the customer giving way to the reason.
    struct Columns {
        var origin = 0, door = 0, customer = 0, language = 0, since = 0, stuck = 0
        let steps = PresenterView.stepsColumns

        init(_ snapshot: PresenterSnapshot, now: Timestamp, width: Int, words: any AppCatalog) {
            func widest(_ heading: PresenterText, _ texts: [String]) -> Int {
                ([words.text(heading)] + texts).map(Frame.columns(of:)).max() ?? 0
            }
            let rows = snapshot.stakeholders
            // Below 80 columns the door and the language go; the details line still names the door.
            if width >= 78 {
                door = widest(.columnDoor, rows.map { words.text(PresenterText.door($0.door)) })
                language = widest(.columnLanguage, rows.map { $0.language.code })
            }
            since = widest(.columnSince, rows.map { words.text(PresenterView.since($0, now: now)) })
            // The marker column, and one blank between columns.
            let gaps = 2 + (door > 0 ? 1 : 0) + (language > 0 ? 1 : 0) + 5
            let flexible = width - gaps - door - language - steps - since
            // The reasons are words and are never cut; the origin and the customer are data and give way.
            let reason = widest(.columnStuck, rows.map { PresenterView.shortReason($0, now: now, words: words) })
            let least = (origin: max(6, Frame.columns(of: words.text(PresenterText.columnOrigin))),
                         customer: max(6, Frame.columns(of: words.text(PresenterText.columnCustomer))))
            origin = max(least.origin, min(widest(.columnOrigin, rows.map { PresenterView.tableOrigin($0.origin) }), 20))
            customer = max(least.customer, min(widest(.columnCustomer, rows.map { PresenterView.customer($0, words) }), 16))
            while origin + customer + reason > flexible, origin > least.origin || customer > least.customer {
                if origin > least.origin, origin >= customer || customer <= least.customer { origin -= 1 } else { customer -= 1 }
            }
            stuck = max(0, flexible - origin - customer)
        }
    }

    static func customer(_ stakeholder: Stakeholder, _ words: any AppCatalog) -> String {
        stakeholder.customer?.rawValue ?? words.text(PresenterText.noCustomer)
    }

    static func since(_ stakeholder: Stakeholder, now: Timestamp) -> PresenterText {
        .since(seconds: (now.millisecondsSinceEpoch - stakeholder.lastAction.millisecondsSinceEpoch) / 1000)
    }

    /// The most pressing reason in a few words, for the table; "—" when there is none.
    static func shortReason(_ stakeholder: Stakeholder, now: Timestamp, words: any AppCatalog) -> String {
        guard let reason = stakeholder.stuck.first else { return words.text(PresenterText.fine) }
        switch reason {
        case .sameScreen(let since):
            return words.text(PresenterText.sameScreenShort(
                minutes: max(0, now.millisecondsSinceEpoch - since.millisecondsSinceEpoch) / 60_000))
        case .refused(let refusal): return words.text(PresenterText.refusedShort(refusal))
        case .lockedOut: return words.text(PresenterText.lockedShort)
        case .codesLocked: return words.text(PresenterText.codesLockedShort)
        case .smsLimitReached: return words.text(PresenterText.smsLimitShort)
        }
    }

    /// Each reason in words, most pressing first.
    static func reasons(_ stakeholder: Stakeholder, now: Timestamp, words: any AppCatalog) -> [String] {
        stakeholder.stuck.map { reason in
            switch reason {
            case .sameScreen(let since):
                return words.text(PresenterText.sameScreen(
                    minutes: max(0, now.millisecondsSinceEpoch - since.millisecondsSinceEpoch) / 60_000))
            case .refused(let refusal): return words.text(PresenterText.refused(refusal))
            case .lockedOut(let until): return words.text(PresenterText.lockedUntil(words.core.time(until)))
            case .codesLocked(let until): return words.text(PresenterText.codesLockedUntil(words.core.time(until)))
            case .smsLimitReached: return words.text(PresenterText.smsLimitReached)
            }
        }
    }

    private static func drawTable(_ frame: inout Frame, _ screen: PresenterScreen, _ snapshot: PresenterSnapshot,
                                  _ columns: Columns, now: Timestamp, rows: Range<Int>, left: Int, words: any AppCatalog) {
        guard rows.count > 1 else { return }
        // The headings, then as many rows as fit, scrolled so the chosen row shows.
        var cells: [(text: String, width: Int)] = [(words.text(PresenterText.columnOrigin), columns.origin)]
        if columns.door > 0 { cells.append((words.text(PresenterText.columnDoor), columns.door)) }
        cells.append((words.text(PresenterText.columnCustomer), columns.customer))
        if columns.language > 0 { cells.append((words.text(PresenterText.columnLanguage), columns.language)) }
        cells += [(words.text(PresenterText.columnSteps), columns.steps), (words.text(PresenterText.columnSince), columns.since),
                  (words.text(PresenterText.columnStuck), columns.stuck)]
        var column = left + 2
        for cell in cells {
            frame.put(Frame.cut(cell.text, toColumns: cell.width), row: rows.lowerBound, column: column, role: .muted)
            column += cell.width + 1
        }
        let visible = rows.count - 1
        let chosen = screen.selectedIndex ?? 0
        let first = max(0, chosen - visible + 1)
        for (offset, stakeholder) in snapshot.stakeholders.dropFirst(first).prefix(visible).enumerated() {
            let row = rows.lowerBound + 1 + offset
            let selected = first + offset == chosen
            drawRow(&frame, stakeholder, columns, now: now, row: row, left: left, selected: selected, words: words)
        }
    }

    private static func drawRow(_ frame: inout Frame, _ stakeholder: Stakeholder, _ columns: Columns, now: Timestamp,
                                row: Int, left: Int, selected: Bool, words: any AppCatalog) {
        let stuck = !stakeholder.stuck.isEmpty
        func role(_ plain: StyleRole) -> StyleRole { selected ? .focus : plain }
        if selected {
            frame.fill(Rect(row: row, column: left, columns: columns.total, rows: 1), role: .focus)
        }
        if stuck { frame.put("!", row: row, column: left, role: role(.warning)) }
        var column = left + 2
        // The text is worded only for a column shown: a word asked for is a word on the screen.
        func cell(_ text: @autoclosure () -> String, _ width: Int, _ plain: StyleRole = .normal) {
            guard width > 0 else { return }
            frame.put(Frame.cut(text(), toColumns: width), row: row, column: column, role: role(plain))
            column += width + 1
        }
        cell(PresenterView.tableOrigin(stakeholder.origin), columns.origin)
        cell(words.text(PresenterText.door(stakeholder.door)), columns.door)
        cell(customer(stakeholder, words), columns.customer, stakeholder.customer == nil ? .muted : .normal)
        cell(stakeholder.language.code, columns.language)
        for (index, done) in stakeholder.stepsDone.prefix(4).enumerated() {
            frame.put(done ? "✓\(index + 1)" : " \(index + 1)", row: row, column: column + index * 2,
                      role: role(done ? .accent : .muted))
        }
        column += columns.steps + 1
        cell(words.text(since(stakeholder, now: now)), columns.since)
        cell(shortReason(stakeholder, now: now, words: words), columns.stuck, stuck ? .warning : .muted)
    }

    /// The chosen row in full: its customer, door, screen and origin (data, cut last), then every reason to look.
    private static func drawDetails(_ frame: inout Frame, _ stakeholder: Stakeholder, now: Timestamp, row: Int, left: Int,
                                    width: Int, words: any AppCatalog) {
        let first = [customer(stakeholder, words), words.text(PresenterText.door(stakeholder.door)),
                     words.text(PresenterText.onScreen(PresenterScreenName(rawValue: stakeholder.screen)
                         .map { words.text(PresenterText.screenName($0)) } ?? stakeholder.screen)), stakeholder.origin].joined(separator: " · ")
        frame.put(Frame.cut(first, toColumns: width), row: row, column: left)
        var said = reasons(stakeholder, now: now, words: words)
        if said.isEmpty { said = [words.text(PresenterText.fine)] }
        if stakeholder.unlockable { said.append(words.text(PresenterText.canUnlock)) }
        let role: StyleRole = stakeholder.stuck.isEmpty ? .muted : .warning
        for (offset, line) in twoLines(said.joined(separator: " · "), width: width).enumerated() {
            frame.put(line, row: row + 1 + offset, column: left, role: role)
        }
    }

    /// A text wrapped to two lines at most; the second ends with an ellipsis if more was left.
    static func twoLines(_ text: String, width: Int) -> [String] {
        let lines = AppView.wrap(text, width: width)
        guard lines.count > 2 else { return lines }
        return [lines[0], Frame.cut(lines[1...].joined(separator: " "), toColumns: width)]
    }

    private static func drawNotice(_ frame: inout Frame, _ screen: PresenterScreen, row: Int, left: Int, width: Int,
                                   words: any AppCatalog) {
        let said: (text: String, role: StyleRole)
        if let error = screen.error {
            said = (words.text(error), .error)
        } else {
            switch screen.notice {
            case .said(let text)?: said = (words.text(text), .success)
            case .refused(let message)?: said = (words.text(message), .error)
            case nil: return
            }
        }
        for (offset, line) in twoLines(said.text, width: width).enumerated() {
            frame.put(line, row: row + offset, column: left, role: said.role)
        }
    }

    /// `u`'s question in the table's place: who, where, and what a yes does.
    private static func drawQuestion(_ frame: inout Frame, _ asked: Stakeholder, in body: Rect, words: any AppCatalog) {
        let columns = min(body.columns - 4, 66)
        let inner = columns - 6
        let question = AppView.wrap(words.text(PresenterText.unlockQuestion(customer: asked.customer?.rawValue ?? "",
                                                                            origin: asked.origin)), width: inner)
        let explanation = AppView.wrap(words.text(PresenterText.unlockExplanation), width: inner)
        let height = min(body.rows, question.count + explanation.count + 5)
        let panel = AppView.centered(in: body, columns: columns, rows: height)
        frame.fill(panel, role: .normal)
        frame.box(panel, role: .warning, title: words.text(PresenterText.unlockTitle))
        var row = panel.row + 1
        for line in question + [""] + explanation where row < panel.row + panel.rows - 2 {
            frame.put(line, row: row, column: panel.column + 3, role: question.contains(line) ? .normal : .muted)
            row += 1
        }
        frame.put(words.text(ModalText.yesNo), row: panel.row + panel.rows - 2, column: panel.column + 3, role: .accent)
    }
}

extension PresenterView.Columns {
    /// The row's width, the marker's two columns included.
    var total: Int { 2 + [origin, door, customer, language, steps, since, stuck].filter { $0 > 0 }.reduce(0) { $0 + $1 + 1 } - 1 }
}

extension PresenterView {
    /// The table's origin: without the fingerprint's "SHA256:" (every key has it), so a narrow column
    /// still tells the keys apart ("key WKqIC…", not three alike "key SHA256…"); the details line has it whole.
    static func tableOrigin(_ origin: String) -> String {
        let kind = "key SHA256:"
        return origin.hasPrefix(kind) ? "key " + origin.dropFirst(kind.count) : origin
    }
}
