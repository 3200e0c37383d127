import TermBankCore

/// What to do: plain values the runtime performs against the bank; their
/// results come back as actions. The reducer never performs anything itself.
///
/// Mirrors `Action`: each feature's effects are its own type, run against
/// its own slice of the client (`EffectRunner`), and answer with that
/// feature's actions. The rest are the app's: the session's checks, the
/// sign-out, the language, and the terminal's own.
public enum Effect: Equatable, Sendable {
    case signIn(SignInEffect)
    case secondFactor(SecondFactorEffect)
    case banking(BankingEffect)
    case security(SecurityEffect)
    case demo(DemoEffect)
    case touchSession
    /// Asks whether the session still stands (every second while signed in), without counting as activity.
    case checkSession
    case signOut(SessionEndReason)
    /// The language on the screen changed: the phone's texts fall back to it.
    case useLanguage(Language)
    case redraw
    case quit
}
