/// Who waits on a verification request: one terminal of the app (a random
/// name it makes when it starts), or the operator's command line.
///
/// Several may wait on one request: Verify's rule hands a second terminal of
/// the customer that asks for the same thing (two terminals at the sign-in
/// code) the request already running, not a second code. A terminal that
/// leaves gives up only its own wait (`VerifyService.release`); the request is
/// cancelled once no one waits on it, so leaving one terminal never cancels
/// the code another is about to type.
public struct VerificationHolder: Hashable, Sendable {
    public let rawValue: String

    public init(trusted rawValue: String) { self.rawValue = rawValue }

    /// A terminal's: 128 random bits, so no two terminals on any host share one.
    public static func terminal(using random: RandomSource) -> VerificationHolder {
        VerificationHolder(trusted: "terminal-" + random.hexIdentifier(bytes: 16))
    }

    /// The operator's `verify start`: it never leaves, so what it started runs
    /// to its end (a check, its expiry, or `verify cancel`).
    public static let operatorCLI = VerificationHolder(trusted: "operator-cli")
}
