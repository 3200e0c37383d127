/// The factors a sign-in can ask for, in the order they are asked.
public enum SignInFactor: String, Sendable, Equatable {
    case password
    case biometric
    case smsCode = "sms"
}

/// A sign-in in progress: who, on which device, what the policy asks for and
/// what has been passed. Only the flow can add a passed factor, and only
/// with the proof the factor's service issued.
public struct SignInAttempt: Equatable, Sendable {
    public let user: UserRecord
    public let device: Device?
    public let required: [SignInFactor]
    public private(set) var passed: [SignInFactor]

    /// The next factor to ask for, or nil when every required factor is passed.
    public var next: SignInFactor? { required.first { !passed.contains($0) } }

    init(user: UserRecord, device: Device?, required: [SignInFactor]) {
        self.user = user
        self.device = device
        self.required = required
        self.passed = [.password]
    }

    mutating func pass(_ factor: SignInFactor) {
        if !passed.contains(factor) { passed.append(factor) }
    }
}

/// A sign-in that passed every required factor: the only key to a session.
public struct CompletedSignIn: Equatable, Sendable {
    public let user: UserRecord
    public let device: Device?
    public let factors: [SignInFactor]
    init(user: UserRecord, device: Device?, factors: [SignInFactor]) {
        self.user = user
        self.device = device
        self.factors = factors
    }
}

/// password → biometric (when the device has enrolled biometry, a passcode,
/// and the user's switch is on; skipped otherwise, as in the seed) → SMS code
/// (when the user has SMS verification on, or the biometric switch turned
/// itself off because the device's enrollment changed) → signed in.
public struct SignInFlow: Sendable {
    public enum Start: Equatable, Sendable {
        case refused(PasswordSignIn.Refusal)
        case inProgress(SignInAttempt)
    }

    public enum FlowError: Error, Equatable, CustomStringConvertible {
        case wrongFactor
        case incomplete(missing: SignInFactor)
        case proofForAnotherUserOrDevice

        public var description: String {
            switch self {
            case .wrongFactor: return "That step is not the one this sign-in needs now."
            case .incomplete(let factor): return "Sign-in is not complete: \(factor.rawValue) is still needed."
            case .proofForAnotherUserOrDevice: return "That proof belongs to another sign-in."
            }
        }
    }

    let password: PasswordSignIn
    let settings: BiometricSettings
    let clock: TimeSource

    public init(password: PasswordSignIn, settings: BiometricSettings, clock: TimeSource) {
        self.password = password
        self.settings = settings
        self.clock = clock
    }

    /// The pure policy: which factors this user on this device must pass.
    public static func requiredFactors(user: UserRecord, device: Device?, biometricEnabled: Bool,
                                       reverificationRequired: Bool) -> [SignInFactor] {
        var factors: [SignInFactor] = [.password]
        if let device, device.hasUsableBiometry, device.hasPasscode, biometricEnabled { factors.append(.biometric) }
        if user.smsVerification || reverificationRequired { factors.append(.smsCode) }
        return factors
    }

    public func begin(username: String, password typed: Secret, device: Device?,
                      context: AuditContext) throws -> Start {
        switch try password.signIn(username: username, password: typed, context: context) {
        case .refused(let refusal):
            return .refused(refusal)
        case .signedIn(let user):
            let state = try device.map { try settings.state(for: user, on: $0, context: context) }
            let required = SignInFlow.requiredFactors(user: user, device: device,
                                                      biometricEnabled: state?.enabled ?? false,
                                                      reverificationRequired: state?.reverificationRequired ?? false)
            return .inProgress(SignInAttempt(user: user, device: device, required: required))
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
        guard attempt.next == .smsCode else { throw FlowError.wrongFactor }
        guard proof.userID == attempt.user.id, proof.purposeKind == VerificationPurpose.signIn.kind,
              clock.now() < proof.at.adding(seconds: 60) else { throw FlowError.proofForAnotherUserOrDevice }
        var next = attempt
        next.pass(.smsCode)
        if let device = attempt.device { try settings.clearReverification(for: attempt.user, on: device) }
        return next
    }

    public func complete(_ attempt: SignInAttempt) throws -> CompletedSignIn {
        if let missing = attempt.next { throw FlowError.incomplete(missing: missing) }
        return CompletedSignIn(user: attempt.user, device: attempt.device, factors: attempt.passed)
    }
}
