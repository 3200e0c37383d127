import TermBankCore

/// The authenticator code at sign-in, a recovery code in place of the second
/// factor, and the new set of recovery codes after the last one was used.
extension AppReducer {
    static func authenticatorKey(_ state: inout AppState, _ entry: inout AuthenticatorEntry, _ key: Key) -> [Effect] {
        guard !entry.busy else { return [] }
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber:
            guard entry.digits.count < TOTP.digits else { return [] }
            entry.digits.append(digit)
            entry.error = nil
            guard entry.digits.count == TOTP.digits else { return [] }
            // The last digit submits.
            entry.busy = true
            switch entry.purpose {
            case .signIn: return [.checkAuthenticatorCode(entry.digits)]
            case .transfer(let pending): return [.approveTransferWithAuthenticator(code: entry.digits, pending)]
            }
        case .backspace:
            entry.digits = String(entry.digits.dropLast())
        case .character("u"), .character("U"):
            // Recovery codes stand in at sign-in only, never for a transfer.
            guard entry.purpose == .signIn else { return [] }
            state.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator))
        case .escape:
            switch entry.purpose {
            case .signIn:
                state.screen = .login(LoginForm())
                return [.signOut(.signedOut)]
            case .transfer(let pending):
                state.screen = .transfer(reviewing(pending))
            }
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
                entry.error = "Type one of your recovery codes."
                return []
            }
            entry.busy = true
            entry.error = nil
            return [.checkRecoveryCode(entry.code)]
        case .escape:
            switch entry.instead {
            case .authenticator:
                state.screen = .authenticator(AuthenticatorEntry())
            case .smsCode(let ticket):
                state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn, acceptsRecoveryCode: true))
            }
        default:
            let text = edit(entry.code.exposedValue, key, limit: FieldLimit.recoveryCode) {
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
                    screen.error = "Enter your password."
                    return []
                }
                screen.busy = true
                screen.error = nil
                return [.makeRecoveryCodes(password: password)]
            case .escape:
                // Not now: the statement says the set is still due.
                state.screen = .statement(StatementScreen(notice: Text.noRecoveryCodesLeft, noticeIsError: true))
            default:
                screen.stage = .password(edit(password, key, limit: FieldLimit.password))
            }
        case .shown:
            // Shown once: leaving forgets them.
            if key == .enter || key == .escape { state.screen = .statement(StatementScreen()) }
        }
        return []
    }

    static func reduceSecondFactorReply(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .authenticatorCodeChecked(let reply):
            guard case .authenticator(var entry) = state.screen else { return [] }
            entry.busy = false
            entry.digits = ""
            if case .passed(let next) = reply {
                state.screen = .authenticator(entry)
                return continueSignIn(&state, next: next)
            }
            return authenticatorCodeFailed(&state, &entry, reply)

        case .authenticatorTransferReplied(let reply):
            guard case .authenticator(var entry) = state.screen, case .transfer = entry.purpose else { return [] }
            entry.busy = false
            entry.digits = ""
            switch reply {
            case .executed(let receipt):
                state.screen = .receipt(receipt)
                return state.session.map { [.loadAccount($0.user)] } ?? []
            case .wrong(let left): return authenticatorCodeFailed(&state, &entry, .wrong(attemptsLeft: left))
            case .tooManyWrongCodes: return authenticatorCodeFailed(&state, &entry, .tooManyWrongCodes)
            case .expired: return authenticatorCodeFailed(&state, &entry, .expired)
            case .refused(let message): return authenticatorCodeFailed(&state, &entry, .refused(message))
            }

        case .recoveryCodeChecked(let reply):
            guard case .recoveryCode(var entry) = state.screen else { return [] }
            entry.busy = false
            switch reply {
            case .passed(let next):
                entry.code = Secret("")
                state.screen = .recoveryCode(entry)
                return continueSignIn(&state, next: next)
            case .wrong(let left):
                entry.error = "That recovery code is not right. \(left) attempt\(left == 1 ? "" : "s") left."
            case .tooManyWrongCodes:
                return signOut(&state, reason: .verificationFailed, message: Text.unsuccessful)
            case .expired:
                entry.error = "That recovery code no longer works."
            case .refused(let message):
                entry.error = message
            }
            entry.code = Secret("")
            state.screen = .recoveryCode(entry)
            return []

        case .recoveryCodesMade(let reply):
            // A new set asked for on the Security screen: shown once, like any new set.
            if case .security(var security) = state.screen {
                switch reply {
                case .made(let codes):
                    state.screen = .newRecoveryCodes(NewRecoveryCodesScreen(stage: .shown(codes)))
                case .refused(let message):
                    security.form = security.form?.refused(message)
                    state.screen = .security(security)
                }
                return []
            }
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

        default:
            return []
        }
    }

    /// What both authenticator code screens (sign-in and transfer) do with a code that did not pass.
    static func authenticatorCodeFailed(_ state: inout AppState, _ entry: inout AuthenticatorEntry,
                                        _ reply: CodeReply) -> [Effect] {
        switch reply {
        case .passed:
            break
        case .wrong(let left):
            entry.error = "That code is not right. \(left) attempt\(left == 1 ? "" : "s") left."
        case .tooManyWrongCodes:
            return signOut(&state, reason: .verificationFailed, message: Text.unsuccessful)
        case .expired:
            entry.error = "That code has expired. Type the one your app shows now."
        case .refused(let message):
            entry.error = message
        }
        state.screen = .authenticator(entry)
        return []
    }
}
