import Glibc
import TermBankSystem
import TermBankApp
import TermBankCore
import TermBankQR
import TermBankSecurity

/// The app's bank client on the real database: drives the core services and
/// keeps, for this one terminal session, the sign-in attempt, its proofs and
/// the session, so the app's state never holds a proof it could forge.
final class LiveBankingClient: @unchecked Sendable {
    private let lock = Lock()
    let bank: Bank
    let store: any BankBackend
    private(set) var device: Device?
    let verify: VerifyService
    let authenticator: BiometricAuthenticator
    let settings: BiometricSettings
    let flow: SignInFlow
    let sessions: SessionService
    let stepUp: StepUpPolicy
    let security: SecuritySettings
    let trustedDevices: TrustedDeviceService
    let knownSignIns: KnownDeviceSignIns
    let biometricSwitch: BiometricSignInSwitch
    /// The phones the picker offered (over a password SSH login): no other can be chosen.
    private let pickable: Set<String>
    private let statements: StatementReader

    private var attempt: SignInAttempt?
    private var signInTicket: VerificationTicket?
    private var transferTicket: VerificationTicket?
    private var session: Session?
    private var user: UserRecord?
    /// After a sign-in with the last recovery code: lets this session make a new set without a second factor.
    private var regenerationGrant: RecoveryRegenerationGrant?
    /// The SMS code that confirms a change in the settings (users without an authenticator).
    private var confirmationTicket: VerificationTicket?
    /// The SMS code sent to a new number, proving it for a phone change.
    private var newPhoneTicket: VerificationTicket?
    /// The sign-in this session came from, while the device may still be trusted after it.
    private var completedSignIn: CompletedSignIn?
    /// The user whose sitekey was shown before the password ("This is not my image" names them).
    private var previewed: UserRecord?
    /// Why the bank ended this terminal's session, once a check found it ended (the screen says why).
    private var endedBy: SessionError?
    /// A passing biometric check on Security, for turning biometric sign-in back on with the password.
    private var switchApproval: BiometricApproval?

    init(bank: Bank, store: any BankBackend, device: Device?, verify: VerifyService, stepUp: StepUpPolicy,
         security: SecuritySettings, trustedDevices: TrustedDeviceService, knownSignIns: KnownDeviceSignIns,
         pickable: Set<String> = []) {
        self.bank = bank
        self.knownSignIns = knownSignIns
        self.pickable = pickable
        self.store = store
        self.device = device
        self.verify = verify
        self.stepUp = stepUp
        self.security = security
        self.trustedDevices = trustedDevices
        authenticator = BiometricAuthenticator(store: store, hasher: bank.hasher, clock: bank.clock)
        settings = BiometricSettings(store: store, audit: store, clock: bank.clock)
        flow = SignInFlow(password: bank.signIn, settings: settings, secondFactors: store, trustedDevices: trustedDevices,
                          clock: bank.clock)
        sessions = SessionService(store: store, audit: store, clock: bank.clock, random: bank.random)
        biometricSwitch = BiometricSignInSwitch(settings: settings, devices: store, passwords: bank.signIn, clock: bank.clock)
        statements = StatementReader(store: store)
    }

    private var context: AuditContext {
        AuditContext(sessionID: session?.id.short, deviceID: device?.name)
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The attempt in progress; one older than its lifetime is dropped (and audited) here.
    private func currentAttempt() throws -> SignInAttempt {
        guard let current = attempt else { throw Problem(description: "This sign-in has ended; start again.") }
        do {
            try flow.ensureLive(current)
        } catch {
            audit(.signInAbandoned, current.user, "sign-in not completed within \(SignInFlow.attemptLifetimeSeconds / 60) minutes")
            if let ticket = signInTicket {
                try? verify.cancel(ticket.id, for: current.user, reason: "sign-in expired", context: context)
                signInTicket = nil
            }
            attempt = nil
            throw error
        }
        return current
    }

    private func currentUser() throws -> UserRecord {
        guard let user, session != nil else { throw endedBy ?? SessionError.notFound }
        return user
    }

    private func freshDevice() throws -> Device {
        guard let device, let fresh = try store.device(id: device.id) else {
            throw Problem(description: "No simulated device is selected.")
        }
        return fresh
    }

    private func audit(_ kind: AuditEventKind, _ user: UserRecord?, _ detail: String) {
        try? store.append(AuditEvent(at: bank.clock.now(), kind: kind, username: user?.username, userID: user?.id,
                                     context: context, detail: detail))
    }

    // MARK: Sign-in

    /// SiteKey before the password, where this device knows the name; the
    /// same `.notKnownHere` for every other name, existing or not.
    func lookUpSitekey(_ username: String) throws -> SitekeyLookup {
        try locked {
            previewed = try knownSignIns.knownUser(typed: username, on: device)
            return previewed.map { .recognised($0.sitekey) } ?? .notKnownHere
        }
    }

    func signIn(_ username: String, _ password: Secret) throws -> SignInReply {
        try locked {
            attempt = nil
            switch try flow.begin(username: username, password: password, device: try device.map { _ in try freshDevice() },
                                  context: context) {
            case .refused(let refusal):
                return .refused(refusal.description)
            case .inProgress(let started):
                attempt = started
                return .accepted(user: started.user, required: started.required, next: started.next,
                                 biometry: device?.biometry ?? .none, recoveryCodes: started.recoveryCodesExist)
            }
        }
    }

    private func biometricReply(_ progress: BiometricProgress) throws -> BiometricReply {
        switch progress {
        case .waiting(let prompt):
            return .waiting(prompt)
        case .finished(.success, let approval?):
            let advanced = try flow.passBiometric(try currentAttempt(), approval: approval)
            attempt = advanced
            audit(.biometricEvaluated, advanced.user, "\(device?.name ?? "-"): success")
            return .passed(next: advanced.next)
        case .finished(let outcome, _):
            audit(.biometricEvaluated, attempt?.user, "\(device?.name ?? "-"): \(outcome.rawValue)")
            return .failed(outcome, message: outcome.message(for: device?.biometry ?? .none))
        }
    }

    func beginBiometric(_ reason: String) throws -> BiometricReply {
        try locked { try biometricReply(authenticator.begin(.biometricsOrPasscode, on: try freshDevice(), reason: reason)) }
    }

    func biometric(_ event: BiometricEvent, _ prompt: BiometricPrompt) throws -> BiometricReply {
        try locked { try biometricReply(try authenticator.handle(event, in: prompt)) }
    }

    func sendSignInCode() throws -> VerificationTicket {
        try locked {
            let ticket = try verify.start(for: try currentAttempt().user, purpose: .signIn, context: context)
            signInTicket = ticket
            return ticket
        }
    }

    func resendCode(_ ticket: VerificationTicket) throws -> VerificationTicket {
        try locked {
            let owner = try attempt?.user ?? currentUser()
            let next = try verify.resend(ticket, for: owner, context: context)
            if case .signIn = ticket.purpose { signInTicket = next } else { transferTicket = next }
            return next
        }
    }

    func checkSignInCode(_ ticket: VerificationTicket, _ code: String) throws -> CodeReply {
        try locked {
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
            case let other: return .refused(other.description)
            }
        }
    }

    func checkAuthenticatorCode(_ code: String) throws -> CodeReply {
        try locked {
            let current = try currentAttempt()
            guard current.next == .authenticator else { return .refused(SignInFlow.FlowError.wrongFactor.description) }
            switch try security.authenticator.checkSignIn(for: current.user, code: code, context: context) {
            case .verified(let proof):
                let advanced = try flow.passAuthenticator(current, proof: proof)
                attempt = advanced
                return .passed(next: advanced.next)
            case let other:
                // The core's words: the attempts left, a used code, or the lock and until when.
                return .refused(other.description)
            }
        }
    }

    func checkRecoveryCode(_ code: Secret) throws -> CodeReply {
        try locked {
            let current = try currentAttempt()
            guard current.acceptsRecoveryCode else { return .refused(SignInFlow.FlowError.wrongFactor.description) }
            switch try security.recovery.useForSignIn(for: current.user, code: code, context: context) {
            case .accepted(let proof):
                let advanced = try flow.passRecoveryCode(current, proof: proof)
                attempt = advanced
                if let ticket = signInTicket {
                    try? verify.cancel(ticket.id, for: current.user, reason: "recovery code used instead", context: context)
                    signInTicket = nil
                }
                return .passed(next: advanced.next)
            case let other:
                return .refused(other.description)
            }
        }
    }

    func openSession() throws -> SessionInfo {
        try locked {
            // A factor turned on since the password step is asked for: the
            // rechecked attempt is kept, and the app is told which is due.
            let rechecked = try flow.recheck(try currentAttempt(), context: context)
            attempt = rechecked
            let completed = try flow.complete(rechecked, context: context)
            let opened = try sessions.open(completed, context: context)
            session = opened
            endedBy = nil
            user = completed.user
            attempt = nil
            regenerationGrant = completed.regenerationGrant
            completedSignIn = completed
            previewed = nil
            // Failing to remember only keeps the usual order (password, then sitekey) next time.
            try? knownSignIns.remember(completed)
            return SessionInfo(user: completed.user, sessionID: opened.id, deviceName: device?.name,
                               recoveryCodesLeft: completed.recoveryCodesLeft,
                               mayTrustDevice: trustedDevices.mayTrust(after: completed))
        }
    }

    func makeRecoveryCodesAfterLastUse(_ password: Secret) throws -> RecoveryCodesReply {
        try locked {
            let current = try currentUser()
            try sessions.validate(session!.id)
            guard let grant = regenerationGrant else { return .refused(ConfirmationError.grantNotValid.description) }
            do {
                let codes = try security.regenerateRecoveryCodes(for: current, password: password,
                                                                 confirmation: .lastRecoveryCodeSignIn(grant),
                                                                 context: context)
                regenerationGrant = nil
                return .made(codes)
            } catch let refusal as ConfirmationError {
                return .refused(refusal.description)
            }
        }
    }

    // MARK: Signed in

    /// The session is checked on every refresh: one ended elsewhere (its trust
    /// revoked, an operator, a reset) reads nothing more, and stays ended here.
    private func whileSessionStands<T>(_ body: (UserRecord) throws -> T) throws -> T {
        let current = try currentUser()
        do {
            return try sessions.read(session!.id, for: current.id) { try body(current) }
        } catch let ended as SessionError {
            session = nil
            endedBy = ended
            statements.forget()
            throw ended
        }
    }

    func checkSession() throws {
        try locked {
            guard session != nil else { return }
            try whileSessionStands { _ in }
        }
    }

    func loadAccount(_ requested: UserRecord) throws -> AccountSnapshot {
        try locked {
            let snapshot = try whileSessionStands { current -> AccountSnapshot in
                // Every second on the statement: read again only if the database changed.
                guard requested.id == current.id, let snapshot = try statements.snapshot(of: current.id) else {
                    throw SessionError.notFound
                }
                return snapshot
            }
            user = snapshot.user
            return snapshot
        }
    }

    func beginTransferApproval(_ transfer: PendingTransfer) throws -> StepUpStart {
        try locked {
            let current = try currentUser()
            try sessions.validate(session!.id)
            guard transfer.userID == current.id else { throw SessionError.notFound }
            let authenticatorActive = try security.status(for: current).authenticatorActive
            switch stepUp.requirement(for: transfer.amount, on: try? freshDevice(), authenticatorActive: authenticatorActive) {
            case .authenticator:
                return .authenticator
            case .smsCode:
                let ticket = try verify.start(for: current, purpose: .transfer(transfer), context: context)
                transferTicket = ticket
                return .code(ticket)
            case .biometric:
                switch authenticator.begin(.biometricsOrPasscode, on: try freshDevice(), reason: "Approve \(transfer.summary)") {
                case .waiting(let prompt): return .biometric(prompt)
                case .finished(let outcome, _):
                    throw Problem(description: outcome.message(for: device?.biometry ?? .none) ?? "Transfer not approved.")
                }
            }
        }
    }

    /// One endpoint for every step-up: the proof says which factor, and each
    /// is checked with the booking of exactly this transfer.
    func approveTransfer(_ proof: StepUpProof, _ transfer: PendingTransfer) throws -> TransferApprovalReply {
        switch proof {
        case .smsCode(let ticket, let code): return try approveTransfer(ticket, code, transfer)
        case .biometric(let event, let prompt): return try approveTransferWithBiometric(event, prompt, transfer)
        case .authenticator(let code): return try approveTransferWithAuthenticator(code, transfer)
        }
    }

    private func approveTransfer(_ ticket: VerificationTicket, _ code: String, _ transfer: PendingTransfer) throws
        -> TransferApprovalReply {
        try locked {
            let current = try currentUser()
            try sessions.validate(session!.id)
            switch try verify.approve(ticket.id, code: code, transfer: transfer, for: current, context: context) {
            case .executed(let receipt):
                transferTicket = nil
                return .executed(receipt)
            case .rejected(.wrongCode(let left)): return .wrong(attemptsLeft: left)
            case .rejected(.tooManyWrongCodes): return .tooManyWrongCodes
            case .rejected(.expired): return .expired
            case .rejected(let other): return .refused(other.description)
            }
        }
    }

    private func approveTransferWithAuthenticator(_ code: String, _ transfer: PendingTransfer) throws -> TransferApprovalReply {
        try locked {
            let current = try signedInUser()
            guard transfer.userID == current.id else { throw SessionError.notFound }
            switch try security.authenticator.approveTransfer(transfer, code: code, for: current, context: context) {
            case .executed(let receipt): return .executed(receipt)
            case .rejected(let check): return .refused(check.description)
            }
        }
    }

    private func approveTransferWithBiometric(_ event: BiometricEvent, _ prompt: BiometricPrompt,
                                              _ transfer: PendingTransfer) throws -> TransferApprovalReply {
        try locked {
            let current = try currentUser()
            try sessions.validate(session!.id)
            switch try authenticator.handle(event, in: prompt) {
            case .waiting(let next): return .waiting(next)
            case .finished(.success, let approval?):
                let receipt = try TransferStepUp(bank: bank, policy: stepUp)
                    .executeWithBiometric(transfer, user: current, device: try freshDevice(), approval: approval,
                                          context: context)
                return .executed(receipt)
            case .finished(let outcome, _):
                return .refused(outcome.message(for: device?.biometry ?? .none))
            }
        }
    }

    /// On at once; off needs the password and a second-factor code in the same
    /// call (issue 6): `turnOffSMSVerification`.
    func turnOnSMSVerification() throws -> SMSSwitchReply {
        try locked {
            let current = try currentUser()
            try sessions.validate(session!.id)
            let saved = try store.setSMSVerification(true, for: current.id, at: bank.clock.now(), context: context)
            user = saved
            return .saved(saved)
        }
    }

    // MARK: Security settings

    private func signedInUser() throws -> UserRecord {
        let current = try currentUser()
        try sessions.validate(session!.id)
        return current
    }

    private func overview(of user: UserRecord) throws -> SecurityOverview {
        let status = try security.status(for: user)
        let now = bank.clock.now()
        let devices = try trustedDevices.list(for: user).filter { $0.isValid(at: now) }
            .map { TrustedDeviceRow(id: $0.id, deviceName: $0.deviceName, expiresAt: $0.expiresAt, lastUsedAt: $0.lastUsedAt) }
        return SecurityOverview(smsVerification: status.smsVerification, authenticatorActive: status.authenticatorActive,
                                signInFactor: status.signInFactor, recoveryCodesLeft: status.recoveryCodesLeft,
                                trustedDevices: devices,
                                biometricSignIn: try device.flatMap { try biometricSwitch.status(for: user, on: $0) })
    }

    func securityOverview() throws -> SecurityOverview {
        try locked { try overview(of: try signedInUser()) }
    }

    func sendConfirmationCode(_ change: SecurityChange) throws -> VerificationTicket {
        try locked {
            let ticket = try security.sendConfirmationCode(for: try signedInUser(), change: change, context: context)
            if case .proveNewPhone = change { newPhoneTicket = ticket } else { confirmationTicket = ticket }
            return ticket
        }
    }

    /// What was typed, as the second factor the settings rules accept: with an
    /// authenticator, 6 digits are its code and anything else a recovery code;
    /// without, the SMS code sent for this very change.
    private func confirmation(_ typed: Secret, for change: SecurityChange, user: UserRecord) throws -> SecondFactorCode {
        let text = typed.exposedValue.filter { $0 != " " }
        if try security.status(for: user).authenticatorActive {
            return text.count == TOTP.digits && text.allSatisfy(\.isNumber) ? .authenticator(text) : .recoveryCode(typed)
        }
        guard let ticket = confirmationTicket, ticket.purpose == .confirmation(change) else {
            throw ConfirmationError.noAuthenticator
        }
        return .sms(ticket.id, text)
    }

    func beginEnrolment(_ password: Secret, _ code: Secret?) throws -> EnrolmentReply {
        try locked {
            let current = try signedInUser()
            // Which change the code confirms; the core decides again, with the pending secret.
            let change: SecurityChange = try security.status(for: current).authenticatorActive
                ? .replaceAuthenticator : .setUpAuthenticator
            let confirmation = try code.map { try self.confirmation($0, for: change, user: current) }
            let enrolment = try security.beginAuthenticatorEnrolment(for: current, password: password,
                                                                     confirmation: confirmation, context: context)
            // Level L: a screen does not smudge, and the smaller symbol fits 80x24 beside the key.
            confirmationTicket = nil
            let matrix = try QRMatrix.encode(enrolment.uri.exposedValue, level: .low)
            return .started(AuthenticatorSetup(qrModules: matrix.modules, groupedSecret: enrolment.groupedSecret,
                                               expiresAt: enrolment.expiresAt, replacing: enrolment.replacing))
        }
    }

    func finishEnrolment(_ code: String) throws -> ActivationReply {
        try locked {
            switch try security.finishAuthenticatorEnrolment(for: try signedInUser(), code: code, context: context) {
            case .activated(let codes, _): return .activated(recoveryCodes: codes)
            case let other: return .refused(other.description)
            }
        }
    }

    func chooseSignInFactor(_ factor: SignInFactor, _ password: Secret?, _ code: Secret?) throws -> SecurityChangeReply {
        try locked {
            let current = try signedInUser()
            let confirmation = try code.map { try self.confirmation($0, for: .signInWithSMS, user: current) }
            try security.chooseSignInFactor(factor, for: current, password: password, confirmation: confirmation,
                                            context: context)
            return .saved(try overview(of: current))
        }
    }

    func turnOffSMSVerification(_ password: Secret, _ code: Secret) throws -> SecurityChangeReply {
        try locked {
            let current = try signedInUser()
            let confirmation = try self.confirmation(code, for: .turnOffSMSVerification, user: current)
            let saved = try security.turnOffSMSVerification(for: current, password: password, confirmation: confirmation,
                                                            context: context)
            user = saved
            confirmationTicket = nil
            return .saved(try overview(of: saved))
        }
    }

    func turnOffAuthenticator(_ password: Secret, _ code: Secret) throws -> SecurityChangeReply {
        try locked {
            let current = try signedInUser()
            try security.turnOffAuthenticator(for: current, password: password,
                                              confirmation: try confirmation(code, for: .turnOffAuthenticator, user: current),
                                              context: context)
            return .saved(try overview(of: current))
        }
    }

    func regenerateRecoveryCodes(_ password: Secret, _ code: Secret) throws -> RecoveryCodesReply {
        try locked {
            let current = try signedInUser()
            return .made(try security.regenerateRecoveryCodes(
                for: current, password: password,
                confirmation: try confirmation(code, for: .regenerateRecoveryCodes, user: current), context: context))
        }
    }

    func changePhone(_ phone: PhoneNumber, _ password: Secret, _ code: Secret, _ newPhoneCode: Secret) throws
        -> SecurityChangeReply {
        try locked {
            let current = try signedInUser()
            let proof = newPhoneTicket.flatMap { ticket -> (id: VerificationID, code: String)? in
                guard ticket.purpose == .confirmation(.proveNewPhone(phone)) else { return nil }
                return (ticket.id, newPhoneCode.exposedValue.filter { $0 != " " })
            }
            let saved = try security.changePhone(for: current, to: phone, password: password,
                                                 confirmation: try confirmation(code, for: .changePhone(to: phone), user: current),
                                                 newPhoneCode: proof, context: context)
            user = saved
            confirmationTicket = nil
            newPhoneTicket = nil
            return .saved(try overview(of: saved))
        }
    }

    // MARK: Biometric sign-in back on

    func beginBiometricSwitch() throws -> BiometricReply {
        try locked {
            _ = try signedInUser()
            switchApproval = nil
            // Biometrics only: the passcode is not what is being trusted again.
            return try switchReply(authenticator.begin(.biometricsOnly, on: try freshDevice(),
                                                       reason: "Turn on biometric sign-in"))
        }
    }

    func biometricSwitchEvent(_ event: BiometricEvent, _ prompt: BiometricPrompt) throws -> BiometricReply {
        try locked {
            _ = try signedInUser()
            guard prompt.deviceID == device?.id else { throw BiometricSettings.EnableError.needsBiometricEvaluation }
            return try switchReply(try authenticator.handle(event, in: prompt))
        }
    }

    private func switchReply(_ progress: BiometricProgress) throws -> BiometricReply {
        switch progress {
        case .waiting(let prompt):
            return .waiting(prompt)
        case .finished(.success, let approval?):
            switchApproval = approval
            audit(.biometricEvaluated, user, "\(device?.name ?? "-"): success (turning biometric sign-in on)")
            return .passed(next: nil)
        case .finished(let outcome, _):
            audit(.biometricEvaluated, user, "\(device?.name ?? "-"): \(outcome.rawValue) (turning biometric sign-in on)")
            return .failed(outcome, message: outcome.message(for: device?.biometry ?? .none))
        }
    }

    func turnOnBiometricSignIn(_ password: Secret) throws -> SecurityChangeReply {
        try locked {
            let current = try signedInUser()
            guard let approval = switchApproval else { throw BiometricSettings.EnableError.needsBiometricEvaluation }
            do {
                try biometricSwitch.turnOn(for: current, on: try freshDevice(), password: password, approval: approval,
                                           context: context)
            } catch let refusal as ConfirmationError {
                return .refused(refusal.description)
            }
            switchApproval = nil
            return .saved(try overview(of: current))
        }
    }

    func trustDevice() throws -> Timestamp {
        try locked {
            _ = try signedInUser()
            guard let completed = completedSignIn else { throw TrustedDeviceError.signInTooOld }
            let trusted = try trustedDevices.trust(after: completed, context: context)
            completedSignIn = nil
            return trusted.expiresAt
        }
    }

    func revokeTrustedDevice(_ id: TrustedDeviceID) throws -> SecurityChangeReply {
        try locked {
            let current = try signedInUser()
            try trustedDevices.revoke(id, for: current, context: context)
            // Revoking the trust this session skipped its second factor through ends it too.
            do {
                try sessions.validate(session!.id)
            } catch {
                session = nil
                throw error
            }
            return .saved(try overview(of: current))
        }
    }

    func touchSession() throws {
        try locked {
            guard let session else { return }
            do {
                try sessions.touch(session.id)
            } catch {
                self.session = nil
                throw error
            }
        }
    }

    func signOut(_ reason: SessionEndReason) {
        locked {
            if let session, let user {
                try? sessions.end(session.id, reason: reason, user: user, context: context)
            } else if let attempt {
                audit(.signInAbandoned, attempt.user, "sign-in not completed")
            }
            for ticket in [signInTicket, transferTicket].compactMap({ $0 }) {
                if let owner = attempt?.user ?? user {
                    try? verify.cancel(ticket.id, for: owner, reason: "session ended", context: context)
                }
            }
            attempt = nil
            session = nil
            user = nil
            regenerationGrant = nil
            confirmationTicket = nil
            newPhoneTicket = nil
            completedSignIn = nil
            previewed = nil
            switchApproval = nil
            endedBy = nil
            statements.forget()
            signInTicket = nil
            transferTicket = nil
        }
    }

    func notMyImage() {
        locked {
            if let attempt {
                audit(.signInAbandoned, attempt.user, "this is not my image")
            } else {
                // Before the password, on a device that knows the name.
                audit(.signInAbandoned, previewed, "this is not my image (shown before the password)")
            }
            attempt = nil
            previewed = nil
        }
    }

    func selectDevice(_ name: String) throws {
        try locked {
            // Only a phone the picker offered: never an SSH key's own phone.
            guard pickable.contains(name), let chosen = try store.device(named: name) else {
                throw Problem(description: "No device named \(name).")
            }
            device = chosen
        }
    }

    var client: BankingClient {
        BankingClient(
            now: { [bank] in bank.clock.now() },
            selectDevice: selectDevice,
            signIn: signIn, beginBiometric: beginBiometric, biometric: biometric, sendSignInCode: sendSignInCode,
            resendCode: resendCode, checkSignInCode: checkSignInCode, openSession: openSession,
            loadAccount: loadAccount, beginTransferApproval: beginTransferApproval, approveTransfer: approveTransfer,
            turnOnSMSVerification: turnOnSMSVerification,
            touchSession: touchSession, signOut: signOut, notMyImage: notMyImage,
            newTransferID: { [bank] in TransferClientID.random(using: bank.random) },
            checkAuthenticatorCode: checkAuthenticatorCode, checkRecoveryCode: checkRecoveryCode,
            makeRecoveryCodesAfterLastUse: makeRecoveryCodesAfterLastUse, securityOverview: securityOverview,
            sendConfirmationCode: sendConfirmationCode, beginEnrolment: beginEnrolment, finishEnrolment: finishEnrolment,
            chooseSignInFactor: chooseSignInFactor, turnOffSMSVerification: turnOffSMSVerification,
            turnOffAuthenticator: turnOffAuthenticator, regenerateRecoveryCodes: regenerateRecoveryCodes,
            changePhone: changePhone,
            trustDevice: trustDevice, revokeTrustedDevice: revokeTrustedDevice,
            lookUpSitekey: lookUpSitekey, checkSession: checkSession, beginBiometricSwitch: beginBiometricSwitch,
            biometricSwitch: biometricSwitchEvent, turnOnBiometricSignIn: turnOnBiometricSignIn)
    }
}
