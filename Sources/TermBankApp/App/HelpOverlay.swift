import TermBankCore

/// The help overlay (`?`): every key the screen answers to, its own (those
/// on the key bar and those only here), then the global ones it does not
/// already name (its own Esc says what Esc does here).
///
/// It stays inside the body, over the screen, never over the status line
/// or the key bar (decision 61: at 80x24 and 60x20 it covered the bar). Where
/// the whole list does not fit the body (a statement at 60x20 has 14 keys
/// and 15 rows of body), it lists the keys the bar does not show and says
/// that the bar beneath it, in sight, has the others: no key is lost.
enum HelpOverlay {
    static func draw(_ frame: inout Frame, _ state: AppState, body: Rect, _ words: any AppCatalog) {
        let bar = KeyHelp.items(for: state)
        let own = bar.filter { $0.keys != "?" } + KeyHelp.helpOnly(for: state)
        let every = own + KeyHelp.global.filter { global in !own.contains { $0.keys == global.keys } }
        var items = every
        var lines = listing(every, state, frame: frame, words)
        if lines.count + 2 > body.rows {
            items = every.filter { !bar.contains($0) }
            lines = listing(items, state, frame: frame, words) + [words.text(ChromeText.otherKeysOnTheBar)]
        }
        let labels = items.map { words.text($0.label) }
        let widest = labels.map(Frame.columns(of:)).max() ?? 0
        let columns = max(50, 14 + widest + 3)
        let spaced = lines.count + 4 <= body.rows
        let panel = AppView.centered(in: body, columns: columns, rows: lines.count + (spaced ? 4 : 2))
        frame.fill(panel, role: .normal)
        frame.box(panel, role: .accent, title: words.text(ChromeText.keysTitle))
        let first = panel.row + (spaced ? 2 : 1)
        for (index, item) in items.enumerated() {
            frame.put(item.keys, row: first + index, column: panel.column + 3, role: .accent)
            frame.put(labels[index], row: first + index, column: panel.column + 14)
        }
        for (index, line) in lines.dropFirst(items.count).enumerated() {
            frame.put(line, row: first + items.count + index, column: panel.column + 3, role: .muted)
        }
        // On the bottom edge, ending three columns before the corner, however long it is in the language.
        let closes = words.text(ChromeText.anyKeyCloses)
        frame.putOnEdge(closes, row: panel.row + panel.rows - 1,
                        column: panel.column + panel.columns - 3 - Frame.columns(of: closes), role: .muted)
    }

    /// The panel's rows of text for a list of keys: one a key, then where
    /// letters are commands, a line saying a Ukrainian layout's letters work
    /// them too (the keys' own rows are placeholders here; only the count
    /// and the note's lines matter).
    private static func listing(_ items: [KeyHelp.Item], _ state: AppState, frame: Frame, _ words: any AppCatalog) -> [String] {
        let widest = items.map { Frame.columns(of: words.text($0.label)) }.max() ?? 0
        let columns = max(50, 14 + widest + 3)
        let note = CommandKeysByPosition.helpMentions(state, items)
            ? AppView.wrap(words.text(ChromeText.sameKeysOnAUkrainianLayout), width: min(columns, frame.size.columns) - 6) : []
        return items.map(\.keys) + note
    }
}
