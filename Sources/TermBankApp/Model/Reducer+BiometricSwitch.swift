import TermBankCore

/// Turning biometric sign-in back on from Security (after an enrollment
/// change turned it off): `b` starts a biometric check (a finger or a face; the
/// passcode does not count), a passing check opens the password form, and the
/// password with that check turns it on. The bank keeps the check's proof;
/// the app only ever sees the prompt.
extension AppReducer {
    static func biometricSwitchReplied(_ state: inout AppState, _ reply: BiometricReply) -> [Effect] {
        guard state.session != nil else { return [] }
        switch state.screen {
        case .security: break
        case .biometric(let screen) where screen.purpose == .turnOnBiometricSignIn: break
        default: return []
        }
        switch reply {
        case .waiting(let prompt):
            state.screen = .biometric(BiometricScreen(prompt: prompt, purpose: .turnOnBiometricSignIn))
            return []
        case .passed:
            state.screen = .security(SecurityScreen(opening: SecurityForm(purpose: .turnOnBiometricSignIn, needsCode: false)))
            return [.loadSecurity]
        case .failed(_, let message):
            state.screen = .security(SecurityScreen(notice: message ?? "Biometric sign-in stays off.",
                                                    noticeIsError: message != nil))
            return [.loadSecurity]
        }
    }
}
