/// The modals' words in Brazilian Portuguese. The SMS question is seed
/// 000's "Perform SMS verification on login?" in its own words
/// ("verificação por SMS no login"). The keys are s and n (`AnswerKeys`).
extension PortugueseBrazilAppCatalog {
    public func text(_ text: ModalText) -> String {
        switch text {
        case .quitTitle: return "Fechar"
        case .quitQuestion: return "Fechar o TermBank?"
        case .youWillBeSignedOut: return "Você será desconectado."
        case .smsTitle: return "Verificação por SMS"
        case .smsQuestion: return "Realizar verificação por SMS no login?"
        case .smsIsNow(let on): return on ? "A verificação por SMS está ativada." : "A verificação por SMS está desativada."
        case .smsYes(let isOn): return "\(answers.yes)  Sim: " + (isOn ? "mantém ativada" : "ativa a partir do próximo login")
        case .smsNo(let isOn): return "\(answers.no)  Não: " + (isOn ? "desativa (senha e um código)" : "continua desativada")
        case .trustTitle: return "Aparelho confiável"
        case .trustQuestion(let days): return "Confiar neste aparelho por \(days) dias?"
        case .trustExplanation: return "O login aqui não pedirá o segundo fator."
        case .trustYes: return "\(answers.yes)  Sim: o próximo login aqui sem código"
        case .trustNo: return "\(answers.no)  Não: todo login aqui pede um código"
        case .yesNo: return "\(answers.yes)  Sim      \(answers.no)  Não"
        }
    }
}
