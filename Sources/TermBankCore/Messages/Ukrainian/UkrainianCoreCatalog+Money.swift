/// Accounts, amounts, transfers and their step-up in Ukrainian.
extension UkrainianCoreCatalog {
    /// The accounts' names, as Ukrainian banks call them ("Поточний рахунок", "Ощадний рахунок").
    public func text(_ kind: AccountKind) -> String {
        switch kind {
        case .checking: return "Поточний"
        case .savings: return "Ощадний"
        }
    }

    /// The example amount the rules show: one thousand two hundred and fifty, written this catalog's way.
    private var example: String { amount(Money(units: 1250)) }

    public func text(_ error: AmountError) -> String {
        switch error {
        case .empty: return "Введіть суму."
        case .negative: return "Сума має бути додатною."
        case .zero: return "Сума має бути більшою за \(amount(.zero))."
        case .tooManyDecimals: return "Не більше двох цифр після коми."
        case .exponent: return "Запишіть суму звичайними цифрами, наприклад \(example)."
        case .nonASCIIDigit: return "Використовуйте цифри 0-9."
        case .invalidCharacter(let character):
            return "«\(character.isPrintableASCII ? String(character) : "?")» не можна вводити в сумі; використовуйте цифри, пробіли й кому."
        case .misplacedGroupSeparator: return "Пробіли відділяють групи по три цифри, як у \(example)."
        case .misplacedDecimalPoint: return "У сумі може бути лише одна кома."
        case .ambiguous(let meant):
            return "Якщо це сума \(amount(meant)), запишіть її так: кома перед центами, пробіли між тисячами."
        case .aboveLimit(let limit): return "За один раз можна переказати не більше \(amount(limit))."
        case .overflow: return "Сума надто велика."
        }
    }

    public func text(_ error: LedgerError) -> String {
        switch error {
        case .sameAccount: return "Оберіть два різні рахунки."
        case .nonPositiveAmount: return "Сума має бути більшою за \(amount(.zero))."
        case .aboveLimit(let limit): return "За один раз можна переказати не більше \(amount(limit))."
        case .insufficientFunds(let kind):
            return "На вашому рахунку «\(text(kind))» недостатньо коштів для цього переказу."
        case .unknownUser(let name): return "Користувача «\(name)» не знайдено."
        case .unknownAccount: return "Такого рахунку не існує."
        case .clientIDReused(let id): return "Ідентифікатор переказу \(id) уже використано для іншого переказу."
        case .transferNotFound(let reference): return "Переказ \(reference) не знайдено."
        case .alreadyReversed(let reference, let by): return "\(reference) уже сторновано операцією \(by)."
        case .notReversible(let reference): return "\(reference) сам є сторнуванням, його не можна сторнувати."
        case .balanceOverflow: return "Залишок перевищив би межу, яку може зберігати облік."
        case .selfPayment: return "Платити самому собі не можна; для цього є переказ між власними рахунками."
        case .unknownPayee: return "Клієнта з таким логіном немає."
        case .dailyLimitExceeded(let limit, let left):
            return "Так буде перевищено ваш денний ліміт платежів \(money(limit)); сьогодні можна сплатити ще \(money(left))."
        case .reversalNotCovered(let reference):
            return "\(reference) не можна сторнувати: на рахунку отримувача вже немає цієї суми."
        case .tooManyPayeeLookups:
            return "Забагато логінів, що не належать клієнтам; увійдіть знову, щоб шукати далі."
        }
    }

    public func text(_ error: TransferClientID.Invalid) -> String {
        "Ідентифікатор переказу має від 8 до 64 символів: літери, цифри, «-» і «_»."
    }

    public func text(_ error: TransferStepUp.StepUpError) -> String {
        switch error {
        case .needsSMSCode: return "Для цього переказу потрібен код, надісланий на ваш телефон."
        case .staleApproval: return "Підтвердження стосується іншого пристрою або застаріло; підтвердьте ще раз."
        }
    }

    /// "250,00 USD з Поточного на Ощадний"; a payment: "250,00 USD для bob з Поточного".
    public func summary(_ transfer: PendingTransfer) -> String {
        if let payee = transfer.payee {
            return "\(money(transfer.amount)) для \(payee.username) \(from(transfer.from))"
        }
        return "\(money(transfer.amount)) \(from(transfer.from)) \(to(transfer.to))"
    }

    /// The payer's reference is "призначення платежу", as on every Ukrainian payment.
    public func text(_ problem: PaymentReference.Problem) -> String {
        switch problem {
        case .tooLong(let maximum): return "Призначення платежу має щонайбільше \(characters(maximum))."
        case .unprintable: return "Призначення платежу може містити лише літери, цифри, розділові знаки й пробіли."
        }
    }

    public func text(_ problem: DisplayName.Problem) -> String {
        // "до" takes the genitive plural whatever the number ("до 64 символів").
        "Ім’я має від 1 до \(DisplayName.maximumLength) друкованих символів."
    }

    public func label(_ line: StatementLine) -> String {
        switch line.kind {
        case .opening: return "Вхідний залишок"
        case .deposit: return "Поповнення"
        case .reversal: return "Сторнування \(line.reverses.map(String.init(describing:)) ?? "переказу")"
        case .payment:
            guard let name = line.counterpartyName?.rawValue else {
                return line.amount.minorUnits < 0 ? "Платіж іншому клієнту" : "Платіж від іншого клієнта"
            }
            return line.amount.minorUnits < 0 ? "Платіж для \(name)" : "Платіж від \(name)"
        case .transfer:
            let outgoing = line.amount.minorUnits < 0
            guard case .customer(_, let kind) = line.counterparty else {
                return outgoing ? "Переказ банку" : "Переказ від банку"
            }
            // "На Ощадний", "З Поточного": the statement's description column is 15 wide at 60 columns.
            let other = outgoing ? to(kind) : from(kind)
            return other.prefix(1).uppercased() + other.dropFirst()
        }
    }
}
