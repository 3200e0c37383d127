/// Anything the core refuses or reports, as one value: what a client passes
/// to the app instead of words, so that the app's state holds values and a
/// catalog words them at the last moment, in the customer's language.
public enum CoreMessage: Error, Equatable, Sendable, CustomStringConvertible {
    case username(Username.Problem)
    case password(PasswordPolicy.Problem)
    case phoneNumber(PhoneNumber.Invalid)
    case sitekey(Sitekey.Problem)
    case signIn(PasswordSignIn.Refusal)
    case signInFlow(SignInFlow.FlowError)
    case session(SessionError)
    case guest(GuestError)
    case amount(AmountError)
    case ledger(LedgerError)
    case transferID(TransferClientID.Invalid)
    case stepUp(TransferStepUp.StepUpError)
    case paymentReference(PaymentReference.Problem)
    case displayName(DisplayName.Problem)
    case verify(VerifyError)
    case check(CheckResult)
    case delivery(DeliveryFailure)
    case authenticator(AuthenticatorCheck)
    case activation(ActivationResult)
    case authenticatorSecret(AuthenticatorError)
    case recoveryCode(RecoveryCodeCheck)
    case confirmation(ConfirmationError)
    case trustedDevice(TrustedDeviceError)
    case biometricSwitch(BiometricSettings.EnableError)
    case store(StoreError)
    /// A biometric check that failed, worded for the device's biometry (an
    /// outcome the catalog words as nothing is passed as no message at all).
    case biometric(BiometricOutcome, BiometryType)

    /// The message of a core error, or nil for an error from elsewhere.
    public init?(_ error: any Error) {
        switch error {
        case let error as CoreMessage: self = error
        case let error as Username.Problem: self = .username(error)
        case let error as PasswordPolicy.Problem: self = .password(error)
        case let error as PhoneNumber.Invalid: self = .phoneNumber(error)
        case let error as Sitekey.Problem: self = .sitekey(error)
        case let error as SignInFlow.FlowError: self = .signInFlow(error)
        case let error as SessionError: self = .session(error)
        case let error as GuestError: self = .guest(error)
        case let error as AmountError: self = .amount(error)
        case let error as LedgerError: self = .ledger(error)
        case let error as TransferClientID.Invalid: self = .transferID(error)
        case let error as TransferStepUp.StepUpError: self = .stepUp(error)
        case let error as PaymentReference.Problem: self = .paymentReference(error)
        case let error as DisplayName.Problem: self = .displayName(error)
        case let error as VerifyError: self = .verify(error)
        case let error as DeliveryFailure: self = .delivery(error)
        case let error as AuthenticatorError: self = .authenticatorSecret(error)
        case let error as ConfirmationError: self = .confirmation(error)
        case let error as TrustedDeviceError: self = .trustedDevice(error)
        case let error as BiometricSettings.EnableError: self = .biometricSwitch(error)
        case let error as StoreError: self = .store(error)
        default: return nil
        }
    }

    public var description: String { EnglishCoreCatalog().text(self) }
}
