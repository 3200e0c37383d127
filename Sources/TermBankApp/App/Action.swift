import TermBankCore

/// What happened: a key, the clock, or a reply from the bank. Replies are
/// scoped by feature: the top-level reducer hands each feature its own
/// actions, and a new case that no reducer handles does not compile.
public enum Action: Equatable, Sendable {
    case key(Key)
    /// Text typed or pasted in one go (each Unicode scalar as a key, as the terminal sends them).
    case typed(String)
    case tick(Timestamp)
    /// The bank says the session has ended (elsewhere, or it lapsed); the core's words.
    case sessionEnded(AppMessage)
    case signIn(SignInFeature.Action)
    case secondFactor(SecondFactorFeature.Action)
    case banking(BankingFeature.Action)
    case security(SecurityFeature.Action)
    case demo(DemoFeature.Action)
    case presenter(PresenterFeature.Action)
}

/// A reply that may have failed, with a message fit for the screen.
public enum Outcome<Value: Equatable & Sendable>: Equatable, Sendable {
    case success(Value)
    case failure(AppMessage)
}

extension BiometricEvent: Equatable {
    public static func == (lhs: BiometricEvent, rhs: BiometricEvent) -> Bool {
        switch (lhs, rhs) {
        case (.matchingTouch, .matchingTouch), (.nonMatchingTouch, .nonMatchingTouch), (.cancel, .cancel),
             (.enterPasscode, .enterPasscode), (.systemCancel, .systemCancel):
            return true
        case (.passcode(let a), .passcode(let b)):
            return a == b
        default:
            return false
        }
    }
}
