/// The username and the password.
extension LoginForm: ScreenFeature {
    var stableName: String { "login" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.login, key, SignInFeature.loginKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        // L changes the language from the username field (in the password it is a letter).
        // The screen's own keys before the global ones, which the help overlay lists too.
        [.init("Tab", .nextField), .init("Enter", .signIn)] + (focus == .username ? [.init("L", .language)] : [])
            + [.init("?", .help), .init("Ctrl-C", .quit)]
    }

    func lettersAreText(_: AppState) -> Bool { true }
    func questionMarkIsText(_: AppState) -> Bool { focus == .password }
    var needsSession: Bool { false }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        LoginView.draw(&frame, self, state: state, in: body, words: words)
    }
}
