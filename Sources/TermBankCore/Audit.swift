/// Who is acting, for the audit trail: the session and the (simulated) device.
public struct AuditContext: Equatable, Sendable {
    public let sessionID: String?
    public let deviceID: String?

    public init(sessionID: String?, deviceID: String?) {
        self.sessionID = sessionID
        self.deviceID = deviceID
    }

    /// The operator's command line.
    public static let operatorCLI = AuditContext(sessionID: nil, deviceID: "operator-cli")
}

/// What happened. Raw values are what the audit table stores.
public enum AuditEventKind: String, Sendable, CaseIterable {
    case signInSucceeded = "signin.success"
    case signInFailed = "signin.failure"
    case signInRefusedLocked = "signin.locked"
    /// A demo guest refused before its password was checked: expired, made
    /// with another SSH key, or typed at a terminal without `--demo`.
    case signInRefusedGuest = "signin.guest_refused"
    case accountLocked = "account.lockout"
    case accountUnlocked = "account.unlock"
    /// A password hash made from the bytes as typed, made again (or found to
    /// be) from the NFKC spelling at a sign-in that proved the password.
    case passwordHashUpgraded = "password.rehashed"
    /// The upgrade above, tried at a sign-in and not saved; the sign-in went on.
    case passwordHashUpgradeFailed = "password.rehash_failed"
    case userCreated = "user.created"
    case transferBooked = "transfer.booked"
    case transferRefused = "transfer.refused"
    case depositBooked = "deposit.booked"
    case reversalBooked = "reversal.booked"
    case paymentBooked = "payment.booked"
    case payeeNotFound = "payee.not_found"
    case settingsChanged = "settings.changed"
    case demoReset = "demo.reset"
    case deviceAdded = "device.added"
    case deviceEnrolled = "device.enrolled"
    case biometricEvaluated = "biometric.result"
    case verificationStarted = "verify.started"
    case verificationResent = "verify.resent"
    case verificationSucceeded = "verify.success"
    case verificationWrongCode = "verify.wrong_code"
    case verificationFailed = "verify.failed"
    case verificationExpired = "verify.expired"
    case verificationCancelled = "verify.cancelled"
    case deliveryFailed = "verify.delivery_failed"
    case sessionStarted = "session.started"
    case sessionEnded = "session.ended"
    case signInAbandoned = "signin.abandoned"
    case authenticatorEnrolmentStarted = "totp.enrol_started"
    case authenticatorEnrolmentExpired = "totp.enrol_expired"
    case authenticatorActivated = "totp.activated"
    case authenticatorCodeAccepted = "totp.success"
    case authenticatorWrongCode = "totp.wrong_code"
    case authenticatorReplayed = "totp.replayed"
    case authenticatorDisabled = "totp.disabled"
    case secondFactorLocked = "2fa.locked"
    case recoveryCodesGenerated = "recovery.generated"
    case recoveryCodeUsed = "recovery.used"
    case recoveryCodeWrong = "recovery.wrong_code"
    case deviceTrusted = "trusted.added"
    case trustedDeviceRevoked = "trusted.revoked"
    case phoneChanged = "phone.changed"
    /// Demo mode: a guest customer made from the welcome screen, and removed a day later by `demo prune`.
    case guestCreated = "demo.guest_created"
    case guestRemoved = "demo.guest_removed"
}

/// One audit row. `detail` is plain words and figures: never a password, code or hash.
public struct AuditEvent: Equatable, Sendable {
    public let at: Timestamp
    public let kind: AuditEventKind
    public let username: Username?
    public let userID: UserID?
    public let context: AuditContext
    public let detail: String

    public init(at: Timestamp, kind: AuditEventKind, username: Username?, userID: UserID?,
                context: AuditContext, detail: String = "") {
        self.at = at
        self.kind = kind
        self.username = username
        self.userID = userID
        self.context = context
        self.detail = detail
    }
}

public struct AuditRecord: Equatable, Sendable {
    public let id: Int64
    public let event: AuditEvent

    public init(id: Int64, event: AuditEvent) {
        self.id = id
        self.event = event
    }
}
