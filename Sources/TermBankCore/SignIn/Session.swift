/// A signed-in session: 128 random bits, a row in the store, and an end.
public struct SessionID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(trusted rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    /// The first 8 hex digits, for the audit trail and screens.
    public var short: String { String(rawValue.prefix(8)) }
}

public enum SessionEndReason: String, Sendable {
    case signedOut = "signed-out"
    /// PSD2 RTS Art. 4: no activity for 5 minutes.
    case idle = "idle"
    /// 12 hours at most, whatever the activity.
    case maximumAge = "maximum-age"
    case verificationFailed = "verification-failed"
    /// The terminal went away: a hang-up (SIGHUP, a dropped SSH connection,
    /// a closed terminal window) or reads that fail (EOF, EIO).
    case connectionClosed = "connection-closed"
    /// The app was told to stop (SIGTERM, or SIGINT sent to it): an operator, a
    /// shutdown, a service manager.
    case terminated = "terminated"
    /// The trusted device that let this session skip its second factor was revoked.
    case trustRevoked = "trust-revoked"
    /// A demo guest's day ended (`GuestDay`): its session ends then, open or busy.
    case guestExpired = "guest-expired"
}

public struct Session: Equatable, Sendable {
    public let id: SessionID
    public let userID: UserID
    public let deviceID: DeviceID?
    public let startedAt: Timestamp
    public var lastActivityAt: Timestamp
    public var endedAt: Timestamp?
    public var endReason: SessionEndReason?
    /// Set when the sign-in skipped its second factor on this trusted device.
    public let trustedDeviceID: TrustedDeviceID?

    public init(id: SessionID, userID: UserID, deviceID: DeviceID?, startedAt: Timestamp, lastActivityAt: Timestamp,
                endedAt: Timestamp?, endReason: SessionEndReason?, trustedDeviceID: TrustedDeviceID? = nil) {
        self.trustedDeviceID = trustedDeviceID
        self.id = id
        self.userID = userID
        self.deviceID = deviceID
        self.startedAt = startedAt
        self.lastActivityAt = lastActivityAt
        self.endedAt = endedAt
        self.endReason = endReason
    }

    public var isActive: Bool { endedAt == nil }
}

public protocol SessionStore: AnyObject, Sendable {
    /// Writes a new session and, in the same transaction, the audit row that
    /// records it: a failing disk leaves both or neither (decision 73).
    func insertSession(_ session: Session, audit event: AuditEvent?) throws
    /// Reads a session without taking the write lock.
    func session(_ id: SessionID) throws -> Session?
    /// Reads the session, lets `body` change it, writes it back with the
    /// audit row `audit` makes of `body`'s result (nil: none), atomically.
    func modifySession<T>(_ id: SessionID, _ body: (inout Session?) throws -> T,
                          audit: (T) -> AuditEvent?) throws -> T
}

extension SessionStore {
    public func insertSession(_ session: Session) throws { try insertSession(session, audit: nil) }

    public func modifySession<T>(_ id: SessionID, _ body: (inout Session?) throws -> T) throws -> T {
        try modifySession(id, body, audit: { _ in nil })
    }
}

public struct SessionPolicy: Equatable, Sendable {
    public let idleSeconds: Int64
    public let maximumSeconds: Int64
    /// The app warns during the last 30 seconds before the idle limit.
    public let warningSeconds: Int64
    /// Before sign-in (the welcome, the sign-in screens, "signed out"): no
    /// key for this long and the app closes, so a connection left open
    /// holds no process for ever (decision 66). Longer than the signed-in
    /// limit: an idle sign-out leaves its notice readable for five more minutes.
    public let unsignedIdleSeconds: Int64

    public init(idleSeconds: Int64 = 5 * 60, maximumSeconds: Int64 = 12 * 60 * 60, warningSeconds: Int64 = 30,
                unsignedIdleSeconds: Int64 = 10 * 60) {
        self.idleSeconds = idleSeconds
        self.maximumSeconds = maximumSeconds
        self.warningSeconds = warningSeconds
        self.unsignedIdleSeconds = unsignedIdleSeconds
    }

    public static let standard = SessionPolicy()

    /// Why a session must end at `now`, if it must.
    public func expiry(of session: Session, at now: Timestamp) -> SessionEndReason? {
        if now >= session.startedAt.adding(seconds: maximumSeconds) { return .maximumAge }
        if now >= session.lastActivityAt.adding(seconds: idleSeconds) { return .idle }
        return nil
    }

    /// Seconds until a screen before sign-in closes, counted from the last key (0: close now).
    public func unsignedSecondsLeft(lastInputAt: Timestamp, now: Timestamp) -> Int64 {
        let idle = (now.millisecondsSinceEpoch - lastInputAt.millisecondsSinceEpoch) / 1000
        return max(0, unsignedIdleSeconds - idle)
    }
}

public enum SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    case ended(SessionEndReason)
    case notFound

    public var description: String { EnglishCoreCatalog().text(self) }
}

/// Opens, keeps alive and ends sessions. An ended session is never usable again.
public struct SessionService: Sendable {
    let store: SessionStore
    let audit: BankStore
    let clock: TimeSource
    let random: RandomSource
    public let policy: SessionPolicy

    public init(store: SessionStore, audit: BankStore, clock: TimeSource, random: RandomSource,
                policy: SessionPolicy = .standard) {
        self.store = store
        self.audit = audit
        self.clock = clock
        self.random = random
        self.policy = policy
    }

    /// Only a completed sign-in (every factor the policy asked for) opens a session.
    public func open(_ signIn: CompletedSignIn, context: AuditContext) throws -> Session {
        let now = clock.now()
        let session = Session(id: SessionID(trusted: random.hexIdentifier(bytes: 16)), userID: signIn.user.id,
                              deviceID: signIn.device?.id, startedAt: now, lastActivityAt: now, endedAt: nil,
                              endReason: nil, trustedDeviceID: signIn.trustedDevice)
        try store.insertSession(session, audit: AuditEvent(
            at: now, kind: .sessionStarted, username: signIn.user.username, userID: signIn.user.id,
            context: AuditContext(sessionID: session.id.short, deviceID: context.deviceID),
            detail: SessionStartDetail(factors: signIn.factors, usedRecoveryCode: signIn.usedRecoveryCode,
                                       trustedDevice: signIn.trustedDevice).text))
        return session
    }

    /// Records activity; throws if the session has ended (and ends it if it just expired).
    @discardableResult
    public func touch(_ id: SessionID) throws -> Session { try check(id, recordingActivity: true) }

    /// Checks a session without counting it as activity. A plain read while
    /// the session is good (the app checks every second: a session ended by
    /// another process, a revoked trust or an operator is seen at the next
    /// check); the write lock is taken only to end one that just expired.
    @discardableResult
    public func validate(_ id: SessionID) throws -> Session {
        guard let current = try store.session(id) else { throw SessionError.notFound }
        if let reason = current.endReason { throw SessionError.ended(reason) }
        if policy.expiry(of: current, at: clock.now()) != nil { return try check(id, recordingActivity: false) }
        return current
    }

    /// `validate` for a session row read earlier and known unchanged since
    /// (the store's change stamp has not moved): the same rules, without
    /// reading the row again, so a session at rest asks the database nothing
    /// (a network round trip each second on PostgreSQL). Expiry depends on the
    /// clock, so it is judged now; ending an expired one still writes.
    @discardableResult
    public func validate(unchanged current: Session) throws -> Session {
        if let reason = current.endReason { throw SessionError.ended(reason) }
        if policy.expiry(of: current, at: clock.now()) != nil { return try check(current.id, recordingActivity: false) }
        return current
    }

    private func check(_ id: SessionID, recordingActivity: Bool) throws -> Session {
        let now = clock.now()
        let result: Result<Session, SessionError> = try store.modifySession(id) { session in
            guard var current = session else { return .failure(.notFound) }
            if let reason = current.endReason { return .failure(.ended(reason)) }
            if let reason = policy.expiry(of: current, at: now) {
                current.endedAt = now
                current.endReason = reason
                session = current
                return .failure(.ended(reason))
            }
            if recordingActivity {
                current.lastActivityAt = now
                session = current
            }
            return .success(current)
        }
        return try result.get()
    }

    public func end(_ id: SessionID, reason: SessionEndReason, user: UserRecord, context: AuditContext) throws {
        let now = clock.now()
        _ = try store.modifySession(id, { session -> Bool in
            guard var current = session, current.endedAt == nil else { return false }
            current.endedAt = now
            current.endReason = reason
            session = current
            return true
        }, audit: { ended in
            ended ? AuditEvent(at: now, kind: .sessionEnded, username: user.username, userID: user.id,
                               context: AuditContext(sessionID: id.short, deviceID: context.deviceID),
                               detail: reason.rawValue) : nil
        })
    }
}
