import TermBankCore

/// Everything the app asks of the bank, as structs of closures (the shape
/// TCA calls a client), one slice per phase of a terminal's visit as the
/// live client is built (`LiveSignIn`, `LiveSession`, `LiveSecurity`, and
/// the demo's): each feature's effects run against the slice they need
/// (docs/decisions/0085). Every endpoint is written once, with a default
/// that throws `Unimplemented` naming it: a test sets only what it calls.
/// The live client, built by the executable, drives the core services on
/// the real database and keeps the sign-in's proofs to itself. The app never imports storage.
public struct BankingClient: Sendable {
    public var now: @Sendable () -> Timestamp
    /// Ends whichever phase the terminal is in (a sign-in under way, or the session).
    public var signOut: @Sendable (_ reason: SessionEndReason) throws -> Void = unimplemented("signOut")
    /// The language on the screen changed: the phone's texts fall back to it when the user saved none.
    public var useLanguage: @Sendable (_ language: Language) throws -> Void = unimplemented("useLanguage")
    public var signingIn = SignInClient()
    public var signedIn = SessionClient()
    public var settings = SecurityClient()
    /// Demo mode only (the executable sets it with `--demo`, and in the phone
    /// window); nil otherwise, and a demo effect then meets `Unimplemented`.
    public var demo: DemoClient?
    /// The presenter's view only (`termbank demo watch`); nil otherwise.
    public var presenter: PresenterClient?

    public init(now: @escaping @Sendable () -> Timestamp) {
        self.now = now
    }

    /// What a client that does not offer an endpoint throws: a scripted bank
    /// in a test that did not set it, or a demo endpoint outside demo mode.
    /// The screen says the bank does not offer that; the operator's log (and
    /// a test's store) hears which endpoint it was.
    public struct Unimplemented: Error, CustomStringConvertible {
        public let endpoint: String

        public init(_ endpoint: String = "an endpoint") {
            self.endpoint = endpoint
        }

        public var description: String { "\(endpoint) is not provided by this bank client" }
    }
}

public enum SignInReply: Equatable, Sendable {
    /// The bank's refusal, as a value the app's catalog words.
    case refused(AppMessage)
    /// Password accepted: who, and which factor comes next (nil: none).
    /// `recoveryCodes`: a recovery code may stand in for the second factor (also for an SMS code).
    case accepted(user: UserRecord, required: [SignInFactor], next: SignInFactor?, biometry: BiometryType,
                  recoveryCodes: Bool = false)
}

public enum SitekeyLookup: Equatable, Sendable {
    /// This username completed a sign-in on this device: its picture and phrase.
    case recognised(Sitekey)
    /// Anything else, a username that does not exist included: the usual order.
    case notKnownHere
}

public enum BiometricReply: Equatable, Sendable {
    case waiting(BiometricPrompt)
    /// The prompt succeeded and the sign-in moved on; `next` is the factor after it.
    case passed(next: SignInFactor?)
    case failed(BiometricOutcome, message: AppMessage?)
}

public enum CodeReply: Equatable, Sendable {
    case passed(next: SignInFactor?)
    case wrong(attemptsLeft: Int)
    case tooManyWrongCodes
    case expired
    /// A newer code was asked for the customer from another session or
    /// device, so this one no longer works (the bank keeps one live code per number).
    case superseded
    case refused(AppMessage)
}

public struct SessionInfo: Equatable, Sendable {
    public let user: UserRecord
    public let sessionID: SessionID
    public let deviceName: String?
    /// Set when a recovery code stood in for the second factor: how many are left (0: a new set is due now).
    public let recoveryCodesLeft: Int?
    /// The sign-in passed a second factor on a device: it may trust the device for 30 days.
    public let mayTrustDevice: Bool

    public init(user: UserRecord, sessionID: SessionID, deviceName: String?, recoveryCodesLeft: Int? = nil,
                mayTrustDevice: Bool = false) {
        self.user = user
        self.sessionID = sessionID
        self.deviceName = deviceName
        self.recoveryCodesLeft = recoveryCodesLeft
        self.mayTrustDevice = mayTrustDevice
    }
}

public struct AccountSnapshot: Equatable, Sendable {
    public let user: UserRecord
    public let balances: [AccountKind: Money]
    /// A window of the history, newest first (a few pages, never all of it).
    public let lines: [StatementLine]
    /// The request the lines answer; nil from a bank that reads no windows (the newest lines, both accounts).
    public let request: StatementRequest?
    public let reachesNewest: Bool
    public let reachesOldest: Bool
    /// The total balance over the last 30 days, for the sparkline and the chart.
    public let history: BalanceHistory?

    public init(user: UserRecord, balances: [AccountKind: Money], lines: [StatementLine], request: StatementRequest? = nil,
                reachesNewest: Bool = true, reachesOldest: Bool = true, history: BalanceHistory? = nil) {
        self.user = user
        self.balances = balances
        self.lines = lines
        self.request = request
        self.reachesNewest = reachesNewest
        self.reachesOldest = reachesOldest
        self.history = history
    }

    /// This snapshot's user, balances and history with another's window of lines.
    public func withLines(of other: AccountSnapshot) -> AccountSnapshot {
        AccountSnapshot(user: user, balances: balances, lines: other.lines, request: other.request,
                        reachesNewest: other.reachesNewest, reachesOldest: other.reachesOldest, history: history)
    }
}

public enum StepUpStart: Equatable, Sendable {
    case code(VerificationTicket)
    case biometric(BiometricPrompt)
    /// A code from the user's authenticator app (their second factor), checked with the booking.
    case authenticator
}

/// What approves a transfer above the step-up threshold: whichever factor
/// `StepUpStart` asked for. The bank checks it and books the transfer in one go.
public enum StepUpProof: Equatable, Sendable {
    case smsCode(VerificationTicket, code: String)
    /// An event on the biometric prompt (a touch, the passcode, a cancel).
    case biometric(BiometricEvent, BiometricPrompt)
    case authenticator(code: String)
}

public enum TransferApprovalReply: Equatable, Sendable {
    case executed(TransferReceipt)
    /// The biometric prompt stays up (the passcode pad, another try).
    case waiting(BiometricPrompt)
    /// A wrong SMS code, with the attempts left on it.
    case wrong(attemptsLeft: Int)
    case tooManyWrongCodes
    case expired
    /// A newer code was asked for the customer from another session or device: this one no longer works.
    case superseded
    /// Not approved: the bank's refusal as a value (nil: the prompt was cancelled).
    case refused(AppMessage?)
}

public enum SMSSwitchReply: Equatable, Sendable {
    case saved(UserRecord)
    case refused(AppMessage)
}

public enum RecoveryCodesReply: Equatable, Sendable {
    /// The new set, to show once.
    case made([Secret])
    case refused(AppMessage)
}

/// What the settings screen shows.
public struct SecurityOverview: Equatable, Sendable {
    /// Where the customer's codes and notices go: the screen shows it masked
    /// (`PhoneNumber.masked`), so they can tell which phone it is before changing it.
    public let phone: PhoneNumber
    public let smsVerification: Bool
    public let authenticatorActive: Bool
    /// What sign-in asks for after the password (and biometric); nil: nothing.
    public let signInFactor: SignInFactor?
    public let recoveryCodesLeft: Int
    public let trustedDevices: [TrustedDeviceRow]
    /// Biometric sign-in on this session's device; nil when it has no usable biometry.
    public let biometricSignIn: BiometricSignInStatus?

    public init(phone: PhoneNumber, smsVerification: Bool, authenticatorActive: Bool, signInFactor: SignInFactor?,
                recoveryCodesLeft: Int, trustedDevices: [TrustedDeviceRow], biometricSignIn: BiometricSignInStatus? = nil) {
        self.phone = phone
        self.biometricSignIn = biometricSignIn
        self.smsVerification = smsVerification
        self.authenticatorActive = authenticatorActive
        self.signInFactor = signInFactor
        self.recoveryCodesLeft = recoveryCodesLeft
        self.trustedDevices = trustedDevices
    }
}

public struct TrustedDeviceRow: Equatable, Sendable {
    public let id: TrustedDeviceID
    public let deviceName: String
    public let expiresAt: Timestamp
    public let lastUsedAt: Timestamp?

    public init(id: TrustedDeviceID, deviceName: String, expiresAt: Timestamp, lastUsedAt: Timestamp?) {
        self.id = id
        self.deviceName = deviceName
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
    }
}

/// What the enrolment screen shows, once: the QR code's modules (drawn with
/// half blocks) and the secret in groups of four. Leaving the screen drops it.
/// The modules encode the secret, so like `Secret` it never prints them.
public struct AuthenticatorSetup: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
                                  CustomReflectable {
    public let qrModules: [[Bool]]
    public let groupedSecret: Secret
    public let expiresAt: Timestamp
    public let replacing: Bool

    public init(qrModules: [[Bool]], groupedSecret: Secret, expiresAt: Timestamp, replacing: Bool) {
        self.qrModules = qrModules
        self.groupedSecret = groupedSecret
        self.expiresAt = expiresAt
        self.replacing = replacing
    }

    public var description: String { "AuthenticatorSetup(<secret>, expiresAt: \(expiresAt), replacing: \(replacing))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["expiresAt": expiresAt, "replacing": replacing]) }
}

public enum EnrolmentReply: Equatable, Sendable {
    case started(AuthenticatorSetup)
    case refused(AppMessage)
}

public enum ActivationReply: Equatable, Sendable {
    /// On. The recovery codes to show once (empty when the user already had a set).
    case activated(recoveryCodes: [Secret])
    case refused(AppMessage)
}

public enum SecurityChangeReply: Equatable, Sendable {
    case saved(SecurityOverview)
    case refused(AppMessage)
}
