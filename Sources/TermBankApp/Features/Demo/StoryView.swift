import TermBankCore

/// The guided story's checklist (decision 55), in demo mode on every screen:
/// one line on the rule under the header ("Story ✓1 ✓2 3 4 · log out (l),
/// sign in again"), and the four steps in full above the welcome and login
/// forms where there is room. Every ✓ is what the bank recorded for the
/// customer (`StoryProgress`, read each second), never a key pressed here.
enum StoryView {
    /// The four steps as this state words them, and which are done.
    static func steps(_ state: AppState) -> [(step: StoryStep, done: Bool)] {
        let story = state.demo?.story
        let done = story?.done ?? [false, false, false, false]
        let third: StoryStep = story?.signedInAgain.map(StoryStep.signedInAgain)
            ?? .signInAgain(smsOn: story?.smsVerificationOn ?? true)
        let steps: [StoryStep] = [.signIn(state.demo?.biometry ?? .touchID), .moveMoney, third, .authenticator]
        return zip(steps, done).map { ($0, $1) }
    }

    /// The one-line checklist on the header's rule (row 1), from its third
    /// column; cut with an ellipsis where the row is too short.
    static func drawLine(_ frame: inout Frame, _ state: AppState, words: any AppCatalog) {
        guard state.demo != nil else { return }
        if case .phoneWindow = state.screen { return }
        let steps = steps(state)
        let right = frame.size.columns - 2
        var column = frame.put(" " + words.text(DemoText.storyLine) + " ", row: 1, column: 2, role: .accent)
        for (index, item) in steps.enumerated() {
            column = frame.put(item.done ? "✓\(index + 1)" : " \(index + 1)", row: 1, column: column,
                               role: item.done ? .accent : .muted)
            column = frame.put(" ", row: 1, column: column)
        }
        let now = steps.first { !$0.done }.map { words.text(DemoText.storyShort($0.step)) } ?? words.text(DemoText.storyAllDone)
        let rest = "· " + now + " "
        frame.put(cut(rest, columns: right - column), row: 1, column: column, role: .normal)
    }

    /// The text, or as much as fits in `columns` with an ellipsis.
    static func cut(_ text: String, columns: Int) -> String {
        guard columns > 0 else { return "" }
        if Frame.columns(of: text) <= columns { return text }
        var kept = ""
        for character in text {
            if Frame.columns(of: kept + String(character)) + 1 > columns { break }
            kept.append(character)
        }
        return kept + "…"
    }

    /// The phone beside the app (120 columns and more): its box, and the
    /// four steps in full at its foot under a rule, wrapped to its width.
    /// Returns the rule's row, above which the messages stop.
    static func drawInPhone(_ frame: inout Frame, _ state: AppState, in area: Rect, words: any AppCatalog) -> Int {
        frame.fill(area, role: .normal)
        frame.box(area, role: .accent, title: words.text(DemoText.phoneTitle))
        let width = area.columns - 6
        let lines = steps(state).map { item in
            (done: item.done, lines: AppView.wrap(words.text(DemoText.storyStep(item.step)), width: width).prefix(2))
        }
        let rows = lines.reduce(0) { $0 + $1.lines.count } + 1
        var row = area.row + area.rows - 1 - rows
        // Half the phone at least stays for the messages; a short window keeps only the line under the header.
        guard row > area.row + area.rows / 2 else { return area.row + area.rows - 1 }
        frame.horizontalRule(row: row, columns: (area.column + 1)..<(area.column + area.columns - 1))
        frame.put(" " + words.text(DemoText.storyLine) + " ", row: row, column: area.column + 2, role: .accent)
        let rule = row
        row += 1
        for item in lines {
            if item.done { frame.put("✓", row: row, column: area.column + 2, role: .accent) }
            for line in item.lines {
                frame.put(line, row: row, column: area.column + 4, role: item.done ? .normal : .muted)
                row += 1
            }
        }
        return rule
    }
}
