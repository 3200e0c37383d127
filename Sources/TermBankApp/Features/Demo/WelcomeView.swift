import TermBankCore

/// Demo mode's welcome screen, the new guest's card, and the guided path
/// the login screens show (issue 10: no README needed to finish the story).
enum WelcomeView {
    /// The guided path's steps, 1 to 4.
    static let storySteps = 1...4

    /// Rows the story takes above a panel, with the blank row after it.
    static let storyRows = storySteps.count + 1

    /// The story at the top of `body`; returns the body left below it (all
    /// of it when there is no room). `rowsBelow`: what the screen draws under
    /// the story (its panel, and any line under that).
    static func drawStory(_ frame: inout Frame, in body: Rect, rowsBelow: Int, words: any AppCatalog) -> Rect {
        guard body.rows >= rowsBelow + storyRows else { return body }
        let story = storySteps.map { words.text(DemoText.story(step: $0)) }
        let lead = words.text(DemoText.storyLead)
        // The steps start after the lead ("Try:"), whatever its length in the language.
        let indent = max(5, Frame.columns(of: lead) + 1)
        let width = story.map { Frame.columns(of: $0) }.max() ?? 0
        let left = body.column + max(2, (body.columns - width - indent - 3) / 2)
        for (index, line) in story.enumerated() {
            if index == 0 { frame.put(lead, row: body.row + index, column: left, role: .accent) }
            frame.put(line, row: body.row + index, column: left + indent, role: .muted)
        }
        return Rect(row: body.row + storyRows, column: body.column, columns: body.columns, rows: body.rows - storyRows)
    }

    static func draw(_ frame: inout Frame, _ screen: WelcomeScreen, in body: Rect, words: any AppCatalog) {
        let rest = drawStory(&frame, in: body, rowsBelow: 14, words: words)
        let panel = AppView.centered(in: rest, columns: 60, rows: 14)
        frame.box(panel, role: .accent, title: words.text(DemoText.welcomeTitle))
        let left = panel.column + 3
        frame.put("g", row: panel.row + 2, column: left, role: .accent)
        frame.put(words.text(DemoText.newCustomer), row: panel.row + 2, column: left + 8, role: .title)
        frame.put(words.text(DemoText.newCustomerDetail), row: panel.row + 3, column: left + 8, role: .muted)
        frame.put("Enter", row: panel.row + 5, column: left, role: .accent)
        frame.put(words.text(DemoText.signIn), row: panel.row + 5, column: left + 8, role: .title)
        frame.put(words.text(DemoText.sharedCustomers), row: panel.row + 6, column: left + 8, role: .muted)
        frame.put(words.text(DemoText.sharedCustomersMore), row: panel.row + 7, column: left + 8, role: .muted)
        // Their settings are one customer's: whoever changes one changes it for all (decision 46).
        frame.put(words.text(DemoText.sharedSettings), row: panel.row + 8, column: left + 8, role: .warning)
        if screen.busy {
            frame.put(words.text(DemoText.makingCustomer), row: panel.row + 10, column: left, role: .muted)
        } else if let error = screen.error.map(words.text) {
            for (index, line) in AppView.wrap(error, width: panel.columns - 6).prefix(3).enumerated() {
                frame.put(line, row: panel.row + 10 + index, column: left, role: .error)
            }
        }
    }

    static func drawCard(_ frame: inout Frame, _ card: GuestCard, now: Timestamp, in body: Rect, words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 64, rows: 15)
        frame.box(panel, role: .accent, title: words.text(DemoText.cardTitle))
        let left = panel.column + 3
        frame.put(words.text(DemoText.noteThePassword), row: panel.row + 2, column: left, role: .warning)
        let user = card.credentials.user
        credential(&frame, words.text(DemoText.usernameLabel), user.username.rawValue, row: panel.row + 4, left: left,
                   width: panel.columns - 6)
        credential(&frame, words.text(DemoText.passwordLabel), card.credentials.password.exposedValue, row: panel.row + 6,
                   left: left, width: panel.columns - 6)
        // Wrapped inside the box's padding (in Portuguese the second line is longer than the box at 60 columns).
        let phoneLines = AppView.putWrapped(&frame, words.text(DemoText.phoneSimulated(masked: user.phone.masked)),
                                            row: panel.row + 8, column: left, width: panel.columns - 6, lines: 2)
        let remaining = max(0, card.credentials.expiresAt.millisecondsSinceEpoch - now.millisecondsSinceEpoch)
        // To the nearest hour: the frame's clock can be a tick behind the moment the
        // guest was made, and rounding up would then promise 25 hours.
        let hours = (remaining + 1_800_000) / 3_600_000
        // Down to the row above "Press Enter" at most.
        AppView.putWrapped(&frame, words.text(DemoText.smsOnRemovedIn(hours: hours)), row: panel.row + 8 + phoneLines,
                           column: left, width: panel.columns - 6, lines: 12 - 8 - phoneLines, role: .muted)
        frame.put(words.text(DemoText.pressEnterToSignIn), row: panel.row + 12, column: left, role: .accent)
    }

    /// A label and a value in a wide band, large enough to read off a shared screen.
    private static func credential(_ frame: inout Frame, _ label: String, _ value: String, row: Int, left: Int, width: Int) {
        frame.put(label, row: row, column: left, role: .muted)
        frame.fill(Rect(row: row, column: left + 11, columns: width - 11, rows: 1), role: .focus)
        frame.put(" " + value, row: row, column: left + 11, role: .focus)
    }
}
