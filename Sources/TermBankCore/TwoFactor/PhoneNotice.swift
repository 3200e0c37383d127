/// What the phone is told when sign-in protection changes, as a value; the
/// catalog words it. Each says what changed and when, and what to do if it
/// was not the customer.
public enum PhoneNotice: Equatable, Sendable {
    /// A second factor on sign-in was turned off: the authenticator app, or codes by SMS.
    case turnedOff(SignInFactor, at: Timestamp)
    case authenticatorAdded(at: Timestamp)
    case authenticatorReplaced(at: Timestamp, oldUntil: Timestamp)
    case signInBySMS(at: Timestamp)
    /// Sent to the old number.
    case phoneChanged(to: PhoneNumber, at: Timestamp)
    /// Sent to the new number.
    case phoneAdded(at: Timestamp)
    case recoveryCodesReplaced(at: Timestamp)
    /// To a payee: money arrived from another customer.
    case paymentReceived(Money, from: Username)
}
