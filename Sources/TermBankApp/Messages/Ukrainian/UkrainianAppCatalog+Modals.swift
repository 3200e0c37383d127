/// The modals' words in Ukrainian (the answers are seed 004's "Так/Ні", and
/// their keys т and н, `AnswerKeys`).
extension UkrainianAppCatalog {
    public func text(_ text: ModalText) -> String {
        switch text {
        case .quitTitle: return "Закрити"
        case .quitQuestion: return "Закрити TermBank?"
        case .youWillBeSignedOut: return "Ви вийдете з акаунта."
        case .smsTitle: return "SMS-підтвердження"
        case .smsQuestion: return "Підтверджувати вхід кодом із SMS?"
        case .smsExplanation: return "\(answers.no) — вимкнути (знадобляться пароль і код)."
        case .smsTurnOnExplanation: return "\(answers.yes) — увімкнути з наступного входу."
        case .trustTitle: return "Довірений пристрій"
        case .trustQuestion(let days): return "Довіряти цьому пристрою \(self.days(days))?"
        case .trustExplanation: return "Тоді вхід тут буде без другого фактора."
        case .yesNo: return "\(answers.yes)  Так      \(answers.no)  Ні"
        }
    }
}
