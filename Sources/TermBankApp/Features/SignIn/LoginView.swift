import TermBankCore

enum LoginView {
    static func draw(_ frame: inout Frame, _ form: LoginForm, state: AppState, in body: Rect) {
        // Demo mode: the guided path above the form.
        let area = state.demo != nil ? WelcomeView.drawStory(&frame, in: body, panelRows: 12) : body
        let panel = AppView.centered(in: area, columns: 56, rows: 12)
        frame.box(panel, role: .accent, title: "Sign in to TermBank")
        let left = panel.column + 3
        frame.put("Welcome. Sign in with your username and password.", row: panel.row + 2, column: left, role: .muted)
        field(&frame, label: "Username", value: form.username, focused: form.focus == .username,
              row: panel.row + 4, column: left, width: panel.columns - 18, full: FieldLimit.username.isFull(form.username))
        field(&frame, label: "Password", value: mask(form.password), focused: form.focus == .password,
              row: panel.row + 6, column: left, width: panel.columns - 18,
              full: FieldLimit.password.isFull(form.password.exposedValue))
        if form.busy {
            frame.put("Checking…", row: panel.row + 8, column: left, role: .muted)
        } else if let error = form.error {
            for (index, line) in AppView.wrap(error, width: panel.columns - 6).prefix(2).enumerated() {
                frame.put(line, row: panel.row + 8 + index, column: left, role: .error)
            }
        }
        if let device = state.deviceName {
            frame.putCentered("Simulated device: \(device)", row: panel.row + panel.rows + 1, role: .muted)
        }
    }

    static func drawDevicePicker(_ frame: inout Frame, _ picker: DevicePicker, in body: Rect) {
        let panel = AppView.centered(in: body, columns: 56, rows: 8 + picker.choices.count)
        frame.box(panel, role: .accent, title: "Which phone are you holding?")
        let left = panel.column + 3
        frame.put("Each session stands for one simulated phone.", row: panel.row + 2, column: left, role: .muted)
        for (index, choice) in picker.choices.enumerated() {
            let selected = index == picker.selected
            let label = " \(index + 1)  \(StatementView.pad(choice.name, 18)) \(choice.biometry.displayName) "
            if selected { frame.fill(Rect(row: panel.row + 4 + index, column: left, columns: panel.columns - 6, rows: 1), role: .focus) }
            frame.put(label, row: panel.row + 4 + index, column: left, role: selected ? .focus : .normal)
        }
        if let error = picker.error {
            frame.put(String(error.prefix(panel.columns - 6)), row: panel.row + panel.rows - 2, column: left, role: .error)
        }
    }

    /// "Label  [value▏      ]" with the focused field highlighted. A field at
    /// its limit says so at its right end ("[value▏  full]"), so keys that
    /// no longer add anything are explained rather than silently dropped.
    static func field(_ frame: inout Frame, label: String, value: String, focused: Bool, row: Int, column: Int, width: Int,
                      full: Bool = false) {
        frame.put(label, row: row, column: column, role: focused ? .accent : .normal)
        let start = column + 11
        frame.fill(Rect(row: row, column: start, columns: width, rows: 1), role: focused ? .focus : .field)
        let room = full ? width - fullMarker.count - 1 : width
        let visible = value.count >= room - 1 ? String(value.suffix(room - 2)) : value
        let end = frame.put(visible, row: row, column: start, role: focused ? .focus : .field)
        if focused { frame.put("▏", row: row, column: end, role: .focus) }
        if full { frame.put(fullMarker, row: row, column: start + width - fullMarker.count, role: .warning) }
    }

    static let fullMarker = "full"

    /// One dot per scalar typed: one per key, so Backspace takes one dot away.
    static func mask(_ secret: Secret) -> String {
        String(repeating: "•", count: secret.codePointCount)
    }
}
