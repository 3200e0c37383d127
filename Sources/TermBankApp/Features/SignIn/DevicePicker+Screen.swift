/// Over SSH without a known key: which demo phone this terminal stands for.
extension DevicePicker: ScreenFeature {
    var stableName: String { "pick-device" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.pickDevice, key, SignInFeature.pickDeviceKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        [.init("↑/↓", .choose), .init("Enter", .useThisPhone), .init("Ctrl-C", .quit)]
    }

    var needsSession: Bool { false }

    func draw(_ frame: inout Frame, _: AppState, in body: Rect, words: any AppCatalog) {
        LoginView.drawDevicePicker(&frame, self, in: body, words: words)
    }
}
