import TermBankCore

extension AppState {
    /// Whether a letter typed now is text for a focused field (a name, a
    /// password, a passcode, a reference, an amount, a recovery code, the
    /// search) rather than a command. Only where it is not are Ukrainian
    /// letters read as the Latin keys in their places
    /// (`CommandKeysByPosition`): a field always gets the letter typed.
    /// The code screens take digits and their letters are commands (r, c, u).
    /// A question's answers are decided before the screen sees a key (decision 34).
    public var lettersAreText: Bool { screen.feature.lettersAreText(self) }
}
