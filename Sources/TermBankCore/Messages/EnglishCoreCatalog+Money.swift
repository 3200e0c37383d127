/// Accounts, amounts, transfers and their step-up.
extension EnglishCoreCatalog {
    public func text(_ kind: AccountKind) -> String {
        switch kind {
        case .checking: return "Checking"
        case .savings: return "Savings"
        }
    }

    public func text(_ error: AmountError) -> String {
        switch error {
        case .empty: return "Enter an amount."
        case .negative: return "The amount must be positive."
        case .zero: return "The amount must be more than 0.00."
        case .tooManyDecimals: return "Use at most two digits after the decimal point."
        case .exponent: return "Write the amount in plain digits, like 1,250.00."
        case .nonASCIIDigit: return "Use the digits 0-9."
        case .invalidCharacter(let character):
            return "\"\(character.isPrintableASCII ? String(character) : "?")\" is not allowed in an amount; use digits, \",\" and \".\"."
        case .misplacedGroupSeparator: return "Commas separate groups of three digits, as in 1,250.00."
        case .misplacedDecimalPoint: return "An amount has at most one decimal point."
        case .ambiguous(let meant):
            return "Write \(amount(meant)) if that is the amount: a point before the cents, commas between thousands."
        case .aboveLimit(let limit): return "The most you can transfer at once is \(amount(limit))."
        case .overflow: return "That amount is far too large."
        }
    }

    public func text(_ error: LedgerError) -> String {
        switch error {
        case .sameAccount: return "Choose two different accounts."
        case .nonPositiveAmount: return "The amount must be more than 0.00."
        case .aboveLimit(let limit): return "The most you can transfer at once is \(amount(limit))."
        case .insufficientFunds(let kind):
            return "You do not have the requested transfer amount in your \(text(kind)) account."
        case .unknownUser(let name): return "No user named \"\(name)\"."
        case .unknownAccount: return "That account does not exist."
        case .clientIDReused(let id): return "Transfer id \(id) was already used for a different transfer."
        case .transferNotFound(let reference): return "No transfer \(reference)."
        case .alreadyReversed(let reference, let by): return "\(reference) was already reversed by \(by)."
        case .notReversible(let reference): return "\(reference) is itself a reversal and cannot be reversed."
        case .balanceOverflow: return "That would take a balance beyond what the ledger can hold."
        case .selfPayment: return "You cannot pay yourself; move money between your own accounts instead."
        case .unknownPayee: return "No customer with that username."
        case .dailyLimitExceeded(let limit, let left):
            return "That would pass your daily payment limit of \(money(limit)); you can pay \(money(left)) more today."
        case .reversalNotCovered(let reference):
            return "\(reference) cannot be reversed: the payee's account no longer holds the amount."
        case .tooManyPayeeLookups:
            return "Too many usernames that are not customers; sign in again to look up more."
        }
    }

    public func text(_ error: TransferClientID.Invalid) -> String {
        "A transfer id has 8 to 64 characters: letters, digits, \"-\" and \"_\"."
    }

    public func text(_ error: TransferStepUp.StepUpError) -> String {
        switch error {
        case .needsSMSCode: return "This transfer needs the code sent to your phone."
        case .staleApproval: return "The confirmation is for another device or too old; confirm again."
        }
    }

    public func summary(_ transfer: PendingTransfer) -> String {
        if let payee = transfer.payee {
            return "\(money(transfer.amount)) to \(payee.username) from \(text(transfer.from))"
        }
        return "\(money(transfer.amount)) from \(text(transfer.from)) to \(text(transfer.to))"
    }

    public func text(_ problem: PaymentReference.Problem) -> String {
        switch problem {
        case .tooLong(let maximum): return "A reference has at most \(maximum) characters."
        case .unprintable: return "A reference may hold letters, digits, punctuation and spaces only."
        }
    }

    public func text(_ problem: DisplayName.Problem) -> String {
        "A name has 1 to \(DisplayName.maximumLength) printable characters."
    }

    public func label(_ line: StatementLine) -> String {
        switch line.kind {
        case .opening: return "Opening balance"
        case .deposit: return "Deposit"
        case .reversal: return "Reversal of \(line.reverses.map(String.init(describing:)) ?? "a transfer")"
        case .payment:
            let other = line.counterpartyName?.rawValue ?? "another customer"
            return line.amount.minorUnits < 0 ? "Payment to \(other)" : "Payment from \(other)"
        case .transfer:
            let other: String
            if case .customer(_, let kind) = line.counterparty { other = text(kind) } else { other = "the bank" }
            return line.amount.minorUnits < 0 ? "Transfer to \(other)" : "Transfer from \(other)"
        }
    }
}
