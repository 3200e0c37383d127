import TermBankCore

/// Security settings and setting up an authenticator app.
enum SecurityView {
    static func draw(_ frame: inout Frame, _ screen: SecurityScreen, state: AppState, in body: Rect, words: any AppCatalog) {
        let left = 2
        frame.put(words.text(SecurityText.title), row: body.row, column: left, role: .title)
        guard let overview = screen.overview else {
            if let notice = screen.notice {
                // Only a failure to load shows before the overview.
                frame.put(words.text(notice.message), row: body.row + body.rows - 1, column: left, role: .error)
            } else {
                frame.putCentered(words.text(SecurityText.loading), row: body.row + 2, role: .muted)
            }
            return
        }
        let valueColumn = 36
        let keyColumn = 56
        func row(_ index: Int, _ label: SecurityText, _ value: String, role: StyleRole, key: String? = nil,
                 action: SecurityText? = nil) {
            let row = body.row + 2 + index
            frame.put(words.text(label), row: row, column: left + 2)
            frame.put(value, row: row, column: valueColumn, role: role)
            if let key, let action {
                let column = frame.put(key, row: row, column: keyColumn, role: .accent)
                frame.put(" " + words.text(action), row: row, column: column, role: .muted)
            }
        }
        func onOff(_ on: Bool) -> String { words.text(on ? SecurityText.on : .off) }
        row(0, .smsRow, onOff(overview.smsVerification),
            role: overview.smsVerification ? .success : .muted, key: "s", action: overview.smsVerification ? .turnOff : .turnOn)
        row(1, .authenticatorRow, onOff(overview.authenticatorActive),
            role: overview.authenticatorActive ? .success : .muted, key: "e",
            action: overview.authenticatorActive ? .setUpANewOne : .setUp)
        let factor: SecurityText
        switch overview.signInFactor {
        case .authenticator?: factor = .factorAuthenticator
        case .smsCode?: factor = .factorSMS
        default: factor = .factorNothing
        }
        row(2, .factorRow, words.text(factor), role: .normal, key: overview.authenticatorActive ? "f" : nil,
            action: overview.signInFactor == .smsCode ? .useTheApp : .useSMSCodes)
        row(3, .recoveryCodesRow, overview.authenticatorActive ? String(overview.recoveryCodesLeft) : "-",
            role: overview.authenticatorActive && overview.recoveryCodesLeft == 0 ? .warning : .normal)
        switch overview.biometricSignIn {
        case .on?:
            row(4, .biometricRow, onOff(true), role: .success)
        case .off(let changed)?:
            row(4, .biometricRow, words.text(changed ? SecurityText.offNewEnrollment : .off), role: .warning, key: "b",
                action: .turnOn)
        case nil:
            break
        }

        frame.horizontalRule(row: body.row + 7, columns: left..<(frame.size.columns - left))
        let trusted = frame.put(words.text(SecurityText.trustedDevices), row: body.row + 8, column: left, role: .title)
        frame.put(words.text(SecurityText.trustedDevicesExplanation), row: body.row + 8, column: max(left + 16, trusted + 1),
                  role: .muted)
        if overview.trustedDevices.isEmpty {
            frame.put(words.text(SecurityText.noTrustedDevices), row: body.row + 9, column: left + 2, role: .muted)
        }
        for (index, device) in overview.trustedDevices.prefix(max(0, body.rows - 12)).enumerated() {
            let row = body.row + 9 + index
            let selected = index == screen.selectedDevice && screen.form == nil
            frame.put(selected ? "▸" : " ", row: row, column: left, role: .accent)
            var column = frame.put(StatementView.pad(device.deviceName, 20), row: row, column: left + 2,
                                   role: selected ? .focus : .normal)
            column = frame.put(words.text(SecurityText.trustedUntil(device.expiresAt)), row: row, column: column,
                               role: .muted)
            frame.put(words.text(SecurityText.lastUsedAt(device.lastUsedAt)), row: row, column: column,
                      role: .muted)
        }
        if let notice = screen.notice {
            frame.put(words.text(notice.message), row: body.row + body.rows - 1, column: left, role: notice.role)
        }
        if let form = screen.form { drawForm(&frame, form, overview: overview, in: body, words: words) }
    }

    static func drawForm(_ frame: inout Frame, _ form: SecurityForm, overview: SecurityOverview, in body: Rect,
                         words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 60, rows: form.purpose == .changePhone ? 16 : 13)
        frame.fill(panel, role: .normal)
        frame.box(panel, role: .accent,
                  title: words.text(SecurityText.formTitle(form.purpose, authenticatorActive: overview.authenticatorActive)))
        let left = panel.column + 3
        let intro: SecurityText?
        if form.purpose == .changePhone {
            intro = nil
        } else if form.purpose == .turnOnBiometricSignIn {
            intro = .introBiometric
        } else if !form.needsCode {
            intro = .introPassword
        } else if overview.authenticatorActive {
            intro = .introAuthenticator
        } else if let phone = form.codeSentTo {
            intro = .introCodeSentTo(phone)
        } else {
            intro = .introCodeSending
        }
        let lines = intro.map { AppView.wrap(words.text($0), width: panel.columns - 6) }
            ?? phoneIntro(form, authenticatorActive: overview.authenticatorActive, words: words)
        for (index, line) in lines.prefix(2).enumerated() {
            frame.put(line, row: panel.row + 2 + index, column: left)
        }
        var row = panel.row + 5
        LoginView.field(&frame, label: words.text(SecurityText.passwordLabel), value: LoginView.mask(form.password),
                        focused: form.focus == .password && !form.busy, row: row, column: left, width: 30,
                        full: FieldLimit.password.isFull(form.password.exposedValue), words: words)
        if form.purpose == .changePhone {
            row += 2
            LoginView.field(&frame, label: words.text(SecurityText.newPhoneLabel), value: form.phone,
                            focused: form.focus == .phone && !form.busy, row: row, column: left, width: 30,
                            full: FieldLimit.phone.isFull(form.phone), words: words)
        }
        if form.needsCode {
            row += 2
            LoginView.field(&frame, label: words.text(SecurityText.codeLabel), value: form.code.exposedValue,
                            focused: form.focus == .code && !form.busy, row: row, column: left, width: 30,
                            full: FieldLimit.recoveryCode.isFull(form.code.exposedValue), words: words)
        }
        if form.purpose == .changePhone {
            row += 2
            LoginView.field(&frame, label: words.text(SecurityText.newCodeLabel), value: form.newPhoneCode.exposedValue,
                            focused: form.focus == .newPhoneCode && !form.busy, row: row, column: left, width: 30,
                            words: words)
        }
        SecondFactorView.message(&frame, busy: form.busy, error: form.error, row: row + 2, in: panel, words: words)
    }

    /// What the two codes of a phone change are, in the user's terms.
    static func phoneIntro(_ form: SecurityForm, authenticatorActive: Bool, words: any AppCatalog) -> [String] {
        guard form.codesSentFor != nil else {
            return [words.text(SecurityText.phoneIntroFirst), words.text(SecurityText.phoneIntroSecond)]
        }
        return [words.text(SecurityText.phoneIntroCode(authenticatorActive: authenticatorActive, sentTo: form.codeSentTo)),
                words.text(SecurityText.phoneIntroNewCode(sentTo: form.newPhoneCodeSentTo))]
    }

    // MARK: Enrolment

    static func drawEnrolment(_ frame: inout Frame, _ screen: EnrolmentScreen, state: AppState, in body: Rect,
                              words: any AppCatalog) {
        switch screen.stage {
        case .scan(let setup): drawScan(&frame, screen, setup, state: state, in: body, words: words)
        case .done(let codes):
            let panel = AppView.centered(in: body, columns: 64, rows: 18)
            frame.box(panel, role: .accent, title: words.text(SecurityText.enrolledTitle))
            let left = panel.column + 3
            if codes.isEmpty {
                frame.put(words.text(SecurityText.asksForNewApp), row: panel.row + 2, column: left, role: .success)
                frame.put(words.text(SecurityText.recoveryCodesStay), row: panel.row + 4, column: left)
                frame.put(words.text(SecurityText.pressEnterToGoBack), row: panel.row + panel.rows - 2, column: left,
                          role: .accent)
            } else {
                frame.put(words.text(SecurityText.saveRecoveryCodes), row: panel.row + 2, column: left, role: .warning)
                frame.put(words.text(SecurityText.eachWorksOnce), row: panel.row + 3, column: left, role: .muted)
                SecondFactorView.codeList(&frame, codes, row: panel.row + 5, left: left)
                frame.put(words.text(SecurityText.writeThemDown), row: panel.row + 6 + (codes.count + 1) / 2, column: left)
                frame.put(words.text(SecurityText.pressEnterWhenSaved), row: panel.row + panel.rows - 2, column: left,
                          role: .accent)
            }
        }
    }

    /// The QR code at the left (two module rows per text row, light modules
    /// drawn, as `qrencode -t UTF8` does), the key and the code boxes beside it.
    static func drawScan(_ frame: inout Frame, _ screen: EnrolmentScreen, _ setup: AuthenticatorSetup, state: AppState,
                         in body: Rect, words: any AppCatalog) {
        // Phone cameras want a quiet zone of 4 modules (the standard's): use the
        // largest up to 4 that fits the screen above the help bar, covering the
        // header if it must; 1 only when nothing larger fits.
        let room = max(0, frame.size.rows - 1)
        // Half blocks have no ASCII stand-in a camera could read: an ASCII
        // terminal gets the key to type and a line saying why.
        let ascii = state.charset == .ascii
        var lines = ascii ? [] : QRDrawing.halfBlockLines(setup.qrModules, quietZone: 1)
        for quietZone in [4, 3, 2] where !ascii {
            let candidate = QRDrawing.halfBlockLines(setup.qrModules, quietZone: quietZone)
            if candidate.count <= room {
                lines = candidate
                break
            }
        }
        let top = lines.count > body.rows ? max(0, room - lines.count) / 2 : body.row + (body.rows - lines.count) / 2
        if lines.count > body.rows { frame.fill(Rect(row: 0, column: 0, columns: frame.size.columns, rows: room), role: .normal) }
        for (index, line) in lines.enumerated() { frame.put(line, row: top + index, column: 1, role: .normal) }

        let left = lines.isEmpty ? 3 : (lines.first?.count ?? 0) + 3
        var row = body.row + 1
        frame.put(words.text(SecurityText.scanTitle(replacing: setup.replacing)), row: row, column: left, role: .title)
        row += 2
        frame.put(words.text(SecurityText.stepAddAccount), row: row, column: left)
        frame.put(words.text(ascii ? SecurityText.noQRCodeOnThisTerminal : .stepScan), row: row + 1, column: left)
        frame.put(words.text(SecurityText.stepTypeKey), row: row + 3, column: left)
        let groups = setup.groupedSecret.exposedValue.split(separator: " ").map(String.init)
        let half = (groups.count + 1) / 2
        frame.put("   " + groups.prefix(half).joined(separator: " "), row: row + 4, column: left, role: .title)
        frame.put("   " + groups.dropFirst(half).joined(separator: " "), row: row + 5, column: left, role: .title)
        frame.put(words.text(SecurityText.account(state.session?.user.username.rawValue ?? "")), row: row + 6, column: left,
                  role: .muted)
        frame.put(words.text(SecurityText.stepTypeCode), row: row + 8, column: left)
        var column = left + 3
        let typed = Array(screen.digits)
        for index in 0..<TOTP.digits {
            let digit = index < typed.count ? String(typed[index]) : (index == typed.count ? "▁" : " ")
            column = frame.put("[", row: row + 10, column: column, role: .muted)
            column = frame.put(digit, row: row + 10, column: column, role: index == typed.count ? .focus : .field)
            column = frame.put("]", row: row + 10, column: column, role: .muted)
        }
        let secondsLeft = (setup.expiresAt.millisecondsSinceEpoch - state.now.millisecondsSinceEpoch) / 1000
        frame.put(words.text(secondsLeft > 0 ? SecurityText.lapsesIn(seconds: secondsLeft) : .lapsed),
                  row: row + 12, column: left, role: .muted)
        frame.put(words.text(ascii ? SecurityText.keyShownOnce : .qrShownOnce), row: row + 13, column: left, role: .muted)
        if screen.busy {
            frame.put(words.text(SecurityText.checking), row: row + 15, column: left, role: .muted)
        } else if let error = screen.error.map(words.text) {
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
