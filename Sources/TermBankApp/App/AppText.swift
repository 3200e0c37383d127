import TermBankCore

/// Messages more than one feature shows, in one place (until the message catalog).
enum AppText {
    static let signedOut = "You have signed out."
    static let unsuccessful = "Unsuccessful Identification. Logging out. Goodbye."
    static let noRecoveryCodesLeft = "You have no recovery codes left. Make a new set soon: termbank recovery regenerate."
    static func recoveryCodesLeft(_ left: Int) -> String {
        "Signed in with a recovery code. \(left) recovery code\(left == 1 ? "" : "s") left."
    }
    static let notMyImage = "You said this is not your image, so nothing was signed in. If someone else may know your password, change it and call the bank."
}
