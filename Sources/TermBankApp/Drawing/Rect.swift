/// A rectangle of cells: its top-left corner and its size. It may lie partly
/// or wholly outside a frame, or be empty; drawing clips it.
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var columns: Int
    public var rows: Int

    public init(row: Int, column: Int, columns: Int, rows: Int) {
        self.row = row
        self.column = column
        self.columns = columns
        self.rows = rows
    }

    public init(row: Int, column: Int, size: Size) {
        self.init(row: row, column: column, columns: size.columns, rows: size.rows)
    }

    public var size: Size { Size(columns: columns, rows: rows) }

    /// One past the last row and column. Saturating, so that a rectangle built
    /// from extreme coordinates clips instead of trapping on overflow.
    var endRow: Int { row.saturatingAdding(max(rows, 0)) }
    var endColumn: Int { column.saturatingAdding(max(columns, 0)) }
}

extension Int {
    func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
