import TermBankCore

/// The whole app's behaviour: `reduce` takes the state and what happened,
/// changes the state, and returns the effects to perform. Pure.
///
/// An exhaustive switch: keys and the clock are the app's; every reply goes
/// to the feature that asked for it (`scope`). A new action that nothing
/// handles does not compile.
public enum AppReducer {
    /// Between two records of activity at the bank, while keys keep coming
    /// (the bank's idle limit counts from the last one).
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
            state.signOutLocally(message: message)
            return []
        case .signIn(let action): return scope(&state, action, SignInFeature.reduce)
        case .secondFactor(let action): return scope(&state, action, SecondFactorFeature.reduce)
        case .banking(let action): return scope(&state, action, BankingFeature.reduce)
        case .security(let action): return scope(&state, action, SecurityFeature.reduce)
        case .demo(let action): return scope(&state, action, DemoFeature.reduce)
        case .presenter(let action): return scope(&state, action, PresenterFeature.reduce)
        }
    }

    /// Hands a feature its own action.
    static func scope<A>(_ state: inout AppState, _ action: A, _ reduce: (inout AppState, A) -> [Effect]) -> [Effect] {
        reduce(&state, action)
    }

    /// Hands a key to the screen's feature with that screen's own value to
    /// change; the value is written back unless the feature moved to another screen.
    static func scope<S>(_ state: inout AppState, _ value: S, _ embed: (S) -> Screen, _ key: Key,
                         _ reduce: (inout AppState, inout S, Key) -> [Effect]) -> [Effect] {
        var value = value
        let effects = reduce(&state, &value, key)
        if state.screen.feature is S { state.screen = embed(value) }
        return effects
    }

    // MARK: Keys

    /// While the bank works, keys wait for its answer on the screens whose
    /// feature says so (the rule is per screen); every other busy screen
    /// ignores them. The runtime asks before each key.
    public static func holdsKeys(_ state: AppState) -> Bool {
        SignInFeature.holdsKeys(state)
    }

    private static func reduceKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        if case .resize(let size) = key {
            state.size = size
            return []
        }
        var effects: [Effect] = []
        state.lastKey = LastKey(at: state.now)
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
        // Keys typed blind into a window too small (or too large) to show them do nothing.
        if !state.isDrawable { return effects }
        if let phone = DemoFeature.phoneKey(&state, key) { return effects + phone }
        if let modal = state.modal { return effects + reduceModal(&state, modal, key) }
        if state.showsHelp {
            // Any key closes the help; a paste is not a key and leaves it open.
            if case .paste = key { return effects }
            state.showsHelp = false
            return effects
        }
        if key == .character("?"), !acceptsQuestionMark(state) {
            state.showsHelp = true
            return effects
        }
        // On a screen whose letters are commands, a Ukrainian letter is the
        // Latin key in its place ("е" is t); in a field it stays the letter typed.
        return effects + screenKey(&state, state.lettersAreText ? key : CommandKeysByPosition.command(key))
    }

    /// The key for the screen on show, scoped to its feature (the screen table, `ScreenFeature`).
    private static func screenKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        state.screen.feature.reduce(&state, key)
    }

    /// `?` is a character in passwords and passcodes, and help everywhere else.
    private static func acceptsQuestionMark(_ state: AppState) -> Bool {
        state.screen.feature.questionMarkIsText(state)
    }

    static func reduceModal(_ state: inout AppState, _ modal: Modal, _ key: Key) -> [Effect] {
        // The letters are the screen's language's (its catalog names them), so
        // "т" answers yes in Ukrainian and nothing in English; Enter and Esc everywhere.
        let answer = state.shownLanguage.appCatalog.answers.answer(to: key)
        let yes = answer == .yes || key == .enter
        let no = answer == .no || key == .escape
        switch modal {
        case .confirmQuit:
            if yes {
                let wasActive = state.session != nil || state.isSigningIn
                state.signOutLocally(message: nil)
                state.quitting = true
                return (wasActive ? [.signOut(.signedOut)] : []) + [.quit]
            }
            if no { state.modal = nil }
            return []
        case .confirmSMSOnLogout:
            // Both answers end the session (no, with the switch on, first opens the form to turn it
            // off and sends its code): Esc is not an answer here but the way back, as on every screen.
            if key == .escape {
                state.modal = nil
                return []
            }
            let isOn = SMSSwitchOnLogout.isOn(state)
            switch (yes, no, isOn) {
            case (true, _, true):
                state.modal = nil
                return state.signOut(reason: .signedOut, message: AppText.signedOut)
            case (_, true, true):
                state.modal = nil
                return SecurityFeature.openTurnOffSMS(&state, thenSignOut: true)
            case (true, _, false):
                // Signed out once the bank has saved it (SecurityFeature.smsSwitchReplied).
                state.modal = .turningSMSOnForLogout
                return [.security(.turnOnSMSVerification)]
            case (_, true, false):
                state.modal = nil
                return state.signOut(reason: .signedOut, message: AppText.signedOut)
            default:
                return []
            }
        case .turningSMSOnForLogout:
            // The answer is given; the bank's reply closes it.
            return []
        case .readingSMSSwitchForLogout:
            SMSSwitchOnLogout.keyWhileReading(&state, key, yes: yes, no: no)
            return []
        case .trustDevice:
            if yes {
                state.modal = nil
                return [.security(.trustDevice)]
            }
            if no { state.modal = nil }
            return []
        }
    }

    // MARK: Time

    private static func tick(_ state: inout AppState, _ now: Timestamp) -> [Effect] {
        state.now = now
        SecondFactorFeature.tick(&state)
        let phone = DemoFeature.tick(&state, now)
        guard let session = state.session else {
            // Before sign-in, a screen left alone closes (the core's limit):
            // an open connection holds no process for ever. The phone-only
            // window is left open: it is read, not typed at.
            if closesForInactivity(state), state.sessionPolicy.unsignedSecondsLeft(lastInputAt: state.lastKey.at, now: now) == 0 {
                state.quitting = true
                return [.quit]
            }
            // The presenter's view has no session: it reads the bank each second.
            return phone + PresenterFeature.tick(state)
        }
        if now >= state.lastInputAt.adding(seconds: state.sessionPolicy.idleSeconds) {
            return state.signOut(reason: .idle, message: .core(.session(.ended(.idle)))) + phone
        }
        // The statement follows the ledger live: another session's transfer shows within a tick.
        // Every refresh asks the bank whether the session still stands, and so
        // does every other tick: a session ended elsewhere (trust revoked, an
        // operator) signs out within a second or two, whatever the screen.
        if showsLiveBalances(state.screen), state.modal == nil { return [.banking(.loadAccount(session.user))] + phone }
        return [.checkSession] + phone
    }

    /// The screens whose balances a customer acts on: the statement, and the
    /// forms that say how much is available while an amount is typed. Another
    /// session's transfer shows on them too, so a form never offers money
    /// that has already left.
    static func showsLiveBalances(_ screen: Screen) -> Bool { screen.feature.showsLiveBalances }

    /// Screens before sign-in that close after `SessionPolicy.unsignedIdleSeconds` without a key.
    static func closesForInactivity(_ state: AppState) -> Bool {
        guard state.session == nil else { return false }
        if case .phoneWindow = state.screen { return false }
        // The presenter's view is watched, not typed at, for the length of the demo.
        if case .presenter = state.screen { return false }
        return true
    }

    /// Before sign-in: seconds until the app closes, while the warning should show.
    public static func closingWarningSecondsLeft(_ state: AppState) -> Int64? {
        guard closesForInactivity(state) else { return nil }
        let left = state.sessionPolicy.unsignedSecondsLeft(lastInputAt: state.lastKey.at, now: state.now)
        return left <= state.sessionPolicy.warningSeconds ? left : nil
    }

    /// Seconds until the idle sign-out, while the warning should show (the core's policy says when).
    public static func idleWarningSecondsLeft(_ state: AppState) -> Int64? {
        guard state.session != nil else { return nil }
        let policy = state.sessionPolicy
        let left = policy.idleSeconds - (state.now.millisecondsSinceEpoch - state.lastInputAt.millisecondsSinceEpoch) / 1000
        return left <= policy.warningSeconds ? max(0, left) : nil
    }
}
