/// A sensitive change to how an account signs in. An SMS code that confirms
/// one is bound to it (its text says what it confirms, its hash covers it).
public enum SecurityChange: Equatable, Sendable {
    case turnOffSMSVerification
    case turnOffAuthenticator
    /// The first authenticator: it becomes the sign-in factor, so it needs the SMS code.
    case setUpAuthenticator
    case replaceAuthenticator
    case changePhone(to: PhoneNumber)
    /// The code sent to a new number, proving it reaches the customer.
    case proveNewPhone(PhoneNumber)
    case signInWithSMS
    case regenerateRecoveryCodes

    var binding: String {
        switch self {
        case .turnOffSMSVerification: return "settings/v1|sms-off"
        case .turnOffAuthenticator: return "settings/v1|totp-off"
        case .setUpAuthenticator: return "settings/v1|totp-setup"
        case .replaceAuthenticator: return "settings/v1|totp-replace"
        case .changePhone(let phone): return "settings/v1|phone=\(phone.e164)"
        case .proveNewPhone(let phone): return "settings/v1|new-phone=\(phone.e164)"
        case .signInWithSMS: return "settings/v1|signin-sms"
        case .regenerateRecoveryCodes: return "settings/v1|recovery-regenerate"
        }
    }

    /// What the change does, for the SMS text and the screen.
    public var summary: String { EnglishCoreCatalog().summary(self) }
}

/// The second factor that confirms a sensitive change, in the same call as the password.
public enum SecondFactorCode: Equatable, Sendable {
    case authenticator(String)
    case recoveryCode(Secret)
    /// An SMS code from `SecuritySettings.sendConfirmationCode` (only without an authenticator).
    case sms(VerificationID, String)
    /// Right after signing in with the last recovery code: makes a new set only.
    case lastRecoveryCodeSignIn(RecoveryRegenerationGrant)
}

public enum ConfirmationError: Error, Equatable, Sendable, CustomStringConvertible {
    case password(PasswordSignIn.Refusal)
    case authenticator(AuthenticatorCheck)
    case recoveryCode(RecoveryCodeCheck)
    case sms(CheckResult)
    /// An authenticator is set up: SMS codes cannot confirm changes.
    case needsStrongFactor
    /// Without an authenticator there is nothing that code could be checked against.
    case noAuthenticator
    case grantNotValid
    case nothingToChange(Unchanged)
    /// Without an authenticator, setting one up needs the SMS code sent for it.
    case needsSMSCode
    /// A phone change needs the code sent to the new number.
    case needsNewPhoneCode
    case phoneInUse

    /// A change that would change nothing.
    public enum Unchanged: Equatable, Sendable {
        case samePhoneNumber
        case notASignInFactor
        case smsVerificationAlreadyOff
    }

    public var description: String { EnglishCoreCatalog().text(self) }
}

/// What the settings screen shows about a user's second factors.
public struct SecondFactorStatus: Equatable, Sendable {
    public let smsVerification: Bool
    public let authenticatorActive: Bool
    public let enrolmentPendingUntil: Timestamp?
    /// A replaced authenticator that still works until then.
    public let previousAuthenticatorValidUntil: Timestamp?
    /// What sign-in asks for after the password (and biometric); nil: nothing.
    public let signInFactor: SignInFactor?
    public let recoveryCodesLeft: Int
    public let lockedUntil: Timestamp?

    /// True when the user must make a new set of recovery codes (they used the last).
    public var mustRegenerateRecoveryCodes: Bool { authenticatorActive && recoveryCodesLeft == 0 }
}

/// Every change to how an account signs in, each behind the password and a
/// second factor in the same call (seed 004: "a valid password + a valid 2FA
/// code, otherwise an attacker who got into a session can switch protection
/// off"). With an authenticator, only it or a recovery code confirms (an SMS
/// code would let a SIM swap undo the stronger factor); without, an SMS code
/// bound to the change does. Each change is audited, never with a secret,
/// and announced on the phone.
public struct SecuritySettings: Sendable {
    let store: SecondFactorStore
    let passwords: PasswordSignIn
    public let authenticator: AuthenticatorService
    public let recovery: RecoveryCodeService
    /// Sends the codes and the announcements (counted toward its send limits).
    let verify: VerifyService
    let clock: TimeSource

    public init(store: SecondFactorStore, passwords: PasswordSignIn, authenticator: AuthenticatorService,
                recovery: RecoveryCodeService, verify: VerifyService, clock: TimeSource) {
        self.store = store
        self.passwords = passwords
        self.authenticator = authenticator
        self.recovery = recovery
        self.verify = verify
        self.clock = clock
    }

    public func status(for user: UserRecord) throws -> SecondFactorStatus {
        let now = clock.now()
        let record = try authenticator.record(of: user.id)
        let fresh = try store.inSecondFactorTransaction { tx in try tx.user(user.id) } ?? user
        let active = record?.isActive ?? false
        let pending = record?.pendingStartedAt.map { $0.adding(seconds: authenticator.policy.enrolmentSeconds) }
        return SecondFactorStatus(
            smsVerification: fresh.smsVerification, authenticatorActive: active,
            enrolmentPendingUntil: pending.flatMap { now < $0 ? $0 : nil },
            previousAuthenticatorValidUntil: record?.previousValidUntil,
            signInFactor: SignInFlow.secondFactor(smsVerification: fresh.smsVerification,
                                                  setup: SecondFactorSetup(record), reverificationRequired: false),
            recoveryCodesLeft: try recovery.remaining(for: user.id),
            lockedUntil: try authenticator.codesLockedUntil(of: user.id))
    }

    // MARK: Confirmation

    /// Sends an SMS code bound to `change` (users without an authenticator
    /// confirm with it). The code that proves a new number goes to that
    /// number; no code for a phone change is sent while another customer
    /// has the number.
    ///
    /// A phone change's codes need the password first (it counts toward the
    /// lockout like any other): without it, anyone at an open session could
    /// send codes to any number and learn from the refusal which numbers are
    /// the bank's customers'.
    public func sendConfirmationCode(for user: UserRecord, change: SecurityChange, password: Secret? = nil,
                                     context: AuditContext) throws -> VerificationTicket {
        let newPhone: PhoneNumber?
        switch change {
        case .proveNewPhone(let phone), .changePhone(let phone): newPhone = phone
        default: newPhone = nil
        }
        if let phone = newPhone {
            guard let password else { throw ConfirmationError.password(.incorrect(attemptsLeft: nil)) }
            try checkPassword(user, password, context)
            switch try store.inSecondFactorTransaction({ tx in try tx.owner(of: phone) }) {
            case nil: break
            case user.id?: throw ConfirmationError.nothingToChange(.samePhoneNumber)
            case _?:
                try store.inSecondFactorTransaction { tx in
                    try audit(tx, .settingsChanged, user, context,
                              "phone change to \(phone.masked) refused: another customer's number")
                }
                throw ConfirmationError.phoneInUse
            }
        }
        return try verify.start(for: user, purpose: .confirmation(change), context: context)
    }

    private func checkPassword(_ user: UserRecord, _ password: Secret, _ context: AuditContext) throws {
        switch try passwords.signIn(username: user.username.rawValue, password: password, context: context) {
        case .refused(let refusal): throw ConfirmationError.password(refusal)
        case .signedIn(let found): guard found.id == user.id else { throw ConfirmationError.password(.incorrect(attemptsLeft: nil)) }
        }
    }

    /// Checks the password, then the second factor, then applies the change:
    /// an authenticator code is checked and used up in the change's own
    /// transaction; a recovery code is marked used in it.
    func confirmed<T>(_ user: UserRecord, password: Secret, code: SecondFactorCode, change: SecurityChange,
                      context: AuditContext, afterPassword: () throws -> Void = {},
                      apply: (SecondFactorTransaction) throws -> T) throws -> T {
        try checkPassword(user, password, context)
        try afterPassword()
        let strong = try authenticator.record(of: user.id)?.isActive ?? false
        switch code {
        case .authenticator(let typed):
            guard strong else { throw ConfirmationError.noAuthenticator }
            let result = try store.inSecondFactorTransaction { tx -> Result<T, ConfirmationError> in
                let check = try authenticator.checkInTransaction(tx, user, typed, purposeKind: "confirm", context: context)
                guard case .verified = check else { return .failure(.authenticator(check)) }
                return .success(try apply(tx))
            }
            return try result.get()
        case .recoveryCode(let typed):
            guard strong else { throw ConfirmationError.noAuthenticator }
            switch try recovery.consume(typed, for: user, purpose: "confirm", context: context, then: apply) {
            case .accepted(_, let value): return value
            case .rejected(let check): throw ConfirmationError.recoveryCode(check)
            }
        case .sms(let id, let typed):
            guard !strong else { throw ConfirmationError.needsStrongFactor }
            let check = try verify.check(id, code: typed, purpose: .confirmation(change), for: user, context: context)
            guard case .verified = check else { throw ConfirmationError.sms(check) }
            return try store.inSecondFactorTransaction(apply)
        case .lastRecoveryCodeSignIn(let grant):
            guard change == .regenerateRecoveryCodes, grant.userID == user.id,
                  clock.now() < grant.at.adding(seconds: RecoveryRegenerationGrant.validSeconds) else {
                throw ConfirmationError.grantNotValid
            }
            return try store.inSecondFactorTransaction { tx in
                guard try tx.recoveryCodes(of: user.id).allSatisfy({ $0.usedAt != nil }) else {
                    throw ConfirmationError.grantNotValid
                }
                return try apply(tx)
            }
        }
    }

    private func audit(_ tx: SecondFactorTransaction, _ kind: AuditEventKind, _ user: UserRecord,
                       _ context: AuditContext, _ detail: String) throws {
        try tx.append(AuditEvent(at: clock.now(), kind: kind, username: user.username, userID: user.id,
                                 context: context, detail: detail))
    }

    /// Tells the phone, in the user's language (in no code limit: decision 52). A failed delivery is audited; the change stands.
    func announce(_ notice: PhoneNotice, to phone: PhoneNumber, user: UserRecord, context: AuditContext) {
        verify.announce(verify.language.catalog(for: user).text(notice), to: phone, for: user, context: context)
    }

    // MARK: Authenticator

    /// Starts setting up an authenticator app: the password and the current
    /// second factor, in the same call. The first app becomes the sign-in
    /// factor, so it needs the SMS code sent for that very change
    /// (`.setUpAuthenticator`); replacing an active app needs its code or a
    /// recovery code. Which of the two this is, is decided in the transaction
    /// that stores the pending secret. Returns what to show once.
    public func beginAuthenticatorEnrolment(for user: UserRecord, password: Secret, confirmation: SecondFactorCode?,
                                            context: AuditContext) throws -> AuthenticatorEnrolment {
        guard let confirmation else {
            let strong = try authenticator.record(of: user.id)?.isActive ?? false
            throw strong ? ConfirmationError.needsStrongFactor : ConfirmationError.needsSMSCode
        }
        let replacing: Bool
        switch confirmation {
        case .sms: replacing = false
        case .authenticator, .recoveryCode, .lastRecoveryCodeSignIn: replacing = true
        }
        let pending = try authenticator.newEnrolment(for: user, replacing: replacing)
        try confirmed(user, password: password, code: confirmation,
                      change: replacing ? .replaceAuthenticator : .setUpAuthenticator, context: context) { tx in
            try authenticator.storePending(pending, in: tx, for: user, context: context)
        }
        return pending.enrolment
    }

    /// The first code from the new app. Announced on the phone when it activates.
    public func finishAuthenticatorEnrolment(for user: UserRecord, code: String,
                                             context: AuditContext) throws -> ActivationResult {
        let result = try authenticator.finishEnrolment(for: user, code: code, context: context)
        if case .activated(_, let previous) = result {
            let fresh = try store.inSecondFactorTransaction { tx in try tx.user(user.id) } ?? user
            announce(previous == nil ? PhoneNotice.authenticatorAdded(at: clock.now())
                                     : PhoneNotice.authenticatorReplaced(at: clock.now(), oldUntil: previous!),
                     to: fresh.phone, user: user, context: context)
        }
        return result
    }

    public func turnOffAuthenticator(for user: UserRecord, password: Secret, confirmation: SecondFactorCode,
                                     context: AuditContext) throws {
        try confirmed(user, password: password, code: confirmation, change: .turnOffAuthenticator,
                      context: context) { tx in
            try tx.deleteAuthenticator(of: user.id)
            try tx.deleteRecoveryCodes(of: user.id)
            try audit(tx, .authenticatorDisabled, user, context, "authenticator app turned off; recovery codes deleted")
        }
        let fresh = try store.inSecondFactorTransaction { tx in try tx.user(user.id) } ?? user
        announce(PhoneNotice.turnedOff(.authenticator, at: clock.now()), to: fresh.phone, user: user,
                 context: context)
    }

    /// Which second factor signs in while the authenticator is active. Moving
    /// to SMS weakens the account, so it needs the password and a code;
    /// moving back to the authenticator does not.
    public func chooseSignInFactor(_ factor: SignInFactor, for user: UserRecord, password: Secret?,
                                   confirmation: SecondFactorCode?, context: AuditContext) throws {
        guard factor == .authenticator || factor == .smsCode else {
            throw ConfirmationError.nothingToChange(.notASignInFactor)
        }
        guard let record = try authenticator.record(of: user.id), record.isActive else {
            throw ConfirmationError.noAuthenticator
        }
        guard record.signInWith != factor else { return }
        let apply: (SecondFactorTransaction) throws -> Void = { tx in
            guard var current = try tx.authenticator(of: user.id), current.isActive else {
                throw ConfirmationError.noAuthenticator
            }
            current.signInWith = factor
            try tx.saveAuthenticator(current)
            try audit(tx, .settingsChanged, user, context,
                      "sign-in asks for \(factor == .smsCode ? "an SMS code" : "an authenticator code")")
        }
        if factor == .authenticator {
            try store.inSecondFactorTransaction(apply)
            return
        }
        guard let password, let confirmation else { throw ConfirmationError.needsStrongFactor }
        try confirmed(user, password: password, code: confirmation, change: .signInWithSMS, context: context, apply: apply)
        let fresh = try store.inSecondFactorTransaction { tx in try tx.user(user.id) } ?? user
        announce(PhoneNotice.signInBySMS(at: clock.now()), to: fresh.phone, user: user, context: context)
    }

    // MARK: SMS and phone

    /// SMS verification on, at once: a stronger sign-in needs no confirmation
    /// (the Security screen's `s` and the logout question's yes both come
    /// here). Decided against the saved row, so another terminal's change is
    /// seen: already on changes nothing and writes no audit row.
    public func turnOnSMSVerification(for user: UserRecord, context: AuditContext) throws -> UserRecord {
        try store.inSecondFactorTransaction { tx -> UserRecord in
            guard let current = try tx.user(user.id) else { throw SessionError.notFound }
            if current.smsVerification { return current }
            try tx.setSMSVerification(true, for: user.id)
            try audit(tx, .settingsChanged, user, context, "sms verification on")
            return try tx.user(user.id) ?? current
        }
    }

    public func turnOffSMSVerification(for user: UserRecord, password: Secret, confirmation: SecondFactorCode,
                                       context: AuditContext) throws -> UserRecord {
        let saved = try confirmed(user, password: password, code: confirmation, change: .turnOffSMSVerification,
                                  context: context) { tx -> UserRecord in
            guard let current = try tx.user(user.id), current.smsVerification else {
                throw ConfirmationError.nothingToChange(.smsVerificationAlreadyOff)
            }
            try tx.setSMSVerification(false, for: user.id)
            try audit(tx, .settingsChanged, user, context, "sms verification off")
            return try tx.user(user.id) ?? current
        }
        announce(PhoneNotice.turnedOff(.smsCode, at: clock.now()), to: saved.phone, user: user,
                 context: context)
        return saved
    }

    /// A new number for codes and announcements: the password, the current
    /// second factor (bound to this change) and the code sent to the new
    /// number (`.proveNewPhone`), all in one call. A number belongs to one
    /// customer at a time. Both numbers are told; this customer's codes in
    /// progress to the old one are cancelled.
    public func changePhone(for user: UserRecord, to phone: PhoneNumber, password: Secret,
                            confirmation: SecondFactorCode, newPhoneCode: (id: VerificationID, code: String)?,
                            context: AuditContext) throws -> UserRecord {
        guard let newPhoneCode else { throw ConfirmationError.needsNewPhoneCode }
        let (old, saved) = try confirmed(user, password: password, code: confirmation, change: .changePhone(to: phone),
                                         context: context, afterPassword: {
            let proof = try verify.check(newPhoneCode.id, code: newPhoneCode.code,
                                         purpose: .confirmation(.proveNewPhone(phone)), for: user, context: context)
            guard case .verified = proof else { throw ConfirmationError.sms(proof) }
        }) { tx -> (PhoneNumber, UserRecord) in
            guard let current = try tx.user(user.id), current.phone != phone else {
                throw ConfirmationError.nothingToChange(.samePhoneNumber)
            }
            if let owner = try tx.owner(of: phone), owner != user.id { throw ConfirmationError.phoneInUse }
            try tx.cancelVerifications(of: user.id, to: current.phone, at: clock.now())
            do {
                try tx.setPhone(phone, for: user.id)
            } catch StoreError.phoneInUse {
                throw ConfirmationError.phoneInUse
            }
            try audit(tx, .phoneChanged, user, context, "phone changed from \(current.phone.masked) to \(phone.masked)")
            return (current.phone, try tx.user(user.id) ?? current)
        }
        announce(PhoneNotice.phoneChanged(to: phone, at: clock.now()), to: old, user: user, context: context)
        announce(PhoneNotice.phoneAdded(at: clock.now()), to: phone, user: user, context: context)
        return saved
    }

    // MARK: Recovery codes

    /// A new set of ten (the old ones stop working), shown once.
    public func regenerateRecoveryCodes(for user: UserRecord, password: Secret, confirmation: SecondFactorCode,
                                        context: AuditContext) throws -> [Secret] {
        guard try authenticator.record(of: user.id)?.isActive ?? false else { throw ConfirmationError.noAuthenticator }
        let (codes, hashes) = try recovery.newSet()
        try confirmed(user, password: password, code: confirmation, change: .regenerateRecoveryCodes,
                      context: context) { tx in
            try recovery.store(hashes, for: user, in: tx, context: context, reason: "regenerated by the user")
        }
        let fresh = try store.inSecondFactorTransaction { tx in try tx.user(user.id) } ?? user
        announce(PhoneNotice.recoveryCodesReplaced(at: clock.now()), to: fresh.phone, user: user, context: context)
        return codes
    }
}
