/// How much one field, or one line read from standard input, may hold,
/// counted in Unicode scalars and in UTF-8 bytes, never in characters.
///
/// A `Character` is a grapheme cluster, and one cluster can be "a" followed by
/// any number of combining marks: a limit of 128 characters would let a paste
/// of a megabyte count as one. Scalars are what a key delivers (one per key
/// from the terminal) and what the password policy counts; the byte cap bounds
/// memory whatever the scalars are. Checks run in O(1) while a field is below
/// its scalar count in bytes, and in O(limit) otherwise, so a huge paste costs
/// at most O(limit) per key and stores at most `bytes` bytes.
public struct InputLimit: Equatable, Sendable {
    public let scalars: Int
    public let bytes: Int

    /// Bytes default to four per scalar: room for any text of `scalars` scalars.
    public init(scalars: Int, bytes: Int? = nil) {
        precondition(scalars > 0)
        self.scalars = scalars
        self.bytes = bytes ?? scalars * 4
    }

    /// Whether `scalar` may be added to `text` without passing either cap.
    public func admits(_ scalar: Unicode.Scalar, after text: String) -> Bool {
        let bytesNow = text.utf8.count   // O(1) for native strings
        guard bytesNow + UTF8.width(scalar) <= bytes else { return false }
        // Every scalar takes at least one byte, so below `scalars` bytes there
        // is room without counting.
        if bytesNow < scalars { return true }
        return text.unicodeScalars.count < scalars
    }

    /// Nothing more can be added (a one-byte scalar would pass a cap).
    public func isFull(_ text: String) -> Bool { !admits("a", after: text) }

    /// Whether `text` is within both caps.
    public func contains(_ text: String) -> Bool {
        text.utf8.count <= bytes && text.unicodeScalars.count <= scalars
    }

    /// A line of standard input (a password, a code, an answer): far above any
    /// real one, far below what would cost memory or time.
    public static let line = InputLimit(scalars: 1024)
}
