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

    /// The app's client: each endpoint is the phase's own method.
    var client: BankingClient {
        let bank = terminal.bank
        let (signingIn, signedIn, settings, language) = (signingIn, signedIn, settings, language)
        var client = BankingClient(now: { bank.clock.now() })
        client.signOut = signOut
        client.useLanguage = { language.language = $0 }

        client.signingIn.selectDevice = terminal.selectDevice
        client.signingIn.lookUpSitekey = signingIn.lookUpSitekey
        client.signingIn.notMyImage = signingIn.notMyImage
        client.signingIn.signIn = signingIn.signIn
        client.signingIn.beginBiometric = signingIn.beginBiometric
        client.signingIn.biometric = signingIn.biometric
        client.signingIn.sendSignInCode = signingIn.sendSignInCode
        client.signingIn.resendCode = resendCode
        client.signingIn.checkSignInCode = signingIn.checkSignInCode
        client.signingIn.checkAuthenticatorCode = signingIn.checkAuthenticatorCode
        client.signingIn.checkRecoveryCode = signingIn.checkRecoveryCode
        client.signingIn.makeRecoveryCodesAfterLastUse = signingIn.makeRecoveryCodesAfterLastUse
        client.signingIn.openSession = signingIn.openSession

        client.signedIn.touchSession = signedIn.touchSession
        client.signedIn.checkSession = signedIn.checkSession
        client.signedIn.loadAccount = signedIn.loadAccount
        client.signedIn.loadStatement = signedIn.loadStatement
        client.signedIn.newTransferID = { TransferClientID.random(using: bank.random) }
        client.signedIn.stepUpApproval = signedIn.stepUpApproval
        client.signedIn.beginTransferApproval = signedIn.beginTransferApproval
        client.signedIn.approveTransfer = signedIn.approveTransfer
        client.signedIn.paymentAllowance = signedIn.paymentAllowance
        client.signedIn.lookUpPayee = signedIn.lookUpPayee

        client.settings.securityOverview = settings.securityOverview
        client.settings.sendConfirmationCode = settings.sendConfirmationCode
        client.settings.beginEnrolment = settings.beginEnrolment
        client.settings.finishEnrolment = settings.finishEnrolment
        client.settings.chooseSignInFactor = settings.chooseSignInFactor
        // The switch on and the saved language are the session's own (`LiveSession`).
        client.settings.turnOnSMSVerification = signedIn.turnOnSMSVerification
        client.settings.turnOffSMSVerification = settings.turnOffSMSVerification
        client.settings.turnOffAuthenticator = settings.turnOffAuthenticator
        client.settings.regenerateRecoveryCodes = settings.regenerateRecoveryCodes
        client.settings.changePhone = settings.changePhone
        // Trusting the device follows the sign-in that allowed it (`LiveSignIn`).
        client.settings.trustDevice = signingIn.trustDevice
        client.settings.revokeTrustedDevice = settings.revokeTrustedDevice
        client.settings.beginBiometricSwitch = settings.beginBiometricSwitch
        client.settings.biometricSwitch = settings.biometricSwitchEvent
        client.settings.turnOnBiometricSignIn = settings.turnOnBiometricSignIn
        client.settings.saveLanguage = { chosen in
            language.language = chosen
            try signedIn.saveLanguage(chosen)
        }
        return client
    }
}
