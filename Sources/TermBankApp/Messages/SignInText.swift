import TermBankCore

/// The sign-in feature's texts: which phone, username and password, the sitekey.
public enum SignInText: Equatable, Sendable {
    case signInTitle
    case welcome
    case usernameLabel
    case passwordLabel
    case checking
    case signingIn
    case simulatedDevice(String)
    case enterUsernameAndPassword
    case enterPassword
    case devicePickerTitle
    case devicePickerExplanation
    case sitekeyTitle
    case onlyTheRealBankKnows
    case signInChoice
    case notMyImageChoice
    case notMyImageLink
    case sitekeyFirstPrompt
    /// A phone's sensor in the device picker: "Touch ID", "Face ID", "no biometry".
    case biometry(BiometryType)
    /// A full field says so at its right end.
    case fieldFull
}
