import TermBankCore

/// The security feature's texts: the settings overview, the confirmation
/// forms, setting up an authenticator app.
public enum SecurityText: Equatable, Sendable {
    case title
    /// Beside the title in demo mode, for alice, bob and carol: a change here is every stakeholder's (decision 46).
    case sharedAtTheDemo
    case loading
    case smsRow, authenticatorRow, factorRow, recoveryCodesRow, biometricRow
    /// The phone codes go to; its value is the number masked, never whole.
    case phoneRow
    case on, off, offNewEnrollment
    case turnOff, turnOn, setUpANewOne, setUp, useTheApp, useSMSCodes
    /// The phone row's `p`.
    case changeNumber
    case factorAuthenticator, factorSMS, factorNothing
    case trustedDevices, trustedDevicesExplanation, noTrustedDevices
    /// A trusted device's expiry and last use (UTC), written by the language's date conventions.
    case trustedUntil(Timestamp), lastUsedAt(Timestamp?)
    /// Devices above and below the list's window: "↑ 2 more", "↓ 5 more".
    case moreDevicesAbove(Int), moreDevicesBelow(Int)
    // The forms
    case formTitle(SecurityForm.Purpose, authenticatorActive: Bool)
    case introBiometric, introPassword, introAuthenticator, introCodeSentTo(String), introCodeSending
    case phoneIntroFirst, phoneIntroSecond
    case phoneIntroCode(authenticatorActive: Bool, sentTo: String?)
    case phoneIntroNewCode(sentTo: String?)
    case passwordLabel, newPhoneLabel, codeLabel, newCodeLabel
    case enterPassword, enterNewPhone, enterCode, enterNewPhoneCode
    // Setting up an authenticator app
    case enrolledTitle, asksForNewApp, recoveryCodesStay, pressEnterToGoBack
    case saveRecoveryCodes, eachWorksOnce, writeThemDown, pressEnterWhenSaved
    case scanTitle(replacing: Bool)
    case stepAddAccount, stepScan, stepTypeKey, account(String), stepTypeCode
    /// An ASCII-only terminal: no QR code is drawn, the key is typed instead.
    case noQRCodeOnThisTerminal, keyShownOnce
    /// A window too small for the QR code: the key is typed, or the window made larger.
    case qrCodeNeedsALargerWindow
    case lapsesIn(seconds: Int64), lapsed, qrShownOnce, checking
}
