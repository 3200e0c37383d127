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
    public let required: [SignInFactor]
    public private(set) var passed: [SignInFactor]
    /// The trusted device that let this sign-in skip its second factor.
    public let trustedDevice: TrustedDeviceID?
    /// Set when a recovery code stood in for the second factor.
    public private(set) var recoveryCode: RecoveryCodeProof?

    /// The next factor to ask for, or nil when every required factor is passed.
    public var next: SignInFactor? { required.first { !passed.contains($0) } }

    /// Whether a recovery code may be typed now instead of `next`.
    public var acceptsRecoveryCode: Bool { next == .authenticator || (next == .smsCode && recoveryCodesExist) }
    /// The user has an authenticator and unused recovery codes (so one may stand in for an SMS code too).
    public let recoveryCodesExist: Bool

    init(user: UserRecord, device: Device?, required: [SignInFactor], trustedDevice: TrustedDeviceID? = nil,
         recoveryCodesExist: Bool = false) {
        self.user = user
        self.device = device
        self.required = required
        self.passed = [.password]
        self.trustedDevice = trustedDevice
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

        public var description: String {
            switch self {
            case .wrongFactor: return "That step is not the one this sign-in needs now."
            case .incomplete(let factor): return "Sign-in is not complete: \(factor.rawValue) is still needed."
            case .proofForAnotherUserOrDevice: return "That proof belongs to another sign-in."
            case .deviceNoLongerTrusted: return "This device is no longer trusted. Sign in again."
            }
        }
    }

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
            let state = try device.map { try settings.state(for: user, on: $0, context: context) }
            let reverify = state?.reverificationRequired ?? false
            let (setup, codesExist) = try secondFactors.inSecondFactorTransaction { tx in
                (SecondFactorSetup(try tx.authenticator(of: user.id)),
                 try tx.recoveryCodes(of: user.id).contains { $0.usedAt == nil })
            }
            var trusted: TrustedDeviceID?
            if !reverify, let device, let trustedDevices,
               SignInFlow.secondFactor(smsVerification: user.smsVerification, setup: setup,
                                       reverificationRequired: false) != nil {
                trusted = try trustedDevices.validTrust(for: user, on: device)
            }
            let required = SignInFlow.requiredFactors(user: user, device: device,
                                                      biometricEnabled: state?.enabled ?? false,
                                                      reverificationRequired: reverify, setup: setup,
                                                      trustedDevice: trusted != nil)
            return .inProgress(SignInAttempt(user: user, device: device, required: required, trustedDevice: trusted,
                                             recoveryCodesExist: setup.authenticatorActive && codesExist))
        }
    }

    public func passBiometric(_ attempt: SignInAttempt, approval: BiometricApproval) throws -> SignInAttempt {
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

    /// A sign-in that skipped its second factor on a trusted device checks the
    /// trust again here, so a revocation in between stops it.
    public func complete(_ attempt: SignInAttempt) throws -> CompletedSignIn {
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
