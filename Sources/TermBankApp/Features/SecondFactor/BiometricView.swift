import TermBankCore

enum BiometricView {
    static func draw(_ frame: inout Frame, _ screen: BiometricScreen, state: AppState, in body: Rect, words: any AppCatalog) {
        // The screen behind the sheet is dimmed, as iOS does. Its text wraps
        // to the sheet's width less a blank column inside each side.
        let prompt = screen.prompt
        let panel = AppView.centered(in: body, columns: 40, rows: 14)
        frame.fill(panel, role: .normal)
        frame.box(panel, role: .white)
        func center(_ text: String, _ row: Int, _ role: StyleRole) {
            frame.put(text, row: panel.row + row, column: panel.column + max(1, (panel.columns - Frame.columns(of: text)) / 2),
                      role: role)
        }
        if prompt.mode == .biometric {
            center(words.text(SecondFactorText.sensor(prompt.biometry)), 1, .title)
            center(words.text(SecondFactorText.sheetAppName), 2, .muted)
            // A transfer's reason can be wider than the sheet ("Approve $999.00 from Checking to Savings"): two lines.
            let reason = AppView.wrap(words.text(SecondFactorText.biometricReason(screen.purpose)), width: panel.columns - 4)
                .prefix(2)
            for (index, line) in reason.enumerated() { center(line, 5 - reason.count + index, .normal) }
            let glyph = prompt.biometry == .faceID ? ["╭─────╮", "│ ◦ ◦ │", "│  ‿  │", "╰─────╯"]
                                                    : ["╭─────╮", "│ ╭─╮ │", "│ │││ │", "╰─────╯"]
            let notice = prompt.notice.map { AppView.wrap(words.core.text($0, biometry: prompt.biometry), width: panel.columns - 4) }
            // A notice of two lines (the lockout) lifts the picture a row, so all of it shows above the buttons.
            let lift = (notice?.count ?? 0) > 1 ? 1 : 0
            for (index, line) in glyph.enumerated() {
                center(line, 6 - lift + index, prompt.failedAttempts > 0 ? .red : .accent)
            }
            for (index, line) in (notice ?? []).prefix(2).enumerated() { center(line, 10 - lift + index, .error) }
            frame.horizontalRule(row: panel.row + 11, columns: (panel.column + 1)..<(panel.column + panel.columns - 1))
            if prompt.offersPasscode {
                frame.put(words.text(SecondFactorText.enterPasscodeButton), row: panel.row + 12, column: panel.column + 4,
                          role: .accent)
                frame.put("│", row: panel.row + 12, column: panel.column + panel.columns / 2, role: .muted)
                frame.put(words.text(SecondFactorText.cancelButton), row: panel.row + 12,
                          column: panel.column + panel.columns / 2 + 7, role: .accent)
            } else {
                center(words.text(SecondFactorText.cancelButton), 12, .accent)
            }
        } else {
            center(words.text(SecondFactorText.enterDevicePasscode), 1, .title)
            let reason = AppView.wrap(words.text(SecondFactorText.biometricReason(screen.purpose)), width: panel.columns - 4)
                .prefix(2)
            for (index, line) in reason.enumerated() { center(line, 3 + index, .normal) }
            let typed = screen.passcode.codePointCount
            let dots = (0..<max(6, typed)).map { $0 < typed ? "●" : "○" }.joined(separator: " ")
            center(dots, 6, .accent)
            if FieldLimit.passcode.isFull(screen.passcode.exposedValue) { center(words.text(SecondFactorText.passcodeFull(limit: FieldLimit.passcode.scalars)), 7, .warning) }
            if let notice = prompt.notice.map({ words.core.text($0, biometry: prompt.biometry) }) {
                for (index, line) in AppView.wrap(notice, width: panel.columns - 4).prefix(3).enumerated() {
                    center(line, 8 + index, .error)
                }
            }
            frame.horizontalRule(row: panel.row + 11, columns: (panel.column + 1)..<(panel.column + panel.columns - 1))
            center(words.text(SecondFactorText.cancelButton), 12, .accent)
        }
        if screen.busy { center("…", 5, .muted) }
        // The bank's word, not the phone's: above the sheet, where the app shows through.
        if screen.changedSinceReview, panel.row > body.row {
            let note = AppView.wrap(words.text(BankingText.approvalChangedSinceReview), width: body.columns - 2)
            let rows = min(note.count, panel.row - body.row)
            for (index, line) in note.prefix(rows).enumerated() {
                frame.putCentered(line, row: panel.row - rows + index, role: .warning)
            }
        }
    }
}
