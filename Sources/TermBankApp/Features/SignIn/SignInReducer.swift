import TermBankCore

/// Which phone → login → sitekey → (the second factor's feature) → session.
public enum SignInFeature {
    public enum Action: Equatable, Sendable {
        case deviceSelected(Outcome<String>)
        /// Whether this device knows the username typed (its sitekey comes before the password).
        case sitekeyLookedUp(username: String, SitekeyLookup)
        /// The lookup met an error (a busy bank): no answer, so the usual order, with the reason on screen.
        case sitekeyLookupFailed(username: String, AppMessage)
        case signInReplied(SignInReply)
        case sessionOpened(Outcome<SessionInfo>)
        /// The core asks for a factor the user turned on after the password step.
        case signInStillNeeds(SignInFactor)
        /// The sign-in attempt outlived its 5 minutes; the core's words.
        case signInExpired(AppMessage)
    }

    static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .deviceSelected(let outcome):
            return deviceSelected(&state, outcome)
        case .sitekeyLookedUp(let username, let lookup):
            return sitekeyLookedUp(&state, username: username, lookup)
        case .sitekeyLookupFailed(let username, let message):
            return sitekeyLookupFailed(&state, username: username, message)
        case .signInReplied(let reply):
            return signInReplied(&state, reply)
        case .sessionOpened(let outcome):
            return sessionOpened(&state, outcome)
        case .signInStillNeeds(let factor):
            return SecondFactorFeature.continueSignIn(&state, next: factor)
        case .signInExpired(let message):
            return state.signOut(reason: .signedOut, message: message)
        }
    }

    // MARK: Replies

    static func deviceSelected(_ state: inout AppState, _ outcome: Outcome<String>) -> [Effect] {
        guard case .pickDevice(var picker) = state.screen else { return [] }
        switch outcome {
        case .success(let name):
            state.deviceName = name
            state.demo?.biometry = picker.choices.first { $0.name == name }?.biometry ?? .none
            state.screen = state.firstScreen
        case .failure(let message):
            picker.busy = false
            picker.error = message
            state.screen = .pickDevice(picker)
        }
        return []
    }

    static func signInReplied(_ state: inout AppState, _ reply: SignInReply) -> [Effect] {
        // The user's saved language from the password step on, so the second
        // factor's screens and its SMS speak it (only for the form that asked).
        var effects: [Effect] = []
        switch (reply, state.screen) {
        case (.accepted(let user, _, _, _, _), .login), (.accepted(let user, _, _, _, _), .sitekeyFirst):
            effects = LanguageSwitch.userNamed(&state, user)
        default:
            break
        }
        return effects + passwordReplied(&state, reply)
    }

    private static func passwordReplied(_ state: inout AppState, _ reply: SignInReply) -> [Effect] {
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
    }

    static func sessionOpened(_ state: inout AppState, _ outcome: Outcome<SessionInfo>) -> [Effect] {
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
                state.screen = .statement(StatementScreen(notice: .done(AppText.recoveryCodesLeft(left))))
            case nil:
                state.screen = .statement(StatementScreen())
            }
            if info.mayTrustDevice { state.modal = .trustDevice }
            return LanguageSwitch.sessionOpened(&state, info.user) + [.banking(.loadAccount(info.user))]
        case .failure(let message):
            return state.signOut(reason: .signedOut, message: message)
        }
    }

    // MARK: Keys

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
            return [.signIn(.selectDevice(picker.choices[picker.selected].name))]
        default: break
        }
        return []
    }

    static func loginKey(_ state: inout AppState, _ form: inout LoginForm, _ key: Key) -> [Effect] {
        // Demo mode: Esc goes back to the welcome screen.
        if key == .escape, state.demo != nil, !form.busy {
            state.screen = .welcome(WelcomeScreen())
            return []
        }
        guard !form.busy else { return [] }
        switch key {
        case .tab, .backTab, .up, .down:
            if form.focus == .username { return leaveUsername(&form) }
            // A password belongs to the username it was typed after: a changed
            // name is looked up again before a password is typed for it.
            form.password = Secret("")
            form.focus = .username
        case .character("L") where form.focus == .username:
            // Usernames are lower case (typed capitals are folded), so capital
            // L is free in the username field; in the password it is a letter.
            return LanguageSwitch.cycle(&state)
        case .enter:
            if form.focus == .username { return leaveUsername(&form) }
            guard !form.username.isEmpty, !form.password.exposedValue.isEmpty else {
                form.error = .signIn(.enterUsernameAndPassword)
                return []
            }
            form.busy = true
            form.error = nil
            return [.signIn(.signIn(username: form.username, password: form.password))]
        default:
            if form.focus == .username {
                form.username = TextEditing.edit(form.username, key, limit: FieldLimit.username) { $0.isASCII && !$0.isWhitespace }
            } else {
                form.password = TextEditing.edit(form.password, key, limit: FieldLimit.password)
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
            return SecondFactorFeature.continueSignIn(&state, next: screen.next)
        case .character("n"), .character("N"):
            state.signOutLocally(message: AppText.notMyImage)
            return [.signIn(.notMyImage)]
        case .escape:
            state.screen = .login(LoginForm())
            return [.signOut(.signedOut)]
        default:
            return []
        }
    }
}
