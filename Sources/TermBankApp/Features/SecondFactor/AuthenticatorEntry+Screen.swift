/// "Enter the code from your authenticator app".
extension AuthenticatorEntry: ScreenFeature {
    var stableName: String { "authenticator-code" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.authenticator, key, SecondFactorFeature.authenticatorKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        if purpose != .signIn { return [.init("0-9", .code), .init("Bksp", .erase), .init("Esc", .backToReview)] }
        return [.init("0-9", .code), .init("Bksp", .erase), .init("u", .useARecoveryCode), .init("Esc", .cancel)]
    }

    /// A transfer's approval comes only in a session; a sign-in's before one.
    var needsSession: Bool { purpose != .signIn }
    var isPartOfSigningIn: Bool { true }

    func draw(_ frame: inout Frame, _: AppState, in body: Rect, words: any AppCatalog) {
        SecondFactorView.drawAuthenticator(&frame, self, in: body, words: words)
    }
}
