/// A password or code held in memory. It never prints itself: string
/// interpolation, `print`, `dump` and debug descriptions all show a mask,
/// so a careless log line or error message cannot leak it.
///
/// Equatable and Hashable so app state holding a half-typed password can be
/// compared in tests; never use `==` to check a password (see `PasswordHasher`).
public struct Secret: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public let exposedValue: String

    public init(_ value: String) { exposedValue = value }

    public var description: String { "<secret>" }
    public var debugDescription: String { "<secret>" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// Unicode code points: what the password policy counts.
    public var codePointCount: Int { exposedValue.unicodeScalars.count }
}
