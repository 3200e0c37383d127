import TermBankCore

/// Signed out (or never signed in and timed out): why, then sign in again or quit.
struct SignedOutScreen: ScreenFeature {
    var stableName: String { "signed-out" }

    let message: AppMessage?

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        if key == .enter { state.screen = state.firstScreen }
        if key == .character("q") {
            state.quitting = true
            return [.quit]
        }
        return []
    }

    func bindings(_: AppState) -> [KeyHelp.Item] { [.init("Enter", .signIn), .init("q", .quit)] }

    var needsSession: Bool { false }

    func draw(_ frame: inout Frame, _: AppState, in body: Rect, words: any AppCatalog) {
        AppView.drawSignedOut(&frame, message, in: body, words: words)
    }
}
