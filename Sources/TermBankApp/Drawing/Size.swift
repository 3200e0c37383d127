/// How big a screen or a frame is, in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public static let zero = Size(columns: 0, rows: 0)

    /// "80x24", as terminals and tmux write it.
    public var description: String { "\(columns)x\(rows)" }
}
