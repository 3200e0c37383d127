import TermBankCore

/// The customer's phone, simulated (demo mode only): beside the app on wide
/// terminals, slid over it on Ctrl-P on smaller ones, or the whole window.
enum PhoneView {
    /// Where the code is, for the code screens in demo mode.
    static func hint(_ state: AppState, words: any AppCatalog) -> String? {
        guard state.demo != nil else { return nil }
        return words.text(state.size.columns >= PhonePanel.besideWidth ? DemoText.phoneOnTheRight : .ctrlPShowsThePhone)
    }

    /// `bottom`: the row the messages stop above (the story's rows beside the app); the box's bottom edge by default.
    static func draw(_ frame: inout Frame, _ phone: PhonePanel, now: Timestamp, in area: Rect, bottom end: Int? = nil,
                     words: any AppCatalog) {
        if end == nil {
            frame.fill(area, role: .normal)
            frame.box(area, role: .accent, title: words.text(DemoText.phoneTitle))
        }
        let left = area.column + 2
        let width = area.columns - 4
        var row = area.row + 1
        let bottom = end ?? area.row + area.rows - 1
        guard let inbox = phone.inbox else {
            for line in AppView.wrap(words.text(DemoText.noCustomerYet), width: width).prefix(max(0, area.rows - 3)) {
                frame.put(line, row: row + 1, column: left, role: .muted)
                row += 1
            }
            if let note = phone.shownNote, row + 2 < bottom {
                row += 1
                frame.horizontalRule(row: row, columns: (area.column + 1)..<(area.column + area.columns - 1))
                row = drawNote(&frame, note, row: row + 1, left: left, width: width, bottom: bottom, words: words)
            }
            return
        }
        frame.put(Frame.cut("\(inbox.owner) · \(inbox.number)", toColumns: width), row: row, column: left, role: .title)
        row += 1
        // Never "New message" above "No messages yet".
        let notice = !inbox.messages.isEmpty && phone.noticeUntil.map { now < $0 } ?? false
        if notice {
            frame.put(words.text(DemoText.newMessage), row: row, column: left, role: .warning)
        }
        row += 1
        frame.horizontalRule(row: row, columns: (area.column + 1)..<(area.column + area.columns - 1))
        row += 1
        if let code = inbox.authenticator, row + 2 < bottom {
            row = drawAuthenticator(&frame, code, now: now, row: row, left: left, width: width, bottom: bottom,
                                    words: words)
            frame.horizontalRule(row: row, columns: (area.column + 1)..<(area.column + area.columns - 1))
            row += 1
        }
        if let note = phone.shownNote, row + 3 < bottom {
            row = drawNote(&frame, note, row: row, left: left, width: width, bottom: bottom, words: words)
            frame.horizontalRule(row: row, columns: (area.column + 1)..<(area.column + area.columns - 1))
            row += 1
        }
        guard row < bottom else { return }
        if inbox.messages.isEmpty {
            frame.put(words.text(DemoText.noMessagesYet), row: row, column: left, role: .muted)
            return
        }
        for (index, message) in inbox.messages.enumerated() {
            guard row < bottom else { break }
            let stamp = words.text(DemoText.received(message.at))
            let kind = words.text(DemoText.channel(sms: message.channel == .sms))
            var column = frame.put(stamp + "  ", row: row, column: left, role: .muted)
            column = frame.put(kind, row: row, column: column, role: .accent)
            if index == 0 && notice { frame.put("  " + words.text(DemoText.newTag), row: row, column: column, role: .warning) }
            row += 1
            for line in AppView.wrap(message.text, width: width) {
                guard row < bottom else { break }
                frame.put(line, row: row, column: left)
                row += 1
            }
            row += 1
        }
    }

    /// The authenticator app: its name, the code of the moment and the
    /// seconds until the next, and while the set-up waits, where it came
    /// from. Returns the row after it.
    static func drawAuthenticator(_ frame: inout Frame, _ code: PhoneAuthenticatorCode, now: Timestamp, row: Int,
                                  left: Int, width: Int, bottom: Int, words: any AppCatalog) -> Int {
        var row = row
        frame.put(cut(words.text(DemoText.authenticatorApp), width: width), row: row, column: left, role: .accent)
        row += 1
        let column = frame.put(code.code, row: row, column: left, role: .title)
        frame.put(cut("   " + words.text(DemoText.secondsLeft(code.secondsLeft(at: now))), width: width - code.code.count),
                  row: row, column: column, role: .muted)
        row += 1
        if code.settingUp {
            for line in AppView.wrap(words.text(DemoText.scannedTheQRCode), width: width) where row < bottom {
                frame.put(line, row: row, column: left, role: .muted)
                row += 1
            }
        }
        return row
    }

    /// The "Passwords" note: the guest made here, its username and password. Returns the row after it.
    static func drawNote(_ frame: inout Frame, _ note: PhonePasswordNote, row: Int, left: Int, width: Int, bottom: Int,
                         words: any AppCatalog) -> Int {
        var row = row
        let lines: [(String, StyleRole)] = [(words.text(DemoText.passwordsNote), .accent),
                                            (note.username.rawValue, .normal), (note.password.exposedValue, .title)]
        for (text, role) in lines where row < bottom {
            frame.put(cut(text, width: width), row: row, column: left, role: role)
            row += 1
        }
        return row
    }

    /// Text that fits `width` columns, a cut one ending with an ellipsis.
    static func cut(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        return text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    /// The phone-only window: the phone across the body, or which customer's phone to show.
    static func drawWindow(_ frame: inout Frame, _ screen: PhoneWindowScreen, phone: PhonePanel, now: Timestamp,
                           in body: Rect, words: any AppCatalog) {
        guard !screen.choices.isEmpty else {
            draw(&frame, phone, now: now, in: AppView.centered(in: body, columns: 64, rows: body.rows), words: words)
            return
        }
        let width = min(56, body.columns)
        let error = screen.error.map { AppView.wrap(words.text($0), width: width - 6) } ?? []
        let panel = AppView.centered(in: body, columns: width, rows: 7 + screen.choices.count + max(1, error.count))
        frame.box(panel, role: .accent, title: words.text(DemoText.whosePhone))
        let left = panel.column + 3
        frame.put(words.text(DemoText.chooseTheCustomer), row: panel.row + 2, column: left, role: .muted)
        for (index, name) in screen.choices.enumerated() {
            let selected = index == screen.selected
            let row = panel.row + 4 + index
            if selected { frame.fill(Rect(row: row, column: left, columns: panel.columns - 6, rows: 1), role: .focus) }
            frame.put(" \(name)", row: row, column: left, role: selected ? .focus : .normal)
        }
        for (index, line) in error.enumerated() {
            frame.put(line, row: panel.row + panel.rows - 1 - error.count + index, column: left, role: .error)
        }
    }
}

extension Frame {
    /// Copies another frame's cells here with its top-left corner at a position (clipped).
    mutating func paste(_ other: Frame, row: Int, column: Int) {
        boxes += other.boxes.map { box in
            var moved = box
            moved.rect.row += row
            moved.rect.column += column
            moved.edgeLabels = box.edgeLabels.map { Rect(row: $0.row + row, column: $0.column + column, columns: $0.columns, rows: 1) }
            return moved
        }
        for (offset, cells) in other.rows.enumerated() {
            let target = row + offset
            guard target >= 0 && target < size.rows else { continue }
            // Wide characters go whole or as a blank, never as half a glyph.
            for (index, cell) in cells.enumerated() where !cell.isWideTail {
                let width = index + 1 < cells.count && cells[index + 1].isWideTail ? 2 : 1
                place(cell, width: width, row: target, column: column.saturatingAdding(index))
            }
        }
    }
}
