import TermBankCore

enum SitekeyView {
    static func draw(_ frame: inout Frame, _ screen: SitekeyScreen, state: AppState, in body: Rect, words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 56, rows: 17)
        frame.box(panel, role: .accent, title: words.text(SignInText.sitekeyTitle))
        // The picture, the phrase, the note and the choices take 12 rows
        // inside the box; its 3 blank rows go where the body is short (60x20
        // with a key bar on two rows), above the picture first, then between
        // it and the phrase, so the choices always sit inside the box.
        let blanks = max(0, min(3, panel.rows - 14))
        let artRow = panel.row + 1 + (blanks >= 3 ? 1 : 0)
        let phraseRow = artRow + SitekeyArt.height + (blanks >= 2 ? 1 : 0)
        let choicesRow = phraseRow + 2 + (blanks >= 1 ? 1 : 0)
        let art = state.gallery.picture(screen.user.sitekey.image, for: state.charset)
        let artWidth = art?.size.columns ?? 18
        let artColumn = panel.column + (panel.columns - artWidth) / 2
        if let art {
            art.draw(into: &frame, row: artRow, column: artColumn, charset: state.charset)
        } else {
            frame.putCentered("[\(screen.user.sitekey.image)]", row: artRow + 4, role: .muted)
        }
        frame.putCentered("“\(screen.user.sitekey.phrase)”", row: phraseRow, role: .title)
        frame.putCentered(words.text(SignInText.onlyTheRealBankKnows), row: phraseRow + 1, role: .muted)
        if screen.busy {
            frame.putCentered(words.text(SignInText.signingIn), row: choicesRow, role: .muted)
        } else {
            // "[ Enter  Sign in ]    [ n  This is not my image ]": key caps and the catalog's words.
            let signIn = words.text(SignInText.signInChoice), notMine = words.text(SignInText.notMyImageChoice)
            let width = Frame.columns(of: "[ Enter  " + signIn + " ]    [ n  " + notMine + " ]")
            let start = panel.column + (panel.columns - width) / 2
            frame.put("[ ", row: choicesRow, column: start)
            var column = frame.put("Enter", row: choicesRow, column: start + 2, role: .accent)
            column = frame.put("  " + signIn + " ]    [ ", row: choicesRow, column: column)
            column = frame.put("n", row: choicesRow, column: column, role: .accent)
            frame.put("  " + notMine + " ]", row: choicesRow, column: column)
        }
    }
}
