/// What a key does, as the key bar and the help overlay say it. The keys
/// themselves (Enter, Esc, Ctrl-C) are key caps and stay as they are.
public enum KeyLabel: Equatable, Sendable {
    case redraw, backOrCancel, quit, help, backToTheApp, phone, yes, no, trustFor(days: Int64)
    /// Security's `p`: not `phone`, which is the demo's simulated phone (Ctrl-P) on the same key bar.
    case changePhone
    case choose, useThisPhone, newDemoCustomer, signIn, showThisPhone, nextField, notMyImage, password
    case thisIsNotMyImage, back, passcode, ok, cancel, matching(face: Bool), nonMatching, enterPasscode
    case code, erase, resend, callMe, recoveryCode, backToReview, useARecoveryCode, useThisCode
    case iHaveSavedThem, makeNewCodes, later, transfer, smsVerification, security, logOut
    case authenticator, sms, factor, newCodes, appOff, biometricOn, device, revoke, done, codeFromTheApp
    case confirm, edit, direction, amount, review, backToStatement
    case pay, recentPayee, lookUp
    /// `L`: the next language (the screen changes at once).
    case language
    case scroll, account, search, clearSearch, pageUpOrDown, newestOrFirst
    /// Home/End in the trusted devices.
    case firstOrLastDevice
    /// The presenter's view's `u`: lift the chosen stakeholder's locks.
    case unlock
}
