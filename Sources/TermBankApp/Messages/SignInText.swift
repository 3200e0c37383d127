import TermBankCore

/// The sign-in feature's texts: which phone, username and password, the sitekey.
public enum SignInText: Equatable, Sendable {
    case signInTitle
    case welcome
    case usernameLabel
    case passwordLabel
    case checking
    case signingIn
    /// Demo mode: the phone this terminal stands for is a simulation, and says so.
    case simulatedDevice(String)
    /// Without `--demo`: the device this terminal signs in as, worded as a real one.
    case thisDevice(String)
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
