import TermBankCore

enum LoginView {
    static func draw(_ frame: inout Frame, _ form: LoginForm, state: AppState, in body: Rect, words: any AppCatalog) {
        // Demo mode: the guided path above the form (its 12 rows, a blank row and the device's line).
        let area = state.demo != nil ? WelcomeView.drawStory(&frame, state, in: body, rowsBelow: 14, words: words) : body
        var panel = AppView.centered(in: area, columns: 56, rows: 12)
        if state.deviceName != nil {
            // The device's line below the panel stays in the body: up a row where the body is short.
            panel.row = max(area.row, min(panel.row, area.endRow - panel.rows - 2))
        }
        frame.box(panel, role: .accent, title: words.text(SignInText.signInTitle))
        let left = panel.column + 3
        frame.put(words.text(SignInText.welcome), row: panel.row + 2, column: left, role: .muted)
        field(&frame, label: words.text(SignInText.usernameLabel), value: form.username, focused: form.focus == .username,
              row: panel.row + 4, column: left, width: panel.columns - 18, full: FieldLimit.username.isFull(form.username),
              words: words)
        field(&frame, label: words.text(SignInText.passwordLabel), value: mask(form.password), focused: form.focus == .password,
              row: panel.row + 6, column: left, width: panel.columns - 18,
              full: FieldLimit.password.isFull(form.password.exposedValue), words: words)
        if form.busy {
            frame.put(words.text(SignInText.checking), row: panel.row + 8, column: left, role: .muted)
        } else if let error = form.error.map(words.text) {
            // Up to three lines, to the panel's bottom edge.
            for (index, line) in AppView.wrap(error, width: panel.columns - 6).prefix(3).enumerated() {
                frame.put(line, row: panel.row + 8 + index, column: left, role: .error)
            }
        }
        if let device = state.deviceName {
            frame.putCentered(words.text(deviceLine(device, state: state)), row: panel.row + panel.rows + 1, role: .muted)
        }
    }

    /// The line under the sign-in form naming the device. Only the demo's
    /// phone is a simulation to the one signing in; without `--demo` the
    /// device (an SSH key's, a registered terminal's) is simply theirs.
    static func deviceLine(_ device: String, state: AppState) -> SignInText {
        state.demo != nil ? .simulatedDevice(device) : .thisDevice(device)
    }

    static func drawDevicePicker(_ frame: inout Frame, _ picker: DevicePicker, in body: Rect, words: any AppCatalog) {
        let width = min(56, body.columns)
        let error = picker.error.map { AppView.wrap(words.text($0), width: width - 6) } ?? []
        let panel = AppView.centered(in: body, columns: width, rows: 7 + picker.choices.count + max(1, error.count))
        frame.box(panel, role: .accent, title: words.text(SignInText.devicePickerTitle))
        let left = panel.column + 3
        frame.put(words.text(SignInText.devicePickerExplanation), row: panel.row + 2, column: left, role: .muted)
        for (index, choice) in picker.choices.enumerated() {
            let selected = index == picker.selected
            let label = " \(index + 1)  \(StatementView.pad(choice.name, 18)) \(words.text(SignInText.biometry(choice.biometry))) "
            if selected { frame.fill(Rect(row: panel.row + 4 + index, column: left, columns: panel.columns - 6, rows: 1), role: .focus) }
            frame.put(label, row: panel.row + 4 + index, column: left, role: selected ? .focus : .normal)
        }
        for (index, line) in error.enumerated() {
            frame.put(line, row: panel.row + panel.rows - 1 - error.count + index, column: left, role: .error)
        }
    }

    /// "Label  [value▏      ]" with the focused field highlighted. A field at
    /// its limit says so at its right end ("[value▏  full]"), so keys that
    /// no longer add anything are explained rather than silently dropped.
    static func field(_ frame: inout Frame, label: String, value: String, focused: Bool, row: Int, column: Int, width: Int,
                      full: Bool = false, words: any AppCatalog = EnglishAppCatalog()) {
        // Asked only when shown, so a catalog's words are all on the frame (FittingTests).
        let fullMarker = full ? words.text(SignInText.fieldFull) : ""
        frame.put(label, row: row, column: column, role: focused ? .accent : .normal)
        let start = column + 11
        frame.fill(Rect(row: row, column: start, columns: width, rows: 1), role: focused ? .focus : .field)
        let room = full ? width - Frame.columns(of: fullMarker) - 1 : width
        let visible = value.count >= room - 1 ? String(value.suffix(room - 2)) : value
        let end = frame.put(visible, row: row, column: start, role: focused ? .focus : .field)
        if focused { frame.put("▏", row: row, column: end, role: .focus) }
        if full { frame.put(fullMarker, row: row, column: start + width - Frame.columns(of: fullMarker), role: .warning) }
    }

    /// One dot per scalar typed: one per key, so Backspace takes one dot away.
    static func mask(_ secret: Secret) -> String {
        String(repeating: "•", count: secret.codePointCount)
    }
}
