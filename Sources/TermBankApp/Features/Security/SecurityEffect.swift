import TermBankCore

/// What the security settings ask of the bank (`SecurityClient`); each
/// answer comes back as the security feature's own action.
public enum SecurityEffect: Equatable, Sendable {
    case loadSecurity
    /// A phone change's codes carry the password: the bank checks it before it sends them.
    case sendConfirmationCode(SecurityChange, password: Secret? = nil)
    case beginEnrolment(password: Secret, code: Secret?)
    case finishEnrolment(String)
    case chooseSignInFactor(SignInFactor, password: Secret?, code: Secret?)
    case turnOnSMSVerification
    case turnOffSMSVerification(password: Secret, code: Secret)
    case turnOffAuthenticator(password: Secret, code: Secret)
    case regenerateRecoveryCodes(password: Secret, code: Secret)
    case changePhone(PhoneNumber, password: Secret, code: Secret, newPhoneCode: Secret)
    case trustDevice
    case revokeTrustedDevice(TrustedDeviceID)
    case beginBiometricSwitch
    case biometricSwitch(BiometricEvent, BiometricPrompt)
    case turnOnBiometricSignIn(password: Secret)
    /// Saves the signed-in user's chosen language as their preference (audited as a settings change).
    case saveLanguage(Language)

    func run(_ client: SecurityClient, _ run: EffectRun) throws -> SecurityFeature.Action? {
        func changed(_ body: () throws -> SecurityChangeReply) throws -> SecurityFeature.Action {
            .securityChanged(try run.value(body, orElse: SecurityChangeReply.refused))
        }
        switch self {
        case .loadSecurity:
            return .securityLoaded(try run.outcome { try client.securityOverview() })
        case .sendConfirmationCode(let change, let password):
            return .confirmationCodeSent(try run.outcome { run.onPhone(try client.sendConfirmationCode(change, password)) })
        case .beginEnrolment(let password, let code):
            return .enrolmentStarted(try run.value({ try client.beginEnrolment(password, code) }, orElse: EnrolmentReply.refused))
        case .finishEnrolment(let code):
            return .enrolmentFinished(try run.value({ try client.finishEnrolment(code) }, orElse: ActivationReply.refused))
        case .chooseSignInFactor(let factor, let password, let code):
            return try changed { try client.chooseSignInFactor(factor, password, code) }
        case .turnOnSMSVerification:
            return .smsSwitchReplied(try run.value({ try client.turnOnSMSVerification() }, orElse: SMSSwitchReply.refused))
        case .turnOffSMSVerification(let password, let code):
            return try changed { try client.turnOffSMSVerification(password, code) }
        case .turnOffAuthenticator(let password, let code):
            return try changed { try client.turnOffAuthenticator(password, code) }
        case .regenerateRecoveryCodes(let password, let code):
            return .recoveryCodesRegenerated(try run.value({ try client.regenerateRecoveryCodes(password, code) },
                                                           orElse: RecoveryCodesReply.refused))
        case .changePhone(let phone, let password, let code, let newPhoneCode):
            return try changed { try client.changePhone(phone, password, code, newPhoneCode) }
        case .trustDevice:
            return .deviceTrusted(try run.outcome { try client.trustDevice() })
        case .revokeTrustedDevice(let id):
            // This session came through that trust: it ends with it.
            return .trustedDeviceRevoked(try run.endingSession({ try client.revokeTrustedDevice(id) },
                                                              orElse: SecurityChangeReply.refused))
        case .beginBiometricSwitch:
            return .biometricSwitchReplied(try run.biometric { try client.beginBiometricSwitch() })
        case .biometricSwitch(let event, let prompt):
            return .biometricSwitchReplied(try run.biometric { try client.biometricSwitch(event, prompt) })
        case .turnOnBiometricSignIn(let password):
            return try changed { try client.turnOnBiometricSignIn(password) }
        case .saveLanguage(let language):
            return .languageSaved(try run.endingSession({ try client.saveLanguage(language); return .success(language) },
                                                       orElse: Outcome.failure))
        }
    }
}
