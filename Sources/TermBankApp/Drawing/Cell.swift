/// One terminal cell: a character one column wide and its role, or one of the
/// two cells a wide character (East Asian Wide, emoji) takes. The wide
/// character sits in the left cell; the right cell is its tail, which holds a
/// blank so that anything reading characters alone sees nothing there.
/// `Frame` keeps the width promise; a bare `Cell` can hold anything.
public struct Cell: Hashable, Sendable {
    /// What the cell shows. A character a frame can draw is one scalar
    /// (`CellWidth`), so a cell keeps just that: four bytes, copied and
    /// compared as an integer, where a `Character` is a string that every
    /// copy retained and every comparison walked (the painter's first frame
    /// compared 1,920 of them; decision 92).
    public var scalar: Unicode.Scalar
    public var role: StyleRole
    /// The right half of the wide character in the cell to the left: the
    /// painter draws nothing here, the terminal's wide glyph covers it.
    public internal(set) var isWideTail: Bool = false

    /// A character of more than one scalar (a cluster no cell can hold) is
    /// kept as the placeholder, as `Frame` draws it.
    public init(character: Character, role: StyleRole = .normal) {
        self.scalar = Cell.scalar(of: character)
        self.role = role
    }

    public init(scalar: Unicode.Scalar, role: StyleRole = .normal) {
        self.scalar = scalar
        self.role = role
    }

    public var character: Character {
        get { Character(scalar) }
        set { scalar = Cell.scalar(of: newValue) }
    }

    private static func scalar(of character: Character) -> Unicode.Scalar {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return placeholder }
        return first
    }

    /// `Frame.placeholder` as the one scalar a cell holds.
    private static let placeholder = Frame.placeholder.unicodeScalars.first!

    public static let blank = Cell(scalar: " ")

    /// The right half of a wide character drawn in `role`.
    static func wideTail(role: StyleRole) -> Cell {
        var cell = Cell(scalar: " ", role: role)
        cell.isWideTail = true
        return cell
    }
}
