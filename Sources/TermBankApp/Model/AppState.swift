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
    public var lastInputAt: Timestamp
    var lastTouchAt: Timestamp
    /// Set when the app should end; the runtime releases the screen and exits.
    public var quitting = false
    /// A sign-in code is on its way to the phone (an SMS command may take
    /// seconds): the screen says so until the bank answers.
    public var sendingCode = false
    /// Above this amount transfers need the SMS code (shown on the review step).
    public var stepUpThreshold: Money?
    /// During a sign-in: a recovery code may stand in for the second factor (the password step said so).
    public var signInAcceptsRecoveryCode = false
    /// The sitekey pictures by name, loaded from assets/ at start.
    public let gallery: SitekeyGallery
    /// Demo mode (`--demo`) only: the simulated phone and guest customers. nil in a real deployment.
    public var demo: DemoState?

    /// With `deviceChoices`, the first screen asks which simulated phone this is.
    /// `demo`: demo mode, which starts on the welcome screen and draws the simulated phone.
    /// `phoneWindow`: demo mode's phone-only window (`ssh … phone`).
    public init(size: Size, now: Timestamp, deviceName: String?, stepUpThreshold: Money? = nil,
                gallery: SitekeyGallery = SitekeyGallery(), deviceChoices: [DevicePicker.Choice] = [],
                demo: Bool = false, phoneWindow: PhoneWindowScreen? = nil) {
        self.gallery = gallery
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
        self.lastTouchAt = now
        self.stepUpThreshold = stepUpThreshold
    }

    public var isSignedIn: Bool { session != nil }

    /// Below this the app shows only "Terminal too small" and ignores keys
    /// (but Ctrl-C, Ctrl-L and resizes): nothing happens that cannot be seen.
    public static let minimumSize = Size(columns: 60, rows: 20)

    public var isTooSmall: Bool { size.columns < AppState.minimumSize.columns || size.rows < AppState.minimumSize.rows }
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
    case signedOut(message: String?)
}

public struct DevicePicker: Equatable, Sendable {
    public struct Choice: Equatable, Sendable {
        public let name: String
        public let biometry: BiometryType
        public init(name: String, biometry: BiometryType) {
            self.name = name
            self.biometry = biometry
        }
    }
    public let choices: [Choice]
    public var selected = 0
    public var error: String?
    public var busy = false
    public init(choices: [Choice]) { self.choices = choices }
}

public struct LoginForm: Equatable, Sendable {
    public enum Field: Equatable, Sendable { case username, password }
    public var username = ""
    public var password = Secret("")
    public var focus: Field = .username
    public var error: String?
    public var busy = false
    public init() {}
}

/// "If you recognise your picture and phrase, type your password."
public struct SitekeyFirstForm: Equatable, Sendable {
    public enum Focus: Equatable, Sendable { case password, notMyImage }
    public let username: String
    public let sitekey: Sitekey
    public var password = Secret("")
    public var focus: Focus = .password
    public var error: String?
    public var busy = false
    public init(username: String, sitekey: Sitekey) {
        self.username = username
        self.sitekey = sitekey
    }
}

public struct SitekeyScreen: Equatable, Sendable {
    public let user: UserRecord
    public let next: SignInFactor?
    public var busy = false
}

/// Why a prompt or a code screen is up.
public enum StepPurpose: Equatable, Sendable {
    case signIn
    case transfer(PendingTransfer)
}

public struct BiometricScreen: Equatable, Sendable {
    /// Why the prompt is up: a step (`StepPurpose`), or Security's check.
    public enum Purpose: Equatable, Sendable {
        case signIn
        case transfer(PendingTransfer)
        /// The check that (with the password) turns biometric sign-in back on.
        case turnOnBiometricSignIn
    }
    public var prompt: BiometricPrompt
    public let purpose: Purpose
    /// What has been typed on the passcode pad.
    public var passcode = Secret("")
    public var busy = false
}

public struct PinEntry: Equatable, Sendable {
    public var ticket: VerificationTicket
    public let purpose: StepPurpose
    public var digits = ""
    public var error: String?
    public var notice: String?
    public var attemptsLeft = 3
    public var busy = false
    /// `u` opens the recovery-code field (only at sign-in, when the attempt accepts one).
    public var acceptsRecoveryCode = false
}

public struct AuthenticatorEntry: Equatable, Sendable {
    public var purpose: StepPurpose
    public var digits = ""
    /// The core's words: a wrong or used code with the attempts left, or the lock.
    public var error: String?
    public var busy = false
    public init(purpose: StepPurpose = .signIn, digits: String = "", error: String? = nil, busy: Bool = false) {
        self.purpose = purpose
        self.digits = digits
        self.error = error
        self.busy = busy
    }
}

public struct RecoveryCodeEntry: Equatable, Sendable {
    /// Where Esc goes back to: the screen the recovery code stands in for.
    public enum Instead: Equatable, Sendable {
        case authenticator
        case smsCode(VerificationTicket)
    }
    public let instead: Instead
    public var code = Secret("")
    public var error: String?
    public var busy = false
    public init(instead: Instead, code: Secret = Secret(""), error: String? = nil, busy: Bool = false) {
        self.instead = instead
        self.code = code
        self.error = error
        self.busy = busy
    }
}

public struct NewRecoveryCodesScreen: Equatable, Sendable {
    public enum Stage: Equatable, Sendable {
        /// The password makes the new set (the last code's grant stands in for the second factor).
        case password(Secret)
        /// Shown once; leaving the screen forgets them.
        case shown([Secret])
    }
    public var stage: Stage
    public var error: String?
    public var busy = false
    public init(stage: Stage = .password(Secret("")), error: String? = nil, busy: Bool = false) {
        self.stage = stage
        self.error = error
        self.busy = busy
    }
}

public struct StatementScreen: Equatable, Sendable {
    public var notice: String?
    public var noticeIsError = false
    public init(notice: String? = nil, noticeIsError: Bool = false) {
        self.notice = notice
        self.noticeIsError = noticeIsError
    }
}

public struct TransferForm: Equatable, Sendable {
    public enum Stage: Equatable, Sendable {
        case editing
        /// What will be approved, exactly.
        case review(PendingTransfer)
    }
    public var from: AccountKind = .checking
    public var amountText = ""
    public var stage: Stage = .editing
    public var error: String?
    public var busy = false
    public init() {}
}

public enum Modal: Equatable, Sendable {
    case confirmQuit
    /// The seed's question on logout when SMS verification is on.
    case confirmSMSOnLogout
    /// After a sign-in that passed a second factor: "Trust this device for 30 days?"
    case trustDevice
}

public struct SecurityScreen: Equatable, Sendable {
    /// nil while loading.
    public var overview: SecurityOverview?
    public var notice: String?
    public var noticeIsError = false
    /// A change that needs the password (and a code) in the same screen.
    public var form: SecurityForm?
    /// The trusted device ↑/↓ selects (r revokes it).
    public var selectedDevice = 0
    /// A form to open once the overview has loaded (the statement's `s`, the logout question's no).
    public var opening: SecurityForm?
    public init(overview: SecurityOverview? = nil, notice: String? = nil, noticeIsError: Bool = false,
                form: SecurityForm? = nil, selectedDevice: Int = 0, opening: SecurityForm? = nil) {
        self.overview = overview
        self.notice = notice
        self.noticeIsError = noticeIsError
        self.form = form
        self.selectedDevice = selectedDevice
        self.opening = opening
    }
}

public struct SecurityForm: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        case enrolAuthenticator
        case turnOffSMSVerification
        case signInWithSMS
        case turnOffAuthenticator
        case newRecoveryCodes
        case changePhone
        /// The password, after a passing biometric check: biometric sign-in back on.
        case turnOnBiometricSignIn
    }
    public enum Field: Equatable, Sendable { case password, phone, code, newPhoneCode }
    public let purpose: Purpose
    /// A second-factor code too (an authenticator or recovery code; an SMS code without an authenticator).
    public let needsCode: Bool
    public var password = Secret("")
    /// The new number, for `.changePhone`.
    public var phone = ""
    public var code = Secret("")
    /// For `.changePhone`: the code sent to the new number, proving it.
    public var newPhoneCode = Secret("")
    public var focus: Field = .password
    /// Where the SMS code for this change was sent (masked), once sent.
    public var codeSentTo: String?
    /// Where the new number's code was sent (masked), once sent.
    public var newPhoneCodeSentTo: String?
    /// The number (E.164) the phone change's codes were asked for: another number needs new codes.
    public var codesSentFor: String?
    public var error: String?
    public var busy = false
    /// Sign out once the change is saved (the logout question answered no).
    public var thenSignOut = false
    public init(purpose: Purpose, needsCode: Bool, password: Secret = Secret(""), code: Secret = Secret(""),
                focus: Field = .password, codeSentTo: String? = nil, error: String? = nil, busy: Bool = false,
                thenSignOut: Bool = false) {
        self.purpose = purpose
        self.needsCode = needsCode
        self.password = password
        self.code = code
        self.focus = focus
        self.codeSentTo = codeSentTo
        self.error = error
        self.busy = busy
        self.thenSignOut = thenSignOut
    }

    /// The same form emptied after a refusal, with the reason.
    func refused(_ message: String) -> SecurityForm {
        var form = SecurityForm(purpose: purpose, needsCode: needsCode, codeSentTo: codeSentTo, error: message,
                                thenSignOut: thenSignOut)
        form.phone = phone
        form.newPhoneCodeSentTo = newPhoneCodeSentTo
        form.codesSentFor = codesSentFor
        return form
    }

    /// The fields in Tab order.
    var fields: [Field] {
        purpose == .changePhone ? [.password, .phone, .code, .newPhoneCode] : needsCode ? [.password, .code] : [.password]
    }
}

public struct EnrolmentScreen: Equatable, Sendable {
    public enum Stage: Equatable, Sendable {
        /// The QR code and the secret, until the first code is accepted.
        case scan(AuthenticatorSetup)
        /// On: the recovery codes, once (empty when the user kept an earlier set).
        case done(recoveryCodes: [Secret])
    }
    public var stage: Stage
    public var digits = ""
    public var error: String?
    public var busy = false
    public init(stage: Stage, digits: String = "", error: String? = nil, busy: Bool = false) {
        self.stage = stage
        self.digits = digits
        self.error = error
        self.busy = busy
    }
}
