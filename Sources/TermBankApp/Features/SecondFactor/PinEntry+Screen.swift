/// The code sent by SMS (or read out by a call).
extension PinEntry: ScreenFeature {
    var stableName: String { "code" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.pin, key, SecondFactorFeature.pinKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        [.init("0-9", .code), .init("Bksp", .erase), .init("r", .resend), .init("c", .callMe)]
            + (acceptsRecoveryCode ? [.init("u", .recoveryCode)] : []) + [.init("Esc", .cancel)]
    }

    /// A transfer's code comes only in a session; a sign-in's before one.
    var needsSession: Bool { purpose != .signIn }
    var isPartOfSigningIn: Bool { true }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        PinView.draw(&frame, self, state: state, in: body, words: words)
    }
}
