import TermBankCore

/// Where the chrome and the screen go on a frame: the header (two rows at
/// the top), the key bar (one or two rows at the bottom), the status line
/// above it (one or two rows), and the screen's body in what is left.
///
/// The key bar rule, one for every screen and language: the bar lists the
/// screen's keys in their order, two spaces apart, from the bottom row's
/// second column. When they do not all fit the width (60 columns, or a
/// language whose words are longer), the bar wraps onto a second row and
/// the body gives up that row. Keys are never dropped and never shortened:
/// a key shown only in the help overlay is a key most customers never find,
/// and abbreviated labels in four languages are words nobody reads. A
/// screen's layout therefore has one row fewer at narrow widths, which
/// every screen is built to take (`FittingTests`). The help overlay (`?`)
/// lists every key, with those a screen has more of than any bar holds
/// (`KeyHelp.helpOnly`), above the bar and never over it (`HelpOverlay`).
///
/// The status line says one thing at a time (the idle warning, a message on
/// the demo phone, a code on its way, a language the terminal cannot show);
/// a sentence longer than the row wraps onto a second row, again taken from
/// the body, for as long as it shows.
struct ScreenLayout {
    /// Rows the key bar may take. Keys beyond two rows are left off, and the
    /// fitting tests fail: no screen may have that many.
    static let keyBarMaximumRows = 2

    struct Key {
        let keys: String
        let label: String
    }

    let size: Size
    /// The key bar's rows, top first.
    let keyBar: [[Key]]
    /// The status line's rows (none when it has nothing to say), and their role.
    let status: [String]
    let statusRole: StyleRole

    /// Rows the status line takes: one even when it says nothing, so a
    /// message that comes and goes does not move the screen.
    var statusRows: Int { max(1, status.count) }
    var keyBarRow: Int { size.rows - keyBar.count }
    var statusRow: Int { keyBarRow - statusRows }
    var body: Rect { Rect(row: 2, column: 0, columns: size.columns, rows: max(0, statusRow - 2)) }

    /// `status`: the status line's sentence (`AppView.status`), if it has one.
    init(_ state: AppState, size: Size, words: any AppCatalog, status said: (text: String, role: StyleRole)?) {
        self.size = size
        // Every label is asked for before it is placed, so a key left off the bar is a word the fitting tests miss.
        let keys = KeyHelp.items(for: state).map { Key(keys: $0.keys, label: words.text($0.label)) }
        keyBar = Self.keyBarRows(keys, columns: size.columns)
        if let (text, role) = said {
            // Two rows at most; a longer text (a phone's banner) ends its second row with an ellipsis.
            let lines = Frame.columns(of: text) <= size.columns ? [text] : AppView.wrap(text, width: size.columns - 2)
            status = lines.count <= 2 ? lines
                : [lines[0], Frame.cut(lines[1...].joined(separator: " "), toColumns: size.columns - 2)]
            statusRole = role
        } else {
            status = []
            statusRole = .muted
        }
    }

    /// Keys in order, as many on a row as fit with two spaces after each
    /// (the last one's included, as the bar has always been drawn), then the
    /// next row.
    static func keyBarRows(_ keys: [Key], columns: Int) -> [[Key]] {
        var rows: [[Key]] = [[]]
        var column = 1
        for key in keys {
            let width = Frame.columns(of: key.keys) + Frame.columns(of: key.label) + 3
            if column + width > columns, !(rows.last?.isEmpty ?? true) {
                guard rows.count < keyBarMaximumRows else { break }
                rows.append([])
                column = 1
            }
            rows[rows.count - 1].append(key)
            column += width
        }
        return rows
    }

    /// The body's rows the history plans its pages for: without what comes
    /// and goes (a status message, a question, the search prompt's shorter
    /// key bar), so a page keeps one size and moving never asks the bank again
    /// only because a key bar changed.
    static func steadyBodyRows(_ state: AppState) -> Int {
        var steady = state
        steady.modal = nil
        steady.showsHelp = false
        steady.statement.searchDraft = nil
        return ScreenLayout(steady, size: AppView.appSize(steady), words: steady.shownLanguage.appCatalog, status: nil).body.rows
    }
}
