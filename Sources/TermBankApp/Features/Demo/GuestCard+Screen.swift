/// Demo mode: the new guest's username and password, shown once.
extension GuestCard: ScreenFeature {
    var stableName: String { "guest-card" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        DemoFeature.guestCardKey(&state, self, key)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] { [.init("Enter", .signIn)] }

    var needsSession: Bool { false }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        WelcomeView.drawCard(&frame, self, state: state, in: body, words: words)
    }
}
