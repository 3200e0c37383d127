/// The sitekey pictures by name, loaded once at start. Compared and printed
/// by name only, so states stay cheap to compare and readable in test failures.
public struct SitekeyGallery: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let pictures: [String: SitekeyArt]

    public init(_ pictures: [String: SitekeyArt] = [:]) { self.pictures = pictures }

    public subscript(name: String) -> SitekeyArt? { pictures[name] }

    public static func == (lhs: SitekeyGallery, rhs: SitekeyGallery) -> Bool {
        lhs.pictures.keys.sorted() == rhs.pictures.keys.sorted()
    }

    public var description: String { "SitekeyGallery(\(pictures.keys.sorted().joined(separator: ", ")))" }
    public var debugDescription: String { description }
}
