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
        case .smsIsNow(let on): return on ? "Ora la verifica SMS è attiva." : "Ora la verifica SMS è disattivata."
        case .smsYes(let isOn): return "\(answers.yes)  Sì: " + (isOn ? "resta attiva" : "la attiva dal prossimo accesso")
        case .smsNo(let isOn): return "\(answers.no)  No: " + (isOn ? "la disattiva (password e codice)" : "resta disattivata")
        case .trustTitle: return "Dispositivo attendibile"
        case .trustQuestion(let days): return "Ricordare questo dispositivo per \(days) giorni?"
        case .trustExplanation: return "Da qui accederai senza secondo fattore."
        case .trustYes: return "\(answers.yes)  Sì: il prossimo accesso qui senza codice"
        case .trustNo: return "\(answers.no)  No: ogni accesso qui chiede un codice"
        // s for sì, n for no: the keys the reducer answers to (`AnswerKeys`).
        case .yesNo: return "\(answers.yes)  Sì      \(answers.no)  No"
        }
    }
}
