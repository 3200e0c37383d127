import TermBankCore

/// One screenful: what every cell should show. Screens draw into a frame; the
/// painter puts it on the terminal; tests read it back as text and roles.
///
/// Every cell holds a character exactly one column wide (see `CellWidth`), so a
/// frame's columns are the terminal's columns. Drawing outside the frame is
/// clipped, never an error: layouts computed for a tiny or resized terminal
/// must not crash the bank.
public struct Frame: Equatable, Sendable {
    public let size: Size
    // Written only with width-checked characters (see `set` and `cellCharacters`).
    public internal(set) var rows: [[Cell]]

    /// Stands in for a character that does not fit one cell.
    public static let placeholder: Character = "?"

    /// A blank frame; negative sizes count as zero.
    public init(size: Size) {
        let clamped = Size(columns: max(size.columns, 0), rows: max(size.rows, 0))
        self.size = clamped
        self.rows = Array(repeating: Array(repeating: .blank, count: clamped.columns), count: clamped.rows)
    }

    /// The cell at a position, or nil outside the frame.
    public subscript(row: Int, column: Int) -> Cell? {
        contains(row: row, column: column) ? rows[row][column] : nil
    }

    /// Each row's characters, without trailing spaces: what golden tests compare.
    public var text: [String] {
        rows.map { row in
            var line = String(row.map(\.character))
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Sets one cell if it is inside the frame; a character that is not one
    /// column wide becomes the placeholder.
    public mutating func set(_ cell: Cell, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        var cell = cell
        if !CellWidth.fitsOneCell(cell.character) { cell.character = Frame.placeholder }
        rows[row][column] = cell
    }

    func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < size.rows && column >= 0 && column < size.columns
    }

    /// The part of `rect` inside the frame, as row and column ranges (empty if none).
    func clipped(_ rect: Rect) -> (rows: Range<Int>, columns: Range<Int>) {
        (clamp(rect.row, rect.endRow, to: size.rows), clamp(rect.column, rect.endColumn, to: size.columns))
    }

    private func clamp(_ start: Int, _ end: Int, to limit: Int) -> Range<Int> {
        let lower = min(max(start, 0), limit)
        return lower..<max(min(end, limit), lower)
    }

    /// Text as it may appear in cells: sanitised (no control characters or
    /// escape sequences can reach the terminal), then one cell per character.
    static func cellCharacters(_ text: String) -> [Character] {
        // Most of what screens draw is printable ASCII: one cell each and
        // nothing to sanitise, so the Unicode lookups can be skipped.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return Array(text) }
        return TerminalText.sanitized(text).map { CellWidth.fitsOneCell($0) ? $0 : placeholder }
    }
}
