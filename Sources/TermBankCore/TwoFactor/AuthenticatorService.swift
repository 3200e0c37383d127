/// The numbers of the authenticator factor.
public struct AuthenticatorPolicy: Equatable, Sendable {
    /// An enrolment waits this long for its first code: the session's idle
    /// limit, no more and no less (decision 54). It begins on the keypress
    /// that sends the password, so the QR screen's "lapses in" and the idle
    /// sign-out end together: the screen never promises time the session
    /// will not give, and a secret on an unattended screen lives no longer
    /// than the session around it.
    public let enrolmentSeconds: Int64
    /// After a change of authenticator the old secret still works this long (seed 004).
    public let migrationWindowSeconds: Int64
    /// Wrong authenticator or recovery codes in a row, and the lock they cause.
    public let lockout: LockoutPolicy

    public init(session: SessionPolicy = .standard, migrationWindowSeconds: Int64 = 5 * 60,
                lockout: LockoutPolicy = .standard) {
        self.enrolmentSeconds = session.idleSeconds
        self.migrationWindowSeconds = migrationWindowSeconds
        self.lockout = lockout
    }

    public static let standard = AuthenticatorPolicy()
}

/// What an enrolment screen shows, once: the URI (for the QR code) and the
/// secret in groups of four. Both are `Secret`s so they never print by accident.
public struct AuthenticatorEnrolment: Equatable, Sendable {
    public let username: Username
    public let uri: Secret
    public let groupedSecret: Secret
    public let expiresAt: Timestamp
    /// True when this enrolment will replace an active authenticator.
    public let replacing: Bool
}

/// Proof that an authenticator code was accepted (and its step used up). Only the service makes one.
public struct AuthenticatorProof: Equatable, Sendable {
    public let userID: UserID
    public let purposeKind: String
    public let step: Int64
    public let at: Timestamp
}

public enum AuthenticatorCheck: Equatable, Sendable, CustomStringConvertible {
    case verified(AuthenticatorProof)
    case wrongCode(attemptsLeft: Int)
    /// The code was right but its time step was already used: RFC 6238 section 5.2.
    case alreadyUsed(attemptsLeft: Int)
    case locked(until: Timestamp)
    case notEnrolled

    public var description: String { EnglishCoreCatalog().text(self) }
}

public enum ActivationResult: Equatable, Sendable, CustomStringConvertible {
    /// Active. `recoveryCodes` are shown once (empty when the user already had some);
    /// `previousValidUntil` is set when an older authenticator still works for a while.
    case activated(recoveryCodes: [Secret], previousValidUntil: Timestamp?)
    case wrongCode(attemptsLeft: Int)
    case alreadyUsed(attemptsLeft: Int)
    case locked(until: Timestamp)
    case expired
    case noEnrolment

    public var description: String { EnglishCoreCatalog().text(self) }
}

public enum AuthenticatorApproval: Equatable, Sendable {
    case executed(TransferReceipt)
    case rejected(AuthenticatorCheck)
}

public enum AuthenticatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A sealed secret whose binding names another user: the row was moved or tampered with.
    case sealedForAnotherUser

    public var description: String { EnglishCoreCatalog().text(self) }
}

/// RFC 6238 authenticator codes for sign-in, step-up and confirmations:
/// enrolment with a pending secret, activation by one valid code, ±1 step of
/// drift, each step accepted once (the check and the update of the last
/// accepted step are one transaction), and the replaced secret kept for the
/// migration window. Secrets are sealed, bound to their user, and opened only
/// inside the transaction that checks a code. The bank never shows a code.
public struct AuthenticatorService: Sendable {
    let store: SecondFactorStore
    let sealer: SecretSealer
    let totp: TOTP
    let hasher: CodeHasher
    public let recovery: RecoveryCodeService
    let random: RandomSource
    let clock: TimeSource
    public let policy: AuthenticatorPolicy
    /// Whose wrong codes count together toward the lock: the customer's, or
    /// at the shared demo (`--demo` on the demo bank) this terminal's origin's.
    public let scope: LockoutScope

    public init(store: SecondFactorStore, sealer: SecretSealer, hmac: HMACSHA1, hasher: CodeHasher,
                recovery: RecoveryCodeService, random: RandomSource, clock: TimeSource,
                policy: AuthenticatorPolicy = .standard, scope: LockoutScope = .perCustomer) {
        self.scope = scope
        self.store = store
        self.sealer = sealer
        self.totp = TOTP(hmac: hmac)
        self.hasher = hasher
        self.recovery = recovery
        self.random = random
        self.clock = clock
        self.policy = policy
    }

    // MARK: Sealing, bound to the user

    private static func binding(_ user: UserID) -> [UInt8] { Array("totp/v1|user=\(user.rawValue)|".utf8) }

    func seal(_ secret: AuthenticatorSecret, for user: UserID) throws -> String {
        try sealer.seal(AuthenticatorService.binding(user) + secret.bytes)
    }

    func open(_ sealed: String, for user: UserID) throws -> AuthenticatorSecret {
        let plaintext = try sealer.open(sealed)
        let prefix = AuthenticatorService.binding(user)
        guard plaintext.count == prefix.count + TOTP.secretBytes, Array(plaintext.prefix(prefix.count)) == prefix else {
            throw AuthenticatorError.sealedForAnotherUser
        }
        return AuthenticatorSecret(bytes: Array(plaintext.dropFirst(prefix.count)))
    }

    private func audit(_ tx: SecondFactorTransaction, _ kind: AuditEventKind, _ user: UserRecord,
                       _ context: AuditContext, _ detail: String) throws {
        try tx.append(AuditEvent(at: clock.now(), kind: kind, username: user.username, userID: user.id,
                                 context: context, detail: detail))
    }

    /// Drops the replaced secret once its window is over.
    static func dropExpiredPrevious(_ record: inout AuthenticatorRecord, at now: Timestamp) {
        if let until = record.previousValidUntil, now >= until {
            record.previousSecret = nil
            record.previousValidUntil = nil
        }
    }

    // MARK: Status

    public func record(of user: UserID) throws -> AuthenticatorRecord? {
        let now = clock.now()
        return try store.inSecondFactorTransaction { tx in
            guard var record = try tx.authenticator(of: user) else { return nil }
            let before = record
            AuthenticatorService.dropExpiredPrevious(&record, at: now)
            if record != before { try tx.saveAuthenticator(record) }
            return record
        }
    }

    /// When the lock on this terminal's authenticator and recovery codes
    /// ends, while it holds: the customer's, or at the shared demo this
    /// origin's. For the screens to say so before a code is typed.
    public func codesLockedUntil(of user: UserID) throws -> Timestamp? {
        let now = clock.now()
        return try store.inSecondFactorTransaction { tx in
            guard let record = try tx.authenticator(of: user) else { return nil }
            return try CodeFailureCounter(scope, tx).read(record, tx).lockedUntil.flatMap { now < $0 ? $0 : nil }
        }
    }

    // MARK: Enrolment

    /// A new secret for an enrolment, and what to show once it is stored.
    struct PendingEnrolment {
        let sealed: String
        let enrolment: AuthenticatorEnrolment
    }

    func newEnrolment(for user: UserRecord, replacing: Bool) throws -> PendingEnrolment {
        let secret = AuthenticatorSecret(bytes: random.bytes(count: TOTP.secretBytes))
        return PendingEnrolment(
            sealed: try seal(secret, for: user.id),
            enrolment: AuthenticatorEnrolment(username: user.username, uri: Secret(secret.uri(for: user.username)),
                                              groupedSecret: Secret(secret.grouped),
                                              expiresAt: clock.now().adding(seconds: policy.enrolmentSeconds),
                                              replacing: replacing))
    }

    /// Keeps the secret pending until one valid code confirms it, in the
    /// transaction that checked the confirmation: whether this is the first
    /// authenticator or a replacement is decided here, against the row as it
    /// is now, so a confirmation for one can never start the other. Callers
    /// check the password and the confirmation: see `SecuritySettings`.
    func storePending(_ pending: PendingEnrolment, in tx: SecondFactorTransaction, for user: UserRecord,
                      context: AuditContext) throws {
        let now = clock.now()
        var record = try tx.authenticator(of: user.id) ?? AuthenticatorRecord(userID: user.id)
        guard record.isActive == pending.enrolment.replacing else {
            throw record.isActive ? ConfirmationError.needsStrongFactor : ConfirmationError.noAuthenticator
        }
        AuthenticatorService.dropExpiredPrevious(&record, at: now)
        record.pendingSecret = pending.sealed
        record.pendingStartedAt = now
        try tx.saveAuthenticator(record)
        try audit(tx, .authenticatorEnrolmentStarted, user, context,
                  record.isActive ? "set-up of a replacement authenticator started" : "authenticator set-up started")
    }

    /// The first code from the new app activates it. The first activation
    /// also makes the recovery codes (returned once, stored only as hashes).
    public func finishEnrolment(for user: UserRecord, code: String, context: AuditContext) throws -> ActivationResult {
        let now = clock.now()
        enum Step { case done(ActivationResult), activated(needsCodes: Bool, previousUntil: Timestamp?) }
        let step = try store.inSecondFactorTransaction { tx -> Step in
            guard var record = try tx.authenticator(of: user.id), let pending = record.pendingSecret,
                  let started = record.pendingStartedAt else { return .done(.noEnrolment) }
            AuthenticatorService.dropExpiredPrevious(&record, at: now)
            if now >= started.adding(seconds: policy.enrolmentSeconds) {
                record.pendingSecret = nil
                record.pendingStartedAt = nil
                try tx.saveAuthenticator(record)
                try audit(tx, .authenticatorEnrolmentExpired, user, context, "set-up not confirmed in time")
                return .done(.expired)
            }
            let counter = try CodeFailureCounter(scope, tx)
            var run = try counter.read(record, tx)
            if let locked = clearOrReportLock(&run, at: now) { return .done(.locked(until: locked)) }
            let matched = totp.matchingStep(code, secret: try open(pending, for: user.id).bytes, at: now)
            guard let accepted = matched, accepted > record.lastAcceptedStep ?? Int64.min else {
                switch try countFailure(tx, &record, &run, counter, user, context, replayed: matched != nil,
                                        purpose: "set-up") {
                case .locked(let until): return .done(.locked(until: until))
                case .alreadyUsed(let left): return .done(.alreadyUsed(attemptsLeft: left))
                case .wrongCode(let left): return .done(.wrongCode(attemptsLeft: left))
                default: return .done(.noEnrolment)
                }
            }
            let first = !record.isActive
            var previousUntil: Timestamp?
            if let old = record.secret {
                previousUntil = now.adding(seconds: policy.migrationWindowSeconds)
                record.previousSecret = old
                record.previousValidUntil = previousUntil
            }
            record.secret = pending
            record.activatedAt = now
            record.pendingSecret = nil
            record.pendingStartedAt = nil
            record.lastAcceptedStep = accepted
            try counter.write(CodeFailures(), into: &record, tx)
            if first { record.signInWith = .authenticator }
            try tx.saveAuthenticator(record)
            try audit(tx, .authenticatorActivated, user, context,
                      first ? "authenticator app set up; sign-in asks for its codes"
                            : "authenticator app replaced; the old one works until \(previousUntil!.timeOfDay)")
            let unused = try tx.recoveryCodes(of: user.id).filter { $0.usedAt == nil }.count
            return .activated(needsCodes: unused == 0, previousUntil: previousUntil)
        }
        switch step {
        case .done(let result): return result
        case .activated(let needsCodes, let previousUntil):
            // Hashing ten codes with argon2id is slow: done after the
            // activation commits, and only stored if the user still has none.
            let codes = needsCodes ? try recovery.generate(for: user, onlyIfNone: true, context: context) : []
            return .activated(recoveryCodes: codes, previousValidUntil: previousUntil)
        }
    }

    // MARK: Checking codes

    /// A sign-in code: uses up its time step.
    public func checkSignIn(for user: UserRecord, code: String, context: AuditContext) throws -> AuthenticatorCheck {
        try store.inSecondFactorTransaction { tx in
            try checkInTransaction(tx, user, code, purposeKind: VerificationPurpose.signIn.kind, context: context)
        }
    }

    /// Step-up with the authenticator: the accepted step, the digest of exactly
    /// this transfer and its booking are written in one transaction, so the
    /// code approves this transfer and nothing else, once. If the booking
    /// fails (funds gone) nothing is written and the code stays unused.
    public func approveTransfer(_ transfer: PendingTransfer, code: String, for user: UserRecord,
                                payments: PaymentPolicy = .standard, context: AuditContext) throws -> AuthenticatorApproval {
        do {
            try transfer.checkLimit()
        } catch {
            // Refused before the code is checked, so it is not used up.
            try store.inSecondFactorTransaction { tx in
                try audit(tx, .transferRefused, user, context, "\(transfer.auditSummary): \(error)")
            }
            throw error
        }
        return try store.inSecondFactorTransaction { tx in
            let check = try checkInTransaction(tx, user, code, purposeKind: "transfer", context: context)
            guard case .verified(let proof) = check, transfer.userID == user.id else { return .rejected(check) }
            try tx.recordStepUp(StepUpConfirmation(
                userID: user.id, method: "totp", step: proof.step,
                transferDigest: hasher.bindingDigest(transfer.binding + "|for=\(user.id.rawValue)"),
                clientID: transfer.clientID, at: proof.at))
            return .executed(try transfer.book(in: tx, policy: payments, at: proof.at, context: context))
        }
    }

    /// The rule itself, inside the caller's transaction.
    func checkInTransaction(_ tx: SecondFactorTransaction, _ user: UserRecord, _ code: String, purposeKind: String,
                            context: AuditContext) throws -> AuthenticatorCheck {
        let now = clock.now()
        guard var record = try tx.authenticator(of: user.id), let active = record.secret else { return .notEnrolled }
        AuthenticatorService.dropExpiredPrevious(&record, at: now)
        let counter = try CodeFailureCounter(scope, tx)
        var run = try counter.read(record, tx)
        if let locked = clearOrReportLock(&run, at: now) {
            try tx.saveAuthenticator(record)
            return .locked(until: locked)
        }
        var matched = totp.matchingStep(code, secret: try open(active, for: user.id).bytes, at: now)
        var usedPrevious = false
        if matched == nil, let previous = record.previousSecret {
            matched = totp.matchingStep(code, secret: try open(previous, for: user.id).bytes, at: now)
            usedPrevious = matched != nil
        }
        guard let step = matched, step > record.lastAcceptedStep ?? Int64.min else {
            return try countFailure(tx, &record, &run, counter, user, context, replayed: matched != nil,
                                    purpose: purposeKind)
        }
        record.lastAcceptedStep = step
        try counter.write(CodeFailures(), into: &record, tx)
        try tx.saveAuthenticator(record)
        try audit(tx, .authenticatorCodeAccepted, user, context,
                  "\(purposeKind) code accepted" + (usedPrevious ? " from the replaced authenticator" : ""))
        return .verified(AuthenticatorProof(userID: user.id, purposeKind: purposeKind, step: step, at: now))
    }

    /// nil when not locked now (and a lock that ran out is cleared: a fresh run).
    func clearOrReportLock(_ run: inout CodeFailures, at now: Timestamp) -> Timestamp? {
        guard let until = run.lockedUntil else { return nil }
        if now < until { return until }
        run = CodeFailures()
        return nil
    }

    private func countFailure(_ tx: SecondFactorTransaction, _ record: inout AuthenticatorRecord, _ run: inout CodeFailures,
                              _ counter: CodeFailureCounter, _ user: UserRecord, _ context: AuditContext,
                              replayed: Bool, purpose: String) throws -> AuthenticatorCheck {
        let now = clock.now()
        run.failures += 1
        let left = policy.lockout.maximumFailures - run.failures
        try audit(tx, replayed ? .authenticatorReplayed : .authenticatorWrongCode, user, context,
                  "\(purpose): " + (replayed ? "a code already used" : "wrong code")
                    + " (\(run.failures) in a row\(counter.from))")
        if left <= 0 {
            let until = now.adding(seconds: policy.lockout.lockSeconds)
            run.lockedUntil = until
            try counter.write(run, into: &record, tx)
            try tx.saveAuthenticator(record)
            try audit(tx, .secondFactorLocked, user, context, counter.lockDetail(until))
            return .locked(until: until)
        }
        try counter.write(run, into: &record, tx)
        try tx.saveAuthenticator(record)
        return replayed ? .alreadyUsed(attemptsLeft: left) : .wrongCode(attemptsLeft: left)
    }
}
