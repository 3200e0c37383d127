import TermBankCore

/// Security settings: the second factors at a glance, setting up an
/// authenticator app (password → QR code once → first code → recovery codes
/// once), the factor that signs in, turning SMS verification off with the
/// password and a second-factor code in the same screen, trusted devices, a
/// new phone number, and biometric sign-in back on.
public enum SecurityFeature {
    public enum Action: Equatable, Sendable {
        case securityLoaded(Outcome<SecurityOverview>)
        case confirmationCodeSent(Outcome<VerificationTicket>)
        case enrolmentStarted(EnrolmentReply)
        case enrolmentFinished(ActivationReply)
        case securityChanged(SecurityChangeReply)
        /// A new set of recovery codes, asked for on the Security screen (or why not).
        case recoveryCodesRegenerated(RecoveryCodesReply)
        case deviceTrusted(Outcome<Timestamp>)
        case trustedDeviceRevoked(SecurityChangeReply)
        case smsSwitchReplied(SMSSwitchReply)
        /// The biometric check that turns biometric sign-in back on.
        case biometricSwitchReplied(BiometricReply)
        /// The language chosen with `L`, saved as the user's preference (or why not).
        case languageSaved(Outcome<Language>)
    }

    static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .securityLoaded(let outcome):
            return securityLoaded(&state, outcome)
        case .confirmationCodeSent(let outcome):
            return confirmationCodeSent(&state, outcome)
        case .enrolmentStarted(let reply):
            return enrolmentStarted(&state, reply)
        case .enrolmentFinished(let reply):
            return enrolmentFinished(&state, reply)
        case .securityChanged(let reply):
            return securityChanged(&state, reply)
        case .deviceTrusted(let outcome):
            return deviceTrusted(&state, outcome)
        case .trustedDeviceRevoked(let reply):
            return trustedDeviceRevoked(&state, reply)
        case .recoveryCodesRegenerated(let reply):
            return recoveryCodesRegenerated(&state, reply)
        case .smsSwitchReplied(let reply):
            return smsSwitchReplied(&state, reply)
        case .biometricSwitchReplied(let reply):
            return biometricSwitchReplied(&state, reply)
        case .languageSaved(let outcome):
            return LanguageSwitch.saved(&state, outcome)
        }
    }

    // MARK: Replies

    static func securityLoaded(_ state: inout AppState, _ outcome: Outcome<SecurityOverview>) -> [Effect] {
        guard case .security(var screen) = state.screen else { return [] }
        switch outcome {
        case .success(let overview):
            screen.overview = overview
            if let opening = screen.opening {
                screen.opening = nil
                if opening.purpose == .turnOnBiometricSignIn {
                    screen.form = opening
                    state.screen = .security(screen)
                    return []
                }
                if opening.purpose == .turnOffSMSVerification && overview.smsVerification {
                    screen.form = opening
                    state.screen = .security(screen)
                    return overview.authenticatorActive ? [] : [.security(.sendConfirmationCode(.turnOffSMSVerification))]
                }
                if opening.purpose == .turnOffSMSVerification && opening.thenSignOut {
                    // No at the logout question, and another terminal turned it
                    // off meanwhile: off is what was asked, so the logout goes on.
                    return state.signOut(reason: .signedOut, message: AppText.signedOut)
                }
            }
        case .failure(let message):
            screen.notice = .refused(message)
        }
        state.screen = .security(screen)
        return []
    }

    static func confirmationCodeSent(_ state: inout AppState, _ outcome: Outcome<VerificationTicket>) -> [Effect] {
        guard case .security(var screen) = state.screen, var form = screen.form else { return [] }
        switch outcome {
        case .success(let ticket):
            if case .confirmation(.proveNewPhone(let phone)) = ticket.purpose {
                form.newPhoneCodeSentTo = ticket.phone.masked
                if screen.overview?.authenticatorActive != true, form.codesSentFor == phone.e164 {
                    // Without an app, the current factor is a code to the number in use.
                    screen.form = form
                    state.screen = .security(screen)
                    return [.security(.sendConfirmationCode(.changePhone(to: phone), password: form.password))]
                }
            } else {
                form.codeSentTo = ticket.phone.masked
            }
        case .failure(let message) where isPasswordRefusal(message):
            // The password was wrong (or is locked): typed again, the number kept.
            form = form.refused(message)
            form.codesSentFor = nil
            form.newPhoneCodeSentTo = nil
        case .failure(let message):
            form.error = message
            if form.purpose == .changePhone {
                // Back to the number; Enter asks again (a code still running is returned, not sent twice).
                form.codesSentFor = nil
                form.focus = .phone
            }
        }
        screen.form = form
        state.screen = .security(screen)
        return []
    }

    static func isPasswordRefusal(_ message: AppMessage) -> Bool {
        if case .core(.confirmation(.password)) = message { return true }
        return false
    }

    static func enrolmentStarted(_ state: inout AppState, _ reply: EnrolmentReply) -> [Effect] {
        guard case .security(var screen) = state.screen, var form = screen.form else { return [] }
        switch reply {
        case .started(let setup):
            state.screen = .enrolment(EnrolmentScreen(stage: .scan(setup)))
        case .refused(let message):
            form = form.refused(message)
            screen.form = form
            state.screen = .security(screen)
        }
        return []
    }

    static func enrolmentFinished(_ state: inout AppState, _ reply: ActivationReply) -> [Effect] {
        guard case .enrolment(var screen) = state.screen else { return [] }
        screen.busy = false
        screen.digits = ""
        switch reply {
        case .activated(let codes):
            screen.stage = .done(recoveryCodes: codes)
            screen.error = nil
        case .refused(let message):
            screen.error = message
        }
        state.screen = .enrolment(screen)
        return []
    }

    static func securityChanged(_ state: inout AppState, _ reply: SecurityChangeReply) -> [Effect] {
        guard case .security(var screen) = state.screen else { return [] }
        switch reply {
        case .saved(let overview):
            let purpose = screen.form?.purpose
            if screen.form?.thenSignOut == true { return state.signOut(reason: .signedOut, message: AppText.signedOut) }
            screen.form = nil
            screen.overview = overview
            switch purpose {
            case .turnOffSMSVerification?: screen.notice = .done(.session(.smsVerificationOff))
            case .turnOffAuthenticator?: screen.notice = .done(.session(.authenticatorOff))
            case .changePhone?: screen.notice = .done(.session(.phoneChanged))
            case .turnOnBiometricSignIn?: screen.notice = .done(.session(.biometricOnAgain))
            case .enrolAuthenticator?, .signInWithSMS?, .newRecoveryCodes?, nil:
                screen.notice = .done(.session(overview.signInFactor == .smsCode ? .signInAsksForSMS : .signInAsksForTheApp))
            }
        case .refused(let message):
            if let form = screen.form {
                screen.form = form.refused(message)
            } else {
                screen.notice = .refused(message)
            }
        }
        state.screen = .security(screen)
        return []
    }

    static func deviceTrusted(_ state: inout AppState, _ outcome: Outcome<Timestamp>) -> [Effect] {
        guard case .statement = state.screen else { return [] }
        switch outcome {
        case .success(let until):
            state.screen = .statement(StatementScreen(
                notice: .done(.session(.deviceTrusted(until: until)))))
        case .failure(let message):
            state.screen = .statement(StatementScreen(notice: .refused(message)))
        }
        return []
    }

    static func trustedDeviceRevoked(_ state: inout AppState, _ reply: SecurityChangeReply) -> [Effect] {
        guard case .security(var screen) = state.screen else { return [] }
        switch reply {
        case .saved(let overview):
            screen.overview = overview
            screen.selectedDevice = 0
            screen.firstDevice = 0
            screen.notice = .done(.session(.deviceNoLongerTrusted))
        case .refused(let message):
            screen.notice = .refused(message)
        }
        state.screen = .security(screen)
        return []
    }

    static func recoveryCodesRegenerated(_ state: inout AppState, _ reply: RecoveryCodesReply) -> [Effect] {
        // Shown once, like any new set.
        guard case .security(var security) = state.screen else { return [] }
        switch reply {
        case .made(let codes):
            state.screen = .newRecoveryCodes(NewRecoveryCodesScreen(stage: .shown(codes)))
        case .refused(let message):
            security.form = security.form?.refused(message)
            state.screen = .security(security)
        }
        return []
    }

    static func smsSwitchReplied(_ state: inout AppState, _ reply: SMSSwitchReply) -> [Effect] {
        let signsOut = state.modal == .turningSMSOnForLogout
        if signsOut { state.modal = nil }
        switch reply {
        case .saved(let user):
            if signsOut { return state.signOut(reason: .signedOut, message: AppText.signedOut) }
            state.modal = nil
            if let session = state.session {
                state.session = SessionInfo(user: user, sessionID: session.sessionID, deviceName: session.deviceName)
            }
            if let account = state.account {
                state.account = AccountSnapshot(user: user, balances: account.balances, lines: account.lines)
            }
            if case .security = state.screen {
                state.screen = .security(SecurityScreen(notice: .done(.session(.smsVerificationOn))))
                return [.security(.loadSecurity)]
            }
            if case .statement = state.screen {
                state.screen = .statement(StatementScreen(
                    notice: .done(.session(user.smsVerification ? .smsVerificationOn : .smsVerificationOff))))
            }
        case .refused(let message):
            if case .statement = state.screen {
                state.screen = .statement(StatementScreen(notice: .refused(message)))
            } else if case .security(var screen) = state.screen {
                screen.notice = .refused(message)
                state.screen = .security(screen)
            }
        }
        return []
    }

    // MARK: Keys

    static func openSecurity(_ state: inout AppState) -> [Effect] {
        state.screen = .security(SecurityScreen())
        return [.security(.loadSecurity)]
    }

    /// Turning SMS verification off, from the statement or the logout question:
    /// the Security screen opens on its form (password and a second-factor code).
    static func openTurnOffSMS(_ state: inout AppState, thenSignOut: Bool) -> [Effect] {
        state.screen = .security(SecurityScreen(opening: SecurityForm(purpose: .turnOffSMSVerification, needsCode: true,
                                                                      thenSignOut: thenSignOut)))
        return [.security(.loadSecurity)]
    }

    static func securityKey(_ state: inout AppState, _ screen: inout SecurityScreen, _ key: Key) -> [Effect] {
        guard state.session != nil else { return [] }
        if var form = screen.form {
            let effects = securityFormKey(&form, key, overview: screen.overview)
            screen.form = key == .escape && !form.busy ? nil : form
            return effects
        }
        guard let overview = screen.overview else {
            if key == .escape { state.screen = .statement(StatementScreen()) }
            return []
        }
        switch key {
        case .character("l"), .character("L"):
            screen.notice = nil
            return LanguageSwitch.cycle(&state)
        case .character("e"), .character("E"):
            // The password and the current second factor: replacing an active
            // app needs its code (or a recovery code); the first app becomes
            // the sign-in factor, so the phone confirms it with an SMS code.
            screen.notice = nil
            screen.form = SecurityForm(purpose: .enrolAuthenticator, needsCode: true)
            if !overview.authenticatorActive { return [.security(.sendConfirmationCode(.setUpAuthenticator))] }
        case .character("f"), .character("F"):
            screen.notice = nil
            guard overview.authenticatorActive else {
                screen.notice = .refused(.session(.setUpAnAppFirst))
                return []
            }
            if overview.signInFactor == .smsCode {
                // Back to the stronger factor: no confirmation needed.
                return [.security(.chooseSignInFactor(.authenticator, password: nil, code: nil))]
            }
            screen.form = SecurityForm(purpose: .signInWithSMS, needsCode: true)
        case .character("s"), .character("S"):
            screen.notice = nil
            guard overview.smsVerification else {
                return [.security(.turnOnSMSVerification)]
            }
            screen.form = SecurityForm(purpose: .turnOffSMSVerification, needsCode: true)
            // Without an authenticator, an SMS code bound to this change confirms it.
            if !overview.authenticatorActive { return [.security(.sendConfirmationCode(.turnOffSMSVerification))] }
        case .character("d"), .character("D"):
            guard overview.authenticatorActive else { return [] }
            screen.notice = nil
            screen.form = SecurityForm(purpose: .turnOffAuthenticator, needsCode: true)
        case .character("n"), .character("N"):
            guard overview.authenticatorActive else { return [] }
            screen.notice = nil
            screen.form = SecurityForm(purpose: .newRecoveryCodes, needsCode: true)
        case .character("p"), .character("P"):
            screen.notice = nil
            // The codes are sent once the new number is typed: one to the new
            // number (proving it), and without an authenticator one to the
            // current phone; both are bound to that number.
            screen.form = SecurityForm(purpose: .changePhone, needsCode: true)
        case .character("b"), .character("B"):
            guard case .off? = overview.biometricSignIn else { return [] }
            screen.notice = nil
            return [.security(.beginBiometricSwitch)]
        case .up, .down, .pageUp, .pageDown, .home, .end:
            moveDeviceSelection(&screen, key, overview: overview, state: state)
        case .character("r"), .character("R"):
            guard overview.trustedDevices.indices.contains(screen.selectedDevice) else { return [] }
            screen.notice = nil
            return [.security(.revokeTrustedDevice(overview.trustedDevices[screen.selectedDevice].id))]
        case .escape:
            state.screen = .statement(StatementScreen())
        default:
            break
        }
        return []
    }

    /// The statement's keys in the trusted devices: ↑/↓ a device, PgUp/PgDn
    /// a window (the window moves with the selection), Home/End the first or
    /// the last. The selection stops at either end, as the statement does.
    static func moveDeviceSelection(_ screen: inout SecurityScreen, _ key: Key, overview: SecurityOverview, state: AppState) {
        guard !overview.trustedDevices.isEmpty else { return }
        let words = state.shownLanguage.appCatalog
        let body = ScreenLayout(state, size: AppView.appSize(state), words: words,
                                status: AppView.status(state, phoneNotice: false, words: words)).body
        let list = TrustedDeviceList(screen, overview: overview, body: body, words: words, devicesIn: words)
        let page = max(1, list.capacity)
        let last = overview.trustedDevices.count - 1
        switch key {
        case .up: screen.selectedDevice = list.selected - 1
        case .down: screen.selectedDevice = list.selected + 1
        case .pageUp:
            screen.selectedDevice = list.selected - page
            screen.firstDevice = list.top - page
        case .pageDown:
            screen.selectedDevice = list.selected + page
            screen.firstDevice = list.top + page
        case .home: screen.selectedDevice = 0
        case .end: screen.selectedDevice = last
        default: return
        }
        // As every other key here: the last change's notice goes (at 60x20 it may cover the list).
        screen.notice = nil
        screen.selectedDevice = min(max(0, screen.selectedDevice), last)
        // Where the window follows the selection to: kept, so moving back up does not move it.
        screen.firstDevice = TrustedDeviceList(screen, overview: overview, body: body, words: words, devicesIn: words).top
    }

    static func securityFormKey(_ form: inout SecurityForm, _ key: Key, overview: SecurityOverview?) -> [Effect] {
        guard !form.busy else { return [] }
        switch key {
        case .tab, .backTab, .up, .down:
            let fields = form.fields
            let index = fields.firstIndex(of: form.focus) ?? 0
            let step = key == .backTab || key == .up ? fields.count - 1 : 1
            form.focus = fields[(index + step) % fields.count]
        case .enter:
            if form.password.exposedValue.isEmpty {
                form.focus = .password
                form.error = .security(.enterPassword)
                return []
            }
            if form.purpose == .changePhone {
                let phone: PhoneNumber
                do {
                    phone = try PhoneNumber(validating: form.phone)
                } catch {
                    form.focus = .phone
                    form.error = form.phone.isEmpty ? .security(.enterNewPhone) : .core(.phoneNumber(error))
                    return []
                }
                if form.codesSentFor != phone.e164 {
                    // The codes confirm exactly this number: send them now.
                    form.codesSentFor = phone.e164
                    form.codeSentTo = nil
                    form.newPhoneCodeSentTo = nil
                    form.focus = .code
                    form.error = nil
                    // The new number's first: the bank checks the password before it sends
                    // either, and the code to the current phone follows once that one is out
                    // (so a wrong password counts once, and nothing goes to a refused number).
                    return [.security(.sendConfirmationCode(.proveNewPhone(phone), password: form.password))]
                }
                // Enter moves on to the next empty code; on an empty one it says what is missing.
                for (field, value, missing) in [(SecurityForm.Field.code, form.code, AppMessage.security(.enterCode)),
                                                (.newPhoneCode, form.newPhoneCode, .security(.enterNewPhoneCode))]
                where value.exposedValue.isEmpty {
                    form.error = form.focus == field ? missing : nil
                    form.focus = field
                    return []
                }
            }
            if form.needsCode && form.code.exposedValue.isEmpty {
                if form.focus == .password {
                    form.focus = .code
                    form.error = nil
                } else {
                    form.error = .security(.enterCode)
                }
                return []
            }
            form.busy = true
            form.error = nil
            let code = form.needsCode ? form.code : nil
            switch form.purpose {
            case .enrolAuthenticator: return [.security(.beginEnrolment(password: form.password, code: code))]
            case .signInWithSMS: return [.security(.chooseSignInFactor(.smsCode, password: form.password, code: code))]
            case .turnOffSMSVerification: return [.security(.turnOffSMSVerification(password: form.password, code: form.code))]
            case .turnOffAuthenticator: return [.security(.turnOffAuthenticator(password: form.password, code: form.code))]
            case .newRecoveryCodes: return [.security(.regenerateRecoveryCodes(password: form.password, code: form.code))]
            case .changePhone:
                guard let phone = try? PhoneNumber(validating: form.phone) else { return [] }
                return [.security(.changePhone(phone, password: form.password, code: form.code, newPhoneCode: form.newPhoneCode))]
            case .turnOnBiometricSignIn: return [.security(.turnOnBiometricSignIn(password: form.password))]
            }
        case .escape:
            break
        default:
            if form.focus == .password {
                form.password = TextEditing.edit(form.password, key, limit: FieldLimit.password)
            } else if form.focus == .phone {
                form.phone = TextEditing.edit(form.phone, key, limit: FieldLimit.phone) { "+0123456789 -().".contains($0) }
            } else if form.focus == .newPhoneCode {
                form.newPhoneCode = Secret(TextEditing.edit(form.newPhoneCode.exposedValue, key, limit: FieldLimit.smsCode) {
                    $0.isASCII && $0.isNumber
                })
            } else {
                form.code = Secret(TextEditing.edit(form.code.exposedValue, key, limit: FieldLimit.recoveryCode) {
                    $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == " ")
                })
            }
        }
        return []
    }

    static func enrolmentKey(_ state: inout AppState, _ screen: inout EnrolmentScreen, _ key: Key) -> [Effect] {
        guard !screen.busy, state.session != nil else { return [] }
        switch screen.stage {
        case .scan:
            switch key {
            case .paste(let text):
                return TextEditing.pastedDigits(text).flatMap { enrolmentKey(&state, &screen, .character($0)) }
            case .character(let digit) where digit.isASCII && digit.isNumber:
                guard screen.digits.count < TOTP.digits else { return [] }
                screen.digits.append(digit)
                screen.error = nil
                guard screen.digits.count == TOTP.digits else { return [] }
                screen.busy = true
                return [.security(.finishEnrolment(screen.digits))]
            case .backspace:
                screen.digits = String(screen.digits.dropLast())
            case .escape:
                // The QR code is shown once: leaving drops it (the set-up lapses by itself).
                state.screen = .security(SecurityScreen(notice: .done(.session(.setUpCancelled))))
                return [.security(.loadSecurity)]
            default:
                break
            }
        case .done:
            if key == .enter || key == .escape {
                state.screen = .security(SecurityScreen(notice: .done(.session(.authenticatorOn))))
                return [.security(.loadSecurity)]
            }
        }
        return []
    }

    // MARK: Biometric sign-in back on

    /// Turning biometric sign-in back on (after an enrollment change turned
    /// it off): `b` starts a biometric check (a finger or a face; the passcode
    /// does not count), a passing check opens the password form, and the
    /// password with that check turns it on. The bank keeps the check's
    /// proof; the app only ever sees the prompt.
    static func biometricSwitchReplied(_ state: inout AppState, _ reply: BiometricReply) -> [Effect] {
        guard state.session != nil else { return [] }
        // Only while the switch is asked for: on Security, or on its own prompt.
        var asked = false
        if case .security = state.screen { asked = true }
        if case .biometric(let screen) = state.screen { asked = screen.purpose == .turnOnBiometricSignIn }
        guard asked else { return [] }
        switch reply {
        case .waiting(let prompt):
            state.screen = .biometric(BiometricScreen(prompt: prompt, purpose: .turnOnBiometricSignIn))
            return []
        case .passed:
            state.screen = .security(SecurityScreen(opening: SecurityForm(purpose: .turnOnBiometricSignIn, needsCode: false)))
            return [.security(.loadSecurity)]
        case .failed(_, let message):
            state.screen = .security(SecurityScreen(notice: message.map { .refused($0) } ?? .done(.session(.biometricStaysOff))))
            return [.security(.loadSecurity)]
        }
    }
}
