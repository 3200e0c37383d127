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
        case .stepUpByBiometric: return "Enter confirma com Touch ID / Face ID (ou com um código nos aparelhos sem)."
        case .stepUpByCode: return "Enter pede um código que aprova exatamente esta transferência."
        case .sending: return "Enviando…"
        case .notApproved: return "Transferência não aprovada."
        case .receiptTitle: return "Transferência concluída ✓"
        case .referenceLabel: return "Referência"
        case .bookedLabel: return "Efetuada em"
        case .pressEnterToReturn: return "Pressione Enter para voltar ao extrato."
        case .nowhereToPaste: return "Esta tela não tem campo para colar texto. Pressione / para buscar nos lançamentos."
        }
    }
}
