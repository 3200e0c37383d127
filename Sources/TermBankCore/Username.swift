/// A user name: 2–32 of `a-z 0-9 _ . -`, case-folded so "Alice" and "alice" are one user.
public struct Username: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case length
        case characters

        public var description: String { EnglishCoreCatalog().text(self) }
    }

    public init(validating text: String) throws(Problem) {
        let folded = text.trimmingSpaces.lowercased()
        guard folded.unicodeScalars.allSatisfy(Username.allowed) else { throw .characters }
        guard (2...32).contains(folded.unicodeScalars.count) else { throw .length }
        rawValue = folded
    }

    /// For values read back from our own database, already validated on the way in.
    public init(trusted rawValue: String) { self.rawValue = rawValue }

    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "_", ".", "-": return true
        default: return false
        }
    }

    public var description: String { rawValue }

    public static func < (lhs: Username, rhs: Username) -> Bool { lhs.rawValue < rhs.rawValue }
}
