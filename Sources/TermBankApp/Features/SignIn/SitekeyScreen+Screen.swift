/// The sitekey after the password: Enter goes on to the next factor.
extension SitekeyScreen: ScreenFeature {
    var stableName: String { "sitekey" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        SignInFeature.sitekeyKey(&state, self, key)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        [.init("Enter", .signIn), .init("n", .notMyImage), .init("Esc", .back)]
    }

    var needsSession: Bool { false }
    var isPartOfSigningIn: Bool { true }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        SitekeyView.draw(&frame, self, state: state, in: body, words: words)
    }
}
