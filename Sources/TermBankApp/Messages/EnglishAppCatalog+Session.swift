/// The session's words in English.
extension EnglishAppCatalog {
    public func text(_ text: SessionText) -> String {
        switch text {
        case .signedOutTitle: return "Signed out"
        case .signedOut: return "You have signed out."
        case .signInAgainOrQuit: return "Press Enter to sign in again, or q to quit."
        case .noRecoveryCodesLeft: return "You have no recovery codes left. Make a new set soon: termbank recovery regenerate."
        case .recoveryCodesLeft(let left):
            return "Signed in with a recovery code. \(left) \(core.plural(left, one: "recovery code", other: "recovery codes")) left."
        case .notMyImage:
            return "You said this is not your image, so nothing was signed in. If someone else may know your password, change it and call the bank."
        case .smsVerificationOff: return "SMS verification on sign-in is off."
        case .smsVerificationOn: return "SMS verification on sign-in is on."
        case .authenticatorOff: return "The authenticator app is off; its recovery codes are gone."
        case .phoneChanged: return "Your phone number was changed; both numbers were told."
        case .biometricOnAgain: return "Biometric sign-in is on again on this device."
        case .signInAsksForSMS: return "Sign-in now asks for an SMS code."
        case .signInAsksForTheApp: return "Sign-in now asks for your authenticator app's code."
        case .deviceTrusted(let until):
            return "This device is trusted until \(core.dates.dayAndTime(until)) UTC: no second factor at sign-in."
        case .deviceNoLongerTrusted: return "That device is no longer trusted: its next sign-in asks for the second factor."
        case .setUpAnAppFirst: return "Set up an authenticator app first (e): then you can choose."
        case .setUpCancelled: return "Set-up cancelled; nothing changed. Press e to start again."
        case .authenticatorOn: return "Your authenticator app is on: sign-in asks for its codes."
        case .biometricStaysOff: return "Biometric sign-in stays off."
        case .bankDoesNotOfferThat: return "This bank does not offer that."
        case .somethingWentWrong: return "Something went wrong; nothing was changed. Try again."
        case .bankUnreachable: return "The bank cannot be reached just now; nothing was changed. Try again in a moment."
        case .bankConnectionLost:
            return "The connection to the bank was lost; a transfer is never booked twice, so it is safe to try again."
        case .bankCannotDoThatNow: return "The bank cannot do that just now; nothing was changed. Try again later."
        }
    }
}
