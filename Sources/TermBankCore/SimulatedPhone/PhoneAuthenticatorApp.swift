/// The simulated phone's authenticator app (demo mode on the demo bank only,
/// decision 58). A stakeholder at the demo has no app of their own to hand,
/// so the customer's simulated phone "scans" the QR code an enrolment shows:
/// it holds the same secret the QR code carries, and shows its current code
/// with the seconds until the next. A real app scanning the same QR code
/// gets the same secret, so either one's code is accepted.
///
/// The secret stays in this value (which never prints it) in the phone's
/// process; the app's state and screens get only the code of the moment.
public struct PhoneAuthenticatorApp: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    public let username: Username
    /// True while the scanned enrolment waits for its first code.
    public let settingUp: Bool
    let secret: AuthenticatorSecret
    let totp: TOTP

    public static func == (lhs: PhoneAuthenticatorApp, rhs: PhoneAuthenticatorApp) -> Bool {
        lhs.username == rhs.username && lhs.settingUp == rhs.settingUp && lhs.secret == rhs.secret
    }

    public var description: String { "<authenticator app of \(username.rawValue)>" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The code a real app shows at `now`, and when it gives way to the next.
    public func code(at now: Timestamp) -> PhoneAuthenticatorCode {
        let step = TOTP.step(at: now)
        return PhoneAuthenticatorCode(code: totp.code(secret: secret.bytes, step: step),
                                      until: Timestamp(secondsSinceEpoch: (step + 1) * TOTP.stepSeconds),
                                      settingUp: settingUp)
    }
}

/// What the phone's authenticator shows at one moment.
public struct PhoneAuthenticatorCode: Equatable, Sendable {
    public let code: String
    /// The end of the code's time step: the countdown runs to it.
    public let until: Timestamp
    /// The enrolment it was scanned from still waits for this code.
    public let settingUp: Bool

    public init(code: String, until: Timestamp, settingUp: Bool) {
        self.code = code
        self.until = until
        self.settingUp = settingUp
    }

    /// Whole seconds left on the countdown at `now`, 1 to 30 (0 once it is over).
    public func secondsLeft(at now: Timestamp) -> Int64 {
        max(0, (until.millisecondsSinceEpoch - now.millisecondsSinceEpoch + 999) / 1000)
    }
}

extension AuthenticatorService {
    /// The phone scans the customer's QR code: the secret of the enrolment
    /// waiting for its first code, else of the active authenticator (the one
    /// the phone scanned before). Nil outside demo mode (`access` is `.none`
    /// on every terminal without `--demo` and every operator command), on
    /// any bank but the demo bank, and for a customer with neither. Reads
    /// only; nothing is audited, since nothing changed and no secret may
    /// reach the audit trail.
    public func scanOntoDemoPhone(of user: UserID, access: GuestAccess) throws -> PhoneAuthenticatorApp? {
        guard case .demo = access else { return nil }
        let now = clock.now()
        return try store.inSecondFactorTransaction { tx -> PhoneAuthenticatorApp? in
            guard try tx.bankKind() == .demo, let record = try tx.authenticator(of: user),
                  let owner = try tx.user(user) else { return nil }
            if let pending = record.pendingSecret, let started = record.pendingStartedAt,
               now < started.adding(seconds: policy.enrolmentSeconds) {
                return PhoneAuthenticatorApp(username: owner.username, settingUp: true,
                                             secret: try open(pending, for: user), totp: totp)
            }
            guard let active = record.secret else { return nil }
            return PhoneAuthenticatorApp(username: owner.username, settingUp: false,
                                         secret: try open(active, for: user), totp: totp)
        }
    }
}
