/// Proof that a recovery code was accepted in place of the second factor.
public struct RecoveryCodeProof: Equatable, Sendable {
    public let userID: UserID
    /// Unused codes left after this one.
    public let remaining: Int
    public let at: Timestamp
    /// Set when this was the last code: it lets the user make a new set
    /// without a second factor they no longer have (once, within 10 minutes).
    public let regenerationGrant: RecoveryRegenerationGrant?
}

/// The right to make a new set of recovery codes after signing in with the last one.
public struct RecoveryRegenerationGrant: Equatable, Sendable {
    public let userID: UserID
    public let at: Timestamp
    public static let validSeconds: Int64 = 10 * 60
}

public enum RecoveryCodeCheck: Equatable, Sendable, CustomStringConvertible {
    case accepted(RecoveryCodeProof)
    case wrongCode(attemptsLeft: Int)
    /// Another sign-in used the same code a moment earlier.
    case alreadyUsed(attemptsLeft: Int)
    case locked(until: Timestamp)
    /// The account has no recovery codes (no authenticator is set up).
    case notEnrolled

    public var description: String { EnglishCoreCatalog().text(self) }
}

/// Ten one-time recovery codes, each working once in place of the second
/// factor. Shown once when made; stored only as argon2id hashes. A use is
/// counted toward the same lock as wrong authenticator codes before the
/// (slow) hashes are checked, and marking the code used is atomic: of two
/// sign-ins using one code at once, exactly one succeeds.
public struct RecoveryCodeService: Sendable {
    public static let count = 10
    /// Crockford's base32 in lower case: no i, l, o or u to misread.
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    let store: SecondFactorStore
    let hasher: PasswordHasher
    let random: RandomSource
    let clock: TimeSource
    let lockout: LockoutPolicy
    /// Whose wrong codes count together: as `AuthenticatorService.scope` (one lock for both).
    public let scope: LockoutScope

    public init(store: SecondFactorStore, hasher: PasswordHasher, random: RandomSource, clock: TimeSource,
                lockout: LockoutPolicy = .standard, scope: LockoutScope = .perCustomer) {
        self.scope = scope
        self.store = store
        self.hasher = hasher
        self.random = random
        self.clock = clock
        self.lockout = lockout
    }

    /// "7k2mq-xd4ta": 10 characters, 50 random bits.
    func newCode() -> Secret {
        let characters = (0..<10).map { _ in RecoveryCodeService.alphabet[Int(random.uniform(below: 32))] }
        return Secret(String(characters.prefix(5)) + "-" + String(characters.suffix(5)))
    }

    /// What was typed, as stored: case, spaces and dashes ignored, and the
    /// letters people confuse with digits read as those digits.
    static func normalized(_ typed: String) -> String? {
        var out = ""
        for character in typed.lowercased() where character != " " && character != "-" {
            switch character {
            case "o": out.append("0")
            case "i", "l": out.append("1")
            default:
                guard alphabet.contains(character) else { return nil }
                out.append(character)
            }
        }
        return out.count == 10 ? out : nil
    }

    public func remaining(for user: UserID) throws -> Int {
        try store.inSecondFactorTransaction { tx in try tx.recoveryCodes(of: user).filter { $0.usedAt == nil }.count }
    }

    /// New codes and their hashes (slow), before any transaction.
    func newSet() throws -> (codes: [Secret], hashes: [String]) {
        let codes = (0..<RecoveryCodeService.count).map { _ in newCode() }
        let hashes = try codes.map { try hasher.hash(Secret(RecoveryCodeService.normalized($0.exposedValue)!)) }
        return (codes, hashes)
    }

    func store(_ hashes: [String], for user: UserRecord, in tx: SecondFactorTransaction, context: AuditContext,
               reason: String) throws {
        try tx.replaceRecoveryCodes(of: user.id, hashes: hashes, at: clock.now())
        try tx.append(AuditEvent(at: clock.now(), kind: .recoveryCodesGenerated, username: user.username,
                                 userID: user.id, context: context, detail: "\(hashes.count) recovery codes made: \(reason)"))
    }

    /// Makes a set when the authenticator is first activated.
    func generate(for user: UserRecord, onlyIfNone: Bool, context: AuditContext) throws -> [Secret] {
        let (codes, hashes) = try newSet()
        let stored = try store.inSecondFactorTransaction { tx -> Bool in
            if onlyIfNone, try tx.recoveryCodes(of: user.id).contains(where: { $0.usedAt == nil }) { return false }
            try store(hashes, for: user, in: tx, context: context, reason: "first strong factor set up")
            return true
        }
        return stored ? codes : []
    }

    /// A recovery code at sign-in, in place of the second factor.
    public func useForSignIn(for user: UserRecord, code: Secret, context: AuditContext) throws -> RecoveryCodeCheck {
        switch try consume(code, for: user, purpose: "sign-in", context: context, then: { _ in () }) {
        case .rejected(let check): return check
        case .accepted(let remaining, _):
            let now = clock.now()
            return .accepted(RecoveryCodeProof(
                userID: user.id, remaining: remaining, at: now,
                regenerationGrant: remaining == 0 ? RecoveryRegenerationGrant(userID: user.id, at: now) : nil))
        }
    }

    enum Reserved {
        case refused(RecoveryCodeCheck)
        case reserved([RecoveryCodeRecord], failures: Int, lockedUntil: Timestamp?, counter: CodeFailureCounter)
    }

    enum Consumed<T> {
        case accepted(remaining: Int, T)
        case rejected(RecoveryCodeCheck)
    }

    /// Reserves the attempt, checks the hashes outside any transaction, then
    /// marks the code used and runs `apply` in one transaction.
    func consume<T>(_ code: Secret, for user: UserRecord, purpose: String, context: AuditContext,
                    then apply: (SecondFactorTransaction) throws -> T) throws -> Consumed<T> {
        let now = clock.now()
        let reservation = try store.inSecondFactorTransaction { tx -> Reserved in
            guard var record = try tx.authenticator(of: user.id), record.isActive else { return .refused(.notEnrolled) }
            let counter = try CodeFailureCounter(scope, tx)
            var run = try counter.read(record, tx)
            if let until = run.lockedUntil {
                if now < until { return .refused(.locked(until: until)) }
                run = CodeFailures()
            }
            run.failures += 1
            if run.failures >= lockout.maximumFailures { run.lockedUntil = now.adding(seconds: lockout.lockSeconds) }
            try counter.write(run, into: &record, tx)
            try tx.saveAuthenticator(record)
            return .reserved(try tx.recoveryCodes(of: user.id).filter { $0.usedAt == nil },
                             failures: run.failures, lockedUntil: run.lockedUntil, counter: counter)
        }
        guard case .reserved(let unused, let failures, let lockedUntil, let counter) = reservation else {
            if case .refused(let check) = reservation { return .rejected(check) }
            return .rejected(.notEnrolled)
        }
        let normalized = RecoveryCodeService.normalized(code.exposedValue)
        let match = normalized.flatMap { typed in unused.first { hasher.verify(Secret(typed), against: $0.hash) } }
        let left = lockout.maximumFailures - failures

        return try store.inSecondFactorTransaction { tx -> Consumed<T> in
            func audit(_ kind: AuditEventKind, _ detail: String) throws {
                try tx.append(AuditEvent(at: now, kind: kind, username: user.username, userID: user.id, context: context,
                                         detail: detail))
            }
            guard let match else {
                try audit(.recoveryCodeWrong, "\(purpose): wrong recovery code (\(failures) in a row\(counter.from))")
                if let lockedUntil {
                    try audit(.secondFactorLocked, counter.lockDetail(lockedUntil))
                    return .rejected(.locked(until: lockedUntil))
                }
                return .rejected(.wrongCode(attemptsLeft: left))
            }
            guard try tx.markRecoveryCodeUsed(match.id, of: user.id, at: now) else {
                try audit(.recoveryCodeWrong,
                          "\(purpose): a recovery code already used (\(failures) in a row\(counter.from))")
                if let lockedUntil { return .rejected(.locked(until: lockedUntil)) }
                return .rejected(.alreadyUsed(attemptsLeft: left))
            }
            if var record = try tx.authenticator(of: user.id) {
                try counter.write(CodeFailures(), into: &record, tx)
                try tx.saveAuthenticator(record)
            }
            let value = try apply(tx)
            let remaining = try tx.recoveryCodes(of: user.id).filter { $0.usedAt == nil }.count
            try audit(.recoveryCodeUsed, "\(purpose): recovery code used, \(remaining) left")
            return .accepted(remaining: remaining, value)
        }
    }
}
