import TermBankCore

enum SitekeyView {
    static func draw(_ frame: inout Frame, _ screen: SitekeyScreen, state: AppState, in body: Rect) {
        let panel = AppView.centered(in: body, columns: 56, rows: 17)
        frame.box(panel, role: .accent, title: "Is this your sitekey?")
        let art = state.gallery[screen.user.sitekey.image]
        let artWidth = art?.size.columns ?? 18
        let artColumn = panel.column + (panel.columns - artWidth) / 2
        if let art {
            art.draw(into: &frame, row: panel.row + 2, column: artColumn)
        } else {
            frame.putCentered("[\(screen.user.sitekey.image)]", row: panel.row + 6, role: .muted)
        }
        frame.putCentered("“\(screen.user.sitekey.phrase)”", row: panel.row + 12, role: .title)
        frame.putCentered("Only the real TermBank knows your picture.", row: panel.row + 13, role: .muted)
        if screen.busy {
            frame.putCentered("Signing in…", row: panel.row + 15, role: .muted)
        } else {
            let choices = "[ Enter  Sign in ]    [ n  This is not my image ]"
            let start = panel.column + (panel.columns - choices.count) / 2
            frame.put("[ ", row: panel.row + 15, column: start)
            var column = frame.put("Enter", row: panel.row + 15, column: start + 2, role: .accent)
            column = frame.put("  Sign in ]    [ ", row: panel.row + 15, column: column)
            column = frame.put("n", row: panel.row + 15, column: column, role: .accent)
            frame.put("  This is not my image ]", row: panel.row + 15, column: column)
        }
    }
}
