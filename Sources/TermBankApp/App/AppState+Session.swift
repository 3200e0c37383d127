import TermBankCore

/// What every feature may do to the app as a whole: sign out, and know where
/// signing in starts.
extension AppState {
    /// Signs out here and tells the bank why.
    mutating func signOut(reason: SessionEndReason, message: AppMessage?) -> [Effect] {
        signOutLocally(message: message)
        return [.signOut(reason)]
    }

    /// Forgets the session and everything shown for it (the bank already knows, or is told separately).
    mutating func signOutLocally(message: AppMessage?) {
        session = nil
        account = nil
        statement = StatementScroll()
        modal = nil
        showsHelp = false
        signInAcceptsRecoveryCode = false
        sendingCode = false
        languageSelection = languageSelection.afterSignOut()
        screen = .signedOut(message: message)
    }

    /// Where signing in starts: the demo's welcome screen, or the login form.
    var firstScreen: Screen {
        demo != nil ? .welcome(WelcomeScreen()) : .login(LoginForm())
    }

    /// A sign-in is under way (a factor's screen is up, no session yet).
    var isSigningIn: Bool { screen.feature.isPartOfSigningIn && session == nil }
}
