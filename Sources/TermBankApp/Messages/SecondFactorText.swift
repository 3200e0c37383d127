import TermBankCore

/// The second factor's texts: the biometric sheet, the SMS code, the
/// authenticator code, recovery codes.
public enum SecondFactorText: Equatable, Sendable {
    // The biometric sheet
    case sensor(BiometryType)
    case sheetAppName
    /// Why the sheet is up (LocalAuthentication's localized reason).
    case biometricReason(BiometricScreen.Purpose)
    case enterPasscodeButton
    case cancelButton
    case enterDevicePasscode
    case passcodeFull(limit: Int)
    // Titles and what is approved
    case verifyItsYou
    case approveThisTransfer
    case approveThisPayment
    /// "Pay $25.00 to bob from Checking": what a payment's code approves.
    case pay(PendingTransfer)
    case approvesThisPaymentOnly
    case move(PendingTransfer)
    // The SMS code
    case weSentACode(toMasked: String)
    /// Another terminal of the customer's asked first: Verify's one request per
    /// number gave this one the same code, and no new SMS went out.
    case codeAlreadySent(toMasked: String)
    case expiresIn(seconds: Int64)
    case expired
    case attemptsLeft(Int)
    /// Codes this number may still be sent this hour, shown from two left (decision 52).
    case codesLeftThisHour(Int)
    case resendOrCall
    case resendBySMS
    case noMoreCodesForThisRequest
    case resendOrCallIn(seconds: Int)
    case useARecoveryCodeInstead
    case checking
    case sendingANewCode
    case calling(masked: String)
    case newCodeSent(masked: String)
    case askForANewCodeIn(seconds: Int)
    case noMoreCodesPressEsc
    case wrongPinCode
    case codeExpiredPressR
    /// A newer code was asked for from another session or device; `r` asks for a new one.
    case codeSupersededPressR
    /// In place of the expiry: the code was replaced by a newer one.
    case replacedByANewerCode
    // The authenticator code
    case enterTheAuthenticatorCode
    case theSixDigitsNow
    case approvesThisTransferOnly
    case codeNotRight(attemptsLeft: Int)
    case authenticatorCodeExpired
    // Recovery codes
    case useARecoveryCodeTitle
    case recoveryCodeIntro(insteadOfAuthenticator: Bool)
    case codeLabel
    case caseDoesNotMatter
    case typeARecoveryCode
    case recoveryCodeNoLongerWorks
    case newRecoveryCodesTitle
    case thatWasYourLastCode
    case makeANewSet
    case noSecondFactorNeeded
    case confirmWithPassword
    case makingNewCodes
    case saveThemNow
    case eachWorksOnce
    case writeThemDown
    case oldCodesNoLongerWork
    case pressEnterWhenSaved
}
