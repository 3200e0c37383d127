import TermBankCore

/// The app's words for one language: one requirement per kind of text the
/// app shows (its chrome, the key bar, each feature's screens), and the
/// core's catalog for the core's messages. Views ask the catalog they are
/// given; they hold no words of their own. A language is a new conforming
/// type; one that misses a text does not compile. (decision 20)
public protocol AppCatalog: Sendable {
    /// The words for the core's refusals, checks and notices, in the same language.
    var core: any CoreCatalog { get }
    /// The keys that answer yes or no in this language, beside its words
    /// for them (`KeyLabel.yes`, `.no`): the reducer reads answers by them.
    var answers: AnswerKeys { get }
    /// The frame around every screen: title bar, status line, help, small terminals.
    func text(_ text: ChromeText) -> String
    /// What a key does, in the key bar and the help overlay.
    func text(_ label: KeyLabel) -> String
    /// The sign-in feature: which phone, username and password, the sitekey.
    func text(_ text: SignInText) -> String
    /// The second factor: the biometric sheet, SMS and authenticator codes, recovery codes.
    func text(_ text: SecondFactorText) -> String
    /// Demo mode: the welcome screen, the guest's card, the simulated phone.
    func text(_ text: DemoText) -> String
    /// The questions over a screen: quit, SMS verification on logout, trust this device.
    func text(_ text: ModalText) -> String
    /// Banking: the statement, moving money, the receipt.
    func text(_ text: BankingText) -> String
    /// Paying another customer: the payee, confirmation of payee, the review and receipt.
    func text(_ text: PaymentText) -> String
    /// The statement's history: the filter, the search, the balance pictures.
    func text(_ text: HistoryText) -> String
    /// Security: the settings, the confirmation forms, setting up an authenticator app.
    func text(_ text: SecurityText) -> String
    /// Signing out, and notices more than one feature shows.
    func text(_ text: SessionText) -> String
    /// The presenter's view (`termbank demo watch`): the stakeholders, their steps, who is stuck, unlocking.
    func text(_ text: PresenterText) -> String
}

extension AppCatalog {
    /// The words for a message kept in the app's state.
    public func text(_ message: AppMessage) -> String {
        switch message {
        case .core(.store(let failure)) where failure.isUnreachableBank:
            // The database's address (internal host names, socket folders) is
            // the operator's to read, not the customer's, and would crowd out
            // the reason: the screen says the bank is out of reach. The state
            // keeps the value, so the app still knows when the bank answers.
            if case .connectionLost = failure { return self.text(SessionText.bankConnectionLost) }
            return self.text(SessionText.bankUnreachable)
        case .core(.store(let failure)) where failure.isOperatorsToFix:
            // The same for the bank's own file: its path, and advice such as
            // "free some space" or "restore it from a backup", are the
            // operator's; the customer can only try again later.
            return self.text(SessionText.bankCannotDoThatNow)
        case .core(let message): return core.text(message)
        case .signIn(let text): return self.text(text)
        case .secondFactor(let text): return self.text(text)
        case .banking(let text): return self.text(text)
        case .payment(let text): return self.text(text)
        case .security(let text): return self.text(text)
        case .session(let text): return self.text(text)
        case .presenter(let text): return self.text(text)
        }
    }
}

extension AppCatalog where Self == EnglishAppCatalog {
    /// The words the app speaks today.
    public static var english: EnglishAppCatalog { EnglishAppCatalog() }
}

/// A message the app keeps in its state (a form's error, a screen's notice)
/// until a view words it: a value, never English. A bank client may throw
/// one (an `Error`) when the app's own words say best what went wrong.
public enum AppMessage: Error, Equatable, Sendable {
    /// A refusal or check from the core.
    case core(CoreMessage)
    case signIn(SignInText)
    case secondFactor(SecondFactorText)
    case banking(BankingText)
    case payment(PaymentText)
    case security(SecurityText)
    case session(SessionText)
    case presenter(PresenterText)
}

extension StoreError {
    /// The database server out of reach, the connection to it lost, or only
    /// a standby answering: the same for a customer, who should try again.
    var isUnreachableBank: Bool {
        switch self {
        case .serverUnavailable, .connectionLost, .readOnlyStandby: return true
        default: return false
        }
    }

    /// A failure of the bank's storage that only its operator can see to or
    /// fix: its message names the database and says what to do about it.
    /// A customer's own (a name taken, a number in use) is not one.
    var isOperatorsToFix: Bool {
        switch self {
        case .duplicateUser, .unknownUser, .phoneInUse: return false
        default: return !isUnreachableBank
        }
    }
}
