import TermBankApp
import TermBankCore

/// A language's catalogs with every text they return passed through a
/// function: the pseudo-locale accents each letter (`Pseudo`), the fitting
/// check records what was said (`Fitting`). Times, amounts and money go
/// through it too, so whatever a frame shows from a catalog does.
struct MappedAppCatalog: AppCatalog {
    let base: any AppCatalog
    let map: @Sendable (String) -> String
    /// The core's words: the base's, mapped too, unless a test gives others
    /// (English, to show that a catalog left untranslated is caught).
    let core: any CoreCatalog

    /// `datesToo`: the month names and the words of a date pattern are passed
    /// through `map` as well (the pseudo-locale accents them). Not for the
    /// fitting check, which would count all twelve months as said.
    init(_ base: any AppCatalog, _ map: @escaping @Sendable (String) -> String, core: (any CoreCatalog)? = nil,
         datesToo: Bool = false) {
        self.base = base
        self.map = map
        self.core = core ?? MappedCoreCatalog(base.core, map, datesToo: datesToo)
    }

    /// Keys are key caps, not words: the base language's, unmapped.
    var answers: AnswerKeys { base.answers }

    func text(_ text: ChromeText) -> String { map(base.text(text)) }
    func text(_ label: KeyLabel) -> String { map(base.text(label)) }
    func text(_ text: SignInText) -> String { map(base.text(text)) }
    func text(_ text: SecondFactorText) -> String { map(base.text(text)) }
    func text(_ text: DemoText) -> String { map(base.text(text)) }
    func text(_ text: ModalText) -> String { map(base.text(text)) }
    func text(_ text: BankingText) -> String { map(base.text(text)) }
    func text(_ text: PaymentText) -> String { map(base.text(text)) }
    func text(_ text: HistoryText) -> String { map(base.text(text)) }
    func text(_ text: SecurityText) -> String { map(base.text(text)) }
    func text(_ text: SessionText) -> String { map(base.text(text)) }
    func text(_ text: PresenterText) -> String { map(base.text(text)) }
}

struct MappedCoreCatalog: CoreCatalog {
    let base: any CoreCatalog
    let map: @Sendable (String) -> String

    let datesToo: Bool

    init(_ base: any CoreCatalog, _ map: @escaping @Sendable (String) -> String, datesToo: Bool = false) {
        self.base = base
        self.map = map
        self.datesToo = datesToo
    }

    var pluralRule: PluralRule { base.pluralRule }
    var numbers: NumberConventions { base.numbers }
    /// Month names and the words between a date's numbers ("November 30, 2026, 06:58:44 UTC") are words too.
    var dates: DateConventions {
        let dates = base.dates
        guard datesToo else { return dates }
        let map = self.map
        func mapped(_ pattern: [DateConventions.Part]) -> [DateConventions.Part] {
            pattern.map { part in
                if case .text(let words) = part { return .text(map(words)) }
                return part
            }
        }
        return DateConventions(monthNames: dates.monthNames.map(map), monthAbbreviations: dates.monthAbbreviations.map(map),
                               dayAndTime: mapped(dates.dayAndTime), dayOnly: mapped(dates.dayOnly),
                               dayWithYear: mapped(dates.dayWithYear), dateAndTime: mapped(dates.dateAndTime),
                               timeOfDay: mapped(dates.timeOfDay), timeWithSeconds: mapped(dates.timeWithSeconds))
    }
    func time(_ time: Timestamp) -> String { map(base.time(time)) }
    func amount(_ money: Money) -> String { map(base.amount(money)) }
    func money(_ money: Money) -> String { map(base.money(money)) }
    func text(_ problem: Username.Problem) -> String { map(base.text(problem)) }
    func text(_ problem: PasswordPolicy.Problem) -> String { map(base.text(problem)) }
    func text(_ problem: PhoneNumber.Invalid) -> String { map(base.text(problem)) }
    func text(_ problem: Sitekey.Problem) -> String { map(base.text(problem)) }
    func text(_ refusal: PasswordSignIn.Refusal) -> String { map(base.text(refusal)) }
    func text(_ error: SignInFlow.FlowError) -> String { map(base.text(error)) }
    func text(_ error: SessionError) -> String { map(base.text(error)) }
    func text(_ error: GuestError) -> String { map(base.text(error)) }
    func text(_ refusal: DemoConnectionLimit.Refusal) -> String { map(base.text(refusal)) }
    func text(_ kind: AccountKind) -> String { map(base.text(kind)) }
    func text(_ error: AmountError) -> String { map(base.text(error)) }
    func text(_ error: LedgerError) -> String { map(base.text(error)) }
    func text(_ error: TransferClientID.Invalid) -> String { map(base.text(error)) }
    func text(_ error: TransferStepUp.StepUpError) -> String { map(base.text(error)) }
    func text(_ problem: PaymentReference.Problem) -> String { map(base.text(problem)) }
    func text(_ problem: DisplayName.Problem) -> String { map(base.text(problem)) }
    func summary(_ transfer: PendingTransfer) -> String { map(base.summary(transfer)) }
    func label(_ line: StatementLine) -> String { map(base.label(line)) }
    func text(_ error: VerifyError) -> String { map(base.text(error)) }
    func text(_ result: CheckResult) -> String { map(base.text(result)) }
    func text(_ failure: DeliveryFailure) -> String { map(base.text(failure)) }
    func text(_ problem: VerifyConfiguration.Invalid) -> String { map(base.text(problem)) }
    func smsText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String {
        map(base.smsText(code: code, purpose: purpose, expiresInSeconds: seconds))
    }
    func voiceText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String {
        map(base.voiceText(code: code, purpose: purpose, expiresInSeconds: seconds))
    }
    func smsLockedText(until: Timestamp) -> String { map(base.smsLockedText(until: until)) }
    func providerSentText(phone: String, provider: String) -> String {
        map(base.providerSentText(phone: phone, provider: provider))
    }
    func text(_ check: AuthenticatorCheck) -> String { map(base.text(check)) }
    func text(_ result: ActivationResult) -> String { map(base.text(result)) }
    func text(_ error: AuthenticatorError) -> String { map(base.text(error)) }
    func text(_ check: RecoveryCodeCheck) -> String { map(base.text(check)) }
    func text(_ error: ConfirmationError) -> String { map(base.text(error)) }
    func text(_ unchanged: ConfirmationError.Unchanged) -> String { map(base.text(unchanged)) }
    func text(_ error: TrustedDeviceError) -> String { map(base.text(error)) }
    func summary(_ change: SecurityChange) -> String { map(base.summary(change)) }
    func text(_ notice: PhoneNotice) -> String { map(base.text(notice)) }
    func text(_ error: BiometricSettings.EnableError) -> String { map(base.text(error)) }
    func text(_ outcome: BiometricOutcome, biometry: BiometryType) -> String? {
        base.text(outcome, biometry: biometry).map(map)
    }
    func text(_ notice: BiometricNotice, biometry: BiometryType) -> String { map(base.text(notice, biometry: biometry)) }
    func text(_ error: StoreError) -> String { map(base.text(error)) }
}
