import TermBankCore

/// The keys each screen answers to, with their labels: one table for the
/// help bar and the help overlay, so they cannot disagree with each other.
public enum KeyHelp {
    public struct Item: Equatable, Sendable {
        public let keys: String
        public let label: String
        init(_ keys: String, _ label: String) {
            self.keys = keys
            self.label = label
        }
    }

    public static let global = [Item("Ctrl-L", "Redraw"), Item("Esc", "Back / cancel"), Item("Ctrl-C", "Quit"),
                                Item("?", "Help")]

    public static func items(for state: AppState) -> [Item] {
        guard let demo = state.demo, state.size.columns < PhonePanel.besideWidth else { return appItems(for: state) }
        if case .phoneWindow = state.screen { return appItems(for: state) }
        // Demo mode on a smaller terminal: the phone slides over the app and back.
        if demo.phoneOpen { return [Item("Ctrl-P/Esc", "Back to the app")] }
        return [Item("Ctrl-P", "Phone")] + appItems(for: state)
    }

    static func appItems(for state: AppState) -> [Item] {
        switch state.modal {
        case .confirmQuit?, .confirmSMSOnLogout?: return [Item("y/Enter", "Yes"), Item("n/Esc", "No")]
        case .trustDevice?: return [Item("y", "Trust for 30 days"), Item("n/Esc", "No")]
        case nil: break
        }
        switch state.screen {
        case .pickDevice:
            return [Item("↑/↓", "Choose"), Item("Enter", "Use this phone"), Item("Ctrl-C", "Quit")]
        case .welcome:
            return [Item("g", "New demo customer"), Item("Enter", "Sign in"), Item("?", "Help"), Item("Ctrl-C", "Quit")]
        case .guestCard:
            return [Item("Enter", "Sign in")]
        case .phoneWindow(let screen):
            return (screen.choices.isEmpty ? [] : [Item("↑/↓", "Choose"), Item("Enter", "Show this phone")]) + [Item("q", "Quit")]
        case .login:
            return [Item("Tab", "Next field"), Item("Enter", "Sign in"), Item("?", "Help"), Item("Ctrl-C", "Quit")]
        case .sitekeyFirst(let form):
            return [Item("Tab", form.focus == .password ? "Not my image" : "Password"),
                    Item("Enter", form.focus == .password ? "Sign in" : "This is not my image"), Item("Esc", "Back")]
        case .sitekey:
            return [Item("Enter", "Sign in"), Item("n", "Not my image"), Item("Esc", "Back")]
        case .biometric(let screen):
            if screen.prompt.mode == .passcode {
                return [Item("0-9", "Passcode"), Item("Enter", "OK"), Item("Esc", "Cancel")]
            }
            let sensor = screen.prompt.biometry == .faceID ? "face" : "finger"
            var items = [Item("Enter", "Matching \(sensor)"), Item("x", "Non-matching")]
            if screen.prompt.offersPasscode { items.append(Item("p", "Enter Passcode")) }
            return items + [Item("Esc", "Cancel")]
        case .pin(let entry):
            return [Item("0-9", "Code"), Item("Bksp", "Erase"), Item("r", "Resend"), Item("c", "Call me")]
                + (entry.acceptsRecoveryCode ? [Item("u", "Recovery code")] : []) + [Item("Esc", "Cancel")]
        case .authenticator(let entry):
            if entry.purpose != .signIn { return [Item("0-9", "Code"), Item("Bksp", "Erase"), Item("Esc", "Back to review")] }
            return [Item("0-9", "Code"), Item("Bksp", "Erase"), Item("u", "Use a recovery code"), Item("Esc", "Cancel")]
        case .recoveryCode:
            return [Item("Enter", "Use this code"), Item("Bksp", "Erase"), Item("Esc", "Back")]
        case .newRecoveryCodes(let screen):
            if case .shown = screen.stage { return [Item("Enter", "I have saved them")] }
            return [Item("Enter", "Make new codes"), Item("Esc", "Later")]
        case .statement:
            return [Item("t", "Transfer"), Item("s", "SMS verification"), Item("a", "Security"), Item("l", "Log out"),
                    Item("?", "Help")]
        case .security(let screen):
            if let form = screen.form {
                return (form.needsCode ? [Item("Tab", "Next field")] : []) + [Item("Enter", "OK"), Item("Esc", "Cancel")]
            }
            var items = [Item("e", "Authenticator"), Item("s", "SMS"), Item("p", "Phone")]
            if screen.overview?.authenticatorActive == true {
                items += [Item("f", "Factor"), Item("n", "New codes"), Item("d", "App off")]
            }
            if case .off? = screen.overview?.biometricSignIn { items.append(Item("b", "Biometric on")) }
            if screen.overview?.trustedDevices.isEmpty == false { items += [Item("↑/↓", "Device"), Item("r", "Revoke")] }
            return items + [Item("Esc", "Back")]
        case .enrolment(let screen):
            if case .done = screen.stage { return [Item("Enter", "Done")] }
            return [Item("0-9", "Code from the app"), Item("Bksp", "Erase"), Item("Esc", "Cancel")]
        case .transfer(let form):
            if case .review = form.stage { return [Item("Enter", "Confirm"), Item("Esc", "Edit")] }
            return [Item("←/→", "Direction"), Item("0-9.,", "Amount"), Item("Enter", "Review"), Item("Esc", "Back")]
        case .receipt:
            return [Item("Enter", "Back to statement")]
        case .signedOut:
            return [Item("Enter", "Sign in"), Item("q", "Quit")]
        }
    }
}
