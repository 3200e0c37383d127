import TermBankCore

// The security feature's screens: the settings, their forms, the authenticator's set-up.

public struct SecurityScreen: Equatable, Sendable {
    /// nil while loading.
    public var overview: SecurityOverview?
    public var notice: Notice?
    /// A change that needs the password (and a code) in the same screen.
    public var form: SecurityForm?
    /// The trusted device ↑/↓ selects (r revokes it).
    public var selectedDevice = 0
    /// The first trusted device on screen, where the list is longer than
    /// its window (`TrustedDeviceList`): the window follows the selection.
    public var firstDevice = 0
    /// A form to open once the overview has loaded (the statement's `s`, the logout question's no).
    public var opening: SecurityForm?
    public init(overview: SecurityOverview? = nil, notice: Notice? = nil,
                form: SecurityForm? = nil, selectedDevice: Int = 0, firstDevice: Int = 0, opening: SecurityForm? = nil) {
        self.overview = overview
        self.notice = notice
        self.form = form
        self.selectedDevice = selectedDevice
        self.firstDevice = firstDevice
        self.opening = opening
    }
}

public struct SecurityForm: Equatable, Sendable, HasFormStatus {
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
    /// Sign out once the change is saved (the logout question answered no).
    public var thenSignOut = false
    public var status = FormStatus()
    public init(purpose: Purpose, needsCode: Bool, password: Secret = Secret(""), code: Secret = Secret(""),
                focus: Field = .password, codeSentTo: String? = nil, error: AppMessage? = nil, busy: Bool = false,
                thenSignOut: Bool = false) {
        self.purpose = purpose
        self.needsCode = needsCode
        self.password = password
        self.code = code
        self.focus = focus
        self.codeSentTo = codeSentTo
        self.status = FormStatus(busy: busy, error: error)
        self.thenSignOut = thenSignOut
    }

    /// The same form emptied after a refusal, with the reason.
    func refused(_ message: AppMessage) -> SecurityForm {
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

public struct EnrolmentScreen: Equatable, Sendable, HasFormStatus {
    public enum Stage: Equatable, Sendable {
        /// The QR code and the secret, until the first code is accepted.
        case scan(AuthenticatorSetup)
        /// On: the recovery codes, once (empty when the user kept an earlier set).
        case done(recoveryCodes: [Secret])
    }
    public var stage: Stage
    public var digits = ""
    public var status = FormStatus()
    public init(stage: Stage, digits: String = "", error: AppMessage? = nil, busy: Bool = false) {
        self.stage = stage
        self.digits = digits
        self.status = FormStatus(busy: busy, error: error)
    }
}
