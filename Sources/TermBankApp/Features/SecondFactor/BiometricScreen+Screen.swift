/// The simulated Touch ID or Face ID sheet, and its passcode.
extension BiometricScreen: ScreenFeature {
    var stableName: String { "biometric" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.biometric, key, SecondFactorFeature.biometricKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        if prompt.mode == .passcode {
            return [.init("0-9", .passcode), .init("Enter", .ok), .init("Esc", .cancel)]
        }
        var items: [KeyHelp.Item] = [.init("Enter", .matching(face: prompt.biometry == .faceID)), .init("x", .nonMatching)]
        if prompt.offersPasscode { items.append(.init("p", .enterPasscode)) }
        return items + [.init("Esc", .cancel)]
    }

    func lettersAreText(_: AppState) -> Bool { prompt.mode == .passcode }
    func questionMarkIsText(_: AppState) -> Bool { prompt.mode == .passcode }
    var needsSession: Bool { false }
    var isPartOfSigningIn: Bool { true }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        BiometricView.draw(&frame, self, state: state, in: body, words: words)
    }
}
