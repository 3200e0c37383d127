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
        case .smsIsNow(let on): return on ? "Зараз SMS-підтвердження увімкнено." : "Зараз SMS-підтвердження вимкнено."
        case .smsYes(let isOn): return "\(answers.yes)  Так — " + (isOn ? "залишити увімкненим" : "увімкнути з наступного входу")
        case .smsNo(let isOn): return "\(answers.no)  Ні — " + (isOn ? "вимкнути (пароль і код)" : "залишити вимкненим")
        case .trustTitle: return "Довірений пристрій"
        case .trustQuestion(let days): return "Довіряти цьому пристрою \(self.days(days))?"
        case .trustExplanation: return "Тоді вхід тут буде без другого фактора."
        case .trustYes: return "\(answers.yes)  Так — наступний вхід тут без коду"
        case .trustNo: return "\(answers.no)  Ні — кожен вхід тут із кодом"
        case .yesNo: return "\(answers.yes)  Так      \(answers.no)  Ні"
        }
    }
}
