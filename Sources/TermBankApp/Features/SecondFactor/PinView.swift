import TermBankCore

enum PinView {
    static func draw(_ frame: inout Frame, _ entry: PinEntry, state: AppState, in body: Rect, words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 60, rows: 15)
        let title: SecondFactorText
        switch entry.purpose {
        case .signIn: title = .verifyItsYou
        case .transfer(let pending): title = pending.isPayment ? .approveThisPayment : .approveThisTransfer
        }
        frame.box(panel, role: .accent, title: words.text(title))
        let left = panel.column + 3
        var row = panel.row + 2
        if case .transfer(let pending) = entry.purpose {
            frame.put(words.text(pending.isPayment ? SecondFactorText.pay(pending) : .move(pending)), row: row, column: left,
                      role: .title)
            row += 1
        }
        // A code this terminal did not cause to be sent (another terminal of
        // the customer's asked first) is not announced as a new one.
        let masked = entry.ticket.phone.masked
        frame.put(words.text(entry.ticket.reused ? SecondFactorText.codeAlreadySent(toMasked: masked) : .weSentACode(toMasked: masked)),
                  row: row, column: left)
        // Where the code is, in demo mode only (its phone is on this screen). A
        // real deployment says what a bank's app says: the masked number, and
        // nothing about where a simulated phone might be.
        if let hint = PhoneView.hint(state, words: words) {
            frame.put(hint, row: row + 1, column: left, role: .muted)
        }

        // One box per digit.
        let boxesRow = panel.row + 6
        // When few codes are left this hour, the screen says so before a
        // resend meets the limit (the row above the boxes is free on both purposes).
        if let left = entry.ticket.fewSendsLeft {
            frame.putCentered(words.text(SecondFactorText.codesLeftThisHour(left)), row: boxesRow - 1, role: .warning)
        }
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
        let expiry = words.text(entry.superseded ? SecondFactorText.replacedByANewerCode
                                : secondsLeft > 0 ? .expiresIn(seconds: secondsLeft) : .expired)
        let attempts = words.text(SecondFactorText.attemptsLeft(entry.attemptsLeft))
        frame.putCentered("\(expiry)  ·  \(attempts)", row: boxesRow + 2,
                          role: secondsLeft > 30 && !entry.superseded ? .muted : .warning)

        let resend: SecondFactorText
        switch SecondFactorFeature.secondsUntilResend(entry, now: state.now) {
        // An expired code's next is a new request, whose first send is an SMS.
        // So is a superseded code's.
        case nil: resend = entry.ticket.events == 1 && secondsLeft > 0 && !entry.superseded ? .resendOrCall : .resendBySMS
        case 0?: resend = .noMoreCodesForThisRequest
        case let wait?: resend = .resendOrCallIn(seconds: Int(wait))
        }
        frame.putCentered(words.text(resend), row: boxesRow + 3, role: .muted)
        if entry.acceptsRecoveryCode {
            frame.putCentered(words.text(SecondFactorText.useARecoveryCodeInstead), row: boxesRow + 4, role: .muted)
        }
        if entry.busy {
            frame.putCentered(words.text(state.sendingCode ? SecondFactorText.sendingANewCode : .checking), row: boxesRow + 5,
                              role: .muted)
        } else if let error = entry.error.map(words.text) {
            centred(&frame, error, row: boxesRow + 5, in: panel, role: .error)
        } else if let notice = entry.notice.map(words.text) {
            centred(&frame, notice, row: boxesRow + 5, in: panel, role: .success)
        } else if entry.changedSinceReview {
            centred(&frame, words.text(BankingText.approvalChangedSinceReview), row: boxesRow + 5, in: panel, role: .warning)
        }
    }

    /// A message under the code boxes, each line centred: up to the three rows above the panel's bottom edge.
    static func centred(_ frame: inout Frame, _ text: String, row: Int, in panel: Rect, role: StyleRole) {
        for (index, line) in AppView.wrap(text, width: panel.columns - 6).prefix(max(1, panel.endRow - 1 - row)).enumerated() {
            frame.putCentered(line, row: row + index, role: role)
        }
    }
}
