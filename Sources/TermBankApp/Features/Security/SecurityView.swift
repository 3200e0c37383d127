import TermBankCore

/// Security settings and setting up an authenticator app.
enum SecurityView {
    static func draw(_ frame: inout Frame, _ screen: SecurityScreen, state: AppState, in body: Rect) {
        let left = 2
        frame.put("Security", row: body.row, column: left, role: .title)
        guard let overview = screen.overview else {
            if let notice = screen.notice {
                frame.put(notice, row: body.row + body.rows - 1, column: left, role: .error)
            } else {
                frame.putCentered("Loading your security settings…", row: body.row + 2, role: .muted)
            }
            return
        }
        let valueColumn = 36
        let keyColumn = 56
        func row(_ index: Int, _ label: String, _ value: String, role: StyleRole, key: String? = nil, action: String? = nil) {
            let row = body.row + 2 + index
            frame.put(label, row: row, column: left + 2)
            frame.put(value, row: row, column: valueColumn, role: role)
            if let key, let action {
                let column = frame.put(key, row: row, column: keyColumn, role: .accent)
                frame.put(" " + action, row: row, column: column, role: .muted)
            }
        }
        row(0, "SMS verification on sign-in", overview.smsVerification ? "On" : "Off",
            role: overview.smsVerification ? .success : .muted, key: "s", action: overview.smsVerification ? "Turn off" : "Turn on")
        row(1, "Authenticator app", overview.authenticatorActive ? "On" : "Off",
            role: overview.authenticatorActive ? .success : .muted, key: "e",
            action: overview.authenticatorActive ? "Set up a new one" : "Set up")
        let factor: String
        switch overview.signInFactor {
        case .authenticator?: factor = "Authenticator code"
        case .smsCode?: factor = "SMS code"
        default: factor = "Nothing after the password"
        }
        row(2, "Second factor at sign-in", factor, role: .normal, key: overview.authenticatorActive ? "f" : nil,
            action: overview.signInFactor == .smsCode ? "Use the app" : "Use SMS codes")
        row(3, "Recovery codes left", overview.authenticatorActive ? String(overview.recoveryCodesLeft) : "-",
            role: overview.authenticatorActive && overview.recoveryCodesLeft == 0 ? .warning : .normal)
        switch overview.biometricSignIn {
        case .on?:
            row(4, "Biometric sign-in here", "On", role: .success)
        case .off(let changed)?:
            row(4, "Biometric sign-in here", changed ? "Off: new enrollment" : "Off", role: .warning, key: "b",
                action: "Turn on")
        case nil:
            break
        }

        frame.horizontalRule(row: body.row + 7, columns: left..<(frame.size.columns - left))
        frame.put("Trusted devices", row: body.row + 8, column: left, role: .title)
        frame.put("(skip the second factor at sign-in for 30 days)", row: body.row + 8, column: left + 16, role: .muted)
        if overview.trustedDevices.isEmpty {
            frame.put("None.", row: body.row + 9, column: left + 2, role: .muted)
        }
        for (index, device) in overview.trustedDevices.prefix(max(0, body.rows - 12)).enumerated() {
            let row = body.row + 9 + index
            let selected = index == screen.selectedDevice && screen.form == nil
            frame.put(selected ? "▸" : " ", row: row, column: left, role: .accent)
            var column = frame.put(StatementView.pad(device.deviceName, 20), row: row, column: left + 2,
                                   role: selected ? .focus : .normal)
            column = frame.put("until " + TimeText.short(device.expiresAt), row: row, column: column, role: .muted)
            frame.put("   last used " + (device.lastUsedAt.map(TimeText.short) ?? "never"), row: row, column: column, role: .muted)
        }
        if let notice = screen.notice {
            frame.put(notice, row: body.row + body.rows - 1, column: left, role: screen.noticeIsError ? .error : .success)
        }
        if let form = screen.form { drawForm(&frame, form, overview: overview, in: body) }
    }

    static func drawForm(_ frame: inout Frame, _ form: SecurityForm, overview: SecurityOverview, in body: Rect) {
        let panel = AppView.centered(in: body, columns: 60, rows: form.purpose == .changePhone ? 16 : 13)
        frame.fill(panel, role: .normal)
        let title: String
        switch form.purpose {
        case .enrolAuthenticator: title = overview.authenticatorActive ? "Set up a new authenticator app" : "Set up an authenticator app"
        case .turnOffSMSVerification: title = "Turn off SMS verification"
        case .signInWithSMS: title = "Sign in with SMS codes"
        case .turnOffAuthenticator: title = "Turn off the authenticator app"
        case .newRecoveryCodes: title = "New recovery codes"
        case .changePhone: title = "Change your phone number"
        case .turnOnBiometricSignIn: title = "Turn on biometric sign-in"
        }
        frame.box(panel, role: .accent, title: title)
        let left = panel.column + 3
        let intro: String
        if form.purpose == .changePhone {
            intro = ""
        } else if form.purpose == .turnOnBiometricSignIn {
            intro = "The check passed. Your password turns biometric sign-in on for the fingers and faces enrolled now."
        } else if !form.needsCode {
            intro = "Confirm with your password."
        } else if overview.authenticatorActive {
            intro = "Confirm with your password and a code from your authenticator app (or a recovery code)."
        } else if let phone = form.codeSentTo {
            intro = "Your password, and the code sent to \(phone):"
        } else {
            intro = "Your password, and the code we are sending to your phone:"
        }
        let lines = form.purpose == .changePhone ? phoneIntro(form, authenticatorActive: overview.authenticatorActive)
                                                 : AppView.wrap(intro, width: panel.columns - 6)
        for (index, line) in lines.prefix(2).enumerated() {
            frame.put(line, row: panel.row + 2 + index, column: left)
        }
        var row = panel.row + 5
        LoginView.field(&frame, label: "Password", value: LoginView.mask(form.password),
                        focused: form.focus == .password && !form.busy, row: row, column: left, width: 30,
                        full: FieldLimit.password.isFull(form.password.exposedValue))
        if form.purpose == .changePhone {
            row += 2
            LoginView.field(&frame, label: "New phone", value: form.phone, focused: form.focus == .phone && !form.busy,
                            row: row, column: left, width: 30, full: FieldLimit.phone.isFull(form.phone))
        }
        if form.needsCode {
            row += 2
            LoginView.field(&frame, label: "Code", value: form.code.exposedValue, focused: form.focus == .code && !form.busy,
                            row: row, column: left, width: 30, full: FieldLimit.recoveryCode.isFull(form.code.exposedValue))
        }
        if form.purpose == .changePhone {
            row += 2
            LoginView.field(&frame, label: "New code", value: form.newPhoneCode.exposedValue,
                            focused: form.focus == .newPhoneCode && !form.busy, row: row, column: left, width: 30)
        }
        // Security's words have not moved to the catalog yet (issue 11 section 4).
        SecondFactorView.message(&frame, busy: form.busy, error: form.error.map(AppMessage.client), row: row + 2, in: panel,
                                 words: EnglishAppCatalog())
    }

    /// What the two codes of a phone change are, in the user's terms.
    static func phoneIntro(_ form: SecurityForm, authenticatorActive: Bool) -> [String] {
        guard form.codesSentFor != nil else {
            return ["Type your password and the new number, then Enter:",
                    "a code goes to the new number to prove it is yours."]
        }
        return [authenticatorActive ? "Code: from your authenticator app, or a recovery code."
                                    : "Code: the one sent to \(form.codeSentTo ?? "your phone").",
                "New code: the one sent to \(form.newPhoneCodeSentTo ?? "the new number")."]
    }

    // MARK: Enrolment

    static func drawEnrolment(_ frame: inout Frame, _ screen: EnrolmentScreen, state: AppState, in body: Rect) {
        switch screen.stage {
        case .scan(let setup): drawScan(&frame, screen, setup, state: state, in: body)
        case .done(let codes):
            let panel = AppView.centered(in: body, columns: 64, rows: 18)
            frame.box(panel, role: .accent, title: "Authenticator app is on")
            let left = panel.column + 3
            if codes.isEmpty {
                frame.put("Sign-in now asks for a code from your new app.", row: panel.row + 2, column: left, role: .success)
                frame.put("Your recovery codes stay as they were.", row: panel.row + 4, column: left)
                frame.put("Press Enter to go back.", row: panel.row + panel.rows - 2, column: left, role: .accent)
            } else {
                frame.put("Your recovery codes: save them now, they are shown once.", row: panel.row + 2, column: left,
                          role: .warning)
                frame.put("Each works once in place of your authenticator code.", row: panel.row + 3, column: left,
                          role: .muted)
                SecondFactorView.codeList(&frame, codes, row: panel.row + 5, left: left)
                frame.put("Write them down or keep them in a password manager.", row: panel.row + 6 + (codes.count + 1) / 2,
                          column: left)
                frame.put("Press Enter when you have saved them.", row: panel.row + panel.rows - 2, column: left, role: .accent)
            }
        }
    }

    /// The QR code at the left (two module rows per text row, light modules
    /// drawn, as `qrencode -t UTF8` does), the key and the code boxes beside it.
    static func drawScan(_ frame: inout Frame, _ screen: EnrolmentScreen, _ setup: AuthenticatorSetup, state: AppState,
                         in body: Rect) {
        // Phone cameras want a quiet zone of 4 modules (the standard's): use the
        // largest up to 4 that fits the screen above the help bar, covering the
        // header if it must; 1 only when nothing larger fits.
        let room = max(0, frame.size.rows - 1)
        var lines = QRDrawing.halfBlockLines(setup.qrModules, quietZone: 1)
        for quietZone in [4, 3, 2] {
            let candidate = QRDrawing.halfBlockLines(setup.qrModules, quietZone: quietZone)
            if candidate.count <= room {
                lines = candidate
                break
            }
        }
        let top = lines.count > body.rows ? max(0, room - lines.count) / 2 : body.row + (body.rows - lines.count) / 2
        if lines.count > body.rows { frame.fill(Rect(row: 0, column: 0, columns: frame.size.columns, rows: room), role: .normal) }
        for (index, line) in lines.enumerated() { frame.put(line, row: top + index, column: 1, role: .normal) }

        let left = (lines.first?.count ?? 0) + 3
        var row = body.row + 1
        frame.put(setup.replacing ? "Set up your new app" : "Set up your authenticator app", row: row, column: left,
                  role: .title)
        row += 2
        frame.put("1. In the app, add an account", row: row, column: left)
        frame.put("   and scan the QR code.", row: row + 1, column: left)
        frame.put("2. Or type this key (time-based):", row: row + 3, column: left)
        let groups = setup.groupedSecret.exposedValue.split(separator: " ").map(String.init)
        let half = (groups.count + 1) / 2
        frame.put("   " + groups.prefix(half).joined(separator: " "), row: row + 4, column: left, role: .title)
        frame.put("   " + groups.dropFirst(half).joined(separator: " "), row: row + 5, column: left, role: .title)
        frame.put("   Account: TermBank:\(state.session?.user.username.rawValue ?? "")", row: row + 6, column: left,
                  role: .muted)
        frame.put("3. Type the code the app shows:", row: row + 8, column: left)
        var column = left + 3
        let typed = Array(screen.digits)
        for index in 0..<TOTP.digits {
            let digit = index < typed.count ? String(typed[index]) : (index == typed.count ? "▁" : " ")
            column = frame.put("[", row: row + 10, column: column, role: .muted)
            column = frame.put(digit, row: row + 10, column: column, role: index == typed.count ? .focus : .field)
            column = frame.put("]", row: row + 10, column: column, role: .muted)
        }
        let secondsLeft = (setup.expiresAt.millisecondsSinceEpoch - state.now.millisecondsSinceEpoch) / 1000
        frame.put(secondsLeft > 0 ? "The set-up lapses in \(AppView.minutesSeconds(secondsLeft))." : "The set-up has lapsed.",
                  row: row + 12, column: left, role: .muted)
        frame.put("This QR code is shown only now.", row: row + 13, column: left, role: .muted)
        if screen.busy {
            frame.put("Checking…", row: row + 15, column: left, role: .muted)
        } else if let error = screen.error {
            let width = frame.size.columns - left - 1
            for (index, line) in AppView.wrap(error, width: width).prefix(3).enumerated() {
                frame.put(line, row: row + 15 + index, column: left, role: .error)
            }
        }
    }
}

/// A QR symbol drawn with half blocks (▀ ▄ █), two module rows per text row.
public enum QRDrawing {
    /// `inkIsLight`: the terminal draws light characters on a dark background
    /// (most do), so the light modules (and the quiet zone) are the ones drawn.
    public static func halfBlockLines(_ modules: [[Bool]], quietZone: Int, inkIsLight: Bool = true) -> [String] {
        let size = modules.count
        func dark(_ row: Int, _ column: Int) -> Bool {
            row >= 0 && column >= 0 && row < size && column < size && modules[row][column]
        }
        var lines: [String] = []
        var row = -quietZone
        while row < size + quietZone {
            var line = ""
            for column in -quietZone..<(size + quietZone) {
                let top = dark(row, column) != inkIsLight
                let bottom = row + 1 < size + quietZone && dark(row + 1, column) != inkIsLight
                switch (top, bottom) {
                case (true, true): line.append("█")
                case (true, false): line.append("▀")
                case (false, true): line.append("▄")
                case (false, false): line.append(" ")
                }
            }
            lines.append(line)
            row += 2
        }
        return lines
    }
}
