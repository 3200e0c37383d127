import TermBankCore

/// Login → sitekey → biometric prompt → SMS code → session.
extension AppReducer {
    static let signInReason = "Sign in to TermBank"

    static func pickDeviceKey(_ state: inout AppState, _ picker: inout DevicePicker, _ key: Key) -> [Effect] {
        guard !picker.busy, !picker.choices.isEmpty else { return [] }
        switch key {
        case .up, .backTab: picker.selected = (picker.selected + picker.choices.count - 1) % picker.choices.count
        case .down, .tab: picker.selected = (picker.selected + 1) % picker.choices.count
        case .character(let digit) where digit.isNumber:
            if let index = digit.wholeNumberValue, (1...picker.choices.count).contains(index) { picker.selected = index - 1 }
        case .enter:
            picker.busy = true
            picker.error = nil
            return [.selectDevice(picker.choices[picker.selected].name)]
        default: break
        }
        return []
    }

    static func loginKey(_ state: inout AppState, _ form: inout LoginForm, _ key: Key) -> [Effect] {
        guard !form.busy else { return [] }
        switch key {
        case .tab, .backTab, .up, .down:
            if form.focus == .username { return leaveUsername(&form) }
            // A password belongs to the username it was typed after: a changed
            // name is looked up again before a password is typed for it.
            form.password = Secret("")
            form.focus = .username
        case .enter:
            if form.focus == .username { return leaveUsername(&form) }
            guard !form.username.isEmpty, !form.password.exposedValue.isEmpty else {
                form.error = "Enter your username and password."
                return []
            }
            form.busy = true
            form.error = nil
            return [.signIn(username: form.username, password: form.password)]
        default:
            if form.focus == .username {
                form.username = edit(form.username, key, limit: FieldLimit.username) { $0.isASCII && !$0.isWhitespace }
            } else {
                form.password = edit(form.password, key, limit: FieldLimit.password)
            }
        }
        return []
    }

    static func sitekeyKey(_ state: inout AppState, _ screen: SitekeyScreen, _ key: Key) -> [Effect] {
        guard !screen.busy else { return [] }
        switch key {
        case .enter:
            var busy = screen
            busy.busy = true
            state.screen = .sitekey(busy)
            return continueSignIn(&state, next: screen.next)
        case .character("n"), .character("N"):
            signOutLocally(&state, message: Text.notMyImage)
            return [.notMyImage]
        case .escape:
            state.screen = .login(LoginForm())
            return [.signOut(.signedOut)]
        default:
            return []
        }
    }

    /// Asks for the next factor, or opens the session when none is left.
    static func continueSignIn(_ state: inout AppState, next: SignInFactor?) -> [Effect] {
        switch next {
        case .biometric: return [.beginBiometric(reason: signInReason)]
        case .smsCode:
            state.sendingCode = true
            return [.sendSignInCode]
        case .authenticator:
            state.screen = .authenticator(AuthenticatorEntry())
            return []
        // Asking to open the session lets the core refuse it when a factor is
        // still due, so no factor is ever skipped by the app.
        case .password, nil: return [.openSession]
        }
    }

    static func biometricKey(_ state: inout AppState, _ screen: inout BiometricScreen, _ key: Key) -> [Effect] {
        guard !screen.busy else { return [] }
        let event: BiometricEvent?
        if screen.prompt.mode == .passcode {
            switch key {
            case .escape: event = .cancel
            case .enter:
                guard !screen.passcode.exposedValue.isEmpty else { return [] }
                event = .passcode(screen.passcode)
                screen.passcode = Secret("")
            default:
                screen.passcode = edit(screen.passcode, key, limit: FieldLimit.passcode)
                event = nil
            }
        } else {
            switch key {
            case .enter: event = .matchingTouch
            case .character("x"), .character("X"): event = .nonMatchingTouch
            case .character("p"), .character("P"): event = screen.prompt.offersPasscode ? .enterPasscode : nil
            case .escape: event = .cancel
            default: event = nil
            }
        }
        guard let event else { return [] }
        screen.busy = true
        switch screen.purpose {
        case .signIn: return [.biometric(event, screen.prompt)]
        case .transfer(let pending): return [.approveTransferWithBiometric(event, screen.prompt, pending)]
        case .turnOnBiometricSignIn: return [.biometricSwitch(event, screen.prompt)]
        }
    }

    static func pinKey(_ state: inout AppState, _ entry: inout PinEntry, _ key: Key) -> [Effect] {
        guard !entry.busy else { return [] }
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber:
            guard entry.digits.count < entry.ticket.codeLength else { return [] }
            entry.digits.append(digit)
            entry.error = nil
            guard entry.digits.count == entry.ticket.codeLength else { return [] }
            // The last digit submits.
            entry.busy = true
            switch entry.purpose {
            case .signIn: return [.checkSignInCode(entry.ticket, code: entry.digits)]
            case .transfer(let pending): return [.approveTransfer(entry.ticket, code: entry.digits, pending)]
            }
        case .backspace:
            entry.digits = String(entry.digits.dropLast())
        case .character("r"), .character("R"), .character("c"), .character("C"):
            if let wait = secondsUntilResend(entry, now: state.now) {
                entry.notice = nil
                entry.error = wait > 0 ? "You can ask for a new code in \(wait) s." : "No more codes can be sent; press Esc and start again."
                return []
            }
            entry.busy = true
            state.sendingCode = true
            return [.resendCode(entry.ticket)]
        case .character("u"), .character("U"):
            guard entry.acceptsRecoveryCode, entry.purpose == .signIn else { return [] }
            state.screen = .recoveryCode(RecoveryCodeEntry(instead: .smsCode(entry.ticket)))
        case .escape:
            switch entry.purpose {
            case .signIn:
                state.screen = .login(LoginForm())
                return [.signOut(.signedOut)]
            case .transfer(let pending):
                var form = TransferForm()
                form.from = pending.from
                form.amountText = pending.amount.description
                form.stage = .review(pending)
                state.screen = .transfer(form)
            }
        default:
            break
        }
        return []
    }

    /// nil when a resend is allowed now; 0 when no more events are left; else seconds to wait.
    public static func secondsUntilResend(_ entry: PinEntry, now: Timestamp) -> Int64? {
        if entry.ticket.events >= 3 { return 0 }
        let waited = (now.millisecondsSinceEpoch - entry.ticket.lastEventAt.millisecondsSinceEpoch) / 1000
        return waited >= 30 ? nil : 30 - waited
    }

    // MARK: Replies

    static func reduceReply(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .deviceSelected(let outcome):
            guard case .pickDevice(var picker) = state.screen else { return [] }
            switch outcome {
            case .success(let name):
                state.deviceName = name
                state.screen = firstScreen(state)
            case .failure(let message):
                picker.busy = false
                picker.error = message
                state.screen = .pickDevice(picker)
            }
            return []

        case .signInReplied(let reply):
            if case .sitekeyFirst(let form) = state.screen { return sitekeyFirstSignInReplied(&state, form, reply) }
            guard case .login(var form) = state.screen else { return [] }
            form.busy = false
            switch reply {
            case .refused(let message):
                form.error = message
                form.password = Secret("")
                form.focus = .password
                state.screen = .login(form)
            case .accepted(let user, _, let next, _, let recoveryCodes):
                state.signInAcceptsRecoveryCode = recoveryCodes
                state.screen = .sitekey(SitekeyScreen(user: user, next: next))
            }
            return []

        case .biometricReplied(let reply):
            switch reply {
            case .waiting(let prompt):
                state.screen = .biometric(BiometricScreen(prompt: prompt, purpose: .signIn))
                return []
            case .passed(let next):
                return continueSignIn(&state, next: next)
            case .failed(.userCancel, _):
                state.screen = .login(LoginForm())
                return [.signOut(.signedOut)]
            case .failed(_, let message):
                return signOut(&state, reason: .signedOut, message: message ?? Text.signedOut)
            }

        case .codeSent(let outcome):
            state.sendingCode = false
            switch (outcome, state.screen) {
            case (.success(let ticket), .pin(var entry)):
                let voice = ticket.events == 2
                entry.ticket = ticket
                entry.busy = false
                entry.error = nil
                entry.digits = ""
                entry.notice = voice ? "Calling \(ticket.phone.masked): listen for your code."
                                     : "A new code was sent to \(ticket.phone.masked)."
                state.screen = .pin(entry)
                return []
            case (.success(let ticket), _):
                state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn,
                                             acceptsRecoveryCode: state.signInAcceptsRecoveryCode))
                return []
            case (.failure(let message), .pin(var entry)):
                entry.busy = false
                entry.error = message
                state.screen = .pin(entry)
                return []
            case (.failure(let message), _):
                return signOut(&state, reason: .signedOut, message: message)
            }

        case .codeChecked(let reply):
            guard case .pin(var entry) = state.screen else { return [] }
            entry.busy = false
            entry.digits = ""
            switch reply {
            case .passed(let next):
                state.screen = .pin(entry)
                return continueSignIn(&state, next: next)
            case .wrong(let left):
                return wrongCode(&state, &entry, attemptsLeft: left)
            case .tooManyWrongCodes:
                return signOut(&state, reason: .verificationFailed, message: Text.unsuccessful)
            case .expired:
                return expiredCode(&state, &entry)
            case .refused(let message):
                entry.error = message
            }
            state.screen = .pin(entry)
            return []

        case .sessionOpened(let outcome):
            switch outcome {
            case .success(let info):
                state.session = info
                state.signInAcceptsRecoveryCode = false
                state.lastInputAt = state.now
                state.lastTouchAt = state.now
                switch info.recoveryCodesLeft {
                case 0?:
                    state.screen = .newRecoveryCodes(NewRecoveryCodesScreen())
                case let left?:
                    state.screen = .statement(StatementScreen(notice: Text.recoveryCodesLeft(left)))
                case nil:
                    state.screen = .statement(StatementScreen())
                }
                if info.mayTrustDevice { state.modal = .trustDevice }
                return [.loadAccount(info.user)]
            case .failure(let message):
                return signOut(&state, reason: .signedOut, message: message)
            }

        case .signInStillNeeds(let factor):
            return continueSignIn(&state, next: factor)

        case .signInExpired(let message):
            return signOut(&state, reason: .signedOut, message: message)

        default:
            return reduceBankingReply(&state, action)
        }
    }

    static func wrongCode(_ state: inout AppState, _ entry: inout PinEntry, attemptsLeft: Int) -> [Effect] {
        entry.attemptsLeft = attemptsLeft
        entry.error = "Wrong Pin Code. The pin code you entered is invalid."
        state.screen = .pin(entry)
        return []
    }

    static func expiredCode(_ state: inout AppState, _ entry: inout PinEntry) -> [Effect] {
        entry.error = "This code has expired. Press r for a new one."
        state.screen = .pin(entry)
        return []
    }
}
