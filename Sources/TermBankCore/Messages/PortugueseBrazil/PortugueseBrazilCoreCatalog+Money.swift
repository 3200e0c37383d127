/// Accounts, amounts, transfers and their step-up, in Brazilian Portuguese.
/// The accounts are "Corrente" and "Poupança" (conta corrente, conta
/// poupança: seed 000's "contas corrente e poupança"), feminine, hence
/// "da Corrente", "para a Poupança".
extension PortugueseBrazilCoreCatalog {
    public func text(_ kind: AccountKind) -> String {
        switch kind {
        case .checking: return "Corrente"
        case .savings: return "Poupança"
        }
    }

    /// The account's name after "na sua conta": lower case, as in running text.
    private func inYour(_ kind: AccountKind) -> String {
        switch kind {
        case .checking: return "na sua conta corrente"
        case .savings: return "na sua conta poupança"
        }
    }

    // The amount rules are the pt-BR parser's: "." groups thousands, "," starts the cents.
    public func text(_ error: AmountError) -> String {
        switch error {
        case .empty: return "Digite um valor."
        case .negative: return "O valor precisa ser positivo."
        case .zero: return "O valor precisa ser maior que 0,00."
        case .tooManyDecimals: return "Use no máximo dois dígitos depois da vírgula."
        case .exponent: return "Escreva o valor só com dígitos, como 1.250,00."
        case .nonASCIIDigit: return "Use os dígitos de 0 a 9."
        case .invalidCharacter(let character):
            return "\"\(character.isPrintableASCII ? String(character) : "?")\" não vale num valor; use dígitos, \".\" e \",\"."
        case .misplacedGroupSeparator: return "O ponto separa grupos de três dígitos, como em 1.250,00."
        case .misplacedDecimalPoint: return "Um valor tem no máximo uma vírgula."
        case .ambiguous(let meant):
            return "Escreva \(amount(meant)) se esse for o valor: vírgula antes dos centavos, ponto entre os milhares."
        case .aboveLimit(let limit): return "O máximo que você pode transferir de uma vez é \(amount(limit))."
        case .overflow: return "Esse valor é grande demais."
        }
    }

    public func text(_ error: LedgerError) -> String {
        switch error {
        case .sameAccount: return "Escolha duas contas diferentes."
        case .nonPositiveAmount: return "O valor precisa ser maior que 0,00."
        case .aboveLimit(let limit): return "O máximo que você pode transferir de uma vez é \(amount(limit))."
        case .insufficientFunds(let kind):
            return "Saldo insuficiente \(inYour(kind)) para o valor desta transferência."
        case .unknownUser(let name): return "Não existe usuário chamado \"\(name)\"."
        case .unknownAccount: return "Essa conta não existe."
        case .clientIDReused(let id): return "O id de transferência \(id) já foi usado em outra transferência."
        case .transferNotFound(let reference): return "Transferência \(reference) não encontrada."
        case .alreadyReversed(let reference, let by): return "\(reference) já foi estornada por \(by)."
        case .notReversible(let reference): return "\(reference) já é um estorno e não pode ser estornada."
        case .balanceOverflow: return "Isso deixaria um saldo maior do que o livro-razão comporta."
        case .selfPayment: return "Você não pode pagar a si mesmo; para mover dinheiro entre suas contas, transfira."
        case .unknownPayee: return "Nenhum cliente com esse nome de usuário."
        case .dailyLimitExceeded(let limit, let left):
            return "Isso passaria do seu limite diário de pagamentos de \(money(limit)); você ainda pode pagar \(money(left)) hoje."
        case .reversalNotCovered(let reference):
            return "\(reference) não pode ser estornada: a conta do recebedor não tem mais o valor."
        case .tooManyPayeeLookups:
            return "Muitos usuários que não são clientes; entre de novo para consultar outros."
        }
    }

    public func text(_ error: TransferClientID.Invalid) -> String {
        "Um id de transferência tem de 8 a 64 caracteres: letras, dígitos, \"-\" e \"_\"."
    }

    public func text(_ error: TransferStepUp.StepUpError) -> String {
        switch error {
        case .needsSMSCode: return "Esta transferência precisa do código enviado ao seu celular."
        case .staleApproval: return "A confirmação é de outro aparelho ou antiga demais; confirme de novo."
        }
    }

    public func summary(_ transfer: PendingTransfer) -> String {
        if let payee = transfer.payee {
            return "\(money(transfer.amount)) para \(payee.username) da \(text(transfer.from))"
        }
        return "\(money(transfer.amount)) da \(text(transfer.from)) para a \(text(transfer.to))"
    }

    public func text(_ problem: PaymentReference.Problem) -> String {
        switch problem {
        case .tooLong(let maximum): return "A referência tem no máximo \(maximum) caracteres."
        case .unprintable: return "A referência só pode ter letras, dígitos, pontuação e espaços."
        }
    }

    public func text(_ problem: DisplayName.Problem) -> String {
        "O nome tem de 1 a \(DisplayName.maximumLength) caracteres imprimíveis."
    }

    /// Statement lines, as short as a statement's description column at 60
    /// columns (15): the sign of the amount says which way, the words where to.
    public func label(_ line: StatementLine) -> String {
        switch line.kind {
        case .opening: return "Saldo inicial"
        case .deposit: return "Depósito"
        case .reversal: return "Estorno de \(line.reverses.map(String.init(describing:)) ?? "transferência")"
        case .payment:
            let other = line.counterpartyName?.rawValue ?? "outro cliente"
            return line.amount.minorUnits < 0 ? "Pago a \(other)" : "Recebido de \(other)"
        case .transfer:
            let outgoing = line.amount.minorUnits < 0
            guard case .customer(_, let kind) = line.counterparty else {
                return outgoing ? "Para o banco" : "Do banco"
            }
            return outgoing ? "Para a \(text(kind))" : "Da \(text(kind))"
        }
    }
}
