/// The modals' words in Italian. Quitting the program is "Chiudi"; "Esci"
/// is signing out, as in Italian banking apps.
extension ItalianAppCatalog {
    public func text(_ text: ModalText) -> String {
        switch text {
        case .quitTitle: return "Chiudi"
        case .quitQuestion: return "Chiudere TermBank?"
        case .youWillBeSignedOut: return "La sessione verrà chiusa."
        case .smsTitle: return "Verifica SMS"
        // Seed 000's "Perform SMS verification on login?"
        case .smsQuestion: return "Eseguire la verifica SMS all'accesso?"
        case .smsExplanation: return "\(answers.no) la disattiva (servono password e codice)."
        case .smsTurnOnExplanation: return "\(answers.yes) la attiva dal prossimo accesso."
        case .trustTitle: return "Dispositivo attendibile"
        case .trustQuestion(let days): return "Ricordare questo dispositivo per \(days) giorni?"
        case .trustExplanation: return "Da qui accederai senza secondo fattore."
        // s for sì, n for no: the keys the reducer answers to (`AnswerKeys`).
        case .yesNo: return "\(answers.yes)  Sì      \(answers.no)  No"
        }
    }
}
