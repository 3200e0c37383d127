/// A box a frame drew, and the words set into its edges on purpose (its
/// title, a help panel's closing note). Frames keep them so a test can ask,
/// for every box, whether anything else touches or crosses its border
/// (`BoxBorderTests`), without guessing boxes back from the characters.
public struct DrawnBox: Hashable, Sendable {
    public var rect: Rect
    /// One-row rectangles on the top or bottom edge that hold words, not line.
    public var edgeLabels: [Rect] = []

    public init(rect: Rect, edgeLabels: [Rect] = []) {
        self.rect = rect
        self.edgeLabels = edgeLabels
    }
}
