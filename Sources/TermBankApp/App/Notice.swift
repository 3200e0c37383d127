import TermBankCore

/// One line a screen shows about what just happened: a change that was made,
/// or the bank's refusal. One value, so the words and how they are drawn
/// cannot disagree.
public struct Notice: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Done: drawn as a success.
        case done
        /// Refused or failed: drawn as an error.
        case refused
    }

    public let text: String
    public let kind: Kind

    public init(_ text: String, kind: Kind) {
        self.text = text
        self.kind = kind
    }

    public static func done(_ text: String) -> Notice { Notice(text, kind: .done) }
    public static func refused(_ text: String) -> Notice { Notice(text, kind: .refused) }

    /// The style role the screens draw it in.
    var role: StyleRole { kind == .refused ? .error : .success }
}
