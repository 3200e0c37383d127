/// A recovery code in place of the second factor.
extension RecoveryCodeEntry: ScreenFeature {
    var stableName: String { "recovery-code" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.recoveryCode, key, SecondFactorFeature.recoveryCodeKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        [.init("Enter", .useThisCode), .init("Bksp", .erase), .init("Esc", .back)]
    }

    func lettersAreText(_: AppState) -> Bool { true }
    var needsSession: Bool { false }
    var isPartOfSigningIn: Bool { true }

    func draw(_ frame: inout Frame, _: AppState, in body: Rect, words: any AppCatalog) {
        SecondFactorView.drawRecoveryCode(&frame, self, in: body, words: words)
    }
}
