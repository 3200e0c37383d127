/// The modals' words in English.
extension EnglishAppCatalog {
    public func text(_ text: ModalText) -> String {
        switch text {
        case .quitTitle: return "Quit"
        case .quitQuestion: return "Quit TermBank?"
        case .youWillBeSignedOut: return "You will be signed out."
        case .smsTitle: return "SMS Verification"
        case .smsQuestion: return "Perform SMS verification on login?"
        case .smsIsNow(let on): return on ? "SMS verification is on now." : "SMS verification is off now."
        case .smsYes(let isOn): return "\(answers.yes)  Yes: " + (isOn ? "keep it on" : "turn it on for your next sign-in")
        case .smsNo(let isOn): return "\(answers.no)  No: " + (isOn ? "turn it off (password and a code)" : "leave it off")
        case .trustTitle: return "Trusted device"
        case .trustQuestion(let days): return "Trust this device for \(days) days?"
        case .trustExplanation: return "Sign-in here then skips the second factor."
        case .trustYes: return "\(answers.yes)  Yes: next sign-in here asks no code"
        case .trustNo: return "\(answers.no)  No: each sign-in here asks for a code"
        case .yesNo: return "\(answers.yes)  Yes      \(answers.no)  No"
        }
    }
}
