import TermBankCore

/// Paying another customer (`p` on the statement). The view explains the
/// rules (the amount left today, a first payee's code); the core decides them
/// when the payment is booked.
extension BankingFeature {
    static func openPay(_ state: inout AppState) -> [Effect] {
        var form = PayForm()
        form.busy = true
        state.screen = .pay(form)
        return [.banking(.loadPaymentAllowance)]
    }

    // MARK: Replies

    static func allowanceLoaded(_ state: inout AppState, _ outcome: Outcome<PaymentAllowance>) -> [Effect] {
        guard case .pay(var form) = state.screen else { return [] }
        form.busy = false
        switch outcome {
        case .success(let allowance): form.allowance = allowance
        case .failure(let message): form.error = message
        }
        state.screen = .pay(form)
        return []
    }

    static func payeeFound(_ state: inout AppState, _ outcome: Outcome<Payee>) -> [Effect] {
        guard case .pay(var form) = state.screen, case .payee = form.stage else { return [] }
        form.busy = false
        switch outcome {
        case .success(let payee):
            form.stage = .details(payee)
            form.usernameText = payee.username.rawValue
            form.field = .amount
        case .failure(let message):
            form.error = message
        }
        state.screen = .pay(form)
        return []
    }

    static func paymentReviewed(_ state: inout AppState, _ pending: PendingTransfer) -> [Effect] {
        guard case .pay(var form) = state.screen, case .details = form.stage else { return [] }
        form.busy = false
        // A new review: the last attempt's refusal is about a request no longer on screen.
        form.error = nil
        form.stage = .review(pending)
        form.approval = nil
        state.screen = .pay(form)
        return [.banking(.loadStepUpApproval(pending))]
    }

    // MARK: Checks the screen explains (the core checks them again when booking)

    /// The amount parsed by the core's parser, then checked against the
    /// account's balance and what is left of today's limit.
    public static func validate(_ form: PayForm, balances: [AccountKind: Money],
                                numbers: NumberConventions) -> (amount: Money?, error: CoreMessage?) {
        guard !form.amountText.isEmpty else { return (nil, nil) }
        switch AmountParser(numbers: numbers).parse(form.amountText) {
        case .failure(let error):
            return (nil, .amount(error))
        case .success(let amount):
            if amount > (balances[form.from] ?? .zero) { return (amount, .ledger(.insufficientFunds(form.from))) }
            if let allowance = form.allowance, amount > allowance.leftToday {
                return (amount, .ledger(.dailyLimitExceeded(limit: allowance.dailyLimit, left: allowance.leftToday)))
            }
            return (amount, nil)
        }
    }

    static func reference(_ form: PayForm) -> Result<PaymentReference?, PaymentReference.Problem> {
        Result { () throws(PaymentReference.Problem) in try PaymentReference.parse(form.referenceText) }
    }

    // MARK: Keys

    static func payKey(_ state: inout AppState, _ form: inout PayForm, _ key: Key) -> [Effect] {
        guard !form.busy, let session = state.session else { return [] }
        switch form.stage {
        case .payee:
            return payeeKey(&state, &form, key)
        case .details(let payee):
            switch key {
            case .escape:
                form.stage = .payee
                form.error = nil
            case .tab, .backTab, .down, .up:
                form.field = form.field == .amount ? .reference : .amount
            case .left, .right:
                form.from = form.from.other
                form.error = nil
            case .enter:
                // The language on the screen reads the amount, as the form showed it (as a transfer's does).
                let (amount, error) = validate(form, balances: state.account?.balances ?? [:],
                                               numbers: state.language.coreCatalog.numbers)
                guard let amount, error == nil else {
                    form.error = error.map(AppMessage.core) ?? .banking(.enterAnAmount)
                    form.field = .amount
                    return []
                }
                switch reference(form) {
                case .failure(let problem):
                    form.error = .core(.paymentReference(problem))
                    form.field = .reference
                case .success(let reference):
                    form.busy = true
                    return [.banking(.reviewPayment(user: session.user.id, from: form.from, payee: payee, amount: amount,
                                                          reference: reference))]
                }
            default:
                form.error = nil
                switch form.field {
                case .amount:
                    // Every printable key is kept, so the parser names what is wrong ("-5", "1e3");
                    // dropping the letter would have turned "1e3" into 13.
                    form.amountText = TextEditing.edit(form.amountText, key, limit: FieldLimit.amount)
                case .reference:
                    form.referenceText = TextEditing.edit(form.referenceText, key, limit: FieldLimit.paymentReference)
                }
            }
        case .review(let pending):
            switch key {
            case .enter:
                form.busy = true
                return [.banking(.beginTransferApproval(pending))]
            case .escape:
                form.stage = .details(pending.payee ?? Payee(userID: pending.userID, username: session.user.username,
                                                             maskedName: nil))
            default:
                break
            }
        }
        return []
    }

    private static func payeeKey(_ state: inout AppState, _ form: inout PayForm, _ key: Key) -> [Effect] {
        let recent = form.allowance?.recentPayees ?? []
        switch key {
        case .escape:
            state.screen = .statement(StatementScreen())
        case .down, .up:
            guard !recent.isEmpty else { return [] }
            let last = recent.count - 1
            let next: Int
            if let current = form.highlighted {
                next = key == .down ? min(last, current + 1) : max(0, current - 1)
            } else {
                next = key == .down ? 0 : last
            }
            form.highlighted = next
            form.usernameText = recent[next].username.rawValue
            form.error = nil
        case .enter:
            let typed = form.usernameText
            guard typed.contains(where: { $0 != " " }) else {
                form.error = .payment(.enterAUsername)
                return []
            }
            form.busy = true
            form.error = nil
            return [.banking(.lookUpPayee(typed))]
        default:
            form.usernameText = TextEditing.edit(form.usernameText, key, limit: FieldLimit.username)
            form.highlighted = recent.firstIndex { $0.username.rawValue == form.usernameText }
            form.error = nil
        }
        return []
    }

    /// The payment's review as it was before its step-up began (Esc on the code screen, a refusal).
    static func reviewingPayment(_ pending: PendingTransfer, error: AppMessage? = nil,
                                 numbers: NumberConventions = .english) -> PayForm {
        var form = PayForm()
        form.from = pending.from
        form.amountText = numbers.amount(pending.amount)
        form.referenceText = pending.paymentReference?.text ?? ""
        form.usernameText = pending.payee?.username.rawValue ?? ""
        form.stage = .review(pending)
        form.error = error
        return form
    }

    /// Back to the review when a step-up does not approve (Esc, a refusal):
    /// the bank is asked again how Enter will approve, as things stand now.
    static func backToReview(_ state: inout AppState, _ pending: PendingTransfer, error: AppMessage? = nil) -> [Effect] {
        state.screen = reviewScreen(pending, error: error, numbers: state.language.coreCatalog.numbers)
        return [.banking(.loadStepUpApproval(pending))]
    }

    /// Where a transfer or a payment goes back to when its step-up does not approve it.
    static func reviewScreen(_ pending: PendingTransfer, error: AppMessage? = nil,
                             numbers: NumberConventions = .english) -> Screen {
        if pending.isPayment { return .pay(reviewingPayment(pending, error: error, numbers: numbers)) }
        var form = reviewing(pending, numbers: numbers)
        form.error = error
        return .transfer(form)
    }
}
