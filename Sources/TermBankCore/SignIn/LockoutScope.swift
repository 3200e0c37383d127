/// Whose wrong passwords count together toward a lock (decision 40).
///
/// A real bank counts every wrong password for a name toward that name's one
/// lock, wherever it was typed: an attacker spread over many addresses still
/// gets five guesses in all. At a shared demo (`--demo`) the seed's customers
/// are shared by everyone and their passwords are public, so that one lock
/// guards nothing and lets any stakeholder stop alice, bob or carol for all
/// the others. There each origin counts its own: the one who typed five
/// wrong passwords meets the real lockout, and no one else does.
public enum LockoutScope: Equatable, Sendable {
    /// One run of failures per name: every real deployment.
    case perCustomer
    /// Demo mode: a run of failures per name and origin. Honoured only on
    /// the demo bank (`PasswordSignIn` asks the store), so `--demo` pointed
    /// at a real bank still locks per customer.
    case perOrigin(DemoOrigin)
}

/// The run of wrong passwords an attempt counts in: a name's own, or at the
/// shared demo the name's as typed from one origin (`DemoOrigin.name`).
/// Either way it is keyed by the typed name whether or not it is a customer,
/// so the throttle tells no one which names exist.
public struct SignInCounter: Equatable, Sendable {
    public let username: Username
    /// nil: the name's one counter, shared by every origin.
    public let origin: String?

    public init(_ username: Username, origin: String? = nil) {
        self.username = username
        self.origin = origin
    }
}

extension LockoutScope {
    /// The origin whose own count an attempt is in, as the stores key it
    /// (`DemoOrigin.name`): only in demo mode on the demo bank. `kind` is
    /// what the store says the bank is, read in the transaction that
    /// counts, so nothing the wiring asks can split a real bank's counts.
    /// nil: the customer's (or the number's) one count, everyone's.
    public func countingOrigin(on kind: BankKind) -> String? {
        guard case .perOrigin(let origin) = self, kind == .demo else { return nil }
        return origin.name
    }
}
