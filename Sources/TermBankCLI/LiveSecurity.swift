import TermBankApp
import TermBankCore
import TermBankQR

/// The Security settings of a signed-in terminal: each change with the
/// password and a second factor, the codes sent for the changes, and the
/// biometric check that turns biometric sign-in back on. Every call goes
/// through the session's one check, `LiveSession.withSession`.
final class LiveSecurity: @unchecked Sendable {
    private let terminal: LiveTerminal
    private let session: LiveSession
    private let security: SecuritySettings
    private let trustedDevices: TrustedDeviceService
    private let authenticator: BiometricAuthenticator
    private let biometricSwitch: BiometricSignInSwitch

    /// The SMS code that confirms a change in the settings (users without an authenticator).
    private var confirmationTicket: VerificationTicket?
    /// The SMS code sent to a new number, proving it for a phone change.
    private var newPhoneTicket: VerificationTicket?
    /// A passing biometric check on Security, for turning biometric sign-in back on with the password.
    private var switchApproval: BiometricApproval?

    init(terminal: LiveTerminal, session: LiveSession, security: SecuritySettings, trustedDevices: TrustedDeviceService,
         authenticator: BiometricAuthenticator, biometricSettings: BiometricSettings) {
        self.terminal = terminal
        self.session = session
        self.security = security
        self.trustedDevices = trustedDevices
        self.authenticator = authenticator
        biometricSwitch = BiometricSignInSwitch(settings: biometricSettings, devices: terminal.store,
                                                passwords: terminal.bank.signIn, clock: terminal.bank.clock)
    }

    private var context: AuditContext { session.context }

    /// Forgets the codes and the approval; called while signing out, under the terminal's lock.
    func end() {
        confirmationTicket = nil
        newPhoneTicket = nil
        switchApproval = nil
    }

    /// A signed-in call: under the terminal's lock, after the session's one check.
    private func signedIn<T>(_ body: (UserRecord) throws -> T) throws -> T {
        try terminal.locked { try session.withSession(body) }
    }

    private func overview(of user: UserRecord) throws -> SecurityOverview {
        let status = try security.status(for: user)
        let now = terminal.bank.clock.now()
        let devices = try trustedDevices.list(for: user).filter { $0.isValid(at: now) }
            .map { TrustedDeviceRow(id: $0.id, deviceName: $0.deviceName, expiresAt: $0.expiresAt, lastUsedAt: $0.lastUsedAt) }
        return SecurityOverview(phone: user.phone, smsVerification: status.smsVerification, authenticatorActive: status.authenticatorActive,
                                signInFactor: status.signInFactor, recoveryCodesLeft: status.recoveryCodesLeft,
                                trustedDevices: devices,
                                biometricSignIn: try terminal.device.flatMap { try biometricSwitch.status(for: user, on: $0) })
    }

    func securityOverview() throws -> SecurityOverview {
        try signedIn { try overview(of: $0) }
    }

    func sendConfirmationCode(_ change: SecurityChange, _ password: Secret?) throws -> VerificationTicket {
        try signedIn { current in
            let ticket = try security.sendConfirmationCode(for: current, change: change, password: password,
                                                           context: context)
            if case .proveNewPhone = change { newPhoneTicket = ticket } else { confirmationTicket = ticket }
            return ticket
        }
    }

    /// What was typed, as the second factor the settings rules accept: with an
    /// authenticator, 6 digits are its code and anything else a recovery code;
    /// without, the SMS code sent for this very change.
    private func confirmation(_ typed: Secret, for change: SecurityChange, user: UserRecord) throws -> SecondFactorCode {
        let text = typed.exposedValue.filter { $0 != " " }
        if try security.status(for: user).authenticatorActive {
            return text.count == TOTP.digits && text.allSatisfy(\.isNumber) ? .authenticator(text) : .recoveryCode(typed)
        }
        guard let ticket = confirmationTicket, ticket.purpose == .confirmation(change) else {
            throw ConfirmationError.noAuthenticator
        }
        return .sms(ticket.id, text)
    }

    // MARK: Authenticator and recovery codes

    func beginEnrolment(_ password: Secret, _ code: Secret?) throws -> EnrolmentReply {
        try signedIn { current in
            // Which change the code confirms; the core decides again, with the pending secret.
            let change: SecurityChange = try security.status(for: current).authenticatorActive
                ? .replaceAuthenticator : .setUpAuthenticator
            let confirmation = try code.map { try self.confirmation($0, for: change, user: current) }
            let enrolment = try security.beginAuthenticatorEnrolment(for: current, password: password,
                                                                     confirmation: confirmation, context: context)
            // Level L: a screen does not smudge, and the smaller symbol fits 80x24 beside the key.
            confirmationTicket = nil
            let matrix = try QRMatrix.encode(enrolment.uri.exposedValue, level: .low)
            return .started(AuthenticatorSetup(qrModules: matrix.modules, groupedSecret: enrolment.groupedSecret,
                                               expiresAt: enrolment.expiresAt, replacing: enrolment.replacing))
        }
    }

    func finishEnrolment(_ code: String) throws -> ActivationReply {
        try signedIn { current in
            switch try security.finishAuthenticatorEnrolment(for: current, code: code, context: context) {
            case .activated(let codes, _): return .activated(recoveryCodes: codes)
            case let other: return .refused(.core(.activation(other)))
            }
        }
    }

    func turnOffAuthenticator(_ password: Secret, _ code: Secret) throws -> SecurityChangeReply {
        try signedIn { current in
            try security.turnOffAuthenticator(for: current, password: password,
                                              confirmation: try confirmation(code, for: .turnOffAuthenticator, user: current),
                                              context: context)
            return .saved(try overview(of: current))
        }
    }

    func regenerateRecoveryCodes(_ password: Secret, _ code: Secret) throws -> RecoveryCodesReply {
        try signedIn { current in
            .made(try security.regenerateRecoveryCodes(
                for: current, password: password,
                confirmation: try confirmation(code, for: .regenerateRecoveryCodes, user: current), context: context))
        }
    }

    // MARK: Sign-in factor, SMS verification, phone

    func chooseSignInFactor(_ factor: SignInFactor, _ password: Secret?, _ code: Secret?) throws -> SecurityChangeReply {
        try signedIn { current in
            let confirmation = try code.map { try self.confirmation($0, for: .signInWithSMS, user: current) }
            try security.chooseSignInFactor(factor, for: current, password: password, confirmation: confirmation,
                                            context: context)
            return .saved(try overview(of: current))
        }
    }

    func turnOffSMSVerification(_ password: Secret, _ code: Secret) throws -> SecurityChangeReply {
        try signedIn { current in
            let confirmation = try self.confirmation(code, for: .turnOffSMSVerification, user: current)
            let saved = try security.turnOffSMSVerification(for: current, password: password, confirmation: confirmation,
                                                            context: context)
            session.saved(saved)
            confirmationTicket = nil
            return .saved(try overview(of: saved))
        }
    }

    func changePhone(_ phone: PhoneNumber, _ password: Secret, _ code: Secret, _ newPhoneCode: Secret) throws
        -> SecurityChangeReply {
        try signedIn { current in
            let proof = newPhoneTicket.flatMap { ticket -> (id: VerificationID, code: String)? in
                guard ticket.purpose == .confirmation(.proveNewPhone(phone)) else { return nil }
                return (ticket.id, newPhoneCode.exposedValue.filter { $0 != " " })
            }
            let saved = try security.changePhone(for: current, to: phone, password: password,
                                                 confirmation: try confirmation(code, for: .changePhone(to: phone), user: current),
                                                 newPhoneCode: proof, context: context)
            session.saved(saved)
            confirmationTicket = nil
            newPhoneTicket = nil
            return .saved(try overview(of: saved))
        }
    }

    // MARK: Trusted devices

    func revokeTrustedDevice(_ id: TrustedDeviceID) throws -> SecurityChangeReply {
        try signedIn { current -> SecurityChangeReply in
            try trustedDevices.revoke(id, for: current, context: context)
            // Revoking the trust this session skipped its second factor through
            // ends it too: the one check says so, and the session stays ended.
            return .saved(try session.withSession { _ in try overview(of: current) })
        }
    }

    // MARK: Biometric sign-in back on

    func beginBiometricSwitch() throws -> BiometricReply {
        try signedIn { _ -> BiometricReply in
            switchApproval = nil
            // Biometrics only: the passcode is not what is being trusted again.
            return try switchReply(authenticator.begin(.biometricsOnly, on: try terminal.freshDevice(),
                                                       reason: .turnOnBiometricSignIn))
        }
    }

    func biometricSwitchEvent(_ event: BiometricEvent, _ prompt: BiometricPrompt) throws -> BiometricReply {
        try signedIn { _ -> BiometricReply in
            guard prompt.deviceID == terminal.device?.id else { throw BiometricSettings.EnableError.needsBiometricEvaluation }
            return try switchReply(try authenticator.handle(event, in: prompt))
        }
    }

    private func switchReply(_ progress: BiometricProgress) throws -> BiometricReply {
        let deviceName = terminal.device?.name ?? "-"
        switch progress {
        case .waiting(let prompt):
            return .waiting(prompt)
        case .finished(.success, let approval?):
            switchApproval = approval
            terminal.audit(.biometricEvaluated, session.user, "\(deviceName): success (turning biometric sign-in on)",
                           context: context)
            return .passed(next: nil)
        case .finished(let outcome, _):
            terminal.audit(.biometricEvaluated, session.user,
                           "\(deviceName): \(outcome.rawValue) (turning biometric sign-in on)", context: context)
            return .failed(outcome, message: outcome.notice(for: terminal.device?.biometry ?? .none).map(AppMessage.core))
        }
    }

    func turnOnBiometricSignIn(_ password: Secret) throws -> SecurityChangeReply {
        try signedIn { current in
            guard let approval = switchApproval else { throw BiometricSettings.EnableError.needsBiometricEvaluation }
            do {
                try biometricSwitch.turnOn(for: current, on: try terminal.freshDevice(), password: password,
                                           approval: approval, context: context)
            } catch let refusal as ConfirmationError {
                return .refused(.core(.confirmation(refusal)))
            }
            switchApproval = nil
            return .saved(try overview(of: current))
        }
    }
}
