/// The factors a sign-in can ask for, in the order they are asked.
public enum SignInFactor: String, Sendable, Equatable {
    case password
    case biometric
    case smsCode = "sms"
    /// A code from the user's authenticator app (RFC 6238).
    case authenticator = "totp"

    /// SMS and authenticator codes are the second factor; a recovery code or a
    /// trusted device stands in for either.
    public var isSecondFactor: Bool { self == .smsCode || self == .authenticator }
}

/// What the policy needs to know about a user's authenticator.
public struct SecondFactorSetup: Equatable, Sendable {
    public let authenticatorActive: Bool
    /// Which second factor signs in while the authenticator is active.
    public let signInWith: SignInFactor

    public init(authenticatorActive: Bool, signInWith: SignInFactor = .authenticator) {
        self.authenticatorActive = authenticatorActive
        self.signInWith = signInWith
    }

    public init(_ record: AuthenticatorRecord?) {
        self.init(authenticatorActive: record?.isActive ?? false, signInWith: record?.signInWith ?? .authenticator)
    }

    public static let none = SecondFactorSetup(authenticatorActive: false)
}

/// A sign-in in progress: who, on which device, what the policy asks for and
/// what has been passed. Only the flow can add a passed factor, and only
/// with the proof the factor's service issued.
public struct SignInAttempt: Equatable, Sendable {
    public let user: UserRecord
    public let device: Device?
    /// Recomputed from the user's current settings before the session opens (`SignInFlow.recheck`).
    public private(set) var required: [SignInFactor]
    public private(set) var passed: [SignInFactor]
    /// When the password was checked: the attempt lives `SignInFlow.attemptLifetimeSeconds` from then.
    public let startedAt: Timestamp
    /// The trusted device that let this sign-in skip its second factor.
    public let trustedDevice: TrustedDeviceID?
    /// Set when a recovery code stood in for the second factor.
    public private(set) var recoveryCode: RecoveryCodeProof?

    /// The next factor to ask for, or nil when every required factor is passed.
    public var next: SignInFactor? { required.first { !passed.contains($0) } }

    /// Whether a recovery code may be typed now instead of `next`.
    public var acceptsRecoveryCode: Bool { next == .authenticator || (next == .smsCode && recoveryCodesExist) }
    /// The user has an authenticator and unused recovery codes (so one may stand in for an SMS code too).
    public private(set) var recoveryCodesExist: Bool

    init(user: UserRecord, device: Device?, required: [SignInFactor], startedAt: Timestamp,
         trustedDevice: TrustedDeviceID? = nil, recoveryCodesExist: Bool = false) {
        self.user = user
        self.device = device
        self.required = required
        self.passed = [.password]
        self.startedAt = startedAt
        self.trustedDevice = trustedDevice
        self.recoveryCodesExist = recoveryCodesExist
    }

    /// The factors the user's settings ask for now; what was passed stays passed.
    mutating func require(_ factors: [SignInFactor], recoveryCodesExist: Bool) {
        required = factors
        self.recoveryCodesExist = recoveryCodesExist
    }

    mutating func pass(_ factor: SignInFactor) {
        if !passed.contains(factor) { passed.append(factor) }
    }

    mutating func passWithRecoveryCode(_ factor: SignInFactor, _ proof: RecoveryCodeProof) {
        pass(factor)
        recoveryCode = proof
    }
}

/// A sign-in that passed every required factor: the only key to a session.
public struct CompletedSignIn: Equatable, Sendable {
    public let user: UserRecord
    public let device: Device?
    public let factors: [SignInFactor]
    /// When it completed (a device can be trusted only soon after).
    public let at: Timestamp
    public let trustedDevice: TrustedDeviceID?
    /// Recovery codes left, when one was used; 0 means a new set must be made now.
    public let recoveryCodesLeft: Int?
    /// Only after the last recovery code: lets the user make a new set without a second factor.
    public let regenerationGrant: RecoveryRegenerationGrant?

    init(user: UserRecord, device: Device?, factors: [SignInFactor], at: Timestamp,
         trustedDevice: TrustedDeviceID? = nil, recoveryCode: RecoveryCodeProof? = nil) {
        self.user = user
        self.device = device
        self.factors = factors
        self.at = at
        self.trustedDevice = trustedDevice
        self.recoveryCodesLeft = recoveryCode?.remaining
        self.regenerationGrant = recoveryCode?.regenerationGrant
    }

    public var usedRecoveryCode: Bool { recoveryCodesLeft != nil }
    /// A second factor was passed (not skipped on a trusted device).
    public var passedSecondFactor: Bool { factors.contains(where: \.isSecondFactor) }
    /// Using the last recovery code forces a new set before anything else.
    public var mustRegenerateRecoveryCodes: Bool { recoveryCodesLeft == 0 }
}

/// password → biometric (when the device has enrolled biometry, a passcode,
/// and the user's switch is on; skipped otherwise, as in the seed) → the
/// second factor: the authenticator app or an SMS code, as the user chose
/// (an SMS code when only SMS verification is on, or after the device's
/// enrollment changed). A recovery code can stand in for the second factor;
/// on a trusted device it is skipped (but never after an enrollment change).
public struct SignInFlow: Sendable {
    public enum Start: Equatable, Sendable {
        case refused(PasswordSignIn.Refusal)
        case inProgress(SignInAttempt)
    }

    public enum FlowError: Error, Equatable, CustomStringConvertible {
        case wrongFactor
        case incomplete(missing: SignInFactor)
        case proofForAnotherUserOrDevice
        case deviceNoLongerTrusted
        /// More than `attemptLifetimeSeconds` since the password was checked.
        case expired

        public var description: String { EnglishCoreCatalog().text(self) }
    }

    /// An attempt parked on a screen (the sitekey, a biometric prompt, a
    /// code) cannot be finished later than this after its password.
    public static let attemptLifetimeSeconds: Int64 = 5 * 60

    let password: PasswordSignIn
    let settings: BiometricSettings
    let secondFactors: SecondFactorStore
    let trustedDevices: TrustedDeviceService?
    let clock: TimeSource

    /// `trustedDevices` nil: no device is ever trusted (every sign-in asks for its second factor).
    public init(password: PasswordSignIn, settings: BiometricSettings, secondFactors: SecondFactorStore,
                trustedDevices: TrustedDeviceService? = nil, clock: TimeSource) {
        self.password = password
        self.settings = settings
        self.secondFactors = secondFactors
        self.trustedDevices = trustedDevices
        self.clock = clock
    }

    /// The second factor a user's sign-in asks for, if any.
    public static func secondFactor(smsVerification: Bool, setup: SecondFactorSetup,
                                    reverificationRequired: Bool) -> SignInFactor? {
        if setup.authenticatorActive { return setup.signInWith == .smsCode ? .smsCode : .authenticator }
        return smsVerification || reverificationRequired ? .smsCode : nil
    }

    /// The pure policy: which factors this user on this device must pass.
    public static func requiredFactors(user: UserRecord, device: Device?, biometricEnabled: Bool,
                                       reverificationRequired: Bool, setup: SecondFactorSetup = .none,
                                       trustedDevice: Bool = false) -> [SignInFactor] {
        var factors: [SignInFactor] = [.password]
        if let device, device.hasUsableBiometry, device.hasPasscode, biometricEnabled { factors.append(.biometric) }
        if let second = secondFactor(smsVerification: user.smsVerification, setup: setup,
                                     reverificationRequired: reverificationRequired),
           !(trustedDevice && !reverificationRequired) {
            factors.append(second)
        }
        return factors
    }

    public func begin(username: String, password typed: Secret, device: Device?,
                      context: AuditContext) throws -> Start {
        switch try password.signIn(username: username, password: typed, context: context) {
        case .refused(let refusal):
            return .refused(refusal)
        case .signedIn(let user):
            let current = try currentSettings(of: user, on: device, context: context)
            var trusted: TrustedDeviceID?
            if !current.reverify, let device, let trustedDevices,
               SignInFlow.secondFactor(smsVerification: current.user.smsVerification, setup: current.setup,
                                       reverificationRequired: false) != nil {
                trusted = try trustedDevices.validTrust(for: user, on: device)
            }
            return .inProgress(SignInAttempt(user: user, device: device,
                                             required: current.required(trustedDevice: trusted != nil),
                                             startedAt: clock.now(), trustedDevice: trusted,
                                             recoveryCodesExist: current.recoveryCodesExist))
        }
    }

    /// What the user's settings say right now, read fresh from the store.
    private struct CurrentSettings {
        let user: UserRecord
        let device: Device?
        let biometricEnabled: Bool
        let reverify: Bool
        let setup: SecondFactorSetup
        let codesExist: Bool

        var recoveryCodesExist: Bool { setup.authenticatorActive && codesExist }

        func required(trustedDevice: Bool) -> [SignInFactor] {
            SignInFlow.requiredFactors(user: user, device: device, biometricEnabled: biometricEnabled,
                                       reverificationRequired: reverify, setup: setup, trustedDevice: trustedDevice)
        }
    }

    private func currentSettings(of user: UserRecord, on device: Device?,
                                 context: AuditContext) throws -> CurrentSettings {
        let state = try device.map { try settings.state(for: user, on: $0, context: context) }
        let (fresh, setup, codesExist) = try secondFactors.inSecondFactorTransaction { tx in
            (try tx.user(user.id) ?? user, SecondFactorSetup(try tx.authenticator(of: user.id)),
             try tx.recoveryCodes(of: user.id).contains { $0.usedAt == nil })
        }
        return CurrentSettings(user: fresh, device: device, biometricEnabled: state?.enabled ?? false,
                               reverify: state?.reverificationRequired ?? false, setup: setup, codesExist: codesExist)
    }

    /// Refuses an attempt older than its lifetime.
    public func ensureLive(_ attempt: SignInAttempt) throws {
        guard clock.now() < attempt.startedAt.adding(seconds: SignInFlow.attemptLifetimeSeconds) else {
            throw FlowError.expired
        }
    }

    /// The attempt with its required factors recomputed from the user's
    /// current settings: a factor turned on (or a sign-in factor switched)
    /// since the password step is asked for, never skipped. A device that
    /// skipped its second factor on trust keeps that (`complete` checks the
    /// trust again).
    public func recheck(_ attempt: SignInAttempt, context: AuditContext) throws -> SignInAttempt {
        try ensureLive(attempt)
        let current = try currentSettings(of: attempt.user, on: attempt.device, context: context)
        var next = attempt
        next.require(current.required(trustedDevice: attempt.trustedDevice != nil && !current.reverify),
                     recoveryCodesExist: current.recoveryCodesExist)
        return next
    }

    public func passBiometric(_ attempt: SignInAttempt, approval: BiometricApproval) throws -> SignInAttempt {
        try ensureLive(attempt)
        guard attempt.next == .biometric else { throw FlowError.wrongFactor }
        guard approval.deviceID == attempt.device?.id,
              clock.now() < approval.at.adding(seconds: 60) else { throw FlowError.proofForAnotherUserOrDevice }
        var next = attempt
        next.pass(.biometric)
        try settings.pin(approval, for: attempt.user)
        return next
    }

    public func passSMSCode(_ attempt: SignInAttempt, proof: VerificationProof) throws -> SignInAttempt {
        try passCode(attempt, .smsCode, userID: proof.userID, purposeKind: proof.purposeKind, at: proof.at)
    }

    public func passAuthenticator(_ attempt: SignInAttempt, proof: AuthenticatorProof) throws -> SignInAttempt {
        try passCode(attempt, .authenticator, userID: proof.userID, purposeKind: proof.purposeKind, at: proof.at)
    }

    /// A code factor passes only when it is the one due, and its proof is this
    /// user's sign-in proof, made in the last minute.
    private func passCode(_ attempt: SignInAttempt, _ factor: SignInFactor, userID: UserID, purposeKind: String,
                          at time: Timestamp) throws -> SignInAttempt {
        try ensureLive(attempt)
        guard attempt.next == factor else { throw FlowError.wrongFactor }
        guard userID == attempt.user.id, purposeKind == VerificationPurpose.signIn.kind,
              clock.now() < time.adding(seconds: 60) else { throw FlowError.proofForAnotherUserOrDevice }
        var next = attempt
        next.pass(factor)
        try secondFactorPassed(attempt)
        return next
    }

    /// A recovery code in place of whichever second factor is due.
    public func passRecoveryCode(_ attempt: SignInAttempt, proof: RecoveryCodeProof) throws -> SignInAttempt {
        try ensureLive(attempt)
        guard let due = attempt.next, due.isSecondFactor else { throw FlowError.wrongFactor }
        guard proof.userID == attempt.user.id,
              clock.now() < proof.at.adding(seconds: 60) else { throw FlowError.proofForAnotherUserOrDevice }
        var next = attempt
        next.passWithRecoveryCode(due, proof)
        try secondFactorPassed(attempt)
        return next
    }

    private func secondFactorPassed(_ attempt: SignInAttempt) throws {
        if let device = attempt.device { try settings.clearReverification(for: attempt.user, on: device) }
    }

    /// Opens nothing for an expired attempt, and recomputes the required
    /// factors from the user's current settings (`recheck`): one added since
    /// the password step is reported missing. A sign-in that skipped its
    /// second factor on a trusted device checks the trust again here, so a
    /// revocation in between stops it. A demo guest's rules are checked
    /// again (`GuestAccess`).
    public func complete(_ parked: SignInAttempt, context: AuditContext) throws -> CompletedSignIn {
        let attempt = try recheck(parked, context: context)
        // A guest's day may have ended since its password (an attempt lives five minutes).
        try password.checkGuestRules(for: attempt.user, context: context)
        if let missing = attempt.next { throw FlowError.incomplete(missing: missing) }
        if let trusted = attempt.trustedDevice {
            guard let device = attempt.device, let trustedDevices,
                  try trustedDevices.isStillTrusted(trusted, user: attempt.user.id, device: device.id) else {
                throw FlowError.deviceNoLongerTrusted
            }
        }
        return CompletedSignIn(user: attempt.user, device: attempt.device, factors: attempt.passed, at: clock.now(),
                               trustedDevice: attempt.trustedDevice, recoveryCode: attempt.recoveryCode)
    }
}
