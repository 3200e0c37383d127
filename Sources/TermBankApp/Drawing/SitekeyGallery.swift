/// The sitekey pictures by name, loaded once at start. Compared and printed
/// by name only, so states stay cheap to compare and readable in test failures.
public struct SitekeyGallery: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let pictures: [String: SitekeyArt]

    public init(_ pictures: [String: SitekeyArt] = [:]) { self.pictures = pictures }

    public subscript(name: String) -> SitekeyArt? { pictures[name] }

    /// A picture this terminal can show: on an ASCII terminal only one with
    /// an ASCII drawing (without, the view names it rather than garble it).
    public func picture(_ name: String, for charset: TerminalCharset) -> SitekeyArt? {
        guard let art = pictures[name] else { return nil }
        return charset == .unicode || art.asciiCells != nil ? art : nil
    }

    public static func == (lhs: SitekeyGallery, rhs: SitekeyGallery) -> Bool {
        lhs.pictures.keys.sorted() == rhs.pictures.keys.sorted()
    }

    public var description: String { "SitekeyGallery(\(pictures.keys.sorted().joined(separator: ", ")))" }
    public var debugDescription: String { description }
}
