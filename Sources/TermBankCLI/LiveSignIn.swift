import TermBankApp
import TermBankCore

/// The signing-in phase of one terminal: the sitekey shown before the
/// password, the attempt, each factor's proof as the core mints it, and what
/// the finished sign-in still allows (trusting the device, a new set of
/// recovery codes after the last). The proofs stay here: nothing the app
/// holds can stand in for a factor it did not pass.
final class LiveSignIn: @unchecked Sendable {
    private let terminal: LiveTerminal
    private let session: LiveSession
    private let verify: VerifyService
    private let security: SecuritySettings
    private let authenticator: BiometricAuthenticator
    private let flow: SignInFlow
    private let trustedDevices: TrustedDeviceService
    private let knownSignIns: KnownDeviceSignIns

    private var attempt: SignInAttempt?
    private var signInTicket: VerificationTicket?
    /// The user whose sitekey was shown before the password ("This is not my image" names them).
    private var previewed: UserRecord?
    /// After a sign-in with the last recovery code: lets this session make a new set without a second factor.
    private var regenerationGrant: RecoveryRegenerationGrant?
    /// The sign-in this session came from, while the device may still be trusted after it.
    private var completedSignIn: CompletedSignIn?

    init(terminal: LiveTerminal, session: LiveSession, verify: VerifyService, security: SecuritySettings,
         authenticator: BiometricAuthenticator, biometricSettings: BiometricSettings,
         trustedDevices: TrustedDeviceService, knownSignIns: KnownDeviceSignIns) {
        self.terminal = terminal
        self.session = session
        self.verify = verify
        self.security = security
        self.authenticator = authenticator
        self.trustedDevices = trustedDevices
        self.knownSignIns = knownSignIns
        flow = SignInFlow(password: terminal.bank.signIn, settings: biometricSettings, secondFactors: terminal.store,
                          trustedDevices: trustedDevices, clock: terminal.bank.clock)
    }

    private var context: AuditContext { session.context }

    /// The user of the attempt under way, if any (a code is resent to them).
    var attemptUser: UserRecord? { attempt?.user }

    /// The attempt in progress; one older than its lifetime is dropped (and audited) here.
    private func currentAttempt() throws -> SignInAttempt {
        guard let current = attempt else { throw SignInFlow.FlowError.wrongFactor }
        do {
            try flow.ensureLive(current)
        } catch {
            terminal.audit(.signInAbandoned, current.user,
                           "sign-in not completed within \(SignInFlow.attemptLifetimeSeconds / 60) minutes", context: context)
            if let ticket = signInTicket {
                try? verify.release(ticket.id, for: current.user, holder: terminal.holder, reason: "sign-in expired",
                                    context: context)
                signInTicket = nil
            }
            attempt = nil
            throw error
        }
        return current
    }

    // MARK: Before the password

    /// SiteKey before the password, where this device knows the name; the
    /// same `.notKnownHere` for every other name, existing or not.
    func lookUpSitekey(_ username: String) throws -> SitekeyLookup {
        try terminal.locked {
            previewed = try knownSignIns.knownUser(typed: username, on: terminal.device)
            return previewed.map { .recognised($0.sitekey) } ?? .notKnownHere
        }
    }

    func notMyImage() {
        terminal.locked {
            if let attempt {
                terminal.audit(.signInAbandoned, attempt.user, "this is not my image", context: context)
            } else {
                // Before the password, on a device that knows the name.
                terminal.audit(.signInAbandoned, previewed, "this is not my image (shown before the password)",
                               context: context)
            }
            attempt = nil
            previewed = nil
        }
    }

    // MARK: The factors

    func signIn(_ username: String, _ password: Secret) throws -> SignInReply {
        try terminal.locked {
            attempt = nil
            let device = try terminal.device.map { _ in try terminal.freshDevice() }
            switch try flow.begin(username: username, password: password, device: device, context: context) {
            case .refused(.guest(let refusal)):
                return .refused(.core(.guest(refusal)))
            case .refused(let refusal):
                return .refused(.core(.signIn(refusal)))
            case .inProgress(let started):
                attempt = started
                return .accepted(user: started.user, required: started.required, next: started.next,
                                 biometry: terminal.device?.biometry ?? .none, recoveryCodes: started.recoveryCodesExist)
            }
        }
    }

    private func biometricReply(_ progress: BiometricProgress) throws -> BiometricReply {
        let deviceName = terminal.device?.name ?? "-"
        switch progress {
        case .waiting(let prompt):
            return .waiting(prompt)
        case .finished(.success, let approval?):
            let advanced = try flow.passBiometric(try currentAttempt(), approval: approval)
            attempt = advanced
            terminal.audit(.biometricEvaluated, advanced.user, "\(deviceName): success", context: context)
            return .passed(next: advanced.next)
        case .finished(let outcome, _):
            terminal.audit(.biometricEvaluated, attempt?.user, "\(deviceName): \(outcome.rawValue)", context: context)
            return .failed(outcome, message: outcome.notice(for: terminal.device?.biometry ?? .none).map(AppMessage.core))
        }
    }

    func beginBiometric(_ reason: BiometricReason) throws -> BiometricReply {
        try terminal.locked {
            try biometricReply(authenticator.begin(.biometricsOrPasscode, on: try terminal.freshDevice(), reason: reason))
        }
    }

    func biometric(_ event: BiometricEvent, _ prompt: BiometricPrompt) throws -> BiometricReply {
        try terminal.locked { try biometricReply(try authenticator.handle(event, in: prompt)) }
    }

    func sendSignInCode() throws -> VerificationTicket {
        try terminal.locked {
            let ticket = try verify.start(for: try currentAttempt().user, purpose: .signIn, context: context,
                                          holder: terminal.holder)
            signInTicket = ticket
            return ticket
        }
    }

    func resendSignInCode(_ ticket: VerificationTicket) throws -> VerificationTicket {
        try terminal.locked {
            let owner = try attempt?.user ?? session.currentUser()
            let next = try verify.resend(ticket, for: owner, context: context, holder: terminal.holder)
            signInTicket = next
            return next
        }
    }

    func checkSignInCode(_ ticket: VerificationTicket, _ code: String) throws -> CodeReply {
        try terminal.locked {
            let current = try currentAttempt()
            switch try verify.check(ticket.id, code: code, purpose: .signIn, for: current.user, context: context) {
            case .verified(let proof):
                let advanced = try flow.passSMSCode(current, proof: proof)
                attempt = advanced
                signInTicket = nil
                return .passed(next: advanced.next)
            case .wrongCode(let left): return .wrong(attemptsLeft: left)
            case .tooManyWrongCodes:
                attempt = nil
                return .tooManyWrongCodes
            case .expired: return .expired
            case .notInProgress(.superseded): return .superseded
            case let other: return .refused(.core(.check(other)))
            }
        }
    }

    func checkAuthenticatorCode(_ code: String) throws -> CodeReply {
        try terminal.locked {
            let current = try currentAttempt()
            guard current.next == .authenticator else { return .refused(.core(.signInFlow(.wrongFactor))) }
            switch try security.authenticator.checkSignIn(for: current.user, code: code, context: context) {
            case .verified(let proof):
                let advanced = try flow.passAuthenticator(current, proof: proof)
                attempt = advanced
                return .passed(next: advanced.next)
            case let other:
                // The core's message: the attempts left, a used code, or the lock and until when.
                return .refused(.core(.authenticator(other)))
            }
        }
    }

    func checkRecoveryCode(_ code: Secret) throws -> CodeReply {
        try terminal.locked {
            let current = try currentAttempt()
            guard current.acceptsRecoveryCode else { return .refused(.core(.signInFlow(.wrongFactor))) }
            switch try security.recovery.useForSignIn(for: current.user, code: code, context: context) {
            case .accepted(let proof):
                let advanced = try flow.passRecoveryCode(current, proof: proof)
                attempt = advanced
                if let ticket = signInTicket {
                    try? verify.release(ticket.id, for: current.user, holder: terminal.holder,
                                        reason: "recovery code used instead", context: context)
                    signInTicket = nil
                }
                return .passed(next: advanced.next)
            case let other:
                return .refused(.core(.recoveryCode(other)))
            }
        }
    }

    // MARK: The session

    /// The core completes the attempt only with every factor passed; only then is a session opened.
    func openSession() throws -> SessionInfo {
        try terminal.locked {
            // A factor turned on since the password step is asked for: the
            // rechecked attempt is kept, and the app is told which is due.
            let rechecked = try flow.recheck(try currentAttempt(), context: context)
            attempt = rechecked
            let completed = try flow.complete(rechecked, context: context)
            let opened = try session.open(completed)
            attempt = nil
            regenerationGrant = completed.regenerationGrant
            completedSignIn = completed
            previewed = nil
            // Failing to remember only keeps the usual order (password, then sitekey) next time.
            try? knownSignIns.remember(completed)
            return SessionInfo(user: completed.user, sessionID: opened.id, deviceName: terminal.device?.name,
                               recoveryCodesLeft: completed.recoveryCodesLeft,
                               mayTrustDevice: trustedDevices.mayTrust(after: completed))
        }
    }

    // MARK: What the finished sign-in still allows

    func trustDevice() throws -> Timestamp {
        try terminal.locked {
            try session.withSession { _ in
                guard let completed = completedSignIn else { throw TrustedDeviceError.signInTooOld }
                let trusted = try trustedDevices.trust(after: completed, context: context)
                completedSignIn = nil
                return trusted.expiresAt
            }
        }
    }

    func makeRecoveryCodesAfterLastUse(_ password: Secret) throws -> RecoveryCodesReply {
        try terminal.locked {
            try session.withSession { current in
                guard let grant = regenerationGrant else { return .refused(.core(.confirmation(.grantNotValid))) }
                do {
                    let codes = try security.regenerateRecoveryCodes(for: current, password: password,
                                                                     confirmation: .lastRecoveryCodeSignIn(grant),
                                                                     context: context)
                    regenerationGrant = nil
                    return .made(codes)
                } catch let refusal as ConfirmationError {
                    return .refused(.core(.confirmation(refusal)))
                }
            }
        }
    }

    /// Drops the attempt (audited as abandoned when no session came of it)
    /// and every proof; called while signing out, under the terminal's lock.
    /// `reason`: why the terminal ended it, named in the audit row unless the
    /// customer did (a hang-up or a SIGTERM during a sign-in reads as such).
    func end(abandoned: Bool, ticketOwner: UserRecord?, context: AuditContext, reason: SessionEndReason = .signedOut) {
        if abandoned, let attempt {
            terminal.audit(.signInAbandoned, attempt.user,
                           "sign-in not completed" + (reason == .signedOut ? "" : ": " + reason.rawValue), context: context)
        }
        if let ticket = signInTicket, let owner = ticketOwner {
            // Only this terminal's wait: another terminal of the customer may be typing the same code.
            try? verify.release(ticket.id, for: owner, holder: terminal.holder, reason: "session ended", context: context)
        }
        attempt = nil
        signInTicket = nil
        previewed = nil
        regenerationGrant = nil
        completedSignIn = nil
    }
}
