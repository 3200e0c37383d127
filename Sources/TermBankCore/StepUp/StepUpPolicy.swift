/// What a transfer needs before it runs. By default a fresh SMS code for
/// every transfer (as in the seed); with a threshold (`--step-up-over`),
/// amounts below it need only a biometric confirmation on a device that has
/// biometry (anything else still needs the code).
public struct StepUpPolicy: Equatable, Sendable {
    public enum Requirement: Equatable, Sendable {
        case smsCode
        case biometric
        /// A code from the authenticator app, checked and used up with the booking
        /// (`AuthenticatorService.approveTransfer`).
        case authenticator
    }

    /// Amounts at or above this need the SMS code; nil: every amount does.
    public let smsThreshold: Money?

    public init(smsThreshold: Money? = nil) { self.smsThreshold = smsThreshold }

    public static let always = StepUpPolicy()

    public func requirement(for amount: Money, on device: Device?) -> Requirement {
        guard let smsThreshold, amount < smsThreshold,
              let device, device.hasUsableBiometry, device.hasPasscode else { return .smsCode }
        return .biometric
    }

    /// For a user with an active authenticator, its code replaces the SMS
    /// code (the stronger factor); small amounts under a threshold still pass
    /// with a biometric. Never skipped on a trusted device.
    public func requirement(for amount: Money, on device: Device?, authenticatorActive: Bool) -> Requirement {
        let base = requirement(for: amount, on: device)
        return base == .smsCode && authenticatorActive ? .authenticator : base
    }

    /// A payment to a payee this customer has never paid always needs a code
    /// (the SMS code, or the authenticator's), whatever the threshold: PSD2
    /// RTS Art. 13 exempts only trusted beneficiaries, and a first payee is not one.
    public func requirement(for amount: Money, on device: Device?, authenticatorActive: Bool,
                            firstPayment: Bool) -> Requirement {
        guard firstPayment else { return requirement(for: amount, on: device, authenticatorActive: authenticatorActive) }
        return authenticatorActive ? .authenticator : .smsCode
    }
}

/// Books a reviewed transfer once its step-up is satisfied. The SMS path is
/// `VerifyService.approve`, which checks and books in one transaction; this
/// is the biometric path for small amounts.
public struct TransferStepUp: Sendable {
    public enum StepUpError: Error, Equatable, CustomStringConvertible {
        case needsSMSCode
        case staleApproval
        public var description: String { EnglishCoreCatalog().text(self) }
    }

    let bank: Bank
    let policy: StepUpPolicy

    public init(bank: Bank, policy: StepUpPolicy) {
        self.bank = bank
        self.policy = policy
    }

    public func executeWithBiometric(_ transfer: PendingTransfer, user: UserRecord, device: Device,
                                     approval: BiometricApproval, context: AuditContext) throws -> TransferReceipt {
        guard policy.requirement(for: transfer.amount, on: device) == .biometric else { throw StepUpError.needsSMSCode }
        guard approval.deviceID == device.id, bank.clock.now() < approval.at.adding(seconds: 60) else {
            throw StepUpError.staleApproval
        }
        guard let payee = transfer.payee else {
            return try bank.transfer(user: user, from: transfer.from, to: transfer.to, amount: transfer.amount,
                                     clientID: transfer.clientID, context: context)
        }
        guard transfer.userID == user.id else { throw LedgerError.unknownAccount }
        do {
            return try bank.store.inLedgerTransaction { tx in
                // Decided in the booking's transaction: a first payment needs a code, whatever the client asked.
                guard try tx.hasPaid(payee.userID, from: user.id) else { throw StepUpError.needsSMSCode }
                return try transfer.book(in: tx, policy: bank.payments, at: bank.clock.now(), context: context)
            }
        } catch let error as LedgerError {
            try? bank.store.append(AuditEvent(at: bank.clock.now(), kind: .transferRefused, username: user.username,
                                              userID: user.id, context: context,
                                              detail: "\(transfer.auditSummary): \(error)"))
            throw error
        }
    }
}
