/// Another customer, as a payer may see them: the username they typed and
/// the name on the account masked ("Bob B."), the bank's "Confirmation of
/// payee". The full name never leaves the bank; the payer confirms the person
/// before any money moves.
public struct Payee: Hashable, Sendable {
    public let userID: UserID
    public let username: Username
    /// "Bob B." from "Bob Builder"; nil when the bank has no name for the customer.
    public let maskedName: String?

    public init(userID: UserID, username: Username, maskedName: String?) {
        self.userID = userID
        self.username = username
        self.maskedName = maskedName
    }

    /// Masks a full name as it comes from the store.
    public init(userID: UserID, username: Username, displayName: String?) {
        self.init(userID: userID, username: username, maskedName: displayName.flatMap(Payee.mask))
    }

    /// The first name in full, every later name as its initial: "Bob Builder"
    /// -> "Bob B.", "Mary Ann Lee" -> "Mary A. L.", "Cher" -> "Cher".
    public static func mask(_ displayName: String) -> String? {
        let words = displayName.split(separator: " ").map { TerminalText.sanitized(String($0)) }
        guard let first = words.first else { return nil }
        return ([first] + words.dropFirst().compactMap { $0.first.map { "\($0)." } }).joined(separator: " ")
    }
}

/// The name on an account ("Bob Builder"): 1 to 64 printable characters, for
/// confirmation of payee. Optional: a customer without one is confirmed by
/// username alone.
public enum DisplayName {
    public static let maximumLength = 64

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case invalid
        public var description: String { EnglishCoreCatalog().text(self) }
    }

    /// Composed (NFC): "José" from a terminal that sends "e" and a combining
    /// accent is stored as the same name as one typed with "é".
    public static func validate(_ typed: String) throws(Problem) -> String {
        let words = CanonicalText.composed(typed).split(separator: " ")
        let name = words.joined(separator: " ")
        guard !name.isEmpty, name.unicodeScalars.count <= maximumLength,
              name.unicodeScalars.allSatisfy({ $0 == " " || PaymentReference.isPrintable($0) })
        else { throw .invalid }
        return name
    }
}
