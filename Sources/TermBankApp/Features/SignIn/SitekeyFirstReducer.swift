import TermBankCore

/// SiteKey before the password (Bank of America's order): leaving the
/// username field asks the bank whether this device knows the name. Known:
/// the picture and phrase, then the password. Anything else, a name that does
/// not exist included, gets the same reply and the same screens as today:
/// the password, then the sitekey.
extension SignInFeature {
    /// Tab or Enter out of a typed username: look it up before any password is typed.
    static func leaveUsername(_ form: inout LoginForm) -> [Effect] {
        guard !form.username.isEmpty else {
            form.focus = .password
            return []
        }
        form.busy = true
        form.error = nil
        return [.signIn(.lookUpSitekey(username: form.username))]
    }

    /// Keys wait, in order, while the bank looks the username up: Tab is
    /// pressed on the way to the password, and what is typed next belongs to
    /// the screen the answer brings (the sitekey first, or the password
    /// field). Every other busy screen ignores keys; see docs/architecture.md.
    static func holdsKeys(_ state: AppState) -> Bool {
        if case .login(let form) = state.screen, form.busy, form.focus == .username { return true }
        return false
    }

    static func sitekeyLookedUp(_ state: inout AppState, username: String, _ lookup: SitekeyLookup) -> [Effect] {
        guard case .login(var form) = state.screen, form.busy, form.username == username else { return [] }
        form.busy = false
        switch lookup {
        case .recognised(let sitekey):
            state.screen = .sitekeyFirst(SitekeyFirstForm(username: username, sitekey: sitekey))
        case .notKnownHere:
            form.focus = .password
            state.screen = .login(form)
        }
        return []
    }

    /// A lookup that failed is not an answer: the usual order (password,
    /// then sitekey) is safe, so the password field comes next as for a name
    /// this device does not know, and keeps the keys held meanwhile. The
    /// reason shows until the password is sent, so the key pressed was not
    /// for nothing; `EffectRunner` gave the error to `failed` (the operator's log over SSH).
    static func sitekeyLookupFailed(_ state: inout AppState, username: String, _ message: AppMessage) -> [Effect] {
        guard case .login(var form) = state.screen, form.busy, form.username == username else { return [] }
        form.busy = false
        form.focus = .password
        form.error = message
        state.screen = .login(form)
        return []
    }

    static func sitekeyFirstKey(_ state: inout AppState, _ form: inout SitekeyFirstForm, _ key: Key) -> [Effect] {
        guard !form.busy else { return [] }
        switch key {
        case .tab, .backTab, .up, .down:
            form.focus = form.focus == .password ? .notMyImage : .password
        case .escape:
            state.screen = .login(LoginForm())
            return [.signOut(.signedOut)]
        case .enter:
            if form.focus == .notMyImage {
                // Nothing typed after a wrong picture: the sign-in ends here, audited.
                state.signOutLocally(message: AppText.notMyImage)
                return [.signIn(.notMyImage)]
            }
            guard !form.password.exposedValue.isEmpty else {
                form.error = .signIn(.enterPassword)
                return []
            }
            form.busy = true
            form.error = nil
            return [.signIn(.signIn(username: form.username, password: form.password))]
        default:
            if form.focus == .password {
                form.password = TextEditing.edit(form.password, key, limit: FieldLimit.password)
                form.error = nil
            }
        }
        return []
    }

    /// The password's reply on the sitekey-first screen: the picture was seen
    /// already, so an accepted password goes straight to the next factor.
    static func sitekeyFirstSignInReplied(_ state: inout AppState, _ form: SitekeyFirstForm, _ reply: SignInReply) -> [Effect] {
        var form = form
        form.password = Secret("")
        switch reply {
        case .refused(let message):
            form.busy = false
            form.error = message
            form.focus = .password
            state.screen = .sitekeyFirst(form)
            return []
        case .accepted(_, _, let next, _, let recoveryCodes):
            state.signInAcceptsRecoveryCode = recoveryCodes
            state.screen = .sitekeyFirst(form)
            return SecondFactorFeature.continueSignIn(&state, next: next)
        }
    }
}
