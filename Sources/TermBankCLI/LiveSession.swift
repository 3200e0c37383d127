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
    /// The step-up policy's one decision, asked by the review and by `beginTransferApproval`.
    private let stepUpQuery: StepUpQuery

    private var session: Session?
    private(set) var user: UserRecord?
    /// Why the bank ended this terminal's session, once a check found it ended (the screen says why).
    private var endedBy: SessionError?
    /// The session as last read, with the store's change stamp then: while the
    /// stamp stands still the row cannot have changed, so the every-second
    /// check reads nothing (`SessionService.validate(unchanged:)`).
    private var validated: (stamp: ChangeStamp, session: Session)?
    /// The SMS code sent to approve a transfer, given up if the session ends first.
    private var transferTicket: VerificationTicket?
    /// Usernames looked up as payees in this session that named no one.
    private var payeeLookups = PayeeLookups()
    /// When the signed-in customer's demo day ends, if they are a guest.
    private var guestDayEnds: Timestamp?

    init(terminal: LiveTerminal, verify: VerifyService, stepUp: StepUpPolicy, security: SecuritySettings,
         authenticator: BiometricAuthenticator) {
        self.terminal = terminal
        self.verify = verify
        self.stepUp = stepUp
        self.security = security
        self.authenticator = authenticator
        let bank = terminal.bank
        stepUpQuery = StepUpQuery(bank: bank, policy: stepUp, authenticator: security.authenticator, verify: verify)
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
            try endIfTheGuestsDayIsOver(current)
        } catch let ended as SessionError {
            end(because: ended)
            throw ended
        }
        do {
            return try body(current.user)
        } catch SessionError.ended(.guestExpired) {
            // The booking's transaction found the day over (`GuestDay`) between the check above and its commit.
            try? sessions.end(current.session, reason: .guestExpired, user: current.user, context: context)
            end(because: .ended(.guestExpired))
            throw SessionError.ended(.guestExpired)
        }
    }

    /// A demo guest's session ends with its day (decision 67): ended with the
    /// bank and the screen told why, at the next check (every second on the
    /// statement, before every call). What stops money moving after it is
    /// the core's rule in the booking's transaction (`GuestDay`); this signs
    /// the terminal out.
    private func endIfTheGuestsDayIsOver(_ current: (user: UserRecord, session: SessionID)) throws {
        guard let guestDayEnds, terminal.bank.clock.now() >= guestDayEnds else { return }
        try? sessions.end(current.session, reason: .guestExpired, user: current.user, context: context)
        throw SessionError.ended(.guestExpired)
    }

    /// The statement's read, only while the session stands and is this
    /// user's. The stamp is taken before the session is read, so a commit
    /// after it (one ending the session elsewhere) moves the next stamp.
    private func whileSessionStands<T>(_ body: (UserRecord) throws -> T) throws -> T {
        let current = try signedInUser()
        do {
            let stamp = try terminal.store.changeStamp()
            let session: Session
            if let validated, validated.stamp == stamp, validated.session.id == current.session {
                session = try sessions.validate(unchanged: validated.session)
            } else {
                validated = nil
                session = try sessions.validate(current.session)
                validated = (stamp, session)
            }
            guard session.userID == current.user.id else { throw SessionError.notFound }
            try endIfTheGuestsDayIsOver(current)
            return try body(current.user)
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
        validated = nil
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
        guestDayEnds = try terminal.store.guest(completed.user.id)?.expiresAt
        validated = nil
        endedBy = nil
        user = completed.user
        payeeLookups = PayeeLookups()
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
            try? verify.release(ticket.id, for: owner, holder: terminal.holder, reason: "session ended", context: context)
        }
        session = nil
        validated = nil
        user = nil
        endedBy = nil
        transferTicket = nil
        payeeLookups = PayeeLookups()
        guestDayEnds = nil
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
            } catch let ended as SessionError {
                end(because: ended)
                throw ended
            }
            // A store that failed (a full disk) leaves the session as it was: the next request checks it again.
        }
    }

    func resendTransferCode(_ ticket: VerificationTicket) throws -> VerificationTicket {
        try terminal.locked {
            let next = try verify.resend(ticket, for: try currentUser(), context: context, holder: terminal.holder)
            transferTicket = next
            return next
        }
    }

    /// On at once, by the core's one rule (`SecuritySettings.turnOnSMSVerification`,
    /// for the Security screen and the logout question alike); off needs the
    /// password and a second-factor code in the same call:
    /// `LiveSecurity.turnOffSMSVerification`.
    func turnOnSMSVerification() throws -> SMSSwitchReply {
        try terminal.locked {
            try withSession { current in
                let saved = try security.turnOnSMSVerification(for: current, context: context)
                user = saved
                return .saved(saved)
            }
        }
    }

    // MARK: Payments

    func paymentAllowance() throws -> PaymentAllowance {
        try terminal.locked {
            try withSession { current in try terminal.bank.paymentAllowance(for: current.id) }
        }
    }

    /// Confirmation of payee, within the session's allowance of names that
    /// turn out to be no one (docs/security-model.md: payees are named on purpose).
    func lookUpPayee(_ typed: String) throws -> Payee {
        try terminal.locked {
            try withSession { current in
                try payeeLookups.lookUp(typed, for: current, in: terminal.bank, context: context)
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

    /// What the app sent back as a payment is checked against the bank as it
    /// is now: the username still names that customer, and the reference is
    /// one the core would have made. The booking checks the payee again.
    private func checkPayment(_ transfer: PendingTransfer, by current: UserRecord) throws {
        guard let payee = transfer.payee else { return }
        guard try terminal.bank.lookUpPayee(payee.username.rawValue, for: current).userID == payee.userID else {
            throw LedgerError.unknownPayee
        }
        if let reference = transfer.paymentReference, try PaymentReference.parse(reference.text) != reference {
            throw PaymentReference.Problem.unprintable
        }
    }

    /// The payee's phone is told, once per payment (a retry books nothing and tells no one).
    private func tellPayee(_ receipt: TransferReceipt, _ transfer: PendingTransfer, by current: UserRecord) {
        guard let payee = transfer.payee, !receipt.replayed,
              let payeeUser = try? terminal.store.user(id: payee.userID) else { return }
        verify.notify(.paymentReceived(transfer.amount, from: current.username), to: payeeUser, context: context)
    }

    // MARK: Transfers

    /// How Enter on the review will approve this transfer, as the bank would
    /// decide it now; sends nothing. The review shows it; Enter decides again.
    func stepUpApproval(_ transfer: PendingTransfer) throws -> StepUpApproval {
        try terminal.locked {
            try withSession { current in try decideStepUp(transfer, by: current) }
        }
    }

    /// The checks before any code is sent, then the step-up policy's answer
    /// (`StepUpQuery`): the same for the review's question and for Enter.
    private func decideStepUp(_ transfer: PendingTransfer, by current: UserRecord) throws -> StepUpApproval {
        guard transfer.userID == current.id else { throw SessionError.notFound }
        try transfer.checkLimit()
        try checkPayment(transfer, by: current)
        // Over today's limit is refused here, before a code is sent; decided again when the payment is booked.
        return try stepUpQuery.approval(for: transfer, by: current, on: try? terminal.freshDevice())
    }

    func beginTransferApproval(_ transfer: PendingTransfer) throws -> StepUpStart {
        try terminal.locked {
            try withSession { current in
                switch try decideStepUp(transfer, by: current) {
                case .authenticator:
                    return .authenticator
                case .smsCode:
                    let ticket = try verify.start(for: current, purpose: .transfer(transfer), context: context,
                                                  holder: terminal.holder)
                    transferTicket = ticket
                    return .code(ticket)
                case .biometric, .devicePasscode:
                    // With the sensor locked the prompt opens on the passcode pad, as the review said.
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
                try checkPayment(transfer, by: current)
                let reply: TransferApprovalReply
                switch proof {
                case .smsCode(let ticket, let code): reply = try approve(ticket, code, transfer, by: current)
                case .biometric(let event, let prompt): reply = try approveWithBiometric(event, prompt, transfer, by: current)
                case .authenticator(let code): reply = try approveWithAuthenticator(code, transfer, by: current)
                }
                if case .executed(let receipt) = reply { tellPayee(receipt, transfer, by: current) }
                return reply
            }
        }
    }

    private func approve(_ ticket: VerificationTicket, _ code: String, _ transfer: PendingTransfer,
                         by current: UserRecord) throws -> TransferApprovalReply {
        switch try verify.approve(ticket.id, code: code, transfer: transfer, for: current, payments: terminal.bank.payments,
                                  context: context) {
        case .executed(let receipt):
            transferTicket = nil
            return .executed(receipt)
        case .rejected(.wrongCode(let left)): return .wrong(attemptsLeft: left)
        case .rejected(.tooManyWrongCodes): return .tooManyWrongCodes
        case .rejected(.expired): return .expired
        case .rejected(.notInProgress(.superseded)): return .superseded
        case .rejected(let other): return .refused(.core(.check(other)))
        }
    }

    private func approveWithAuthenticator(_ code: String, _ transfer: PendingTransfer,
                                          by current: UserRecord) throws -> TransferApprovalReply {
        guard transfer.userID == current.id else { throw SessionError.notFound }
        switch try security.authenticator.approveTransfer(transfer, code: code, for: current,
                                                          payments: terminal.bank.payments, context: context) {
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
