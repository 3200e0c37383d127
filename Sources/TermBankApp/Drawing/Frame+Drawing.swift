/// The drawing vocabulary screens use. All of it clips at the frame's edges,
/// for any coordinates and sizes.
extension Frame {
    /// Writes text from a position, one cell per character and two per wide
    /// character, cut at the edges (a negative column cuts the text's
    /// beginning). Returns the column after the text, for writing runs in
    /// different roles.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, role: StyleRole = .normal) -> Int {
        let onFrame = row >= 0 && row < size.rows
        // Most of what screens draw is printable ASCII: each byte is one
        // character one cell wide (no two of them form one grapheme), so the
        // text is walked as bytes, without splitting it into Characters.
        if Frame.isPrintableASCII(text) {
            var target = column
            for byte in text.utf8 {
                if onFrame && target >= 0 && target < size.columns {
                    place(Cell(scalar: Unicode.Scalar(byte), role: role), width: 1, row: row, column: target)
                }
                target = target.saturatingAdding(1)
            }
            return target
        }
        let characters = Frame.cellCharacters(text)
        var target = column
        for (character, width) in characters {
            if onFrame && target < size.columns && target.saturatingAdding(width) > 0 {
                place(Cell(character: character, role: role), width: width, row: row, column: target)
            }
            target = target.saturatingAdding(width)
        }
        return target
    }

    /// Writes text centred on a row. Text wider than the frame keeps its
    /// beginning, which is the part that says what it is.
    public mutating func putCentered(_ text: String, row: Int, role: StyleRole = .normal) {
        let width = Frame.columns(of: text)
        put(text, row: row, column: max((size.columns - width) / 2, 0), role: role)
    }

    /// Sets every cell of a rectangle to a character (a space by default) in a role.
    public mutating func fill(_ rect: Rect, role: StyleRole, character: Character = " ") {
        let cell = Cell(character: CellWidth.fitsOneCell(character) ? character : Frame.placeholder, role: role)
        let area = clipped(rect)
        for row in area.rows {
            for column in area.columns { place(cell, width: 1, row: row, column: column) }
        }
    }

    /// Fills whole rows, e.g. a title bar or a status line.
    public mutating func fill(rows range: Range<Int>, role: StyleRole, character: Character = " ") {
        let range = range.clamped(to: 0..<size.rows)   // so that counting it cannot overflow
        fill(Rect(row: range.lowerBound, column: 0, columns: size.columns, rows: range.count),
             role: role, character: character)
    }

    /// A rounded box around the edge of `rect`, with an optional title set into
    /// the top edge ("╭─ Title ───╮"). The inside is left as it was. A rect
    /// smaller than 2×2 has no room for corners, so nothing is drawn.
    public mutating func box(_ rect: Rect, role: StyleRole = .normal, title: String? = nil,
                             titleRole: StyleRole = .title) {
        guard rect.rows >= 2 && rect.columns >= 2 else { return }
        boxes.append(DrawnBox(rect: rect))
        let top = rect.row, bottom = rect.endRow - 1
        let left = rect.column, right = rect.endColumn - 1
        let area = clipped(rect)
        // The borders are one cell wide each (box drawing, U+2500–U+257F):
        // placed as such, without asking the width tables for each of them.
        let onFrame = 0..<size.rows
        for column in area.columns {
            let (upper, lower): (Unicode.Scalar, Unicode.Scalar) =
                column == left ? ("╭", "╰") : column == right ? ("╮", "╯") : ("─", "─")
            if onFrame.contains(top) { place(Cell(scalar: upper, role: role), width: 1, row: top, column: column) }
            if onFrame.contains(bottom) { place(Cell(scalar: lower, role: role), width: 1, row: bottom, column: column) }
        }
        for row in area.rows where row != top && row != bottom {
            place(Cell(scalar: "│", role: role), width: 1, row: row, column: left)
            place(Cell(scalar: "│", role: role), width: 1, row: row, column: right)
        }
        // "╭─ " before the title and " ─╮" after it stay visible, so the
        // title gets what remains, cut with an ellipsis if it must be.
        if let title, !title.isEmpty, rect.columns >= 7 {
            let shown = Frame.cut(title, toColumns: rect.columns - 6)
            putOnEdge(" " + shown + " ", row: top, column: left.saturatingAdding(2), role: titleRole)
        }
    }

    /// Writes words into the top or bottom edge of the last box drawn (a
    /// title, a closing note), and records them as meant to be there.
    @discardableResult
    public mutating func putOnEdge(_ text: String, row: Int, column: Int, role: StyleRole = .normal) -> Int {
        let end = put(text, row: row, column: column, role: role)
        if !boxes.isEmpty {
            boxes[boxes.count - 1].edgeLabels.append(Rect(row: row, column: column, columns: end - column, rows: 1))
        }
        return end
    }

    /// A horizontal line across a row, or across part of it.
    public mutating func horizontalRule(row: Int, columns range: Range<Int>? = nil, role: StyleRole = .muted) {
        let range = (range ?? 0..<size.columns).clamped(to: 0..<size.columns)
        fill(Rect(row: row, column: range.lowerBound, columns: range.count, rows: 1),
             role: role, character: "─")
    }
}
