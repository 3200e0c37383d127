/// How a reviewed transfer or payment will be approved: what the step-up
/// policy decides from the bank's state now. The review names it before
/// Enter (PSD2 dynamic linking: the customer knows what they approve and
/// how); `beginTransferApproval` starts exactly what it says, decided again
/// at that moment. Refusals (over today's limit, the factor it needs is
/// locked) are thrown as the errors the bank gives when Enter is pressed.
public enum StepUpApproval: Equatable, Sendable {
    /// A code sent by SMS to this number, bound to exactly this transfer.
    /// `firstPayee`: a payee never paid before needs it where the amount alone would not.
    case smsCode(to: PhoneNumber, firstPayee: Bool)
    /// A code from the customer's authenticator app, bound to exactly this transfer.
    case authenticator(firstPayee: Bool)
    /// Touch ID or Face ID on this device (under the threshold, to yourself or a payee paid before).
    case biometric(BiometryType)
    /// The same step-up with the sensor locked after too many non-matching
    /// tries: the prompt asks for the device passcode (`biometricsOrPasscode`).
    case devicePasscode(BiometryType)
}

/// Everything the step-up policy decides from, read from the bank for one
/// customer, one transfer and one device (`StepUpQuery.facts`).
public struct StepUpFacts: Equatable, Sendable {
    /// A payment to another customer: whether the payee was ever paid, and today's limit.
    public struct Payment: Equatable, Sendable {
        public var firstPayee: Bool
        public var dailyLimit: Money
        public var leftToday: Money
        public init(firstPayee: Bool, dailyLimit: Money, leftToday: Money) {
            self.firstPayee = firstPayee
            self.dailyLimit = dailyLimit
            self.leftToday = leftToday
        }
    }

    public var amount: Money
    /// nil: a transfer between the customer's own accounts.
    public var payment: Payment?
    /// Where an SMS code goes.
    public var phone: PhoneNumber
    /// This terminal's device as stored now (its sensor, enrolment, passcode, lockout).
    public var device: Device?
    public var authenticatorActive: Bool
    /// Set only while a lock is in force (five wrong authenticator or recovery codes).
    public var authenticatorLockedUntil: Timestamp?
    /// Set only while a lock is in force (too many wrong 4-digit SMS codes).
    public var smsCodesLockedUntil: Timestamp?

    public init(amount: Money, payment: Payment? = nil, phone: PhoneNumber, device: Device?,
                authenticatorActive: Bool, authenticatorLockedUntil: Timestamp? = nil,
                smsCodesLockedUntil: Timestamp? = nil) {
        self.amount = amount
        self.payment = payment
        self.phone = phone
        self.device = device
        self.authenticatorActive = authenticatorActive
        self.authenticatorLockedUntil = authenticatorLockedUntil
        self.smsCodesLockedUntil = smsCodesLockedUntil
    }
}

extension StepUpPolicy {
    /// The one rule for which approval a transfer needs, pure: the review
    /// asks it through `StepUpQuery`, and `beginTransferApproval` starts what
    /// it answers. A locked factor never falls back to a weaker one: a locked
    /// authenticator does not become an SMS code (that would let a thief with
    /// the session and a swapped SIM lock the app on purpose, then approve by
    /// SMS); the transfer waits for the lock to end. A locked sensor falls back
    /// to the device passcode, as the prompt has always done.
    public func approval(given facts: StepUpFacts) throws -> StepUpApproval {
        if let payment = facts.payment, facts.amount > payment.leftToday {
            throw LedgerError.dailyLimitExceeded(limit: payment.dailyLimit, left: payment.leftToday)
        }
        let firstPayment = facts.payment?.firstPayee ?? false
        let required = requirement(for: facts.amount, on: facts.device, authenticatorActive: facts.authenticatorActive,
                                   firstPayment: firstPayment)
        // The payee's newness is worth naming only where it is what asks for the code.
        let becauseFirstPayee = firstPayment
            && requirement(for: facts.amount, on: facts.device, authenticatorActive: facts.authenticatorActive) == .biometric
        switch required {
        case .biometric:
            // `requirement` answers .biometric only for a device with usable biometry and a passcode.
            let biometry = facts.device?.biometry ?? .none
            return facts.device?.biometryLockedOut == true ? .devicePasscode(biometry) : .biometric(biometry)
        case .authenticator:
            if let until = facts.authenticatorLockedUntil { throw CoreMessage.authenticator(.locked(until: until)) }
            return .authenticator(firstPayee: becauseFirstPayee)
        case .smsCode:
            if let until = facts.smsCodesLockedUntil { throw VerifyError.smsCodesLocked(until: until) }
            return .smsCode(to: facts.phone, firstPayee: becauseFirstPayee)
        }
    }
}

/// Reads the facts the step-up policy decides from and asks it: reads only,
/// no code is sent and nothing is written. The live client's review query
/// and its `beginTransferApproval` both call `approval`, so the screen and
/// the bank answer from one rule; the booking still checks its own part (a
/// first payee, the limit) inside its transaction.
public struct StepUpQuery: Sendable {
    let bank: Bank
    let policy: StepUpPolicy
    let authenticator: AuthenticatorService
    let verify: VerifyService

    public init(bank: Bank, policy: StepUpPolicy, authenticator: AuthenticatorService, verify: VerifyService) {
        self.bank = bank
        self.policy = policy
        self.authenticator = authenticator
        self.verify = verify
    }

    public func approval(for transfer: PendingTransfer, by user: UserRecord, on device: Device?) throws -> StepUpApproval {
        try policy.approval(given: facts(for: transfer, by: user, on: device))
    }

    public func facts(for transfer: PendingTransfer, by user: UserRecord, on device: Device?) throws -> StepUpFacts {
        var payment: StepUpFacts.Payment?
        if let payee = transfer.payee {
            let allowance = try bank.paymentAllowance(for: user.id)
            payment = StepUpFacts.Payment(firstPayee: try !bank.store.hasPaid(payee.userID, from: user.id),
                                          dailyLimit: allowance.dailyLimit, leftToday: allowance.leftToday)
        }
        let record = try authenticator.record(of: user.id)
        return StepUpFacts(amount: transfer.amount, payment: payment, phone: user.phone, device: device,
                           authenticatorActive: record?.isActive ?? false,
                           authenticatorLockedUntil: try authenticator.codesLockedUntil(of: user.id),
                           smsCodesLockedUntil: try verify.smsCodesLockedUntil(for: user))
    }
}
