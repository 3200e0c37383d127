import TermBankCore

/// The language on the screen as the app changes it: `L` on the login
/// screen, the demo's welcome screen and Security cycles it at once; the
/// password step brings the user's saved preference (unless `--lang`,
/// `TERMBANK_LANG` or `L` chose otherwise); a choice made with `L` is saved
/// as the user's preference once signed in. The rules are the core's
/// (`LanguageSelection`); this says when they apply and tells the bank.
enum LanguageSwitch {
    /// `L`: the next language, at once. Signed in, it is saved as the user's
    /// preference now; before, the bank only learns which language the
    /// phone's texts fall back to, and it is saved once they sign in.
    static func cycle(_ state: inout AppState) -> [Effect] {
        state.languageSelection = state.languageSelection.cycled()
        if state.session != nil { return [.security(.saveLanguage(state.language))] }
        return [.useLanguage(state.language)]
    }

    /// The password named the user: the screen speaks their saved language from here on.
    static func userNamed(_ state: inout AppState, _ user: UserRecord) -> [Effect] {
        let before = state.language
        state.languageSelection = state.languageSelection.signedIn(saved: user.language)
        return state.language == before ? [] : [.useLanguage(state.language)]
    }

    /// The session is open: a language chosen before it is now saved as the user's.
    static func sessionOpened(_ state: inout AppState, _ user: UserRecord) -> [Effect] {
        let effects = userNamed(&state, user)
        guard let language = state.languageSelection.toSave(saved: user.language) else { return effects }
        return effects + [.security(.saveLanguage(language))]
    }

    /// The bank saved the preference, or says why not (on the screen the user is on).
    static func saved(_ state: inout AppState, _ outcome: Outcome<Language>) -> [Effect] {
        switch outcome {
        case .success(let language):
            if state.language == language, state.session != nil {
                state.languageSelection = state.languageSelection.savedAsPreference()
            }
        case .failure(let message):
            switch state.screen {
            case .security(var screen):
                screen.notice = .refused(message)
                state.screen = .security(screen)
            case .statement:
                state.screen = .statement(StatementScreen(notice: .refused(message)))
            default:
                break
            }
        }
        return []
    }
}
