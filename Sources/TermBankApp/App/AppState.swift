import TermBankCore

/// Everything the screen shows, as data. Showing a screen is setting `screen`;
/// a modal is optional state on top of it.
public struct AppState: Equatable, Sendable {
    public var size: Size
    public var now: Timestamp
    public var deviceName: String?
    public var screen: Screen
    public var modal: Modal?
    public var showsHelp = false
    public var session: SessionInfo?
    public var account: AccountSnapshot?
    /// Where the statement is in the history, for the whole session.
    public var statement = StatementScroll()
    public var lastInputAt: Timestamp
    /// The last key, signed in or not: screens before sign-in close after
    /// `SessionPolicy.unsignedIdleSeconds` without one.
    public var lastKey: LastKey
    var lastTouchAt: Timestamp
    /// Set when the app should end; the runtime releases the screen and exits.
    public var quitting = false
    /// A sign-in code is on its way to the phone (an SMS command may take
    /// seconds): the screen says so until the bank answers.
    public var sendingCode = false
    /// The bank's session rules: the idle limit and its warning come from the core, never copied here.
    public var sessionPolicy = SessionPolicy.standard
    /// During a sign-in: a recovery code may stand in for the second factor (the password step said so).
    public var signInAcceptsRecoveryCode = false
    /// The sitekey pictures by name, loaded from assets/ at start.
    public let gallery: SitekeyGallery
    /// What the terminal can show: ASCII draws stand-ins and each sitekey's ASCII picture.
    public var charset = TerminalCharset.unicode
    /// Demo mode (`--demo`) only: the simulated phone and guest customers. nil in a real deployment.
    public var demo: DemoState?
    /// The language on the screen, and why (`--lang`, the environment, the user's preference, `L`).
    public var languageSelection: LanguageSelection

    /// The language every text on the screen is in.
    public var language: Language { languageSelection.language }

    /// With `deviceChoices`, the first screen asks which simulated phone this is.
    /// `demo`: demo mode, which starts on the welcome screen and draws the simulated phone.
    /// `phoneWindow`: demo mode's phone-only window (`ssh … phone`).
    public init(size: Size, now: Timestamp, deviceName: String?,
                gallery: SitekeyGallery = SitekeyGallery(), deviceChoices: [DevicePicker.Choice] = [],
                demo: Bool = false, phoneWindow: PhoneWindowScreen? = nil, language: LanguageSelection = .english) {
        self.gallery = gallery
        self.languageSelection = language
        self.size = size
        self.now = now
        self.deviceName = deviceName
        self.demo = demo ? DemoState() : nil
        if let phoneWindow, demo {
            self.screen = .phoneWindow(phoneWindow)
        } else if !deviceChoices.isEmpty {
            self.screen = .pickDevice(DevicePicker(choices: deviceChoices))
        } else {
            self.screen = demo ? .welcome(WelcomeScreen()) : .login(LoginForm())
        }
        self.lastInputAt = now
        self.lastKey = LastKey(at: now)
        self.lastTouchAt = now
    }

    public var isSignedIn: Bool { session != nil }

    /// Below this the app shows only "Terminal too small" and ignores keys
    /// (but Ctrl-C, Ctrl-L and resizes): nothing happens that cannot be seen.
    public static let minimumSize = Size(columns: 60, rows: 20)

    public var isTooSmall: Bool { size.columns < AppState.minimumSize.columns || size.rows < AppState.minimumSize.rows }

    /// Above this the app shows only "Window too large" and ignores keys
    /// like a window too small: the client picks the window's size, and a
    /// frame's memory and drawing follow it (decision 64), so no frame, page of
    /// history or layout is ever made larger than this, whatever the client
    /// says. Four times a 120x50 screen's width and rows, with room to spare.
    public static let maximumSize = Size(columns: 500, rows: 200)

    public var isTooLarge: Bool { size.columns > AppState.maximumSize.columns || size.rows > AppState.maximumSize.rows }

    /// Neither too small nor too large: the screens draw and keys act.
    public var isDrawable: Bool { !isTooSmall && !isTooLarge }
}

public enum Screen: Equatable, Sendable {
    /// Over SSH without a known key: which demo phone this terminal stands for.
    case pickDevice(DevicePicker)
    /// Demo mode's first screen: a new demo customer (`g`) or sign in.
    case welcome(WelcomeScreen)
    /// Demo mode: the new guest's username and password, shown once.
    case guestCard(GuestCard)
    /// Demo mode's phone-only window.
    case phoneWindow(PhoneWindowScreen)
    case login(LoginForm)
    /// On a device where this username completed a sign-in before: the
    /// sitekey after the username, before the password (SiteKey).
    case sitekeyFirst(SitekeyFirstForm)
    case sitekey(SitekeyScreen)
    case biometric(BiometricScreen)
    case pin(PinEntry)
    /// "Enter the code from your authenticator app".
    case authenticator(AuthenticatorEntry)
    /// A recovery code in place of the second factor.
    case recoveryCode(RecoveryCodeEntry)
    /// After signing in with the last recovery code: the password, then the new set, shown once.
    case newRecoveryCodes(NewRecoveryCodesScreen)
    case statement(StatementScreen)
    /// Security settings, from the statement: second factors and trusted devices.
    case security(SecurityScreen)
    /// Setting up an authenticator app: the QR code once, the first code, the recovery codes once.
    case enrolment(EnrolmentScreen)
    case transfer(TransferForm)
    case receipt(TransferReceipt)
    /// Paying another customer (`p` on the statement).
    case pay(PayForm)
    /// A payment booked: its receipt, naming the payee.
    case paid(TransferReceipt, Payee)
    case signedOut(message: AppMessage?)
    /// A screen from outside this module (`AddedScreen`).
    case added(AddedScreen)
    /// `termbank demo watch`: the presenter's view of the stakeholders at the demo.
    case presenter(PresenterScreen)
}

public enum Modal: Equatable, Sendable {
    case confirmQuit
    /// `l` was pressed: the switch is read again before the question opens
    /// (`SMSSwitchOnLogout`). A y or n typed meanwhile is kept and answers the
    /// question once it opens: typed ahead, over a slow link, it is not lost.
    case readingSMSSwitchForLogout(typedAhead: Key? = nil)
    /// The seed's question at every logout, "Perform SMS verification on
    /// login?": with the switch on, no turns it off (password and a code);
    /// with it off, yes turns it on before signing out.
    case confirmSMSOnLogout
    /// Yes was answered with the switch off: turning it on, then signing out.
    case turningSMSOnForLogout
    /// After a sign-in that passed a second factor: "Trust this device for 30 days?"
    case trustDevice
}

/// When the last key came. Two states that differ only in it are equal: it
/// is the idle clock, not what is on the screen, so a key a screen ignores
/// still leaves the state as it was (the reducer tests compare states so).
public struct LastKey: Equatable, Sendable {
    public var at: Timestamp

    public init(at: Timestamp) { self.at = at }

    public static func == (_: LastKey, _: LastKey) -> Bool { true }
}
