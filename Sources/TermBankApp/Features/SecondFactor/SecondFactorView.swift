import TermBankCore

/// The authenticator code at sign-in, a recovery code in its place, and a
/// new set of recovery codes shown once.
enum SecondFactorView {
    static func drawAuthenticator(_ frame: inout Frame, _ entry: AuthenticatorEntry, in body: Rect, words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 60, rows: 15)
        let left = panel.column + 3
        switch entry.purpose {
        case .signIn:
            frame.box(panel, role: .accent, title: words.text(SecondFactorText.verifyItsYou))
            frame.put(words.text(SecondFactorText.enterTheAuthenticatorCode), row: panel.row + 2, column: left)
            frame.put(words.text(SecondFactorText.theSixDigitsNow), row: panel.row + 3, column: left, role: .muted)
            frame.putCentered(words.text(SecondFactorText.useARecoveryCodeInstead), row: panel.row + 9, role: .muted)
        case .transfer(let pending):
            let payment = pending.isPayment
            frame.box(panel, role: .accent,
                      title: words.text(payment ? SecondFactorText.approveThisPayment : .approveThisTransfer))
            frame.put(words.text(payment ? SecondFactorText.pay(pending) : .move(pending)), row: panel.row + 2, column: left,
                      role: .title)
            frame.put(words.text(SecondFactorText.enterTheAuthenticatorCode), row: panel.row + 3, column: left)
            frame.put(words.text(payment ? SecondFactorText.approvesThisPaymentOnly : .approvesThisTransferOnly),
                      row: panel.row + 4, column: left, role: .muted)
        }
        digitBoxes(&frame, entry.digits, count: TOTP.digits, row: panel.row + 6, in: panel)
        if entry.changedSinceReview {
            for (index, line) in AppView.wrap(words.text(BankingText.approvalChangedSinceReview), width: panel.columns - 6)
                .prefix(2).enumerated() {
                frame.putCentered(line, row: panel.row + 8 + index, role: .warning)
            }
        }
        message(&frame, busy: entry.busy, error: entry.error, row: panel.row + 11, in: panel, words: words)
    }

    static func drawRecoveryCode(_ frame: inout Frame, _ entry: RecoveryCodeEntry, in body: Rect, words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 60, rows: 15)
        frame.box(panel, role: .accent, title: words.text(SecondFactorText.useARecoveryCodeTitle))
        let left = panel.column + 3
        let intro = words.text(SecondFactorText.recoveryCodeIntro(insteadOfAuthenticator: entry.instead == .authenticator))
        for (index, line) in AppView.wrap(intro, width: panel.columns - 6).prefix(3).enumerated() {
            frame.put(line, row: panel.row + 2 + index, column: left, role: index == 0 ? .normal : .normal)
        }
        LoginView.field(&frame, label: words.text(SecondFactorText.codeLabel), value: entry.code.exposedValue, focused: !entry.busy,
                        row: panel.row + 6, column: left, width: 24,
                        full: FieldLimit.recoveryCode.isFull(entry.code.exposedValue), words: words)
        frame.put(words.text(SecondFactorText.caseDoesNotMatter), row: panel.row + 8, column: left, role: .muted)
        message(&frame, busy: entry.busy, error: entry.error, row: panel.row + 10, in: panel, words: words)
    }

    static func drawNewRecoveryCodes(_ frame: inout Frame, _ screen: NewRecoveryCodesScreen, in body: Rect,
                                     words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 64, rows: 18)
        frame.box(panel, role: .accent, title: words.text(SecondFactorText.newRecoveryCodesTitle))
        let left = panel.column + 3
        switch screen.stage {
        case .password(let password):
            frame.put(words.text(SecondFactorText.thatWasYourLastCode), row: panel.row + 2, column: left, role: .warning)
            // One sentence in two texts: on their two lines where they fit, wrapped as one paragraph where not.
            let first = words.text(SecondFactorText.makeANewSet), second = words.text(SecondFactorText.noSecondFactorNeeded)
            let paragraph = max(Frame.columns(of: first), Frame.columns(of: second)) <= panel.columns - 6
                ? [first, second] : AppView.wrap(first + " " + second, width: panel.columns - 6)
            for (index, line) in paragraph.enumerated() { frame.put(line, row: panel.row + 4 + index, column: left) }
            let below = panel.row + 4 + max(2, paragraph.count)
            frame.put(words.text(SecondFactorText.confirmWithPassword), row: below + 1, column: left)
            LoginView.field(&frame, label: words.text(SignInText.passwordLabel), value: LoginView.mask(password),
                            focused: !screen.busy, row: below + 3, column: left, width: 30,
                            full: FieldLimit.password.isFull(password.exposedValue), words: words)
            message(&frame, busy: screen.busy, error: screen.error, row: below + 5, in: panel, words: words,
                    busyText: .makingNewCodes)
        case .shown(let codes):
            frame.put(words.text(SecondFactorText.saveThemNow), row: panel.row + 2, column: left, role: .warning)
            frame.put(words.text(SecondFactorText.eachWorksOnce), row: panel.row + 3, column: left, role: .muted)
            let half = (codes.count + 1) / 2
            codeList(&frame, codes, row: panel.row + 5, left: left)
            frame.put(words.text(SecondFactorText.writeThemDown), row: panel.row + 6 + half, column: left)
            frame.put(words.text(SecondFactorText.oldCodesNoLongerWork), row: panel.row + 7 + half, column: left, role: .muted)
            frame.put(words.text(SecondFactorText.pressEnterWhenSaved), row: panel.row + panel.rows - 2, column: left,
                      role: .accent)
        }
    }

    /// Codes in two numbered columns.
    static func codeList(_ frame: inout Frame, _ codes: [Secret], row top: Int, left: Int) {
        let half = (codes.count + 1) / 2
        for (index, code) in codes.enumerated() {
            let column = index < half ? left + 8 : left + 32
            let row = top + (index < half ? index : index - half)
            frame.put(String(index + 1).leftPadded(to: 2) + ".", row: row, column: column, role: .muted)
            frame.put(code.exposedValue, row: row, column: column + 4, role: .title)
        }
    }

    /// One box per digit, the next one marked.
    static func digitBoxes(_ frame: inout Frame, _ digits: String, count: Int, row: Int, in panel: Rect) {
        let width = count * 5 - 1
        var column = panel.column + (panel.columns - width) / 2
        let typed = Array(digits)
        for index in 0..<count {
            let digit = index < typed.count ? String(typed[index]) : (index == typed.count ? "▁" : " ")
            let role: StyleRole = index == typed.count ? .focus : .field
            frame.put("[", row: row, column: column, role: .muted)
            frame.put(" \(digit) ", row: row, column: column + 1, role: role)
            frame.put("]", row: row, column: column + 4, role: .muted)
            column += 5
        }
    }

    static func message(_ frame: inout Frame, busy: Bool, error: AppMessage?, row: Int, in panel: Rect,
                        words: any AppCatalog, busyText: SecondFactorText = .checking) {
        if busy {
            frame.putCentered(words.text(busyText), row: row, role: .muted)
        } else if let error = error.map(words.text) {
            // As many lines as the panel has rows above its bottom edge.
            for (index, line) in AppView.wrap(error, width: panel.columns - 6).prefix(max(2, panel.endRow - 1 - row))
                .enumerated() {
                frame.putCentered(line, row: row + index, role: .error)
            }
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
