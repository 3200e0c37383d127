/// After signing in with the last recovery code: the password, then the new set, shown once.
extension NewRecoveryCodesScreen: ScreenFeature {
    var stableName: String { "new-recovery-codes" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.newRecoveryCodes, key, SecondFactorFeature.newRecoveryCodesKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        if case .shown = stage { return [.init("Enter", .iHaveSavedThem)] }
        return [.init("Enter", .makeNewCodes), .init("Esc", .later)]
    }

    func lettersAreText(_: AppState) -> Bool { isTypingThePassword }
    func questionMarkIsText(_: AppState) -> Bool { isTypingThePassword }
    var needsSession: Bool { true }

    private var isTypingThePassword: Bool {
        if case .password = stage { return true }
        return false
    }

    func draw(_ frame: inout Frame, _: AppState, in body: Rect, words: any AppCatalog) {
        SecondFactorView.drawNewRecoveryCodes(&frame, self, in: body, words: words)
    }
}
