import TermBankCore

/// Demo mode's welcome screen, the new guest's card, and the guided path
/// the login screens show (no README needed to finish the story).
enum WelcomeView {
    /// Rows the story takes above a panel, with the blank row after it.
    static let storyRows = 5

    /// The story in full at the top of `body`, a ✓ before each step the bank
    /// recorded as done; returns the body left below it (all of it when there
    /// is no room, or when the phone beside the app lists them: the header's
    /// one-line checklist stays). `rowsBelow`: what
    /// the screen draws under the story (its panel, and any line under that).
    static func drawStory(_ frame: inout Frame, _ state: AppState, in body: Rect, rowsBelow: Int,
                          words: any AppCatalog) -> Rect {
        // Beside the app the phone lists the steps at its foot: not twice.
        guard body.rows >= rowsBelow + storyRows, state.size.columns < PhonePanel.besideWidth else { return body }
        let steps = StoryView.steps(state)
        let story = steps.map { words.text(DemoText.storyStep($0.step)) }
        let lead = words.text(DemoText.storyLead)
        // The steps start after the lead ("Try:") and the marks' column, whatever the lead's length in the language.
        let indent = max(5, Frame.columns(of: lead) + 1) + 2
        let width = story.map { Frame.columns(of: $0) }.max() ?? 0
        let left = body.column + max(2, (body.columns - width - indent - 3) / 2)
        let room = body.column + body.columns - 1 - (left + indent)
        for (index, line) in story.enumerated() {
            if index == 0 { frame.put(lead, row: body.row + index, column: left, role: .accent) }
            if steps[index].done { frame.put("✓", row: body.row + index, column: left + indent - 2, role: .accent) }
            frame.put(StoryView.cut(line, columns: room), row: body.row + index, column: left + indent,
                      role: steps[index].done ? .normal : .muted)
        }
        return Rect(row: body.row + storyRows, column: body.column, columns: body.columns, rows: body.rows - storyRows)
    }

    static func draw(_ frame: inout Frame, _ screen: WelcomeScreen, state: AppState, in body: Rect, words: any AppCatalog) {
        let rest = drawStory(&frame, state, in: body, rowsBelow: 14, words: words)
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
        if state.demo?.recorded == true {
            frame.put(StoryView.cut(words.text(DemoText.sessionRecorded), columns: panel.columns - 6), row: panel.row + 12,
                      column: left, role: .warning)
        }
        if screen.busy {
            frame.put(words.text(DemoText.makingCustomer), row: panel.row + 10, column: left, role: .muted)
        } else if screen.error == nil, let owner = state.demo?.story?.owner {
            // This key's guest, or the customer last signed in here: Enter fills the name in.
            frame.put(StoryView.cut(words.text(DemoText.welcomeBack(owner.rawValue)), columns: panel.columns - 6),
                      row: panel.row + 10, column: left, role: .title)
        } else if let error = screen.error.map(words.text) {
            // Two lines when the last row says the session is recorded.
            let rows = state.demo?.recorded == true ? 2 : 3
            for (index, line) in AppView.wrap(error, width: panel.columns - 6).prefix(rows).enumerated() {
                frame.put(line, row: panel.row + 10 + index, column: left, role: .error)
            }
        }
    }

    /// The new guest's card: the username and password in wide bands, then
    /// the sitekey picture with its phrase beside the phone's lines, so the
    /// first "Is this your sitekey?" asks about something already seen. 16
    /// rows: the body at 60x20.
    static func drawCard(_ frame: inout Frame, _ card: GuestCard, state: AppState, in body: Rect, words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 64, rows: 16)
        frame.box(panel, role: .accent, title: words.text(DemoText.cardTitle))
        let left = panel.column + 3
        let width = panel.columns - 6
        frame.put(StoryView.cut(words.text(DemoText.noteThePassword), columns: width), row: panel.row + 1, column: left,
                  role: .warning)
        let user = card.credentials.user
        let labels = [words.text(DemoText.usernameLabel), words.text(DemoText.passwordLabel)]
        let labelWidth = (labels.map(Frame.columns(of:)).max() ?? 8) + 2
        credential(&frame, labels[0], user.username.rawValue, row: panel.row + 2, left: left, labelWidth: labelWidth,
                   width: width)
        credential(&frame, labels[1], card.credentials.password.exposedValue, row: panel.row + 3, left: left,
                   labelWidth: labelWidth, width: width)
        // The picture on the left, what to remember and the phone's lines beside it.
        let art = state.gallery.picture(user.sitekey.image, for: state.charset)
        let artWidth = art?.size.columns ?? 18
        if let art {
            art.draw(into: &frame, row: panel.row + 5, column: left, charset: state.charset)
        } else {
            frame.put("[\(user.sitekey.image)]", row: panel.row + 8, column: left, role: .muted)
        }
        let textLeft = left + artWidth + 2
        let textWidth = panel.column + panel.columns - 3 - textLeft
        let remaining = max(0, card.credentials.expiresAt.millisecondsSinceEpoch - state.now.millisecondsSinceEpoch)
        // To the nearest hour: the frame's clock can be a tick behind the moment the
        // guest was made, and rounding up would then promise 25 hours.
        let hours = (remaining + 1_800_000) / 3_600_000
        var row = panel.row + 5
        row += AppView.putWrapped(&frame, words.text(DemoText.rememberSitekey), row: row, column: textLeft, width: textWidth,
                                  lines: 2, role: .muted)
        row += AppView.putWrapped(&frame, "“\(user.sitekey.phrase)”", row: row, column: textLeft, width: textWidth, lines: 2,
                                  role: .title) + 1
        row += AppView.putWrapped(&frame, words.text(DemoText.phoneSimulated(masked: user.phone.masked)), row: row,
                                  column: textLeft, width: textWidth, lines: 2)
        AppView.putWrapped(&frame, words.text(DemoText.smsOnRemovedIn(hours: hours)), row: row, column: textLeft,
                           width: textWidth, lines: 2, role: .muted)
        frame.put(StoryView.cut(words.text(DemoText.pressEnterToSignIn), columns: width), row: panel.row + 14,
                  column: left, role: .accent)
    }

    /// A label and a value in a wide band, large enough to read off a shared screen.
    private static func credential(_ frame: inout Frame, _ label: String, _ value: String, row: Int, left: Int,
                                   labelWidth: Int, width: Int) {
        frame.put(label, row: row, column: left, role: .muted)
        frame.fill(Rect(row: row, column: left + labelWidth, columns: width - labelWidth, rows: 1), role: .focus)
        frame.put(" " + value, row: row, column: left + labelWidth, role: .focus)
    }
}
