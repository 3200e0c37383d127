import Synchronization

/// The sitekey pictures by name. Compared and printed by name only, so
/// states stay cheap to compare and readable in test failures.
///
/// A picture is parsed when a screen first shows it, and only that one is
/// held: it is dropped at the end of the first frame that no longer shows
/// it (`frameEnded`). A session spends almost all its life on screens
/// without a picture, and the six parsed pictures were about 90 KiB of its
/// private memory at rest (decision 33).
/// What a screen shows does not depend on this: the same name gives the
/// same picture whether it was parsed just now or before.
public struct SitekeyGallery: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The pictures this gallery can show, sorted.
    public let names: [String]
    private let shelf: Shelf

    /// Pictures already parsed (tests, tools): all of them are held.
    public init(_ pictures: [String: SitekeyArt] = [:]) {
        self.init(names: Array(pictures.keys), source: { pictures[$0] })
    }

    /// Pictures parsed from their text when first shown: `text(name)` reads a
    /// picture's file (nil: none). A picture that does not parse is not shown
    /// (the screen names it instead), as if it were missing.
    public init(names: [String], text: @escaping @Sendable (String) -> String?) {
        self.init(names: names, source: { name in text(name).flatMap { try? SitekeyArt.parse($0) } })
    }

    private init(names: [String], source: @escaping @Sendable (String) -> SitekeyArt?) {
        self.names = names.sorted()
        self.shelf = Shelf(source: source)
    }

    /// The picture called `name`, parsed now if it is not the one held.
    public subscript(name: String) -> SitekeyArt? {
        guard names.contains(name) else { return nil }
        return shelf.picture(name)
    }

    /// A picture this terminal can show: on an ASCII terminal only one with
    /// an ASCII drawing (without, the view names it rather than garble it).
    public func picture(_ name: String, for charset: TerminalCharset) -> SitekeyArt? {
        guard let art = self[name] else { return nil }
        return charset == .unicode || art.asciiCells != nil ? art : nil
    }

    /// Called once a frame is painted: a picture that frame did not ask for
    /// is no longer on screen, and is dropped.
    public func frameEnded() { shelf.frameEnded() }

    /// The name of the parsed picture held now, if any.
    public var held: String? { shelf.heldName }

    public static func == (lhs: SitekeyGallery, rhs: SitekeyGallery) -> Bool { lhs.names == rhs.names }

    public var description: String { "SitekeyGallery(\(names.joined(separator: ", ")))" }
    public var debugDescription: String { description }

    /// The one parsed picture, shared by every copy of the state (the views
    /// run on the run loop's thread; the lock keeps a stray reader safe).
    private final class Shelf: Sendable {
        private struct Held {
            var name: String
            var art: SitekeyArt?
            var askedThisFrame: Bool
        }

        private let source: @Sendable (String) -> SitekeyArt?
        private let held = Mutex<Held?>(nil)

        init(source: @escaping @Sendable (String) -> SitekeyArt?) { self.source = source }

        func picture(_ name: String) -> SitekeyArt? {
            held.withLock { held in
                if held?.name != name { held = Held(name: name, art: source(name), askedThisFrame: false) }
                held?.askedThisFrame = true
                return held?.art
            }
        }

        func frameEnded() {
            held.withLock { held in
                if held?.askedThisFrame == true { held?.askedThisFrame = false } else { held = nil }
            }
        }

        var heldName: String? { held.withLock { $0?.name } }
    }
}
