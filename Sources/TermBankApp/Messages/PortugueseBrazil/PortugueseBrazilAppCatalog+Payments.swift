import TermBankCore

/// Paying another customer in Brazilian Portuguese: "Pagar", "recebedor",
/// "Confirmação do recebedor" (as the Pix flows call the one who receives).
extension PortugueseBrazilAppCatalog {
    public func text(_ text: PaymentText) -> String {
        switch text {
        case .payTitle: return "Pagar alguém"
        case .payToLabel: return "Pagar a"
        case .typeTheUsername: return "Digite um usuário ou escolha um recente com ↑/↓."
        case .recentPayees: return "Recebedores recentes"
        case .noRecentPayees: return "Você ainda não pagou ninguém."
        case .leftToday(let left, let limit): return "Disponível hoje: \(core.money(left)) (limite \(core.money(limit)))."
        case .lookingUp: return "Consultando…"
        case .enterAUsername: return "Digite o usuário de quem vai receber."
        case .confirmationOfPayee: return "Confirmação do recebedor"
        case .payeeIs(let username, let name?): return "\(username) é \(name)"
        case .payeeIs(let username, nil): return "\(username) (sem nome cadastrado)"
        case .payee(let username, let name?): return "\(username) (\(name))"
        case .payee(let username, nil): return username.rawValue
        case .checkTheName: return "Confira se é quem você quer pagar: nenhum dinheiro sai até você aprovar."
        case .referenceLabel: return "Referência"
        case .optional: return "opcional"
        case .preview(let amount, let payee, let from): return "Pagar \(core.money(amount)) para \(payee) da \(core.text(from))"
        case .reviewTitle: return "Confira seu pagamento"
        case .payeeLabel: return "Para"
        case .paidTitle: return "Pagamento enviado ✓"
        case .bookedAsLabel: return "Registro"
        case .notApproved: return "Pagamento não aprovado."
        }
    }
}
