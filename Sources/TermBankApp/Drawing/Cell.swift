/// One terminal cell: a character exactly one column wide and its role.
/// `Frame` keeps the width promise; a bare `Cell` can hold anything.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var role: StyleRole

    public init(character: Character, role: StyleRole = .normal) {
        self.character = character
        self.role = role
    }

    public static let blank = Cell(character: " ")
}
