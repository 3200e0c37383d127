/// Demo mode's first screen: a new demo customer (`g`) or sign in.
extension WelcomeScreen: ScreenFeature {
    var stableName: String { "welcome" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.welcome, key, DemoFeature.welcomeKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        [.init("g", .newDemoCustomer), .init("Enter", .signIn), .init("L", .language), .init("?", .help),
         .init("Ctrl-C", .quit)]
    }

    var needsSession: Bool { false }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        WelcomeView.draw(&frame, self, state: state, in: body, words: words)
    }
}
