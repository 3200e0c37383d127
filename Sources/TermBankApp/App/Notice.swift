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

    /// What happened, as a value: the catalog words it when the screen is drawn.
    public let message: AppMessage
    public let kind: Kind

    public init(_ message: AppMessage, kind: Kind) {
        self.message = message
        self.kind = kind
    }

    public static func done(_ message: AppMessage) -> Notice { Notice(message, kind: .done) }
    public static func refused(_ message: AppMessage) -> Notice { Notice(message, kind: .refused) }

    /// The style role the screens draw it in.
    var role: StyleRole { kind == .refused ? .error : .success }
}
