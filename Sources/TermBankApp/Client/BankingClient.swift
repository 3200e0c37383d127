import TermBankCore

/// Everything the app asks of the bank, as a struct of closures (the shape
/// TCA calls a client). The live client, built by the executable, drives the
/// core services on the real database and keeps the sign-in's proofs to
/// itself; tests build scripted clients. The app never imports storage.
public struct BankingClient: Sendable {
    public var now: @Sendable () -> Timestamp
    /// Chooses the simulated device this session stands for (SSH without a known key).
    public var selectDevice: @Sendable (_ name: String) throws -> Void
    /// Password step. On success the client holds the sign-in attempt.
    public var signIn: @Sendable (_ username: String, _ password: Secret) throws -> SignInReply
    public var beginBiometric: @Sendable (_ reason: BiometricReason) throws -> BiometricReply
    public var biometric: @Sendable (_ event: BiometricEvent, _ prompt: BiometricPrompt) throws -> BiometricReply
    /// Starts (or re-uses) the sign-in SMS code.
    public var sendSignInCode: @Sendable () throws -> VerificationTicket
    public var resendCode: @Sendable (_ ticket: VerificationTicket) throws -> VerificationTicket
    public var checkSignInCode: @Sendable (_ ticket: VerificationTicket, _ code: String) throws -> CodeReply
    /// Opens the session once every factor has passed.
    public var openSession: @Sendable () throws -> SessionInfo
    public var loadAccount: @Sendable (_ user: UserRecord) throws -> AccountSnapshot
    /// What the step-up for this transfer needs, and starts it.
    public var beginTransferApproval: @Sendable (_ transfer: PendingTransfer) throws -> StepUpStart
    /// The step-up's proof (the SMS code, the biometric prompt's event, or the
    /// authenticator's code) and the booking of exactly this transfer, in one call.
    public var approveTransfer: @Sendable (_ proof: StepUpProof, _ transfer: PendingTransfer) throws -> TransferApprovalReply
    /// SMS verification on, at once (off needs the password and a code: `turnOffSMSVerification`).
    public var turnOnSMSVerification: @Sendable () throws -> SMSSwitchReply
    /// Records activity; throws `SessionError` when the session has ended.
    public var touchSession: @Sendable () throws -> Void
    public var signOut: @Sendable (_ reason: SessionEndReason) -> Void
    public var notMyImage: @Sendable () -> Void
    public var newTransferID: @Sendable () -> TransferClientID
    /// After the username: this device's record of a completed sign-in by that
    /// name, if any. Every other case (no such user too) is `.notKnownHere`.
    public var lookUpSitekey: @Sendable (_ username: String) throws -> SitekeyLookup
    /// Throws `SessionError` once the session has ended (elsewhere too); not activity.
    public var checkSession: @Sendable () throws -> Void
    /// Security: the biometric check (a finger or a face, not the passcode) that, with the password, turns biometric sign-in on.
    public var beginBiometricSwitch: @Sendable () throws -> BiometricReply
    public var biometricSwitch: @Sendable (_ event: BiometricEvent, _ prompt: BiometricPrompt) throws -> BiometricReply
    /// The password, with the check just passed: biometric sign-in on, pinned to the enrollment the check saw.
    public var turnOnBiometricSignIn: @Sendable (_ password: Secret) throws -> SecurityChangeReply
    /// A code from the authenticator app in place of the SMS code (when the attempt's next factor is `.authenticator`).
    public var checkAuthenticatorCode: @Sendable (_ code: String) throws -> CodeReply
    /// A recovery code in place of whichever second factor is due.
    public var checkRecoveryCode: @Sendable (_ code: Secret) throws -> CodeReply
    /// After signing in with the last recovery code: the password makes a new set, shown once.
    public var makeRecoveryCodesAfterLastUse: @Sendable (_ password: Secret) throws -> RecoveryCodesReply
    /// The settings screen: the user's second factors and trusted devices.
    public var securityOverview: @Sendable () throws -> SecurityOverview
    /// An SMS code bound to a change (users without an authenticator confirm with it); a phone
    /// change's codes with the password, which the bank checks first.
    public var sendConfirmationCode: @Sendable (_ change: SecurityChange, _ password: Secret?) throws -> VerificationTicket
    /// The password (and, to replace an active authenticator, its code or a recovery code): the secret to show once.
    public var beginEnrolment: @Sendable (_ password: Secret, _ code: Secret?) throws -> EnrolmentReply
    /// The first code from the new app turns it on.
    public var finishEnrolment: @Sendable (_ code: String) throws -> ActivationReply
    /// Which second factor signs in; moving to SMS needs the password and a code.
    public var chooseSignInFactor: @Sendable (_ factor: SignInFactor, _ password: Secret?, _ code: Secret?) throws
        -> SecurityChangeReply
    public var turnOffSMSVerification: @Sendable (_ password: Secret, _ code: Secret) throws -> SecurityChangeReply
    /// Turning the authenticator off, a new set of recovery codes, a new phone
    /// number: each needs the password and a second-factor code in the same call.
    public var turnOffAuthenticator: @Sendable (_ password: Secret, _ code: Secret) throws -> SecurityChangeReply
    public var regenerateRecoveryCodes: @Sendable (_ password: Secret, _ code: Secret) throws -> RecoveryCodesReply
    /// The current second factor's code and the code sent to the new number.
    public var changePhone: @Sendable (_ phone: PhoneNumber, _ password: Secret, _ code: Secret, _ newPhoneCode: Secret) throws
        -> SecurityChangeReply
    /// "Trust this device for 30 days", right after a sign-in that passed a second factor: until when.
    public var trustDevice: @Sendable () throws -> Timestamp
    public var revokeTrustedDevice: @Sendable (_ id: TrustedDeviceID) throws -> SecurityChangeReply
    /// Demo mode only (the executable sets these with `--demo`; otherwise they refuse):
    /// a new guest customer, the simulated phone of the customer being signed
    /// in, and, in the phone window, which customer's phone to show.
    /// The statement with another window of the history (scrolled, filtered, searched): the
    /// refreshes that follow (`loadAccount`) read that window until the next request.
    public var loadStatement: @Sendable (_ request: StatementRequest) throws -> AccountSnapshot = { _ in throw Unimplemented() }
    /// A guest customer whose sitekey phrase is in the language given (the one on screen).
    public var createGuest: @Sendable (Language) throws -> GuestCredentials = { _ in throw Unimplemented() }
    public var phoneInbox: @Sendable () throws -> PhoneInbox? = { throw Unimplemented() }
    /// The guided story's marks, as the bank recorded them for the customer
    /// this terminal follows (nil: none yet).
    public var storyProgress: @Sendable () throws -> StoryProgress? = { throw Unimplemented() }
    public var watchPhone: @Sendable (_ username: String) throws -> Void = { _ in throw Unimplemented() }
    /// How Enter on a review will approve this transfer or payment, as the
    /// bank's step-up policy decides it now (sends nothing). Throws the
    /// refusal Enter would meet: over today's limit, the factor it needs locked.
    public var stepUpApproval: @Sendable (_ transfer: PendingTransfer) throws -> StepUpApproval = { _ in
        throw Unimplemented()
    }
    /// The pay form: the daily limit, what is left of it today, and up to 10 recent payees.
    public var paymentAllowance: @Sendable () throws -> PaymentAllowance = { throw Unimplemented() }
    /// Confirmation of payee: the customer a username names, their name masked.
    /// Throws the core's `unknownPayee` or `selfPayment`.
    public var lookUpPayee: @Sendable (_ username: String) throws -> Payee = { _ in throw Unimplemented() }
    /// The language on the screen changed: the phone's texts fall back to it when the user saved none.
    public var useLanguage: @Sendable (_ language: Language) -> Void = { _ in }
    /// Saves the signed-in user's chosen language as their preference (a settings change, audited).
    public var saveLanguage: @Sendable (_ language: Language) throws -> Void = { _ in throw Unimplemented() }

    public init(now: @escaping @Sendable () -> Timestamp,
                selectDevice: @escaping @Sendable (String) throws -> Void = { _ in },
                signIn: @escaping @Sendable (String, Secret) throws -> SignInReply,
                beginBiometric: @escaping @Sendable (BiometricReason) throws -> BiometricReply,
                biometric: @escaping @Sendable (BiometricEvent, BiometricPrompt) throws -> BiometricReply,
                sendSignInCode: @escaping @Sendable () throws -> VerificationTicket,
                resendCode: @escaping @Sendable (VerificationTicket) throws -> VerificationTicket,
                checkSignInCode: @escaping @Sendable (VerificationTicket, String) throws -> CodeReply,
                openSession: @escaping @Sendable () throws -> SessionInfo,
                loadAccount: @escaping @Sendable (UserRecord) throws -> AccountSnapshot,
                beginTransferApproval: @escaping @Sendable (PendingTransfer) throws -> StepUpStart,
                approveTransfer: @escaping @Sendable (StepUpProof, PendingTransfer) throws -> TransferApprovalReply,
                turnOnSMSVerification: @escaping @Sendable () throws -> SMSSwitchReply,
                touchSession: @escaping @Sendable () throws -> Void,
                signOut: @escaping @Sendable (SessionEndReason) -> Void,
                notMyImage: @escaping @Sendable () -> Void,
                newTransferID: @escaping @Sendable () -> TransferClientID,
                checkAuthenticatorCode: @escaping @Sendable (String) throws -> CodeReply = { _ in throw Unimplemented() },
                checkRecoveryCode: @escaping @Sendable (Secret) throws -> CodeReply = { _ in throw Unimplemented() },
                makeRecoveryCodesAfterLastUse: @escaping @Sendable (Secret) throws -> RecoveryCodesReply = { _ in
                    throw Unimplemented()
                },
                securityOverview: @escaping @Sendable () throws -> SecurityOverview = { throw Unimplemented() },
                sendConfirmationCode: @escaping @Sendable (SecurityChange, Secret?) throws -> VerificationTicket = { _, _ in
                    throw Unimplemented()
                },
                beginEnrolment: @escaping @Sendable (Secret, Secret?) throws -> EnrolmentReply = { _, _ in throw Unimplemented() },
                finishEnrolment: @escaping @Sendable (String) throws -> ActivationReply = { _ in throw Unimplemented() },
                chooseSignInFactor: @escaping @Sendable (SignInFactor, Secret?, Secret?) throws -> SecurityChangeReply = { _, _, _ in
                    throw Unimplemented()
                },
                turnOffSMSVerification: @escaping @Sendable (Secret, Secret) throws -> SecurityChangeReply = { _, _ in
                    throw Unimplemented()
                },
                turnOffAuthenticator: @escaping @Sendable (Secret, Secret) throws -> SecurityChangeReply = { _, _ in
                    throw Unimplemented()
                },
                regenerateRecoveryCodes: @escaping @Sendable (Secret, Secret) throws -> RecoveryCodesReply = { _, _ in
                    throw Unimplemented()
                },
                changePhone: @escaping @Sendable (PhoneNumber, Secret, Secret, Secret) throws -> SecurityChangeReply = { _, _, _, _ in
                    throw Unimplemented()
                },
                trustDevice: @escaping @Sendable () throws -> Timestamp = { throw Unimplemented() },
                revokeTrustedDevice: @escaping @Sendable (TrustedDeviceID) throws -> SecurityChangeReply = { _ in
                    throw Unimplemented()
                },
                lookUpSitekey: @escaping @Sendable (String) throws -> SitekeyLookup = { _ in .notKnownHere },
                checkSession: @escaping @Sendable () throws -> Void = {},
                beginBiometricSwitch: @escaping @Sendable () throws -> BiometricReply = { throw Unimplemented() },
                biometricSwitch: @escaping @Sendable (BiometricEvent, BiometricPrompt) throws -> BiometricReply = { _, _ in
                    throw Unimplemented()
                },
                turnOnBiometricSignIn: @escaping @Sendable (Secret) throws -> SecurityChangeReply = { _ in
                    throw Unimplemented()
                }) {
        self.lookUpSitekey = lookUpSitekey
        self.checkSession = checkSession
        self.beginBiometricSwitch = beginBiometricSwitch
        self.biometricSwitch = biometricSwitch
        self.turnOnBiometricSignIn = turnOnBiometricSignIn
        self.now = now
        self.selectDevice = selectDevice
        self.signIn = signIn
        self.beginBiometric = beginBiometric
        self.biometric = biometric
        self.sendSignInCode = sendSignInCode
        self.resendCode = resendCode
        self.checkSignInCode = checkSignInCode
        self.openSession = openSession
        self.loadAccount = loadAccount
        self.beginTransferApproval = beginTransferApproval
        self.approveTransfer = approveTransfer
        self.turnOnSMSVerification = turnOnSMSVerification
        self.touchSession = touchSession
        self.signOut = signOut
        self.notMyImage = notMyImage
        self.newTransferID = newTransferID
        self.checkAuthenticatorCode = checkAuthenticatorCode
        self.checkRecoveryCode = checkRecoveryCode
        self.makeRecoveryCodesAfterLastUse = makeRecoveryCodesAfterLastUse
        self.securityOverview = securityOverview
        self.sendConfirmationCode = sendConfirmationCode
        self.beginEnrolment = beginEnrolment
        self.finishEnrolment = finishEnrolment
        self.chooseSignInFactor = chooseSignInFactor
        self.turnOffSMSVerification = turnOffSMSVerification
        self.turnOffAuthenticator = turnOffAuthenticator
        self.regenerateRecoveryCodes = regenerateRecoveryCodes
        self.changePhone = changePhone
        self.trustDevice = trustDevice
        self.revokeTrustedDevice = revokeTrustedDevice
    }

    /// What a client that does not offer an endpoint throws (a scripted bank in a test).
    public struct Unimplemented: Error, CustomStringConvertible {
        public init() {}
        public var description: String { EnglishAppCatalog().text(.session(.bankDoesNotOfferThat)) }
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
