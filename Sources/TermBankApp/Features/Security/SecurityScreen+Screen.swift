/// Security settings, from the statement: second factors and trusted devices.
extension SecurityScreen: ScreenFeature {
    var stableName: String { "security" }

    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.security, key, SecurityFeature.securityKey)
    }

    func bindings(_: AppState) -> [KeyHelp.Item] {
        if let form {
            return (form.needsCode ? [.init("Tab", .nextField)] : []) + [.init("Enter", .ok), .init("Esc", .cancel)]
        }
        var items: [KeyHelp.Item] = [.init("e", .authenticator), .init("s", .sms), .init("p", .changePhone)]
        if overview?.authenticatorActive == true {
            items += [.init("f", .factor), .init("n", .newCodes), .init("d", .appOff)]
        }
        if case .off? = overview?.biometricSignIn { items.append(.init("b", .biometricOn)) }
        if overview?.trustedDevices.isEmpty == false { items += [.init("↑/↓", .device), .init("r", .revoke)] }
        return items + [.init("L", .language), .init("Esc", .back)]
    }

    func moreBindings(_: AppState) -> [KeyHelp.Item] {
        // The statement's other scrolling keys, in the trusted devices.
        guard form == nil, overview?.trustedDevices.isEmpty == false else { return [] }
        return [.init("PgUp/PgDn", .pageUpOrDown), .init("Home/End", .firstOrLastDevice)]
    }

    func lettersAreText(_: AppState) -> Bool { form != nil }
    func questionMarkIsText(_: AppState) -> Bool { form?.focus == .password }
    var needsSession: Bool { true }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        SecurityView.draw(&frame, self, state: state, in: body, words: words)
    }
}
