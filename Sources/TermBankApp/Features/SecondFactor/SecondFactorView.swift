import TermBankCore

/// The authenticator code at sign-in, a recovery code in its place, and a
/// new set of recovery codes shown once.
enum SecondFactorView {
    static func drawAuthenticator(_ frame: inout Frame, _ entry: AuthenticatorEntry, in body: Rect) {
        let panel = AppView.centered(in: body, columns: 60, rows: 15)
        let left = panel.column + 3
        switch entry.purpose {
        case .signIn:
            frame.box(panel, role: .accent, title: "Verify it's you")
            frame.put("Enter the code from your authenticator app", row: panel.row + 2, column: left)
            frame.put("The 6 digits it shows for TermBank now.", row: panel.row + 3, column: left, role: .muted)
            frame.putCentered("u  Use a recovery code instead", row: panel.row + 9, role: .muted)
        case .transfer(let pending):
            frame.box(panel, role: .accent, title: "Approve this transfer")
            frame.put("Move \(pending.summary)", row: panel.row + 2, column: left, role: .title)
            frame.put("Enter the code from your authenticator app", row: panel.row + 3, column: left)
            frame.put("It approves this transfer and nothing else.", row: panel.row + 4, column: left, role: .muted)
        }
        digitBoxes(&frame, entry.digits, count: TOTP.digits, row: panel.row + 6, in: panel)
        message(&frame, busy: entry.busy, error: entry.error, row: panel.row + 11, in: panel)
    }

    static func drawRecoveryCode(_ frame: inout Frame, _ entry: RecoveryCodeEntry, in body: Rect) {
        let panel = AppView.centered(in: body, columns: 60, rows: 15)
        frame.box(panel, role: .accent, title: "Use a recovery code")
        let left = panel.column + 3
        let instead = entry.instead == .authenticator ? "a code from your authenticator app" : "the SMS code"
        let intro = "Type one of the recovery codes you saved when you set up your authenticator app. It works once, in place of \(instead)."
        for (index, line) in AppView.wrap(intro, width: panel.columns - 6).prefix(3).enumerated() {
            frame.put(line, row: panel.row + 2 + index, column: left, role: index == 0 ? .normal : .normal)
        }
        LoginView.field(&frame, label: "Code", value: entry.code.exposedValue, focused: !entry.busy,
                        row: panel.row + 6, column: left, width: 24,
                        full: FieldLimit.recoveryCode.isFull(entry.code.exposedValue))
        frame.put("Case, spaces and dashes do not matter.", row: panel.row + 8, column: left, role: .muted)
        message(&frame, busy: entry.busy, error: entry.error, row: panel.row + 10, in: panel)
    }

    static func drawNewRecoveryCodes(_ frame: inout Frame, _ screen: NewRecoveryCodesScreen, in body: Rect) {
        let panel = AppView.centered(in: body, columns: 64, rows: 18)
        frame.box(panel, role: .accent, title: "New recovery codes")
        let left = panel.column + 3
        switch screen.stage {
        case .password(let password):
            frame.put("That was your last recovery code.", row: panel.row + 2, column: left, role: .warning)
            frame.put("Make a new set of 10 now: you signed in with the last one,", row: panel.row + 4, column: left)
            frame.put("so no second-factor code is needed for this.", row: panel.row + 5, column: left)
            frame.put("Confirm with your password:", row: panel.row + 7, column: left)
            LoginView.field(&frame, label: "Password", value: LoginView.mask(password),
                            focused: !screen.busy, row: panel.row + 9, column: left, width: 30,
                            full: FieldLimit.password.isFull(password.exposedValue))
            message(&frame, busy: screen.busy, error: screen.error, row: panel.row + 11, in: panel,
                    busyText: "Making new codes…")
        case .shown(let codes):
            frame.put("Save them now: they are shown once, never again.", row: panel.row + 2, column: left, role: .warning)
            frame.put("Each works once in place of your authenticator code.", row: panel.row + 3, column: left, role: .muted)
            let half = (codes.count + 1) / 2
            codeList(&frame, codes, row: panel.row + 5, left: left)
            frame.put("Write them down or keep them in a password manager.", row: panel.row + 6 + half, column: left)
            frame.put("The old codes no longer work.", row: panel.row + 7 + half, column: left, role: .muted)
            frame.put("Press Enter when you have saved them.", row: panel.row + panel.rows - 2, column: left, role: .accent)
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

    static func message(_ frame: inout Frame, busy: Bool, error: String?, row: Int, in panel: Rect,
                        busyText: String = "Checking…") {
        if busy {
            frame.putCentered(busyText, row: row, role: .muted)
        } else if let error {
            for (index, line) in AppView.wrap(error, width: panel.columns - 6).prefix(2).enumerated() {
                frame.putCentered(line, row: row + index, role: .error)
            }
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
