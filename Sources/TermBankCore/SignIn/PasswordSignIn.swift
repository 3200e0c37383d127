/// The password step of signing in: constant-time, enumeration-safe, throttled.
///
/// An unknown username spends the same hashing time and gets the same words as
/// a wrong password. Failures are counted per username (existing or not) in the
/// store, shared by every process, so "one attempt left" and the lockout read
/// the same whether or not the account exists.
public struct PasswordSignIn: Sendable {
    public enum Outcome: Equatable, Sendable {
        case signedIn(UserRecord)
        case refused(Refusal)
    }

    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        /// `attemptsLeft` is nil when it is not worth mentioning.
        case incorrect(attemptsLeft: Int?)
        case locked(until: Timestamp)

        public var description: String { EnglishCoreCatalog().text(self) }
    }

    let store: BankStore
    let hasher: PasswordHasher
    let clock: TimeSource
    let policy: LockoutPolicy

    public init(store: BankStore, hasher: PasswordHasher, clock: TimeSource, policy: LockoutPolicy = .standard) {
        self.store = store
        self.hasher = hasher
        self.clock = clock
        self.policy = policy
    }

    public func signIn(username typed: String, password: Secret, context: AuditContext) throws -> Outcome {
        // The spellings the stored hash may have been made from (PasswordForms):
        // one for ASCII; an unknown username costs as many dummy checks.
        let forms = PasswordForms.candidates(password)
        guard let username = try? Username(validating: typed) else {
            forms.forEach(hasher.verifyAgainstDummy)
            try audit(.signInFailed, nil, nil, context, "malformed username")
            return .refused(.incorrect(attemptsLeft: nil))
        }

        let reservation = try store.reserveSignInAttempt(for: username, policy: policy, at: clock.now())
        let failures: Int
        let lockedUntil: Timestamp?
        switch reservation {
        case .locked(let until):
            // Only real accounts are named in the trail: a "username" that is
            // not one is often a password typed into the wrong field.
            let user = try store.user(named: username)
            try audit(.signInRefusedLocked, user?.username, user?.id, context, "locked until \(until)")
            return .refused(.locked(until: until))
        case .reserved(let count, let until):
            failures = count
            lockedUntil = until
        }

        let user = try store.user(named: username)
        let matches: Bool
        if let user, let hash = try store.passwordHash(of: user.id) {
            matches = forms.contains { hasher.verify($0, against: hash.exposedValue) }
        } else {
            forms.forEach(hasher.verifyAgainstDummy)
            matches = false
        }

        if matches, let user {
            try store.clearSignInFailures(for: username)
            try audit(.signInSucceeded, user.username, user.id, context, "password")
            return .signedIn(user)
        }

        try audit(.signInFailed, user?.username, user?.id, context,
                  user == nil ? "unknown username" : "wrong password (\(failures) in a row)")
        if let lockedUntil {
            try audit(.accountLocked, user?.username, user?.id, context, "locked until \(lockedUntil)")
            return .refused(.locked(until: lockedUntil))
        }
        return .refused(.incorrect(attemptsLeft: policy.maximumFailures - failures))
    }

    private func audit(_ kind: AuditEventKind, _ username: Username?, _ userID: UserID?,
                       _ context: AuditContext, _ detail: String) throws {
        try store.append(AuditEvent(at: clock.now(), kind: kind, username: username, userID: userID,
                                    context: context, detail: detail))
    }
}
