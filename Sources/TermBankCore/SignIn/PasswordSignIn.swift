/// The password step of signing in: constant-time, enumeration-safe, throttled.
///
/// An unknown username spends the same hashing time and gets the same words as
/// a wrong password. Failures are counted per username (existing or not) in the
/// store, shared by every process, so "one attempt left" and the lockout read
/// the same whether or not the account exists. At the shared demo they are
/// counted per username and origin (`LockoutScope`). At the demo, a guest
/// customer is held to its rules (`GuestAccess`) before its password is
/// checked; without `--demo` its name reads as a name no one has.
public struct PasswordSignIn: Sendable {
    public enum Outcome: Equatable, Sendable {
        case signedIn(UserRecord)
        case refused(Refusal)
    }

    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        /// `attemptsLeft` is nil when it is not worth mentioning.
        case incorrect(attemptsLeft: Int?)
        case locked(until: Timestamp)
        /// A demo guest this terminal may not sign in (`GuestAccess`): expired,
        /// made with another SSH key, or outside demo mode. Not counted toward a lock.
        case guest(GuestError)

        public var description: String { EnglishCoreCatalog().text(self) }
    }

    let store: BankStore
    let hasher: PasswordHasher
    let clock: TimeSource
    let policy: LockoutPolicy
    let scope: LockoutScope
    let guests: GuestAccess

    /// `guests` defaults to `.none`: without demo mode no guest signs in.
    public init(store: BankStore, hasher: PasswordHasher, clock: TimeSource, policy: LockoutPolicy = .standard,
                scope: LockoutScope = .perCustomer, guests: GuestAccess = .none) {
        self.guests = guests
        self.store = store
        self.hasher = hasher
        self.clock = clock
        self.policy = policy
        self.scope = scope
    }

    public func signIn(username typed: String, password: Secret, context: AuditContext) throws -> Outcome {
        // The spellings a hash made as typed may have been made from
        // (PasswordForms): one for ASCII, up to four otherwise.
        let forms = PasswordForms.candidates(password)
        guard let username = try? Username(validating: typed) else {
            checksOnAMiss(forms, try store.passwordCheck(for: nil)).forEach(hasher.verifyAgainstDummy)
            try audit(.signInFailed, nil, nil, context, "malformed username")
            return .refused(.incorrect(attemptsLeft: nil))
        }

        let found = try store.user(named: username)
        // Outside demo mode no guest signs in, and none is told it is one: the
        // name is refused as any name is, after the same count and the same
        // hashing, in the same words (it would otherwise tell anyone with a
        // terminal which names are guests before any password was checked).
        // It is checked as an unknown name is, against no one's hash.
        var outsideDemo: (guest: GuestRecord, refusal: GuestError)?
        if let found, guests == .none { outsideDemo = try guestRule(for: found) }
        // At the demo, a guest's rules come before its password is checked or
        // counted: a refusal here costs no hash and cannot lock the guest for its owner.
        if let found, guests != .none, let refusal = try guestRefusal(for: found, context: context) {
            return .refused(.guest(refusal))
        }
        let user = outsideDemo == nil ? found : nil

        let counter = try self.counter(for: username)
        // The audit trail names the origin whose count this is: the operator
        // sees who locked a shared customer, and for whom.
        let origin = counter.origin.map { " from \($0)" } ?? ""
        let reservation = try store.reserveSignInAttempt(for: counter, policy: policy, at: clock.now())
        let failures: Int
        let lockedUntil: Timestamp?
        switch reservation {
        case .locked(let until):
            // Only real accounts are named in the trail: a "username" that is
            // not one is often a password typed into the wrong field.
            if let outsideDemo { try audit(outsideDemo, context, " (locked until \(until)\(origin))") }
            try audit(.signInRefusedLocked, user?.username, user?.id, context, "locked until \(until)\(origin)")
            return .refused(.locked(until: until))
        case .reserved(let count, let until):
            failures = count
            lockedUntil = until
        }

        let check = try store.passwordCheck(for: user?.id)
        let dummies = checksOnAMiss(forms, check)
        var matched: Secret?
        switch check.stored {
        case let stored? where stored.form == .asTyped:
            // Every spelling in turn: one of them is what the terminal sent when the hash was made.
            matched = forms.first { hasher.verify($0, against: stored.hash.exposedValue) }
        case let stored?:
            // Made from NFKC: one check, padded on a miss to what any other name costs.
            let canonical = PasswordForms.canonical(password)
            if hasher.verify(canonical, against: stored.hash.exposedValue) {
                matched = canonical
            } else {
                dummies.dropFirst().forEach(hasher.verifyAgainstDummy)
            }
        case nil:
            dummies.forEach(hasher.verifyAgainstDummy)
        }

        if let matched, let user, let stored = check.stored {
            try store.clearSignInFailures(for: counter)
            try audit(.signInSucceeded, user.username, user.id, context, "password")
            upgrade(stored, of: user, proven: matched, typed: password, context: context)
            return .signedIn(user)
        }

        if let outsideDemo {
            // The operator's trail says what the screen does not: a guest, and why it may not sign in.
            try audit(outsideDemo, context, " (\(failures) in a row\(origin))")
        } else {
            try audit(.signInFailed, user?.username, user?.id, context,
                      user == nil ? "unknown username\(origin)" : "wrong password (\(failures) in a row\(origin))")
        }
        if let lockedUntil {
            try audit(.accountLocked, user?.username, user?.id, context,
                      "locked until \(lockedUntil)\(origin.isEmpty ? "" : origin + " only (demo)")")
            return .refused(.locked(until: lockedUntil))
        }
        return .refused(.incorrect(attemptsLeft: policy.maximumFailures - failures))
    }

    /// Throws the guest's refusal (`GuestAccess`) when this customer is a demo
    /// guest who may not sign in here now; audited. The sign-in flow asks it
    /// again as the session opens: a guest whose day ends during its sign-in
    /// gets no session.
    public func checkGuestRules(for user: UserRecord, context: AuditContext) throws {
        if let refusal = try guestRefusal(for: user, context: context) { throw refusal }
    }

    /// The guest's refusal, audited, or nil for a guest who may sign in and for every other customer.
    private func guestRefusal(for user: UserRecord, context: AuditContext) throws -> GuestError? {
        guard let refused = try guestRule(for: user) else { return nil }
        try audit(refused, context, "")
        return refused.refusal
    }

    /// Why this customer, a demo guest, may not sign in here now; nil for a
    /// guest who may and for every other customer. Not audited.
    private func guestRule(for user: UserRecord) throws -> (guest: GuestRecord, refusal: GuestError)? {
        guard let guest = try store.guest(user.id), let refusal = guests.refusal(for: guest, at: clock.now()) else {
            return nil
        }
        return (guest, refusal)
    }

    /// The guest's refusal in the audit trail: why, and (at the demo) who typed it.
    private func audit(_ refused: (guest: GuestRecord, refusal: GuestError), _ context: AuditContext,
                       _ suffix: String) throws {
        let (guest, refusal) = refused
        let detail: String
        switch refusal {
        case .expired, .expiredOutsideDemoMode: detail = "demo guest expired at \(guest.expiresAt)"
        case .onlyInDemoMode: detail = "demo guest at a terminal without --demo"
        case .otherKey, .otherBrowser:
            var typed = "an unknown origin"
            if case .demo(let origin) = guests { typed = origin.name }
            let maker = refusal == .otherKey(guest.username) ? "another SSH key" : "another browser or SSH key"
            detail = "demo guest made with \(maker); typed from \(typed)"
        default: detail = "demo guest"
        }
        try audit(.signInRefusedGuest, guest.username, guest.userID, context, detail + suffix)
    }

    /// The counter an attempt at this name counts in. Per origin only in
    /// demo mode on the demo bank: a real bank's lock is one per name,
    /// whatever the wiring asked for.
    func counter(for username: Username) throws -> SignInCounter {
        guard case .perOrigin(let origin) = scope, try store.bankKind() == .demo else { return SignInCounter(username) }
        return SignInCounter(username, origin: origin.name)
    }

    /// The spellings a wrong password is checked in, for every name alike:
    /// all of them while any customer's hash is as typed (a customer whose
    /// hash is NFKC is then padded with dummy checks), else only NFKC. So
    /// the time a wrong password takes tells neither whether the name
    /// exists nor which kind of hash it has.
    func checksOnAMiss(_ forms: [Secret], _ check: PasswordCheck) -> [Secret] {
        check.asTypedHashesRemain ? forms : Array(forms.prefix(1))
    }

    /// After a sign-in that proved the password against a hash made as
    /// typed: that hash is made again from NFKC (or, when the spelling that
    /// matched was NFKC already, only marked), so from now on one check
    /// verifies it and the last such hash lets every wrong password cost one
    /// check. Nothing is done where no normaliser answers (NFKC unknown).
    /// A failure here changes nothing the customer sees: the old hash still
    /// verifies, and the next sign-in tries again. It is audited, so an
    /// operator can see upgrades failing (a busy or full bank); the row
    /// names the kind of failure only, never the password or a hash.
    private func upgrade(_ stored: StoredPassword, of user: UserRecord, proven matched: Secret, typed: Secret,
                         context: AuditContext) {
        guard stored.form == .asTyped else { return }
        let (canonical, form) = PasswordForms.hashable(typed)
        guard form == .nfkc else { return }
        do {
            let hash = canonical.exposedValue.utf8.elementsEqual(matched.exposedValue.utf8)
                ? stored.hash : Secret(try hasher.hash(canonical))
            _ = try store.upgradePasswordHash(of: user.id, from: stored.hash, to: hash, at: clock.now(), context: context)
        } catch {
            // Best effort, as the upgrade: a bank that could not save the hash
            // may not take the row either, and the sign-in stands regardless.
            try? audit(.passwordHashUpgradeFailed, user.username, user.id, context,
                       "hash not made again from the NFKC spelling: " + Self.failureKind(error))
        }
    }

    /// What went wrong, in words that carry nothing typed or stored: the
    /// store's own description for a store error (a path, a wait; the SQL's
    /// values are bound, never quoted), the error's type for anything else.
    static func failureKind(_ error: any Error) -> String {
        if let store = error as? StoreError { return String(describing: store) }
        return "\(type(of: error))"
    }

    private func audit(_ kind: AuditEventKind, _ username: Username?, _ userID: UserID?,
                       _ context: AuditContext, _ detail: String) throws {
        try store.append(AuditEvent(at: clock.now(), kind: kind, username: username, userID: userID,
                                    context: context, detail: detail))
    }
}
