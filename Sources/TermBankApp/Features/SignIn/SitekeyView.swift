import TermBankCore

enum SitekeyView {
    static func draw(_ frame: inout Frame, _ screen: SitekeyScreen, state: AppState, in body: Rect, words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 56, rows: 17)
        frame.box(panel, role: .accent, title: words.text(SignInText.sitekeyTitle))
        let art = state.gallery.picture(screen.user.sitekey.image, for: state.charset)
        let artWidth = art?.size.columns ?? 18
        let artColumn = panel.column + (panel.columns - artWidth) / 2
        if let art {
            art.draw(into: &frame, row: panel.row + 2, column: artColumn, charset: state.charset)
        } else {
            frame.putCentered("[\(screen.user.sitekey.image)]", row: panel.row + 6, role: .muted)
        }
        frame.putCentered("“\(screen.user.sitekey.phrase)”", row: panel.row + 12, role: .title)
        frame.putCentered(words.text(SignInText.onlyTheRealBankKnows), row: panel.row + 13, role: .muted)
        if screen.busy {
            frame.putCentered(words.text(SignInText.signingIn), row: panel.row + 15, role: .muted)
        } else {
            // "[ Enter  Sign in ]    [ n  This is not my image ]": key caps and the catalog's words.
            let signIn = words.text(SignInText.signInChoice), notMine = words.text(SignInText.notMyImageChoice)
            let width = Frame.columns(of: "[ Enter  " + signIn + " ]    [ n  " + notMine + " ]")
            let start = panel.column + (panel.columns - width) / 2
            frame.put("[ ", row: panel.row + 15, column: start)
            var column = frame.put("Enter", row: panel.row + 15, column: start + 2, role: .accent)
            column = frame.put("  " + signIn + " ]    [ ", row: panel.row + 15, column: column)
            column = frame.put("n", row: panel.row + 15, column: column, role: .accent)
            frame.put("  " + notMine + " ]", row: panel.row + 15, column: column)
        }
    }
}
