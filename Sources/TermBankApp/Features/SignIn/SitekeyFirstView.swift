import TermBankCore

/// The sitekey before the password, on a device this username signed in on
/// before: the picture at the left, the phrase, the prompt and the password
/// field at the right, and the way out if the picture is not theirs.
enum SitekeyFirstView {
    static func draw(_ frame: inout Frame, _ form: SitekeyFirstForm, state: AppState, in body: Rect, words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 66, rows: 16)
        frame.box(panel, role: .accent, title: words.text(SignInText.signInTitle))
        let art = state.gallery.picture(form.sitekey.image, for: state.charset)
        let artWidth = art?.size.columns ?? 18
        let artRows = art?.size.rows ?? 9
        let artColumn = panel.column + 3
        let artRow = panel.row + 2
        if let art {
            art.draw(into: &frame, row: artRow, column: artColumn, charset: state.charset)
        } else {
            frame.put("[\(form.sitekey.image)]", row: artRow + artRows / 2, column: artColumn, role: .muted)
        }
        let left = artColumn + artWidth + 3
        let width = panel.column + panel.columns - 2 - left
        frame.put(words.text(SignInText.usernameLabel), row: panel.row + 2, column: left, role: .muted)
        frame.put(TerminalText.sanitized(form.username), row: panel.row + 2, column: left + 11)
        var row = panel.row + 4
        for line in AppView.wrap("“\(form.sitekey.phrase)”", width: width).prefix(2) {
            frame.put(line, row: row, column: left, role: .title)
            row += 1
        }
        row = panel.row + 7
        for line in AppView.wrap(words.text(SignInText.sitekeyFirstPrompt), width: width).prefix(2) {
            frame.put(line, row: row, column: left)
            row += 1
        }
        LoginView.field(&frame, label: words.text(SignInText.passwordLabel),
                        value: String(repeating: "•", count: form.password.exposedValue.count),
                        focused: form.focus == .password && !form.busy, row: panel.row + 10, column: left,
                        width: max(8, width - 11), full: FieldLimit.password.isFull(form.password.exposedValue), words: words)
        // Under the field it is about: "Checking…", or why the password was refused.
        if form.busy {
            frame.put(words.text(SignInText.checking), row: panel.row + 11, column: left, role: .muted)
        } else if let error = form.error.map(words.text) {
            for (index, line) in AppView.wrap(error, width: width).prefix(3).enumerated() {
                frame.put(line, row: panel.row + 11 + index, column: left, role: .error)
            }
        }
        let link = words.text(SignInText.notMyImageLink)
        frame.put(link, row: panel.row + 14, column: left, role: form.focus == .notMyImage ? .focus : .accent)
        if let device = state.deviceName {
            frame.putCentered(words.text(LoginView.deviceLine(device, state: state)), row: panel.row + panel.rows, role: .muted)
        }
    }
}
