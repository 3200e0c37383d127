/// A list of passwords too common to allow. Live: cracklib's dictionary and a
/// common-password list from Debian; tests: a fixed set.
public protocol PasswordBlocklist: Sendable {
    func contains(_ candidate: String) -> Bool
}

/// NIST SP 800-63B style rules: length counts every code point, no truncation,
/// no composition rules, and a blocklist of common passwords.
public struct PasswordPolicy: Sendable {
    public static let minimumLength = 8
    public static let maximumLength = 128

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case tooShort
        case tooLong
        case common
        case containsUsername
        case controlCharacters

        public var description: String { EnglishCoreCatalog().text(self) }
    }

    let blocklist: PasswordBlocklist

    public init(blocklist: PasswordBlocklist) { self.blocklist = blocklist }

    public func check(_ password: Secret, for username: Username) throws(Problem) {
        let scalars = password.exposedValue.unicodeScalars
        if scalars.count < PasswordPolicy.minimumLength { throw .tooShort }
        if scalars.count > PasswordPolicy.maximumLength { throw .tooLong }
        // Control characters cannot be typed reliably on every terminal; a
        // password the owner cannot type again is a lock-out waiting to happen.
        if scalars.contains(where: { $0.properties.generalCategory == .control }) { throw .controlCharacters }
        let folded = password.exposedValue.lowercased()
        if folded.containsText(username.rawValue) { throw .containsUsername }
        if blocklist.contains(folded) || blocklist.contains(password.exposedValue) { throw .common }
    }
}

/// Turns passwords into stored hashes and checks them. Live: libsodium argon2id.
public protocol PasswordHasher: Sendable {
    /// A self-describing hash string (algorithm, parameters, salt, digest).
    func hash(_ password: Secret) throws -> String
    /// Constant-time check of `password` against a stored hash.
    func verify(_ password: Secret, against storedHash: String) -> Bool
    /// Spend the same time as `verify` on a real hash, for unknown usernames,
    /// so that timing does not tell whether a username exists.
    func verifyAgainstDummy(_ password: Secret)
}
