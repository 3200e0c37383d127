import TermBankCore

/// What the app says about a session as a whole: signing out, and notices
/// more than one feature shows.
public enum SessionText: Equatable, Sendable {
    case signedOutTitle
    case signedOut
    case signInAgainOrQuit
    case noRecoveryCodesLeft
    case recoveryCodesLeft(Int)
    case notMyImage
    // Notices after a security change
    case smsVerificationOff, smsVerificationOn, authenticatorOff, phoneChanged, biometricOnAgain
    case signInAsksForSMS, signInAsksForTheApp
    /// Until when (UTC) this device skips the second factor.
    case deviceTrusted(until: Timestamp)
    case deviceNoLongerTrusted
    case setUpAnAppFirst
    case setUpCancelled
    case authenticatorOn
    case biometricStaysOff
    // The app's own words for a failure no catalog message names
    case bankDoesNotOfferThat
    case somethingWentWrong
    /// The database server cannot be reached, or none takes writes (a failover under way): what a
    /// customer reads instead of the core's sentence, which names the database's address.
    case bankUnreachable
    /// The connection dropped during a request: whatever it was, it is safe to ask again.
    case bankConnectionLost
    /// The bank's own storage refused (its disk full, its file damaged or read-only, locked too long):
    /// the operator's message names the file and the fix; the customer can only try again later.
    case bankCannotDoThatNow
}
