import TermBankApp
import TermBankCore

/// The app's bank client on the real database, assembled from one type per
/// phase of a terminal's visit: `LiveSignIn` (signing in), `LiveSession`
/// (signed in) and `LiveSecurity` (the security settings). Each keeps the
/// proofs its phase mints or uses, so the app's state never holds one it
/// could forge; they share one `LiveTerminal` and its lock.
final class LiveBankingClient: @unchecked Sendable {
    let terminal: LiveTerminal
    let signingIn: LiveSignIn
    let signedIn: LiveSession
    let settings: LiveSecurity
    /// The language the phone's texts fall back to: the screen's, as the app says it.
    let language: SessionLanguage

    init(bank: Bank, store: any BankBackend, device: Device?, verify: VerifyService, stepUp: StepUpPolicy,
         security: SecuritySettings, trustedDevices: TrustedDeviceService, knownSignIns: KnownDeviceSignIns,
         pickable: Set<String> = [], lockout: LockoutScope = .perCustomer) {
        terminal = LiveTerminal(bank: bank, store: store, device: device, pickable: pickable, lockout: lockout)
        language = verify.language
        // At the shared demo a phone's lock-outs are this origin's, as its wrong passwords and codes are.
        let authenticator = BiometricAuthenticator(store: store, hasher: bank.hasher, clock: bank.clock, scope: lockout)
        let biometricSettings = BiometricSettings(store: store, audit: store, clock: bank.clock)
        signedIn = LiveSession(terminal: terminal, verify: verify, stepUp: stepUp, security: security,
                               authenticator: authenticator)
        signingIn = LiveSignIn(terminal: terminal, session: signedIn, verify: verify, security: security,
                               authenticator: authenticator, biometricSettings: biometricSettings,
                               trustedDevices: trustedDevices, knownSignIns: knownSignIns)
        settings = LiveSecurity(terminal: terminal, session: signedIn, security: security, trustedDevices: trustedDevices,
                                authenticator: authenticator, biometricSettings: biometricSettings)
    }

    /// A code is resent by the phase that sent it.
    func resendCode(_ ticket: VerificationTicket) throws -> VerificationTicket {
        if case .signIn = ticket.purpose { return try signingIn.resendSignInCode(ticket) }
        return try signedIn.resendTransferCode(ticket)
    }

    /// Ends whichever phase the terminal is in, and every phase forgets what it held.
    func signOut(_ reason: SessionEndReason) {
        terminal.locked {
            let context = signedIn.context
            let owner = signingIn.attemptUser ?? signedIn.user
            let endedSession = signedIn.end(reason, ticketOwner: owner)
            signingIn.end(abandoned: !endedSession, ticketOwner: owner, context: context, reason: reason)
            settings.end()
        }
    }

    var client: BankingClient {
        let bank = terminal.bank
        let (signingIn, signedIn, settings, language) = (signingIn, signedIn, settings, language)
        var client = BankingClient(
            now: { bank.clock.now() },
            selectDevice: terminal.selectDevice,
            signIn: signingIn.signIn, beginBiometric: signingIn.beginBiometric, biometric: signingIn.biometric,
            sendSignInCode: signingIn.sendSignInCode, resendCode: resendCode, checkSignInCode: signingIn.checkSignInCode,
            openSession: signingIn.openSession,
            loadAccount: signedIn.loadAccount, beginTransferApproval: signedIn.beginTransferApproval,
            approveTransfer: signedIn.approveTransfer, turnOnSMSVerification: signedIn.turnOnSMSVerification,
            touchSession: signedIn.touchSession, signOut: signOut, notMyImage: signingIn.notMyImage,
            newTransferID: { TransferClientID.random(using: bank.random) },
            checkAuthenticatorCode: signingIn.checkAuthenticatorCode, checkRecoveryCode: signingIn.checkRecoveryCode,
            makeRecoveryCodesAfterLastUse: signingIn.makeRecoveryCodesAfterLastUse,
            securityOverview: settings.securityOverview, sendConfirmationCode: settings.sendConfirmationCode,
            beginEnrolment: settings.beginEnrolment, finishEnrolment: settings.finishEnrolment,
            chooseSignInFactor: settings.chooseSignInFactor, turnOffSMSVerification: settings.turnOffSMSVerification,
            turnOffAuthenticator: settings.turnOffAuthenticator, regenerateRecoveryCodes: settings.regenerateRecoveryCodes,
            changePhone: settings.changePhone,
            trustDevice: signingIn.trustDevice, revokeTrustedDevice: settings.revokeTrustedDevice,
            lookUpSitekey: signingIn.lookUpSitekey, checkSession: signedIn.checkSession,
            beginBiometricSwitch: settings.beginBiometricSwitch, biometricSwitch: settings.biometricSwitchEvent,
            turnOnBiometricSignIn: settings.turnOnBiometricSignIn)
        client.paymentAllowance = signedIn.paymentAllowance
        client.stepUpApproval = signedIn.stepUpApproval
        client.lookUpPayee = signedIn.lookUpPayee
        client.useLanguage = { language.language = $0 }
        client.saveLanguage = { chosen in
            language.language = chosen
            try signedIn.saveLanguage(chosen)
        }
        client.loadStatement = signedIn.loadStatement
        return client
    }
}
