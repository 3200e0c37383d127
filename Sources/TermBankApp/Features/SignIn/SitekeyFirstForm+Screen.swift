/// The sitekey after the username, before the password, on a device where
/// this username signed in before.
extension SitekeyFirstForm: ScreenFeature {
    var stableName: String { "sitekey-first" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.sitekeyFirst, key, SignInFeature.sitekeyFirstKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        [.init("Tab", focus == .password ? .notMyImage : .password),
         .init("Enter", focus == .password ? .signIn : .thisIsNotMyImage), .init("Esc", .back)]
    }

    func lettersAreText(_: AppState) -> Bool { focus == .password }
    func questionMarkIsText(_: AppState) -> Bool { focus == .password }
    var needsSession: Bool { false }
    var isPartOfSigningIn: Bool { true }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        SitekeyFirstView.draw(&frame, self, state: state, in: body, words: words)
    }
}
