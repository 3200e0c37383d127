import TermBankCore

/// The banking feature's words in Brazilian Portuguese: "Extrato",
/// "lançamentos", "Saldo", "Transferir".
extension PortugueseBrazilAppCatalog {
    public func text(_ text: BankingText) -> String {
        switch text {
        case .loadingAccounts: return "Carregando suas contas…"
        case .accountsTitle: return "Contas"
        // Seed 000: "verificação por SMS no login".
        case .smsSwitch: return "Verificação por SMS no login "
        case .switchState(let on): return on ? "[ SIM ]" : "[ NÃO ]"
        case .dateColumn(let withTime): return withTime ? "DATA (UTC)" : "DATA"
        case .accountColumn: return "CONTA"
        case .descriptionColumn: return "DESCRIÇÃO"
        case .amountColumn: return "VALOR"
        case .balanceColumn: return "SALDO"
        case .noTransactionsYet: return "Nenhum lançamento ainda."
        case .moveMoneyTitle: return "Transferir entre contas"
        case .fromLabel: return "De"
        case .toLabel: return "Para"
        case .amountLabel: return "Valor"
        case .available(let money): return "\(core.money(money)) disponíveis"
        case .preview(let money, let from, let to): return "\(core.money(money)) da \(core.text(from)) para a \(core.text(to))"
        case .typeAnAmount: return "Digite um valor, como 250 ou 1.250,00: vírgula antes dos centavos, ponto entre os milhares."
        case .enterAnAmount: return "Digite um valor."
        case .reviewTitle: return "Confira sua transferência"
        case .approveWith(let approval, let payee): return approveWith(approval, payee: payee)
        case .askingHowToApprove: return "Verificando como você vai aprovar…"
        case .approvalChangedSinceReview: return "Mudou desde a conferência: agora o banco pede isto."
        case .sending: return "Enviando…"
        case .notApproved: return "Transferência não aprovada."
        case .receiptTitle: return "Transferência concluída ✓"
        case .referenceLabel: return "Referência"
        case .bookedLabel: return "Efetuada em"
        case .pressEnterToReturn: return "Pressione Enter para voltar ao extrato."
        case .nowhereToPaste: return "Esta tela não tem campo para colar texto. Pressione / para buscar nos lançamentos."
        }
    }

    /// The review's promise: the factor the bank's step-up policy named, and
    /// that the code approves exactly what is on screen (PSD2 dynamic linking).
    private func approveWith(_ approval: StepUpApproval, payee: Username?) -> String {
        let what = payee == nil ? "esta transferência" : "este pagamento"
        let first = payee.map { "Primeiro pagamento para \($0): " } ?? ""
        switch approval {
        case .smsCode(let phone, let firstPayee):
            return (firstPayee ? first : "") + "Enter envia um código por SMS para \(phone.maskedOnOneLine) que aprova exatamente \(what)."
        case .authenticator(let firstPayee):
            return (firstPayee ? first : "") + "Enter pede um código do app autenticador que aprova exatamente \(what)."
        case .biometric(.faceID): return "Enter: aprove com seu rosto (Face ID)."
        case .biometric(.touchID): return "Enter: aprove com sua impressão digital (Touch ID)."
        case .biometric(.none): return "Enter: aprove com o código de acesso do iPhone."
        case .devicePasscode(let biometry):
            return "Enter: aprove com o código de acesso do iPhone (\(biometry.displayName) bloqueado após muitas tentativas)."
        }
    }
}
