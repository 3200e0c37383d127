import TermBankCore

/// The second factor, at sign-in and for a transfer's step-up: the biometric
/// prompt, the SMS code, the authenticator app's code, a recovery code in
/// place of the second factor, and the new set of recovery codes after the
/// last one was used.
public enum SecondFactorFeature {
    public enum Action: Equatable, Sendable {
        case biometricReplied(BiometricReply)
        case codeSent(Outcome<VerificationTicket>)
        case codeChecked(CodeReply)
        case authenticatorCodeChecked(CodeReply)
        case recoveryCodeChecked(CodeReply)
        /// After the last recovery code: the new set (or why not).
        case recoveryCodesMade(RecoveryCodesReply)
    }

    static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .biometricReplied(let reply):
            return biometricReplied(&state, reply)
        case .codeSent(let outcome):
            return codeSent(&state, outcome)
        case .codeChecked(let reply):
            return codeChecked(&state, reply)
        case .authenticatorCodeChecked(let reply):
            return authenticatorCodeChecked(&state, reply)
        case .recoveryCodeChecked(let reply):
            return recoveryCodeChecked(&state, reply)
        case .recoveryCodesMade(let reply):
            return recoveryCodesMade(&state, reply)
        }
    }

    // MARK: Replies

    static func biometricReplied(_ state: inout AppState, _ reply: BiometricReply) -> [Effect] {
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
            return state.signOut(reason: .signedOut, message: message ?? AppText.signedOut)
        }
    }

    static func codeSent(_ state: inout AppState, _ outcome: Outcome<VerificationTicket>) -> [Effect] {
        state.sendingCode = false
        switch (outcome, state.screen) {
        case (.success(let ticket), .pin(var entry)):
            let voice = ticket.events == 2
            entry.ticket = ticket
            entry.resendNotBefore = nil
            entry.superseded = false
            entry.busy = false
            entry.error = nil
            entry.digits = ""
            entry.notice = .secondFactor(voice ? .calling(masked: ticket.phone.masked)
                                               : .newCodeSent(masked: ticket.phone.masked))
            state.screen = .pin(entry)
            return []
        case (.success(let ticket), _):
            state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn,
                                         acceptsRecoveryCode: state.signInAcceptsRecoveryCode))
            return []
        case (.failure(.core(.verify(.resendTooSoon(let secondsLeft)))), .pin(var entry)):
            // The bank counts from a later send than this screen knew of: its
            // wait is kept, so the countdown below and this line follow it.
            entry.busy = false
            entry.resendNotBefore = state.now.adding(seconds: secondsLeft)
            entry.error = resendRefusal(entry, now: state.now)
            state.screen = .pin(entry)
            return []
        case (.failure(let message), .pin(var entry)):
            entry.busy = false
            entry.error = message
            state.screen = .pin(entry)
            return []
        case (.failure(let message), _):
            return state.signOut(reason: .signedOut, message: message)
        }
    }

    static func codeChecked(_ state: inout AppState, _ reply: CodeReply) -> [Effect] {
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
            return state.signOut(reason: .verificationFailed, message: AppText.unsuccessful)
        case .expired:
            return expiredCode(&state, &entry)
        case .superseded:
            return supersededCode(&state, &entry)
        case .refused(let message):
            entry.error = message
        }
        state.screen = .pin(entry)
        return []
    }

    static func authenticatorCodeChecked(_ state: inout AppState, _ reply: CodeReply) -> [Effect] {
        guard case .authenticator(var entry) = state.screen else { return [] }
        entry.busy = false
        entry.digits = ""
        if case .passed(let next) = reply {
            state.screen = .authenticator(entry)
            return continueSignIn(&state, next: next)
        }
        return authenticatorCodeFailed(&state, &entry, reply)
    }

    static func recoveryCodeChecked(_ state: inout AppState, _ reply: CodeReply) -> [Effect] {
        guard case .recoveryCode(var entry) = state.screen else { return [] }
        entry.busy = false
        switch reply {
        case .passed(let next):
            entry.code = Secret("")
            state.screen = .recoveryCode(entry)
            return continueSignIn(&state, next: next)
        case .wrong(let left):
            entry.error = .core(.recoveryCode(.wrongCode(attemptsLeft: left)))
        case .tooManyWrongCodes:
            return state.signOut(reason: .verificationFailed, message: AppText.unsuccessful)
        case .expired, .superseded:
            entry.error = .secondFactor(.recoveryCodeNoLongerWorks)
        case .refused(let message):
            entry.error = message
        }
        entry.code = Secret("")
        state.screen = .recoveryCode(entry)
        return []
    }

    static func recoveryCodesMade(_ state: inout AppState, _ reply: RecoveryCodesReply) -> [Effect] {
        guard case .newRecoveryCodes(var screen) = state.screen else { return [] }
        screen.busy = false
        switch reply {
        case .made(let codes):
            screen.stage = .shown(codes)
            screen.error = nil
        case .refused(let message):
            screen.stage = .password(Secret(""))
            screen.error = message
        }
        state.screen = .newRecoveryCodes(screen)
        return []
    }

    // MARK: Keys

    /// Asks for the next factor, or opens the session when none is left.
    static func continueSignIn(_ state: inout AppState, next: SignInFactor?) -> [Effect] {
        switch next {
        case .biometric: return [.secondFactor(.beginBiometric(reason: .signIn))]
        case .smsCode:
            state.sendingCode = true
            return [.secondFactor(.sendSignInCode)]
        case .authenticator:
            state.screen = .authenticator(AuthenticatorEntry())
            return []
        // Asking to open the session lets the core refuse it when a factor is
        // still due, so no factor is ever skipped by the app.
        case .password, nil: return [.signIn(.openSession)]
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
                screen.passcode = TextEditing.edit(screen.passcode, key, limit: FieldLimit.passcode)
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
        case .signIn: return [.secondFactor(.biometric(event, screen.prompt))]
        case .transfer(let pending): return [.banking(.approveTransfer(.biometric(event, screen.prompt), pending))]
        case .turnOnBiometricSignIn: return [.security(.biometricSwitch(event, screen.prompt))]
        }
    }

    static func pinKey(_ state: inout AppState, _ entry: inout PinEntry, _ key: Key) -> [Effect] {
        guard !entry.busy else { return [] }
        switch key {
        case .paste(let text):
            return TextEditing.pastedDigits(text).flatMap { pinKey(&state, &entry, .character($0)) }
        case .character(let digit) where digit.isASCII && digit.isNumber:
            guard entry.digits.count < entry.ticket.codeLength else { return [] }
            entry.digits.append(digit)
            entry.error = nil
            guard entry.digits.count == entry.ticket.codeLength else { return [] }
            // The last digit submits.
            entry.busy = true
            switch entry.purpose {
            case .signIn: return [.secondFactor(.checkSignInCode(entry.ticket, code: entry.digits))]
            case .transfer(let pending): return [.banking(.approveTransfer(.smsCode(entry.ticket, code: entry.digits), pending))]
            }
        case .backspace:
            entry.digits = String(entry.digits.dropLast())
        case .character("r"), .character("R"), .character("c"), .character("C"):
            if let refusal = resendRefusal(entry, now: state.now) {
                entry.notice = nil
                entry.error = refusal
                return []
            }
            entry.busy = true
            state.sendingCode = true
            return [.secondFactor(.resendCode(entry.ticket))]
        case .character("u"), .character("U"):
            guard entry.acceptsRecoveryCode, entry.purpose == .signIn else { return [] }
            state.screen = .recoveryCode(RecoveryCodeEntry(instead: .smsCode(entry.ticket)))
        case .escape:
            return cancelCodeEntry(&state, entry.purpose)
        default:
            break
        }
        return []
    }

    /// nil when a resend is allowed now; 0 when no more events are left; else seconds to wait.
    /// The numbers are the core's (the bank refuses a resend the same way),
    /// and a wait is rounded up: the screen never offers a send the bank
    /// would still refuse.
    public static func secondsUntilResend(_ entry: PinEntry, now: Timestamp,
                                          policy: VerifyConfiguration = .standard) -> Int64? {
        // An expired or superseded code is replaced by a new request at once, whatever was sent before.
        if now >= entry.ticket.expiresAt || entry.superseded { return nil }
        if entry.ticket.events >= policy.maximumEvents { return 0 }
        let waited = (now.millisecondsSinceEpoch - entry.ticket.lastEventAt.millisecondsSinceEpoch) / 1000
        let own = max(0, policy.resendCooldownSeconds - waited)
        let banks = entry.resendNotBefore.map { max(0, ($0.millisecondsSinceEpoch - now.millisecondsSinceEpoch + 999) / 1000) } ?? 0
        let wait = max(own, banks)
        return wait > 0 ? wait : nil
    }

    /// Why `r` cannot send now, worded from the time left at `now`; nil when it can.
    static func resendRefusal(_ entry: PinEntry, now: Timestamp) -> AppMessage? {
        secondsUntilResend(entry, now: now).map { wait in
            .secondFactor(wait > 0 ? .askForANewCodeIn(seconds: Int(wait)) : .noMoreCodesPressEsc)
        }
    }

    /// Each tick: a refusal that counts down ("You can ask for a new code in
    /// 28 s") is worded again from the time left, as the countdowns above it
    /// are, and goes when a new code may be asked for (the line below then offers it).
    static func tick(_ state: inout AppState) {
        guard case .pin(var entry) = state.screen, case .secondFactor(.askForANewCodeIn)? = entry.error else { return }
        entry.error = resendRefusal(entry, now: state.now)
        state.screen = .pin(entry)
    }

    static func wrongCode(_ state: inout AppState, _ entry: inout PinEntry, attemptsLeft: Int) -> [Effect] {
        entry.attemptsLeft = attemptsLeft
        entry.error = .secondFactor(.wrongPinCode)
        state.screen = .pin(entry)
        return []
    }

    static func expiredCode(_ state: inout AppState, _ entry: inout PinEntry) -> [Effect] {
        entry.error = .secondFactor(.codeExpiredPressR)
        state.screen = .pin(entry)
        return []
    }

    /// The bank replaced this code with a newer one asked for from another
    /// session or device (its rule: one live code per number). The screen
    /// says so and how to go on; `r` asks for a new code at once.
    static func supersededCode(_ state: inout AppState, _ entry: inout PinEntry) -> [Effect] {
        entry.superseded = true
        entry.resendNotBefore = nil
        entry.notice = nil
        entry.error = .secondFactor(.codeSupersededPressR)
        state.screen = .pin(entry)
        return []
    }

    /// Esc on a code screen: a sign-in is abandoned (and ended with the bank);
    /// a transfer goes back to its review, nothing approved.
    static func cancelCodeEntry(_ state: inout AppState, _ purpose: StepPurpose) -> [Effect] {
        switch purpose {
        case .signIn:
            state.screen = .login(LoginForm())
            return [.signOut(.signedOut)]
        case .transfer(let pending):
            return BankingFeature.backToReview(&state, pending)
        }
    }

    static func authenticatorKey(_ state: inout AppState, _ entry: inout AuthenticatorEntry, _ key: Key) -> [Effect] {
        guard !entry.busy else { return [] }
        switch key {
        case .paste(let text):
            return TextEditing.pastedDigits(text).flatMap { authenticatorKey(&state, &entry, .character($0)) }
        case .character(let digit) where digit.isASCII && digit.isNumber:
            guard entry.digits.count < TOTP.digits else { return [] }
            entry.digits.append(digit)
            entry.error = nil
            guard entry.digits.count == TOTP.digits else { return [] }
            // The last digit submits.
            entry.busy = true
            switch entry.purpose {
            case .signIn: return [.secondFactor(.checkAuthenticatorCode(entry.digits))]
            case .transfer(let pending): return [.banking(.approveTransfer(.authenticator(code: entry.digits), pending))]
            }
        case .backspace:
            entry.digits = String(entry.digits.dropLast())
        case .character("u"), .character("U"):
            // Recovery codes stand in at sign-in only, never for a transfer.
            guard entry.purpose == .signIn else { return [] }
            state.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator))
        case .escape:
            return cancelCodeEntry(&state, entry.purpose)
        default:
            break
        }
        return []
    }

    static func recoveryCodeKey(_ state: inout AppState, _ entry: inout RecoveryCodeEntry, _ key: Key) -> [Effect] {
        guard !entry.busy else { return [] }
        switch key {
        case .enter:
            guard !entry.code.exposedValue.allSatisfy({ $0 == " " }) else {
                entry.error = .secondFactor(.typeARecoveryCode)
                return []
            }
            entry.busy = true
            entry.error = nil
            return [.secondFactor(.checkRecoveryCode(entry.code))]
        case .escape:
            switch entry.instead {
            case .authenticator:
                state.screen = .authenticator(AuthenticatorEntry())
            case .smsCode(let ticket):
                state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn, acceptsRecoveryCode: true))
            }
        default:
            let text = TextEditing.edit(entry.code.exposedValue, key, limit: FieldLimit.recoveryCode) {
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == " ")
            }
            if text != entry.code.exposedValue { entry.error = nil }
            entry.code = Secret(text)
        }
        return []
    }

    static func newRecoveryCodesKey(_ state: inout AppState, _ screen: inout NewRecoveryCodesScreen, _ key: Key) -> [Effect] {
        guard !screen.busy else { return [] }
        switch screen.stage {
        case .password(let password):
            switch key {
            case .enter:
                guard !password.exposedValue.isEmpty else {
                    screen.error = .signIn(.enterPassword)
                    return []
                }
                screen.busy = true
                screen.error = nil
                return [.secondFactor(.makeRecoveryCodes(password: password))]
            case .escape:
                // Not now: the statement says the set is still due.
                state.screen = .statement(StatementScreen(notice: .refused(AppText.noRecoveryCodesLeft)))
            default:
                screen.stage = .password(TextEditing.edit(password, key, limit: FieldLimit.password))
            }
        case .shown:
            // Shown once: leaving forgets them.
            if key == .enter || key == .escape { state.screen = .statement(StatementScreen()) }
        }
        return []
    }

    /// What both authenticator code screens (sign-in and transfer) do with a code that did not pass.
    static func authenticatorCodeFailed(_ state: inout AppState, _ entry: inout AuthenticatorEntry,
                                        _ reply: CodeReply) -> [Effect] {
        switch reply {
        case .passed:
            break
        case .wrong(let left):
            entry.error = .secondFactor(.codeNotRight(attemptsLeft: left))
        case .tooManyWrongCodes:
            return state.signOut(reason: .verificationFailed, message: AppText.unsuccessful)
        case .expired:
            entry.error = .secondFactor(.authenticatorCodeExpired)
        case .superseded:
            entry.error = .core(.check(.notInProgress(.superseded)))
        case .refused(let message):
            entry.error = message
        }
        state.screen = .authenticator(entry)
        return []
    }
}
