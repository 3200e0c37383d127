import TermBankCore

/// One screenful: what every cell should show. Screens draw into a frame; the
/// painter puts it on the terminal; tests read it back as text and roles.
///
/// Every cell is one terminal column (see `CellWidth`): a character one column
/// wide, or either half of a wide one (the character, then its tail), so a
/// frame's columns are the terminal's columns. No half of a wide character is
/// ever left alone: overwriting either half blanks the other, and a wide
/// character cut by an edge becomes a blank. Drawing outside the frame is
/// clipped, never an error: layouts computed for a tiny or resized terminal
/// must not crash the bank.
public struct Frame: Equatable, Sendable {
    public let size: Size
    // Written only with width-checked characters (see `set` and `cellCharacters`).
    public internal(set) var rows: [[Cell]]
    /// The boxes drawn, in drawing order: a record for tests, not part of
    /// what the frame shows (two frames with the same cells are equal).
    public internal(set) var boxes: [DrawnBox] = []

    public static func == (lhs: Frame, rhs: Frame) -> Bool { lhs.size == rhs.size && lhs.rows == rhs.rows }

    /// Stands in for a character that cannot be drawn in cells.
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

    /// Each row's characters, without trailing spaces: what golden tests
    /// compare. A wide character appears once (its tail is not a character).
    public var text: [String] {
        rows.map { row in
            var line = String(row.lazy.filter { !$0.isWideTail }.map(\.character))
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Sets one cell if it is inside the frame, two for a wide character; a
    /// character that cannot be drawn becomes the placeholder.
    public mutating func set(_ cell: Cell, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        var cell = cell
        cell.isWideTail = false
        let width = CellWidth.cells(for: cell.character) ?? 1
        if width == 1 && !CellWidth.fitsOneCell(cell.character) { cell.character = Frame.placeholder }
        place(cell, width: width, row: row, column: column)
    }

    /// Writes a checked character of `width` cells whose first cell is at
    /// `column` on an existing row; the part outside the frame is clipped,
    /// and a wide character that is cut shows as a blank in its role.
    mutating func place(_ cell: Cell, width: Int, row: Int, column: Int) {
        if width == 2 {
            let tail = column.saturatingAdding(1)
            if column >= 0 && tail < size.columns {
                release(row: row, column: column)
                release(row: row, column: tail)
                rows[row][column] = cell
                rows[row][tail] = .wideTail(role: cell.role)
                return
            }
            // Half of it would be outside the frame: show the other half blank.
            let visible = column >= 0 ? column : tail
            guard visible >= 0 && visible < size.columns else { return }
            release(row: row, column: visible)
            rows[row][visible] = Cell(scalar: " ", role: cell.role)
        } else {
            guard column >= 0 && column < size.columns else { return }
            release(row: row, column: column)
            rows[row][column] = cell
        }
    }

    /// Before a cell is overwritten: if it is half of a wide character, the
    /// other half becomes a blank, so the terminal never sees half a glyph.
    private mutating func release(row: Int, column: Int) {
        let old = rows[row][column]
        if old.isWideTail {
            if column > 0 { rows[row][column - 1] = Cell(scalar: " ", role: rows[row][column - 1].role) }
        } else if column + 1 < size.columns && rows[row][column + 1].isWideTail {
            rows[row][column + 1] = Cell(scalar: " ", role: rows[row][column + 1].role)
        }
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
    /// escape sequences can reach the terminal) and composed (a letter stored
    /// as a base and a combining accent becomes the one-cell letter), then
    /// each character with the cells it takes (1, or 2 for a wide one); what
    /// cannot be drawn becomes the placeholder.
    static func cellCharacters(_ text: String) -> [(character: Character, width: Int)] {
        // Most of what screens draw is printable ASCII: one cell each and
        // nothing to sanitise, so the Unicode lookups can be skipped.
        if isPrintableASCII(text) { return text.utf8.map { (Character(Unicode.Scalar($0)), 1) } }
        return TerminalText.sanitized(text).map { character in
            CellWidth.cells(for: character).map { (character, $0) } ?? (placeholder, 1)
        }
    }

    /// Printable ASCII only: one cell per byte, nothing to sanitise.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// How many columns text takes when drawn.
    public static func columns(of text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        return cellCharacters(text).reduce(0) { $0 + $1.width }
    }
}
