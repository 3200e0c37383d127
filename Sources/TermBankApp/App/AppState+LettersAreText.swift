import TermBankCore

extension AppState {
    /// Whether a letter typed now is text for a focused field (a name, a
    /// password, a passcode, a reference, an amount, a recovery code, the
    /// search) rather than a command. Only where it is not are Ukrainian
    /// letters read as the Latin keys in their places
    /// (`CommandKeysByPosition`): a field always gets the letter typed.
    /// The code screens take digits and their letters are commands (r, c, u).
    /// A question's answers are decided before the screen sees a key (decision 34).
    public var lettersAreText: Bool {
        switch screen {
        case .login:
            return true
        case .sitekeyFirst(let form):
            return form.focus == .password
        case .biometric(let screen):
            return screen.prompt.mode == .passcode
        case .recoveryCode:
            return true
        case .newRecoveryCodes(let screen):
            if case .password = screen.stage { return true }
            return false
        case .statement:
            return statement.searchDraft != nil
        case .security(let screen):
            return screen.form != nil
        case .transfer(let form):
            return form.stage == .editing
        case .pay(let form):
            if case .review = form.stage { return false }
            return true
        case .pickDevice, .welcome, .guestCard, .phoneWindow, .sitekey, .pin, .authenticator, .enrolment, .receipt,
             .paid, .signedOut:
            return false
        }
    }
}
