/// One terminal cell: a character one column wide and its role, or one of the
/// two cells a wide character (East Asian Wide, emoji) takes. The wide
/// character sits in the left cell; the right cell is its tail, which holds a
/// blank so that anything reading characters alone sees nothing there.
/// `Frame` keeps the width promise; a bare `Cell` can hold anything.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var role: StyleRole
    /// The right half of the wide character in the cell to the left: the
    /// painter draws nothing here, the terminal's wide glyph covers it.
    public internal(set) var isWideTail: Bool = false

    public init(character: Character, role: StyleRole = .normal) {
        self.character = character
        self.role = role
    }

    public static let blank = Cell(character: " ")

    /// The right half of a wide character drawn in `role`.
    static func wideTail(role: StyleRole) -> Cell {
        var cell = Cell(character: " ", role: role)
        cell.isWideTail = true
        return cell
    }
}
