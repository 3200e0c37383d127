/// The words for everything the core can say: one requirement per message
/// type, so a catalog for another language that misses a message does not
/// compile. The core's errors, checks and notices are values (enums with the
/// numbers and names they need); a catalog turns a value into a sentence for
/// one language, choosing plural forms with its `pluralRule` and writing
/// times and amounts its way. `EnglishCoreCatalog` is the only one today;
/// each type's `description` is its English words, for logs and the operator
/// CLI. (decision 20)
public protocol CoreCatalog: Sendable {
    /// How this language picks a plural form.
    var pluralRule: PluralRule { get }
    /// How this language writes numbers and amounts (separators, grouping,
    /// the currency symbol's place): `amount`, `money` and the amount parser
    /// follow it.
    var numbers: NumberConventions { get }
    /// How this language writes dates: month names and their order.
    var dates: DateConventions { get }
    /// A time of day in messages ("14:05 UTC").
    func time(_ time: Timestamp) -> String
    /// An amount without its currency sign ("1,250.00").
    func amount(_ money: Money) -> String
    /// An amount with its currency sign ("$1,250.00", "-$5.00").
    func money(_ money: Money) -> String

    // Identity and sign-in
    func text(_ problem: Username.Problem) -> String
    func text(_ problem: PasswordPolicy.Problem) -> String
    func text(_ problem: PhoneNumber.Invalid) -> String
    func text(_ problem: Sitekey.Problem) -> String
    func text(_ refusal: PasswordSignIn.Refusal) -> String
    func text(_ error: SignInFlow.FlowError) -> String
    func text(_ error: SessionError) -> String
    func text(_ error: GuestError) -> String
    func text(_ refusal: DemoConnectionLimit.Refusal) -> String

    // Money and transfers
    func text(_ kind: AccountKind) -> String
    func text(_ error: AmountError) -> String
    func text(_ error: LedgerError) -> String
    func text(_ error: TransferClientID.Invalid) -> String
    func text(_ error: TransferStepUp.StepUpError) -> String
    func text(_ problem: PaymentReference.Problem) -> String
    func text(_ problem: DisplayName.Problem) -> String
    /// "$250.00 from Checking to Savings": what a transfer code approves.
    func summary(_ transfer: PendingTransfer) -> String
    /// "Transfer to Savings", "Opening balance", "Reversal of TB-000012".
    func label(_ line: StatementLine) -> String

    // Codes by SMS and voice
    func text(_ error: VerifyError) -> String
    func text(_ result: CheckResult) -> String
    func text(_ failure: DeliveryFailure) -> String
    func text(_ problem: VerifyConfiguration.Invalid) -> String
    /// `seconds`: how long the code still works, as the bank counts it when
    /// the text goes out; worded never as more than is left.
    func smsText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String
    func voiceText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String
    func smsLockedText(until: Timestamp) -> String
    /// The simulated phone's note when a Verify service sent the code to the
    /// real phone (decision 0100): where it went, never the code.
    func providerSentText(phone: String, provider: String) -> String

    // Second factors and security settings
    func text(_ check: AuthenticatorCheck) -> String
    func text(_ result: ActivationResult) -> String
    func text(_ error: AuthenticatorError) -> String
    func text(_ check: RecoveryCodeCheck) -> String
    func text(_ error: ConfirmationError) -> String
    func text(_ unchanged: ConfirmationError.Unchanged) -> String
    func text(_ error: TrustedDeviceError) -> String
    /// What a change does, for the SMS text and the screen.
    func summary(_ change: SecurityChange) -> String
    /// The phone's text when sign-in protection changes.
    func text(_ notice: PhoneNotice) -> String

    // Biometrics
    func text(_ error: BiometricSettings.EnableError) -> String
    /// The sheet's words after an evaluation; nil when nothing is shown.
    func text(_ outcome: BiometricOutcome, biometry: BiometryType) -> String?
    func text(_ notice: BiometricNotice, biometry: BiometryType) -> String

    // The database (operator CLI and the app's fatal screen)
    func text(_ error: StoreError) -> String
}

extension CoreCatalog {
    public func time(_ time: Timestamp) -> String { dates.time(time) }
    public func amount(_ money: Money) -> String { numbers.amount(money) }
    public func money(_ money: Money) -> String { numbers.money(money) }

    /// The parser for amounts typed in this language, up to `limit`.
    public func amountParser(limit: Money = AmountParser.defaultLimit) -> AmountParser {
        AmountParser(numbers: numbers, limit: limit)
    }

    /// The form of a word for a count, by this catalog's plural rule.
    public func plural(_ count: Int, one: String, few: String? = nil, many: String? = nil, other: String) -> String {
        pluralRule.choose(count, one: one, few: few, many: many, other: other)
    }

    /// The words for any core message value.
    public func text(_ message: CoreMessage) -> String {
        switch message {
        case .username(let problem): return text(problem)
        case .password(let problem): return text(problem)
        case .phoneNumber(let problem): return text(problem)
        case .sitekey(let problem): return text(problem)
        case .signIn(let refusal): return text(refusal)
        case .signInFlow(let error): return text(error)
        case .session(let error): return text(error)
        case .guest(let error): return text(error)
        case .amount(let error): return text(error)
        case .ledger(let error): return text(error)
        case .transferID(let error): return text(error)
        case .stepUp(let error): return text(error)
        case .paymentReference(let problem): return text(problem)
        case .displayName(let problem): return text(problem)
        case .verify(let error): return text(error)
        case .check(let result): return text(result)
        case .delivery(let failure): return text(failure)
        case .authenticator(let check): return text(check)
        case .activation(let result): return text(result)
        case .authenticatorSecret(let error): return text(error)
        case .recoveryCode(let check): return text(check)
        case .confirmation(let error): return text(error)
        case .trustedDevice(let error): return text(error)
        case .biometricSwitch(let error): return text(error)
        case .store(let error): return text(error)
        case .biometric(let outcome, let biometry): return text(outcome, biometry: biometry) ?? ""
        }
    }
}

extension CoreCatalog where Self == EnglishCoreCatalog {
    /// The words the bank speaks today.
    public static var english: EnglishCoreCatalog { EnglishCoreCatalog() }
}
