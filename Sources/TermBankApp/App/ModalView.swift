import TermBankCore

enum ModalView {
    static func draw(_ frame: inout Frame, _ modal: Modal, state: AppState) {
        let area = Rect(row: 2, column: 0, columns: frame.size.columns, rows: frame.size.rows - 4)
        let panel = AppView.centered(in: area, columns: 50, rows: 8)
        frame.fill(panel, role: .normal)
        switch modal {
        case .confirmQuit:
            frame.box(panel, role: .warning, title: "Quit")
            frame.put("Quit TermBank?", row: panel.row + 2, column: panel.column + 3)
            if state.session != nil {
                frame.put("You will be signed out.", row: panel.row + 3, column: panel.column + 3, role: .muted)
            }
            frame.put("y  Yes      n  No", row: panel.row + 5, column: panel.column + 3, role: .accent)
        case .confirmSMSOnLogout:
            frame.box(panel, role: .accent, title: "SMS Verification")
            frame.put("Perform SMS verification on login?", row: panel.row + 2, column: panel.column + 3)
            frame.put("n turns it off (your password and a code).", row: panel.row + 3, column: panel.column + 3, role: .muted)
            frame.put("y  Yes      n  No", row: panel.row + 5, column: panel.column + 3, role: .accent)
        case .trustDevice:
            frame.box(panel, role: .accent, title: "Trusted device")
            frame.put("Trust this device for 30 days?", row: panel.row + 2, column: panel.column + 3)
            frame.put("Sign-in here then skips the second factor.", row: panel.row + 3, column: panel.column + 3, role: .muted)
            frame.put("y  Yes      n  No", row: panel.row + 5, column: panel.column + 3, role: .accent)
        }
    }
}
