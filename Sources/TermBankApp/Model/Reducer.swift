import TermBankCore

/// The whole app's behaviour: `reduce` takes the state and what happened,
/// changes the state, and returns the effects to perform. Pure.
public enum AppReducer {
    /// Messages the screens show, in one place.
    enum Text {
        static let signedOut = "You have signed out."
        static let idleSignedOut = "You were signed out after 5 minutes without activity."
        static let unsuccessful = "Unsuccessful Identification. Logging out. Goodbye."
        static let noRecoveryCodesLeft = "You have no recovery codes left. Make a new set soon: termbank recovery regenerate."
        static func recoveryCodesLeft(_ left: Int) -> String {
            "Signed in with a recovery code. \(left) recovery code\(left == 1 ? "" : "s") left."
        }
        static let notMyImage = "You said this is not your image, so nothing was signed in. If someone else may know your password, change it and call the bank."
    }

    static let idleSeconds: Int64 = 5 * 60
    static let idleWarningSeconds: Int64 = 30
    static let touchEverySeconds: Int64 = 15

    public static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        // Once quitting, nothing else happens: the runtime is about to exit.
        guard !state.quitting else { return [] }
        switch action {
        case .key(let key):
            return reduceKey(&state, key)
        case .typed(let text):
            // Scalar by scalar, as the terminal delivers them: a pasted letter
            // with a million combining marks is a million keys, not one.
            return text.unicodeScalars.flatMap { reduceKey(&state, Key(typed: $0)) }
        case .tick(let now):
            return tick(&state, now)
        case .sessionEnded(let message):
            signOutLocally(&state, message: message)
            return []
        case .authenticatorCodeChecked, .recoveryCodeChecked, .recoveryCodesMade, .authenticatorTransferReplied:
            return reduceSecondFactorReply(&state, action)
        case .guestCreated, .phoneLoaded, .phoneWatched:
            return reduceDemoReply(&state, action)
        case .securityLoaded, .confirmationCodeSent, .enrolmentStarted, .enrolmentFinished, .securityChanged,
             .deviceTrusted, .trustedDeviceRevoked:
            return reduceSecurityReply(&state, action) + (state.demo != nil && readsPhoneAfter(action) ? [.loadPhone] : [])
        case .biometricSwitchReplied(let reply):
            return biometricSwitchReplied(&state, reply)
        case .sitekeyLookedUp(let username, let lookup):
            return sitekeyLookedUp(&state, username: username, lookup)
        default:
            return reduceReply(&state, action) + (state.demo != nil && readsPhoneAfter(action) ? [.loadPhone] : [])
        }
    }

    // MARK: Keys

    private static func reduceKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        if case .resize(let size) = key {
            state.size = size
            return []
        }
        var effects: [Effect] = []
        if state.session != nil {
            state.lastInputAt = state.now
            if state.now >= state.lastTouchAt.adding(seconds: touchEverySeconds) {
                state.lastTouchAt = state.now
                effects.append(.touchSession)
            }
        }
        if key == .control("l") { return effects + [.redraw] }
        // Ctrl-Z would suspend to a shell elsewhere; here it asks to quit, like Ctrl-C.
        if key == .control("c") || key == .control("z") {
            if state.modal != .confirmQuit { state.modal = .confirmQuit }
            return effects
        }
        // Keys typed blind into a window too small to show them do nothing.
        if state.isTooSmall { return effects }
        if let phone = phoneKey(&state, key) { return effects + phone }
        if let modal = state.modal { return effects + reduceModal(&state, modal, key) }
        if state.showsHelp {
            state.showsHelp = false
            return effects
        }
        if key == .character("?"), !acceptsQuestionMark(state) {
            state.showsHelp = true
            return effects
        }
        switch state.screen {
        case .pickDevice(var picker):
            let more = pickDeviceKey(&state, &picker, key)
            if case .pickDevice = state.screen { state.screen = .pickDevice(picker) }
            return effects + more
        case .welcome(var screen):
            let more = welcomeKey(&state, &screen, key)
            if case .welcome = state.screen { state.screen = .welcome(screen) }
            return effects + more
        case .guestCard(let card): return effects + guestCardKey(&state, card, key)
        case .phoneWindow(var screen):
            let more = phoneWindowKey(&state, &screen, key)
            if case .phoneWindow = state.screen { state.screen = .phoneWindow(screen) }
            return effects + more
        case .login(var form):
            // Demo mode: Esc goes back to the welcome screen.
            if key == .escape, state.demo != nil, !form.busy {
                state.screen = .welcome(WelcomeScreen())
                return effects
            }
            let more = loginKey(&state, &form, key)
            if case .login = state.screen { state.screen = .login(form) }
            return effects + more
        case .sitekeyFirst(var form):
            let more = sitekeyFirstKey(&state, &form, key)
            if case .sitekeyFirst = state.screen { state.screen = .sitekeyFirst(form) }
            return effects + more
        case .sitekey(let screen): return effects + sitekeyKey(&state, screen, key)
        case .biometric(var screen):
            let more = biometricKey(&state, &screen, key)
            if case .biometric = state.screen { state.screen = .biometric(screen) }
            return effects + more
        case .pin(var entry):
            let more = pinKey(&state, &entry, key)
            if case .pin = state.screen { state.screen = .pin(entry) }
            return effects + more
        case .authenticator(var entry):
            let more = authenticatorKey(&state, &entry, key)
            if case .authenticator = state.screen { state.screen = .authenticator(entry) }
            return effects + more
        case .recoveryCode(var entry):
            let more = recoveryCodeKey(&state, &entry, key)
            if case .recoveryCode = state.screen { state.screen = .recoveryCode(entry) }
            return effects + more
        case .newRecoveryCodes(var screen):
            let more = newRecoveryCodesKey(&state, &screen, key)
            if case .newRecoveryCodes = state.screen { state.screen = .newRecoveryCodes(screen) }
            return effects + more
        case .statement: return effects + statementKey(&state, key)
        case .security(var screen):
            let more = securityKey(&state, &screen, key)
            if case .security = state.screen { state.screen = .security(screen) }
            return effects + more
        case .enrolment(var screen):
            let more = enrolmentKey(&state, &screen, key)
            if case .enrolment = state.screen { state.screen = .enrolment(screen) }
            return effects + more
        case .transfer(var form):
            let more = transferKey(&state, &form, key)
            if case .transfer = state.screen { state.screen = .transfer(form) }
            return effects + more
        case .receipt:
            if key == .enter || key == .escape { state.screen = .statement(StatementScreen()) }
            return effects
        case .signedOut:
            if key == .enter { state.screen = firstScreen(state) }
            if key == .character("q") {
                state.quitting = true
                return effects + [.quit]
            }
            return effects
        }
    }

    /// `?` is a character in passwords and passcodes, and help everywhere else.
    private static func acceptsQuestionMark(_ state: AppState) -> Bool {
        switch state.screen {
        case .login(let form): return form.focus == .password
        case .sitekeyFirst(let form): return form.focus == .password
        case .biometric(let screen): return screen.prompt.mode == .passcode
        case .newRecoveryCodes(let screen):
            if case .password = screen.stage { return true }
            return false
        case .security(let screen): return screen.form?.focus == .password
        default: return false
        }
    }

    private static func reduceModal(_ state: inout AppState, _ modal: Modal, _ key: Key) -> [Effect] {
        let yes = key == .character("y") || key == .character("Y") || key == .enter
        let no = key == .character("n") || key == .character("N") || key == .escape
        switch modal {
        case .confirmQuit:
            if yes {
                let wasActive = state.session != nil || isSigningIn(state)
                signOutLocally(&state, message: nil)
                state.quitting = true
                return (wasActive ? [.signOut(.signedOut)] : []) + [.quit]
            }
            if no { state.modal = nil }
            return []
        case .confirmSMSOnLogout:
            if yes {
                state.modal = nil
                return signOut(&state, reason: .signedOut, message: Text.signedOut)
            }
            if no {
                state.modal = nil
                return openTurnOffSMS(&state, thenSignOut: true)
            }
            return []
        case .trustDevice:
            if yes {
                state.modal = nil
                return [.trustDevice]
            }
            if no { state.modal = nil }
            return []
        }
    }

    static func isSigningIn(_ state: AppState) -> Bool {
        switch state.screen {
        case .sitekeyFirst, .sitekey, .biometric, .pin, .authenticator, .recoveryCode: return state.session == nil
        default: return false
        }
    }

    // MARK: Time

    private static func tick(_ state: inout AppState, _ now: Timestamp) -> [Effect] {
        state.now = now
        let phone = demoTick(&state, now)
        guard let session = state.session else { return phone }
        if now >= state.lastInputAt.adding(seconds: idleSeconds) {
            return signOut(&state, reason: .idle, message: Text.idleSignedOut) + phone
        }
        // The statement follows the ledger live: another session's transfer shows within a tick.
        // Every refresh asks the bank whether the session still stands, and so
        // does every other tick: a session ended elsewhere (trust revoked, an
        // operator) signs out within a second or two, whatever the screen.
        if case .statement = state.screen, state.modal == nil { return [.loadAccount(session.user)] + phone }
        return [.checkSession] + phone
    }

    /// Seconds until the idle sign-out, while the warning should show.
    public static func idleWarningSecondsLeft(_ state: AppState) -> Int64? {
        guard state.session != nil else { return nil }
        let left = idleSeconds - (state.now.millisecondsSinceEpoch - state.lastInputAt.millisecondsSinceEpoch) / 1000
        return left <= idleWarningSeconds ? max(0, left) : nil
    }

    // MARK: Signing out

    static func signOut(_ state: inout AppState, reason: SessionEndReason, message: String?) -> [Effect] {
        signOutLocally(&state, message: message)
        return [.signOut(reason)]
    }

    static func signOutLocally(_ state: inout AppState, message: String?) {
        state.session = nil
        state.account = nil
        state.modal = nil
        state.showsHelp = false
        state.signInAcceptsRecoveryCode = false
        state.sendingCode = false
        state.screen = .signedOut(message: message)
    }

    // MARK: Editing

    /// Appends a printable character or takes the last scalar back. A key
    /// from the terminal is one Unicode scalar, so Backspace undoes one key
    /// (a combining mark, not the whole letter it sits on). The limit is in
    /// scalars and bytes: once it is reached a key costs O(1) and changes nothing.
    static func edit(_ text: String, _ key: Key, limit: InputLimit, allowed: (Character) -> Bool = { _ in true }) -> String {
        switch key {
        case .backspace:
            guard !text.isEmpty else { return text }
            return String(text.unicodeScalars.dropLast())
        case .character(let character):
            guard allowed(character),
                  !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
            var result = text
            for scalar in character.unicodeScalars {
                guard limit.admits(scalar, after: result) else { return text }
                result.unicodeScalars.append(scalar)
            }
            return result
        default:
            return text
        }
    }

    static func edit(_ secret: Secret, _ key: Key, limit: InputLimit) -> Secret {
        Secret(edit(secret.exposedValue, key, limit: limit))
    }
}
