import TermBankApp
import TermBankCore

/// Pseudo-localisation: the English catalogs with every ASCII letter swapped
/// for an accented one of the same width ("Sign in" → "Šíĝñ íñ"), so a frame
/// drawn with it keeps its layout, and any plain ASCII word left on it did
/// not come from a catalog.
enum Pseudo {
    static let letters: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("áƀçďéƒĝĥíĵķĺɱñóþʠŕšţúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    static func words(_ english: String) -> String { String(english.map { letters[$0] ?? $0 }) }
}

struct PseudoAppCatalog: AppCatalog {
    let english = EnglishAppCatalog()
    /// The core's words: pseudo too, unless a test leaves them in English
    /// to show that the check catches a catalog that was not translated.
    var core: any CoreCatalog = PseudoCoreCatalog()
    func text(_ text: ChromeText) -> String { Pseudo.words(english.text(text)) }
    func text(_ label: KeyLabel) -> String { Pseudo.words(english.text(label)) }
    func text(_ text: SignInText) -> String { Pseudo.words(english.text(text)) }
    func text(_ text: SecondFactorText) -> String { Pseudo.words(english.text(text)) }
    func text(_ text: DemoText) -> String { Pseudo.words(english.text(text)) }
    func text(_ text: ModalText) -> String { Pseudo.words(english.text(text)) }
    func text(_ text: BankingText) -> String { Pseudo.words(english.text(text)) }
    func text(_ text: SecurityText) -> String { Pseudo.words(english.text(text)) }
    func text(_ text: SessionText) -> String { Pseudo.words(english.text(text)) }
}

struct PseudoCoreCatalog: CoreCatalog {
    let english = EnglishCoreCatalog()
    var pluralRule: PluralRule { english.pluralRule }
    var numbers: NumberConventions { english.numbers }
    var dates: DateConventions { english.dates }
    func time(_ time: Timestamp) -> String { english.time(time) }
    func amount(_ money: Money) -> String { english.amount(money) }
    func money(_ money: Money) -> String { english.money(money) }
    func text(_ problem: Username.Problem) -> String { Pseudo.words(english.text(problem)) }
    func text(_ problem: PasswordPolicy.Problem) -> String { Pseudo.words(english.text(problem)) }
    func text(_ problem: PhoneNumber.Invalid) -> String { Pseudo.words(english.text(problem)) }
    func text(_ problem: Sitekey.Problem) -> String { Pseudo.words(english.text(problem)) }
    func text(_ refusal: PasswordSignIn.Refusal) -> String { Pseudo.words(english.text(refusal)) }
    func text(_ error: SignInFlow.FlowError) -> String { Pseudo.words(english.text(error)) }
    func text(_ error: SessionError) -> String { Pseudo.words(english.text(error)) }
    func text(_ error: GuestError) -> String { Pseudo.words(english.text(error)) }
    func text(_ kind: AccountKind) -> String { Pseudo.words(english.text(kind)) }
    func text(_ error: AmountError) -> String { Pseudo.words(english.text(error)) }
    func text(_ error: LedgerError) -> String { Pseudo.words(english.text(error)) }
    func text(_ error: TransferClientID.Invalid) -> String { Pseudo.words(english.text(error)) }
    func text(_ error: TransferStepUp.StepUpError) -> String { Pseudo.words(english.text(error)) }
    func text(_ problem: PaymentReference.Problem) -> String { Pseudo.words(english.text(problem)) }
    func text(_ problem: DisplayName.Problem) -> String { Pseudo.words(english.text(problem)) }
    func summary(_ transfer: PendingTransfer) -> String { Pseudo.words(english.summary(transfer)) }
    func label(_ line: StatementLine) -> String { Pseudo.words(english.label(line)) }
    func text(_ error: VerifyError) -> String { Pseudo.words(english.text(error)) }
    func text(_ result: CheckResult) -> String { Pseudo.words(english.text(result)) }
    func text(_ failure: DeliveryFailure) -> String { Pseudo.words(english.text(failure)) }
    func text(_ problem: VerifyConfiguration.Invalid) -> String { Pseudo.words(english.text(problem)) }
    func smsText(code: String, purpose: VerificationPurpose, expiresInMinutes minutes: Int64) -> String {
        Pseudo.words(english.smsText(code: code, purpose: purpose, expiresInMinutes: minutes))
    }
    func voiceText(code: String, purpose: VerificationPurpose, expiresInMinutes minutes: Int64) -> String {
        Pseudo.words(english.voiceText(code: code, purpose: purpose, expiresInMinutes: minutes))
    }
    func smsLockedText(until: Timestamp) -> String { Pseudo.words(english.smsLockedText(until: until)) }
    func text(_ check: AuthenticatorCheck) -> String { Pseudo.words(english.text(check)) }
    func text(_ result: ActivationResult) -> String { Pseudo.words(english.text(result)) }
    func text(_ error: AuthenticatorError) -> String { Pseudo.words(english.text(error)) }
    func text(_ check: RecoveryCodeCheck) -> String { Pseudo.words(english.text(check)) }
    func text(_ error: ConfirmationError) -> String { Pseudo.words(english.text(error)) }
    func text(_ unchanged: ConfirmationError.Unchanged) -> String { Pseudo.words(english.text(unchanged)) }
    func text(_ error: TrustedDeviceError) -> String { Pseudo.words(english.text(error)) }
    func summary(_ change: SecurityChange) -> String { Pseudo.words(english.summary(change)) }
    func text(_ notice: PhoneNotice) -> String { Pseudo.words(english.text(notice)) }
    func text(_ error: BiometricSettings.EnableError) -> String { Pseudo.words(english.text(error)) }
    func text(_ outcome: BiometricOutcome, biometry: BiometryType) -> String? {
        english.text(outcome, biometry: biometry).map(Pseudo.words)
    }
    func text(_ notice: BiometricNotice, biometry: BiometryType) -> String {
        Pseudo.words(english.text(notice, biometry: biometry))
    }
    func text(_ error: StoreError) -> String { Pseudo.words(english.text(error)) }
}
