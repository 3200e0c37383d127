/// The simulated phone's biometric sheet and the biometric sign-in switch,
/// in Brazilian Portuguese: the LocalAuthentication table's messages (seed
/// 001), with iOS's pt-BR names for its buttons and settings ("Digitar
/// Código", "Ajustes > Face ID e Código") and the seed's "código de acesso"
/// for the device passcode.
extension PortugueseBrazilCoreCatalog {
    public func text(_ error: BiometricSettings.EnableError) -> String {
        "Para ativar o login por biometria, é preciso passar por uma verificação de Touch ID ou Face ID."
    }

    public func text(_ outcome: BiometricOutcome, biometry: BiometryType) -> String? {
        let sensor = biometry == .none ? "Face ID / Touch ID" : biometry.displayName
        switch outcome {
        case .success, .userCancel, .userFallback:
            return nil
        case .authenticationFailed:
            return "Falha na autenticação do \(sensor). Processo de login interrompido."
        case .systemCancel:
            return "A autenticação foi cancelada pelo sistema."
        case .biometryNotAvailable:
            return "O Face ID / Touch ID não está disponível neste aparelho. Use seu código de acesso."
        case .biometryNotEnrolled:
            let settings = biometry == .faceID ? "Face ID e Código" : "Touch ID e Código"
            return "Nenhuma biometria cadastrada. Configure o \(sensor) em Ajustes > \(settings)."
        case .biometryLockout:
            return "Excesso de tentativas. Desbloqueie a biometria com o código de acesso."
        case .passcodeNotSet:
            return "É preciso um código de acesso no aparelho para usar a biometria. Defina um em Ajustes."
        }
    }

    public func text(_ notice: BiometricNotice, biometry: BiometryType) -> String {
        switch notice {
        case .biometryLockedOut: return text(.biometryLockout, biometry: biometry) ?? ""
        case .tryAgain: return "Tente Novamente"
        case .deviceLocked(let minutesLeft): return "Aparelho bloqueado. Tente de novo em \(minutes(minutesLeft))."
        case .wrongPasscode(lockedForMinutes: nil): return "Código incorreto. Tente de novo."
        case .wrongPasscode(lockedForMinutes: let minutesLeft?):
            return "Código incorreto. Aparelho bloqueado; tente de novo em \(minutes(minutesLeft))."
        }
    }
}
