/// The screens' stable names (`ScreenFeature.stableName`) the presenter's
/// view knows words for. The records keep the name, never words, so a row
/// written by a newer build still shows: a name not here is shown as it is.
public enum PresenterScreenName: String, CaseIterable, Equatable, Sendable {
    case welcome, guestCard = "guest-card", pickDevice = "pick-device", login, sitekeyFirst = "sitekey-first", sitekey
    case biometric, code, authenticatorCode = "authenticator-code", recoveryCode = "recovery-code"
    case statement, transfer, receipt, pay, paid
    case security, authenticatorSetup = "authenticator-setup", newRecoveryCodes = "new-recovery-codes"
    case signedOut = "signed-out", phone, presenter
}
