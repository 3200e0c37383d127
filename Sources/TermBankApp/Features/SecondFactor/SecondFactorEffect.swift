import TermBankCore

/// What the second factor asks of the bank (`SignInClient`, which also
/// resends a transfer's code); each answer comes back as its own action.
public enum SecondFactorEffect: Equatable, Sendable {
    case beginBiometric(reason: BiometricReason)
    case biometric(BiometricEvent, BiometricPrompt)
    case sendSignInCode
    case resendCode(VerificationTicket)
    case checkSignInCode(VerificationTicket, code: String)
    case checkAuthenticatorCode(String)
    case checkRecoveryCode(Secret)
    case makeRecoveryCodes(password: Secret)

    func run(_ client: SignInClient, _ run: EffectRun) throws -> SecondFactorFeature.Action? {
        switch self {
        case .beginBiometric(let reason):
            return .biometricReplied(try run.biometric { try client.beginBiometric(reason) })
        case .biometric(let event, let prompt):
            return .biometricReplied(try run.biometric { try client.biometric(event, prompt) })
        case .sendSignInCode:
            return .codeSent(try run.outcome { run.onPhone(try client.sendSignInCode()) })
        case .resendCode(let ticket):
            return .codeSent(try run.outcome { run.onPhone(try client.resendCode(ticket)) })
        case .checkSignInCode(let ticket, let code):
            return .codeChecked(try run.value({ try client.checkSignInCode(ticket, code) }, orElse: CodeReply.refused))
        case .checkAuthenticatorCode(let code):
            return .authenticatorCodeChecked(try run.value({ try client.checkAuthenticatorCode(code) }, orElse: CodeReply.refused))
        case .checkRecoveryCode(let code):
            return .recoveryCodeChecked(try run.value({ try client.checkRecoveryCode(code) }, orElse: CodeReply.refused))
        case .makeRecoveryCodes(let password):
            return .recoveryCodesMade(try run.value({ try client.makeRecoveryCodesAfterLastUse(password) },
                                                    orElse: RecoveryCodesReply.refused))
        }
    }
}
