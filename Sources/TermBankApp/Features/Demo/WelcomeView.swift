import TermBankCore

/// Demo mode's welcome screen, the new guest's card, and the guided path
/// the login screens show (issue 10: no README needed to finish the story).
enum WelcomeView {
    static let story = [
        "1. Sign in (fingerprint: Enter)",
        "2. Move money (the code arrives on the phone)",
        "3. Turn SMS verification on, log out, sign in again with a code",
        "4. Try the authenticator app (a)",
    ]

    /// Rows the story takes above a panel, with the blank row after it.
    static let storyRows = story.count + 1

    /// The story at the top of `body`; returns the body left below it (all of it when there is no room).
    static func drawStory(_ frame: inout Frame, in body: Rect, panelRows: Int) -> Rect {
        guard body.rows >= panelRows + storyRows + 2 else { return body }
        let width = story.map(\.count).max() ?? 0
        let left = body.column + max(2, (body.columns - width - 8) / 2)
        for (index, line) in story.enumerated() {
            if index == 0 { frame.put("Try:", row: body.row + index, column: left, role: .accent) }
            frame.put(line, row: body.row + index, column: left + 5, role: .muted)
        }
        return Rect(row: body.row + storyRows, column: body.column, columns: body.columns, rows: body.rows - storyRows)
    }

    static func draw(_ frame: inout Frame, _ screen: WelcomeScreen, in body: Rect) {
        let rest = drawStory(&frame, in: body, panelRows: 13)
        let panel = AppView.centered(in: rest, columns: 60, rows: 13)
        frame.box(panel, role: .accent, title: "Welcome to the TermBank demo")
        let left = panel.column + 3
        frame.put("g", row: panel.row + 2, column: left, role: .accent)
        frame.put("Start as a new demo customer", row: panel.row + 2, column: left + 8, role: .title)
        frame.put("Your own customer and phone, for 24 hours.", row: panel.row + 3, column: left + 8, role: .muted)
        frame.put("Enter", row: panel.row + 5, column: left, role: .accent)
        frame.put("Sign in", row: panel.row + 5, column: left + 8, role: .title)
        frame.put("alice, bob and carol are shared with everyone", row: panel.row + 6, column: left + 8, role: .muted)
        frame.put("at the demo, or a demo customer you made.", row: panel.row + 7, column: left + 8, role: .muted)
        if screen.busy {
            frame.put("Making your demo customer…", row: panel.row + 9, column: left, role: .muted)
        } else if let error = screen.error {
            for (index, line) in AppView.wrap(error, width: panel.columns - 6).prefix(3).enumerated() {
                frame.put(line, row: panel.row + 9 + index, column: left, role: .error)
            }
        }
    }

    static func drawCard(_ frame: inout Frame, _ card: GuestCard, now: Timestamp, in body: Rect) {
        let panel = AppView.centered(in: body, columns: 64, rows: 15)
        frame.box(panel, role: .accent, title: "Your demo customer")
        let left = panel.column + 3
        frame.put("Note the password: it is shown only this once.", row: panel.row + 2, column: left, role: .warning)
        let user = card.credentials.user
        credential(&frame, "Username", user.username.rawValue, row: panel.row + 4, left: left, width: panel.columns - 6)
        credential(&frame, "Password", card.credentials.password.exposedValue, row: panel.row + 6, left: left,
                   width: panel.columns - 6)
        frame.put("Phone \(user.phone.masked), simulated on this screen.", row: panel.row + 8, column: left)
        let remaining = max(0, card.credentials.expiresAt.millisecondsSinceEpoch - now.millisecondsSinceEpoch)
        let hours = (remaining + 3_599_999) / 3_600_000
        frame.put("SMS verification is on. Removed in \(hours) hours.", row: panel.row + 9, column: left, role: .muted)
        frame.put("Press Enter to sign in (the username is filled in).", row: panel.row + 12, column: left, role: .accent)
    }

    /// A label and a value in a wide band, large enough to read off a shared screen.
    private static func credential(_ frame: inout Frame, _ label: String, _ value: String, row: Int, left: Int, width: Int) {
        frame.put(label, row: row, column: left, role: .muted)
        frame.fill(Rect(row: row, column: left + 11, columns: width - 11, rows: 1), role: .focus)
        frame.put(" " + value, row: row, column: left + 11, role: .focus)
    }
}
