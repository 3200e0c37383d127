import TermBankApp
import TermBankCore

/// The signed-in phase of one terminal: the session, its user, the statement
/// and transfers. Every call made for a signed-in user goes through
/// `withSession`, the one place the session is checked with the bank.
final class LiveSession: @unchecked Sendable {
    private let terminal: LiveTerminal
    private let sessions: SessionService
    private let verify: VerifyService
    private let stepUp: StepUpPolicy
    private let security: SecuritySettings
    private let authenticator: BiometricAuthenticator
    private let statements: StatementReader

    private var session: Session?
    private(set) var user: UserRecord?
    /// Why the bank ended this terminal's session, once a check found it ended (the screen says why).
    private var endedBy: SessionError?
    /// The SMS code sent to approve a transfer, cancelled if the session ends first.
    private var transferTicket: VerificationTicket?

    init(terminal: LiveTerminal, verify: VerifyService, stepUp: StepUpPolicy, security: SecuritySettings,
         authenticator: BiometricAuthenticator) {
        self.terminal = terminal
        self.verify = verify
        self.stepUp = stepUp
        self.security = security
        self.authenticator = authenticator
        let bank = terminal.bank
        sessions = SessionService(store: terminal.store, audit: terminal.store, clock: bank.clock, random: bank.random)
        let clock = bank.clock
        let language = verify.language
        // A search matches the descriptions' words in the language on the screen.
        statements = StatementReader(store: terminal.store, now: { clock.now() },
                                     describe: { language.language.coreCatalog.label($0) })
    }

    var context: AuditContext {
        AuditContext(sessionID: session?.id.short, deviceID: terminal.device?.name)
    }

    var isOpen: Bool { session != nil }

    // MARK: The one session check

    /// The signed-in user, once the bank confirms the session still stands.
    /// One ended elsewhere (its trust revoked, an operator, a reset) stays
    /// ended here, and the screen is told why.
    func withSession<T>(_ body: (UserRecord) throws -> T) throws -> T {
        let current = try signedInUser()
        do {
            try sessions.validate(current.session)
        } catch let ended as SessionError {
            end(because: ended)
            throw ended
        }
        return try body(current.user)
    }

    /// The statement's read: the check and the read in one transaction.
    private func whileSessionStands<T>(_ body: (UserRecord) throws -> T) throws -> T {
        let current = try signedInUser()
        do {
            return try sessions.read(current.session, for: current.user.id) { try body(current.user) }
        } catch let ended as SessionError {
            end(because: ended)
            throw ended
        }
    }

    private func signedInUser() throws -> (user: UserRecord, session: SessionID) {
        guard let user, let session else { throw endedBy ?? SessionError.notFound }
        return (user, session.id)
    }

    private func end(because ended: SessionError) {
        session = nil
        endedBy = ended
        statements.forget()
    }

    /// The user a code is resent to when no sign-in is under way.
    func currentUser() throws -> UserRecord { try signedInUser().user }

    /// A user the settings saved (a phone, SMS verification) replaces the one held.
    func saved(_ user: UserRecord) { self.user = user }

    // MARK: Opening and ending (called by the other phases, under the terminal's lock)

    func open(_ completed: CompletedSignIn) throws -> Session {
        let opened = try sessions.open(completed, context: context)
        session = opened
        endedBy = nil
        user = completed.user
        return opened
    }

    /// Ends the session with the bank, if one is open, and forgets everything it held.
    @discardableResult
    func end(_ reason: SessionEndReason, ticketOwner: UserRecord?) -> Bool {
        var ended = false
        if let session, let user {
            try? sessions.end(session.id, reason: reason, user: user, context: context)
            ended = true
        }
        if let ticket = transferTicket, let owner = ticketOwner {
            try? verify.cancel(ticket.id, for: owner, reason: "session ended", context: context)
        }
        session = nil
        user = nil
        endedBy = nil
        transferTicket = nil
        statements.forget()
        return ended
    }

    // MARK: Signed-in calls

    func checkSession() throws {
        try terminal.locked {
            guard session != nil else { return }
            try whileSessionStands { _ in }
        }
    }

    func loadAccount(_ requested: UserRecord) throws -> AccountSnapshot {
        try terminal.locked {
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

    /// Another window of the history; the refreshes that follow read it too.
    func loadStatement(_ request: StatementRequest) throws -> AccountSnapshot {
        try terminal.locked {
            let snapshot = try whileSessionStands { current -> AccountSnapshot in
                guard let snapshot = try statements.snapshot(of: current.id, request: request) else {
                    throw SessionError.notFound
                }
                return snapshot
            }
            user = snapshot.user
            return snapshot
        }
    }

    func touchSession() throws {
        try terminal.locked {
            guard let session else { return }
            do {
                try sessions.touch(session.id)
            } catch {
                self.session = nil
                throw error
            }
        }
    }

    func resendTransferCode(_ ticket: VerificationTicket) throws -> VerificationTicket {
        try terminal.locked {
            let next = try verify.resend(ticket, for: try currentUser(), context: context)
            transferTicket = next
            return next
        }
    }

    /// On at once; off needs the password and a second-factor code in the same
    /// call (issue 6): `LiveSecurity.turnOffSMSVerification`.
    func turnOnSMSVerification() throws -> SMSSwitchReply {
        try terminal.locked {
            try withSession { current in
                let saved = try terminal.store.setSMSVerification(true, for: current.id, at: terminal.bank.clock.now(),
                                                                  context: context)
                user = saved
                return .saved(saved)
            }
        }
    }

    /// The language chosen in the app, saved as the signed-in user's preference (audited as a settings change).
    func saveLanguage(_ language: Language) throws {
        try terminal.locked {
            try withSession { current in
                user = try terminal.store.setLanguage(language, for: current.id, at: terminal.bank.clock.now(),
                                                      context: context)
            }
        }
    }

    // MARK: Transfers

    func beginTransferApproval(_ transfer: PendingTransfer) throws -> StepUpStart {
        try terminal.locked {
            try withSession { current in
                guard transfer.userID == current.id else { throw SessionError.notFound }
                let authenticatorActive = try security.status(for: current).authenticatorActive
                switch stepUp.requirement(for: transfer.amount, on: try? terminal.freshDevice(),
                                          authenticatorActive: authenticatorActive) {
                case .authenticator:
                    return .authenticator
                case .smsCode:
                    let ticket = try verify.start(for: current, purpose: .transfer(transfer), context: context)
                    transferTicket = ticket
                    return .code(ticket)
                case .biometric:
                    switch authenticator.begin(.biometricsOrPasscode, on: try terminal.freshDevice(),
                                               reason: .transfer(transfer)) {
                    case .waiting(let prompt): return .biometric(prompt)
                    case .finished(let outcome, _):
                        // The sheet could not open (no passcode set, say): the
                        // customer is told why, in their words.
                        throw outcome.notice(for: terminal.device?.biometry ?? .none).map(AppMessage.core)
                            ?? AppMessage.banking(.notApproved)
                    }
                }
            }
        }
    }

    /// One endpoint for every step-up: the proof says which factor, and each
    /// is checked with the booking of exactly this transfer.
    func approveTransfer(_ proof: StepUpProof, _ transfer: PendingTransfer) throws -> TransferApprovalReply {
        try terminal.locked {
            try withSession { current in
                switch proof {
                case .smsCode(let ticket, let code): return try approve(ticket, code, transfer, by: current)
                case .biometric(let event, let prompt): return try approveWithBiometric(event, prompt, transfer, by: current)
                case .authenticator(let code): return try approveWithAuthenticator(code, transfer, by: current)
                }
            }
        }
    }

    private func approve(_ ticket: VerificationTicket, _ code: String, _ transfer: PendingTransfer,
                         by current: UserRecord) throws -> TransferApprovalReply {
        switch try verify.approve(ticket.id, code: code, transfer: transfer, for: current, context: context) {
        case .executed(let receipt):
            transferTicket = nil
            return .executed(receipt)
        case .rejected(.wrongCode(let left)): return .wrong(attemptsLeft: left)
        case .rejected(.tooManyWrongCodes): return .tooManyWrongCodes
        case .rejected(.expired): return .expired
        case .rejected(let other): return .refused(.core(.check(other)))
        }
    }

    private func approveWithAuthenticator(_ code: String, _ transfer: PendingTransfer,
                                          by current: UserRecord) throws -> TransferApprovalReply {
        guard transfer.userID == current.id else { throw SessionError.notFound }
        switch try security.authenticator.approveTransfer(transfer, code: code, for: current, context: context) {
        case .executed(let receipt): return .executed(receipt)
        case .rejected(let check): return .refused(.core(.authenticator(check)))
        }
    }

    private func approveWithBiometric(_ event: BiometricEvent, _ prompt: BiometricPrompt, _ transfer: PendingTransfer,
                                      by current: UserRecord) throws -> TransferApprovalReply {
        switch try authenticator.handle(event, in: prompt) {
        case .waiting(let next): return .waiting(next)
        case .finished(.success, let approval?):
            let receipt = try TransferStepUp(bank: terminal.bank, policy: stepUp)
                .executeWithBiometric(transfer, user: current, device: try terminal.freshDevice(), approval: approval,
                                      context: context)
            return .executed(receipt)
        case .finished(let outcome, _):
            return .refused(outcome.notice(for: terminal.device?.biometry ?? .none).map(AppMessage.core))
        }
    }
}
