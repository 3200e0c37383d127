import TermBankCore

enum PinView {
    static func draw(_ frame: inout Frame, _ entry: PinEntry, state: AppState, in body: Rect) {
        let panel = AppView.centered(in: body, columns: 60, rows: 15)
        let title: String
        switch entry.purpose {
        case .signIn: title = "Verify it's you"
        case .transfer: title = "Approve this transfer"
        }
        frame.box(panel, role: .accent, title: title)
        let left = panel.column + 3
        var row = panel.row + 2
        if case .transfer(let pending) = entry.purpose {
            frame.put("Move \(pending.summary)", row: row, column: left, role: .title)
            row += 1
        }
        frame.put("We sent a code to \(entry.ticket.phone.masked)", row: row, column: left)
        frame.put(PhoneView.hint(state) ?? "Demo: \"termbank phone NAME\" shows the simulated phone.", row: row + 1,
                  column: left, role: .muted)

        // One box per digit.
        let boxesRow = panel.row + 6
        let width = entry.ticket.codeLength * 5 - 1
        var column = panel.column + (panel.columns - width) / 2
        for index in 0..<entry.ticket.codeLength {
            let digit = index < entry.digits.count ? String(Array(entry.digits)[index]) : (index == entry.digits.count ? "▁" : " ")
            let role: StyleRole = index == entry.digits.count ? .focus : .field
            frame.put("[", row: boxesRow, column: column, role: .muted)
            frame.put(" \(digit) ", row: boxesRow, column: column + 1, role: role)
            frame.put("]", row: boxesRow, column: column + 4, role: .muted)
            column += 5
        }

        let secondsLeft = (entry.ticket.expiresAt.millisecondsSinceEpoch - state.now.millisecondsSinceEpoch) / 1000
        let expiry = secondsLeft > 0 ? "Expires in \(AppView.minutesSeconds(secondsLeft))" : "Expired"
        let attempts = "\(entry.attemptsLeft) attempt\(entry.attemptsLeft == 1 ? "" : "s") left"
        frame.putCentered("\(expiry)  ·  \(attempts)", row: boxesRow + 2, role: secondsLeft > 30 ? .muted : .warning)

        let resend: String
        switch SecondFactorFeature.secondsUntilResend(entry, now: state.now) {
        case nil: resend = entry.ticket.events == 1 ? "r  Resend (by voice call)   c  Call me" : "r  Send a new code by SMS"
        case 0?: resend = "No more codes for this request"
        case let wait?: resend = "Resend or call in \(wait) s"
        }
        frame.putCentered(resend, row: boxesRow + 3, role: .muted)
        if entry.acceptsRecoveryCode {
            frame.putCentered("u  Use a recovery code instead", row: boxesRow + 4, role: .muted)
        }
        if entry.busy {
            frame.putCentered("Checking…", row: boxesRow + 5, role: .muted)
        } else if let error = entry.error {
            frame.putCentered(error, row: boxesRow + 5, role: .error)
        } else if let notice = entry.notice {
            frame.putCentered(notice, row: boxesRow + 5, role: .success)
        }
    }
}
