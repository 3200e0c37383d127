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
        case .smsExplanation: return "\(answers.no) desativa (com sua senha e um código)."
        case .smsTurnOnExplanation: return "\(answers.yes) ativa a partir do próximo login."
        case .trustTitle: return "Aparelho confiável"
        case .trustQuestion(let days): return "Confiar neste aparelho por \(days) dias?"
        case .trustExplanation: return "O login aqui não pedirá o segundo fator."
        case .yesNo: return "\(answers.yes)  Sim      \(answers.no)  Não"
        }
    }
}
