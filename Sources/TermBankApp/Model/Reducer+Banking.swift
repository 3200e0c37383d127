import TermBankCore

/// Statement, transfers with step-up, the SMS switch and logout.
extension AppReducer {
    static func statementKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        guard let session = state.session else { return [] }
        let user = state.account?.user ?? session.user
        switch key {
        case .character("t"), .character("T"):
            state.screen = .transfer(TransferForm())
        case .character("a"), .character("A"):
            return openSecurity(&state)
        case .character("s"), .character("S"):
            if user.smsVerification {
                // Off needs the password and a second-factor code: the Security screen's form.
                return openTurnOffSMS(&state, thenSignOut: false)
            } else {
                return [.turnOnSMSVerification]
            }
        case .character("l"), .character("L"):
            if user.smsVerification {
                state.modal = .confirmSMSOnLogout
            } else {
                return signOut(&state, reason: .signedOut, message: Text.signedOut)
            }
        default:
            break
        }
        return []
    }

    /// The amount typed, parsed by the core's one parser and checked against
    /// the balance: nil error means it can go to review.
    public static func validate(_ form: TransferForm, balances: [AccountKind: Money]) -> (amount: Money?, error: String?) {
        guard !form.amountText.isEmpty else { return (nil, nil) }
        switch AmountParser().parse(form.amountText) {
        case .failure(let error):
            return (nil, error.description)
        case .success(let amount):
            if amount > (balances[form.from] ?? .zero) {
                return (amount, LedgerError.insufficientFunds(form.from).description)
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
                let (amount, error) = validate(form, balances: state.account?.balances ?? [:])
                guard let amount, error == nil else {
                    form.error = error ?? "Enter an amount."
                    return []
                }
                form.busy = true
                return [.reviewTransfer(user: session.user.id, from: form.from, to: form.from.other, amount: amount)]
            default:
                form.amountText = edit(form.amountText, key, limit: FieldLimit.amount) { "0123456789.,$".contains($0) }
                form.error = nil
            }
        case .review(let pending):
            switch key {
            case .enter:
                form.busy = true
                return [.beginTransferApproval(pending)]
            case .escape:
                form.stage = .editing
            default:
                break
            }
        }
        return []
    }

    /// The review of a transfer, as it was before its step-up began.
    static func reviewing(_ pending: PendingTransfer) -> TransferForm {
        var form = TransferForm()
        form.from = pending.from
        form.amountText = pending.amount.description
        form.stage = .review(pending)
        return form
    }

    static func reduceBankingReply(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .accountLoaded(let outcome):
            guard state.session != nil else { return [] }
            switch outcome {
            case .success(let snapshot):
                state.account = snapshot
            case .failure(let message):
                if case .statement = state.screen {
                    state.screen = .statement(StatementScreen(notice: message, noticeIsError: true))
                }
            }
            return []

        case .transferReviewed(let pending):
            guard case .transfer(var form) = state.screen else { return [] }
            form.busy = false
            form.stage = .review(pending)
            state.screen = .transfer(form)
            return []

        case .stepUpStarted(let outcome):
            guard case .transfer(var form) = state.screen, case .review(let pending) = form.stage else { return [] }
            form.busy = false
            switch outcome {
            case .success(.code(let ticket)):
                state.screen = .pin(PinEntry(ticket: ticket, purpose: .transfer(pending)))
            case .success(.biometric(let prompt)):
                state.screen = .biometric(BiometricScreen(prompt: prompt, purpose: .transfer(pending)))
            case .success(.authenticator):
                state.screen = .authenticator(AuthenticatorEntry(purpose: .transfer(pending)))
            case .failure(let message):
                form.error = message
                state.screen = .transfer(form)
            }
            return []

        case .transferReplied(let reply):
            guard case .pin(var entry) = state.screen, case .transfer(let pending) = entry.purpose else { return [] }
            entry.busy = false
            entry.digits = ""
            switch reply {
            case .executed(let receipt):
                state.screen = .receipt(receipt)
                return state.session.map { [.loadAccount($0.user)] } ?? []
            case .wrong(let left):
                return wrongCode(&state, &entry, attemptsLeft: left)
            case .tooManyWrongCodes:
                return signOut(&state, reason: .verificationFailed, message: Text.unsuccessful)
            case .expired:
                return expiredCode(&state, &entry)
            case .refused(let message):
                var form = TransferForm()
                form.from = pending.from
                form.amountText = pending.amount.description
                form.error = message
                state.screen = .transfer(form)
                return []
            }

        case .biometricTransferReplied(let reply):
            guard case .biometric(var screen) = state.screen, case .transfer(let pending) = screen.purpose else { return [] }
            screen.busy = false
            switch reply {
            case .waiting(let prompt):
                screen.prompt = prompt
                state.screen = .biometric(screen)
            case .executed(let receipt):
                state.screen = .receipt(receipt)
                return state.session.map { [.loadAccount($0.user)] } ?? []
            case .failed(let message):
                var form = TransferForm()
                form.from = pending.from
                form.amountText = pending.amount.description
                form.stage = .review(pending)
                form.error = message ?? "Transfer not approved."
                state.screen = .transfer(form)
            }
            return []

        case .smsSwitchReplied(let reply):
            switch reply {
            case .saved(let user):
                state.modal = nil
                if let session = state.session {
                    state.session = SessionInfo(user: user, sessionID: session.sessionID, deviceName: session.deviceName)
                }
                if let account = state.account {
                    state.account = AccountSnapshot(user: user, balances: account.balances, lines: account.lines)
                }
                if case .security = state.screen {
                    state.screen = .security(SecurityScreen(notice: "SMS verification on sign-in is on."))
                    return [.loadSecurity]
                }
                if case .statement = state.screen {
                    state.screen = .statement(StatementScreen(
                        notice: user.smsVerification ? "SMS verification on sign-in is on." : "SMS verification on sign-in is off."))
                }
            case .refused(let message):
                if case .statement = state.screen {
                    state.screen = .statement(StatementScreen(notice: message, noticeIsError: true))
                } else if case .security(var screen) = state.screen {
                    screen.notice = message
                    screen.noticeIsError = true
                    state.screen = .security(screen)
                }
            }
            return []

        default:
            return []
        }
    }
}
