/// Demo mode's phone-only window (`ssh … phone`).
extension PhoneWindowScreen: ScreenFeature {
    var stableName: String { "phone" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.phoneWindow, key, DemoFeature.phoneWindowKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        (choices.isEmpty ? [] : [.init("↑/↓", .choose), .init("Enter", .showThisPhone)]) + [.init("q", .quit)]
    }

    var needsSession: Bool { false }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        PhoneView.drawWindow(&frame, self, phone: state.demo?.phone ?? PhonePanel(), now: state.now, in: body, words: words)
    }
}
