import TermBankCore

/// The statement, transfers and their approval, and logout.
public enum BankingFeature {
    public enum Action: Equatable, Sendable {
        case accountLoaded(Outcome<AccountSnapshot>)
        case transferReviewed(PendingTransfer)
        /// The bank's answer to how Enter on this review will approve it.
        case stepUpApprovalLoaded(PendingTransfer, Outcome<StepUpApproval>)
        case stepUpStarted(Outcome<StepUpStart>)
        /// The bank's answer to the step-up's proof, whichever factor it was.
        case transferApproved(TransferApprovalReply)
        /// The pay form's daily limit, what is left of it, and recent payees.
        case allowanceLoaded(Outcome<PaymentAllowance>)
        /// Confirmation of payee: who the username is.
        case payeeFound(Outcome<Payee>)
        case paymentReviewed(PendingTransfer)
    }

    static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .accountLoaded(let outcome):
            return accountLoaded(&state, outcome)
        case .transferReviewed(let pending):
            return transferReviewed(&state, pending)
        case .stepUpApprovalLoaded(let pending, let outcome):
            return stepUpApprovalLoaded(&state, pending, outcome)
        case .stepUpStarted(let outcome):
            return stepUpStarted(&state, outcome)
        case .transferApproved(let reply):
            return transferApproved(&state, reply)
        case .allowanceLoaded(let outcome):
            return allowanceLoaded(&state, outcome)
        case .payeeFound(let outcome):
            return payeeFound(&state, outcome)
        case .paymentReviewed(let pending):
            return paymentReviewed(&state, pending)
        }
    }

    // MARK: Replies

    static func accountLoaded(_ state: inout AppState, _ outcome: Outcome<AccountSnapshot>) -> [Effect] {
        guard state.session != nil else { return [] }
        switch outcome {
        case .success(let snapshot):
            // The database answers again: a notice that it could not be reached is over.
            if case .statement(let screen) = state.screen, let notice = screen.notice, notice.kind == .refused,
               case .core(.store(let failure)) = notice.message, failure.isTransient {
                state.screen = .statement(StatementScreen())
            }
            let effects = adopt(&state, snapshot)
            return effects + SMSSwitchOnLogout.accountRead(&state, succeeded: true)
        case .failure(let message):
            _ = SMSSwitchOnLogout.accountRead(&state, succeeded: false)
            if case .statement = state.screen {
                state.screen = .statement(StatementScreen(notice: .refused(message)))
            }
        }
        return []
    }

    static func transferReviewed(_ state: inout AppState, _ pending: PendingTransfer) -> [Effect] {
        guard case .transfer(var form) = state.screen else { return [] }
        form.busy = false
        // A new review: the last attempt's refusal is about a request no longer on screen.
        form.error = nil
        form.stage = .review(pending)
        form.approval = nil
        state.screen = .transfer(form)
        return [.banking(.loadStepUpApproval(pending))]
    }

    /// The review names how Enter will approve, once the bank says; an
    /// answer for a review no longer on screen is dropped.
    static func stepUpApprovalLoaded(_ state: inout AppState, _ pending: PendingTransfer,
                                     _ outcome: Outcome<StepUpApproval>) -> [Effect] {
        if case .transfer(var form) = state.screen, case .review(pending) = form.stage {
            form.approval = outcome
            state.screen = .transfer(form)
        } else if case .pay(var form) = state.screen, case .review(pending) = form.stage {
            form.approval = outcome
            state.screen = .pay(form)
        }
        return []
    }

    static func stepUpStarted(_ state: inout AppState, _ outcome: Outcome<StepUpStart>) -> [Effect] {
        if case .pay(var form) = state.screen, case .review(let pending) = form.stage {
            form.busy = false
            if case .failure(let message) = outcome {
                // Refused at Enter (a factor locked since, the limit used up
                // elsewhere): the review asks again, so its line is the bank's now.
                form.error = message
                form.approval = nil
                state.screen = .pay(form)
                return [.banking(.loadStepUpApproval(pending))]
            }
            return stepUpStarted(&state, outcome, pending, reviewed: form.approval)
        }
        guard case .transfer(var form) = state.screen, case .review(let pending) = form.stage else { return [] }
        form.busy = false
        if case .failure(let message) = outcome {
            form.error = message
            form.approval = nil
            state.screen = .transfer(form)
            return [.banking(.loadStepUpApproval(pending))]
        }
        return stepUpStarted(&state, outcome, pending, reviewed: form.approval)
    }

    /// The step-up's screen for a reviewed transfer or payment: the one the
    /// bank started now, which says so when it is not what the review named.
    private static func stepUpStarted(_ state: inout AppState, _ outcome: Outcome<StepUpStart>,
                                      _ pending: PendingTransfer, reviewed: Outcome<StepUpApproval>?) -> [Effect] {
        guard case .success(let start) = outcome else { return [] }
        // Only a factor the review named can be broken as a promise: a review
        // still asking, or one whose question failed, promised none.
        var changed = false
        if case .success(let approval)? = reviewed { changed = !start.isWhat(approval) }
        switch start {
        case .code(let ticket):
            var entry = PinEntry(ticket: ticket, purpose: .transfer(pending))
            entry.changedSinceReview = changed
            state.screen = .pin(entry)
        case .biometric(let prompt):
            var screen = BiometricScreen(prompt: prompt, purpose: .transfer(pending))
            screen.changedSinceReview = changed
            state.screen = .biometric(screen)
        case .authenticator:
            var entry = AuthenticatorEntry(purpose: .transfer(pending))
            entry.changedSinceReview = changed
            state.screen = .authenticator(entry)
        }
        return []
    }

    static func transferApproved(_ state: inout AppState, _ reply: TransferApprovalReply) -> [Effect] {
        // The reply lands on the step-up's screen that asked for it.
        if case .pin(var entry) = state.screen, case .transfer(let pending) = entry.purpose {
            return smsCodeApproval(&state, &entry, pending, reply)
        }
        if case .biometric(var screen) = state.screen, case .transfer(let pending) = screen.purpose {
            return biometricApproval(&state, &screen, pending, reply)
        }
        if case .authenticator(var entry) = state.screen, case .transfer(let pending) = entry.purpose {
            return authenticatorApproval(&state, &entry, pending, reply)
        }
        return []
    }

    // MARK: Approval

    static let notApproved = AppMessage.banking(.notApproved)

    static func executed(_ state: inout AppState, _ receipt: TransferReceipt, _ pending: PendingTransfer) -> [Effect] {
        if let payee = pending.payee {
            state.screen = .paid(receipt, payee)
        } else {
            state.screen = .receipt(receipt)
        }
        return state.session.map { [.banking(.loadAccount($0.user))] } ?? []
    }

    static func smsCodeApproval(_ state: inout AppState, _ entry: inout PinEntry, _ pending: PendingTransfer,
                                _ reply: TransferApprovalReply) -> [Effect] {
        entry.busy = false
        entry.digits = ""
        switch reply {
        case .executed(let receipt):
            return executed(&state, receipt, pending)
        case .waiting:
            state.screen = .pin(entry)
            return []
        case .wrong(let left):
            return SecondFactorFeature.wrongCode(&state, &entry, attemptsLeft: left)
        case .tooManyWrongCodes:
            return state.signOut(reason: .verificationFailed, message: AppText.unsuccessful)
        case .expired:
            return SecondFactorFeature.expiredCode(&state, &entry)
        case .superseded:
            return SecondFactorFeature.supersededCode(&state, &entry)
        case .refused(let message):
            if pending.isPayment {
                var form = reviewingPayment(pending, error: message ?? notApproved, numbers: state.language.coreCatalog.numbers)
                if let payee = pending.payee { form.stage = .details(payee) }
                state.screen = .pay(form)
                return []
            }
            var form = TransferForm()
            form.from = pending.from
            form.amountText = state.language.coreCatalog.numbers.amount(pending.amount)
            form.error = message ?? notApproved
            state.screen = .transfer(form)
            return []
        }
    }

    static func biometricApproval(_ state: inout AppState, _ screen: inout BiometricScreen, _ pending: PendingTransfer,
                                  _ reply: TransferApprovalReply) -> [Effect] {
        screen.busy = false
        switch reply {
        case .executed(let receipt):
            return executed(&state, receipt, pending)
        case .waiting(let prompt):
            screen.prompt = prompt
            state.screen = .biometric(screen)
        case .refused(let message):
            return backToReview(&state, pending, error: message ?? notApproved)
        case .wrong, .tooManyWrongCodes, .expired, .superseded:
            // Codes are not the prompt's: back to the review, not approved.
            return backToReview(&state, pending, error: notApproved)
        }
        return []
    }

    static func authenticatorApproval(_ state: inout AppState, _ entry: inout AuthenticatorEntry,
                                      _ pending: PendingTransfer, _ reply: TransferApprovalReply) -> [Effect] {
        entry.busy = false
        entry.digits = ""
        switch reply {
        case .executed(let receipt): return executed(&state, receipt, pending)
        case .waiting:
            state.screen = .authenticator(entry)
            return []
        case .wrong(let left): return SecondFactorFeature.authenticatorCodeFailed(&state, &entry, .wrong(attemptsLeft: left))
        case .tooManyWrongCodes: return SecondFactorFeature.authenticatorCodeFailed(&state, &entry, .tooManyWrongCodes)
        case .expired: return SecondFactorFeature.authenticatorCodeFailed(&state, &entry, .expired)
        case .superseded: return SecondFactorFeature.authenticatorCodeFailed(&state, &entry, .superseded)
        case .refused(let message?):
            return SecondFactorFeature.authenticatorCodeFailed(&state, &entry, .refused(message))
        case .refused(nil):
            entry.error = notApproved
            state.screen = .authenticator(entry)
            return []
        }
    }

    // MARK: Keys

    static func statementKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        guard let session = state.session else { return [] }
        let user = state.account?.user ?? session.user
        if case .statement(var screen) = state.screen, screen.notice == Self.nowhereToPaste {
            // Said once, about the paste just before: the next key moves on.
            screen.notice = nil
            state.screen = .statement(screen)
        }
        if let effects = historyKey(&state, key) { return effects }
        switch key {
        case .paste:
            // No text field here (the search has one once `/` opens it, and
            // takes the paste there): nothing pasted acts, and the customer
            // learns where pasting works.
            if case .statement(var screen) = state.screen {
                screen.notice = Self.nowhereToPaste
                state.screen = .statement(screen)
            }
        case .character("t"), .character("T"):
            state.screen = .transfer(TransferForm())
        case .character("p"), .character("P"):
            return openPay(&state)
        case .character("a"), .character("A"):
            return SecurityFeature.openSecurity(&state)
        case .character("s"), .character("S"):
            if user.smsVerification {
                // Off needs the password and a second-factor code: the Security screen's form.
                return SecurityFeature.openTurnOffSMS(&state, thenSignOut: false)
            } else {
                return [.security(.turnOnSMSVerification)]
            }
        case .character("l"), .character("L"):
            // Asked whichever way the switch stands, as the seed does: logout is
            // where a customer sets it for the next sign-in.
            return SMSSwitchOnLogout.ask(&state)
        default:
            break
        }
        return []
    }

    static let nowhereToPaste = Notice.refused(.banking(.nowhereToPaste))

    /// The amount typed, parsed by the core's one parser in the conventions
    /// of the language on screen, and checked against the balance: nil error
    /// means it can go to review.
    public static func validate(_ form: TransferForm, balances: [AccountKind: Money],
                                numbers: NumberConventions) -> (amount: Money?, error: CoreMessage?) {
        guard !form.amountText.isEmpty else { return (nil, nil) }
        switch AmountParser(numbers: numbers).parse(form.amountText) {
        case .failure(let error):
            return (nil, .amount(error))
        case .success(let amount):
            if amount > (balances[form.from] ?? .zero) {
                return (amount, .ledger(.insufficientFunds(form.from)))
            }
            return (amount, nil)
        }
    }

    static func transferKey(_ state: inout AppState, _ form: inout TransferForm, _ key: Key) -> [Effect] {
        guard !form.busy, let session = state.session else { return [] }
        switch form.stage {
        case .editing:
            switch key {
            case .left, .right, .tab, .backTab:
                form.from = form.from.other
                form.error = nil
            case .escape:
                state.screen = .statement(StatementScreen())
            case .enter:
                // The language on the screen reads the amount, as the form showed it.
                let (amount, error) = validate(form, balances: state.account?.balances ?? [:],
                                               numbers: state.language.coreCatalog.numbers)
                guard let amount, error == nil else {
                    form.error = error.map(AppMessage.core) ?? .banking(.enterAnAmount)
                    return []
                }
                form.busy = true
                return [.banking(.reviewTransfer(user: session.user.id, from: form.from, to: form.from.other, amount: amount))]
            default:
                // Every printable key is kept, so the parser names what is wrong ("-5", "1e3");
                // dropping the letter or the sign would have turned "1e3" into 13 and "-5" into 5.
                form.amountText = TextEditing.edit(form.amountText, key, limit: FieldLimit.amount)
                form.error = nil
            }
        case .review(let pending):
            switch key {
            case .enter:
                form.busy = true
                return [.banking(.beginTransferApproval(pending))]
            case .escape:
                form.stage = .editing
            default:
                break
            }
        }
        return []
    }

    /// The review of a transfer, as it was before its step-up began; the
    /// amount written the way the language on screen reads it back.
    static func reviewing(_ pending: PendingTransfer, numbers: NumberConventions) -> TransferForm {
        var form = TransferForm()
        form.from = pending.from
        form.amountText = numbers.amount(pending.amount)
        form.stage = .review(pending)
        return form
    }
}
