/// Setting up an authenticator app: the QR code once, the first code, the recovery codes once.
extension EnrolmentScreen: ScreenFeature {
    var stableName: String { "authenticator-setup" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.enrolment, key, SecurityFeature.enrolmentKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        if case .done = stage { return [.init("Enter", .done)] }
        return [.init("0-9", .codeFromTheApp), .init("Bksp", .erase), .init("Esc", .cancel)]
    }

    var needsSession: Bool { true }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        SecurityView.drawEnrolment(&frame, self, state: state, in: body, words: words)
    }
}
