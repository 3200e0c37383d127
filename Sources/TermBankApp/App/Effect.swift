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
    case presenter(PresenterEffect)
    case touchSession
    /// Asks whether the session still stands (every second while signed in), without counting as activity.
    case checkSession
    case signOut(SessionEndReason)
    /// The language on the screen changed: the phone's texts fall back to it.
    case useLanguage(Language)
    /// The effects with this id that wait are dropped, and the reply of the
    /// one running is not reduced: the screen they fed has gone (`EffectID`).
    case cancel(EffectID)
    case redraw
    case quit

    /// The id of an effect asked for again and again while a screen shows; nil for the rest.
    public var id: EffectID? {
        switch self {
        case .banking(let effect): return effect.id
        case .demo(let effect): return effect.id
        case .presenter(let effect): return effect.id
        case .signIn, .secondFactor, .security, .touchSession, .checkSession, .signOut, .useLanguage, .cancel, .redraw, .quit:
            return nil
        }
    }
}
