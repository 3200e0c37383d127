/// The modals' words in English.
extension EnglishAppCatalog {
    public func text(_ text: ModalText) -> String {
        switch text {
        case .quitTitle: return "Quit"
        case .quitQuestion: return "Quit TermBank?"
        case .youWillBeSignedOut: return "You will be signed out."
        case .smsTitle: return "SMS Verification"
        case .smsQuestion: return "Perform SMS verification on login?"
        case .smsExplanation: return "\(answers.no) turns it off (your password and a code)."
        case .smsTurnOnExplanation: return "\(answers.yes) turns it on from your next sign-in."
        case .trustTitle: return "Trusted device"
        case .trustQuestion(let days): return "Trust this device for \(days) days?"
        case .trustExplanation: return "Sign-in here then skips the second factor."
        case .yesNo: return "\(answers.yes)  Yes      \(answers.no)  No"
        }
    }
}
