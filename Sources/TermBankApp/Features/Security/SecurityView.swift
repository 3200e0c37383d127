import TermBankCore

/// Security settings and setting up an authenticator app.
enum SecurityView {
    static func draw(_ frame: inout Frame, _ screen: SecurityScreen, state: AppState, in body: Rect, words: any AppCatalog) {
        let titleEnd = frame.put(words.text(SecurityText.title), row: body.row, column: left, role: .title)
        if state.demo != nil, let user = state.session?.user, DemoBank.isShared(user.username) {
            // At the shared demo alice, bob and carol are everyone's: so is
            // a change made here (decision 46). Beside the title: each
            // language's line fits there at 60 columns (decision 61).
            let shared = words.text(SecurityText.sharedAtTheDemo)
            if titleEnd + 3 + Frame.columns(of: shared) <= body.column + body.columns - left {
                frame.put(shared, row: body.row, column: titleEnd + 3, role: .warning)
            }
        }
        guard let overview = screen.overview else {
            if let notice = screen.notice {
                // Only a failure to load shows before the overview.
                drawNotice(&frame, words.text(notice.message), role: .error, in: body)
            } else {
                frame.putCentered(words.text(SecurityText.loading), row: body.row + 2, role: .muted)
            }
            return
        }
        let (settings, beside) = Self.settings(overview, columns: frame.size.columns, words: words)
        var row = body.row + (beside ? 2 : 1)
        for setting in settings {
            frame.put(words.text(setting.label), row: row, column: left + 2)
            let lines = valueLines(setting, beside: beside, columns: frame.size.columns, words: words)
            for (index, line) in lines.enumerated() {
                frame.put(line, row: row + index, column: valueColumn, role: setting.role)
            }
            if let key = setting.key, let action = setting.action {
                let keyRow = beside ? row : row + lines.count
                let column = frame.put(key, row: keyRow, column: beside ? keyColumn : valueColumn, role: .accent)
                frame.put(" " + words.text(action), row: keyRow, column: column, role: .muted)
            }
            row += rows(of: setting, beside: beside, columns: frame.size.columns, words: words)
        }

        let list = TrustedDeviceList(screen, overview: overview, body: body, words: words,
                                     devicesIn: state.shownLanguage.appCatalog)
        list.draw(&frame, screen, overview: overview, words: words)
        if let notice = screen.notice {
            drawNotice(&frame, words.text(notice.message), role: notice.role, in: body)
        }
        if let form = screen.form { drawForm(&frame, form, overview: overview, in: body, words: words) }
    }

    /// The settings' rows, and whether each key and what it does go in a
    /// column of their own: where the width has room for the longest; else
    /// each goes under its setting's value (and the blank row under the
    /// title goes, to make room). The phone's `p` is the one action left out
    /// where they go under the values: a row of its own would push the
    /// trusted devices off a 60x20 screen, and the key bar names it ("p Number").
    static func settings(_ overview: SecurityOverview, columns: Int, words: any AppCatalog) -> (settings: [Setting], beside: Bool) {
        func onOff(_ on: Bool) -> String { words.text(on ? SecurityText.on : .off) }
        var settings: [Setting] = [
            Setting(label: .smsRow, value: onOff(overview.smsVerification), role: overview.smsVerification ? .success : .muted,
                    key: "s", action: overview.smsVerification ? .turnOff : .turnOn),
            // Masked: enough for the customer to know the phone, nothing for
            // whoever reads the screen over their shoulder (a shared demo).
            Setting(label: .phoneRow, value: overview.phone.masked, role: .normal, key: "p", action: .changeNumber),
            Setting(label: .authenticatorRow, value: onOff(overview.authenticatorActive),
                    role: overview.authenticatorActive ? .success : .muted, key: "e",
                    action: overview.authenticatorActive ? .setUpANewOne : .setUp),
        ]
        let factor: SecurityText
        switch overview.signInFactor {
        case .authenticator?: factor = .factorAuthenticator
        case .smsCode?: factor = .factorSMS
        default: factor = .factorNothing
        }
        settings.append(Setting(label: .factorRow, value: words.text(factor), role: .normal,
                                key: overview.authenticatorActive ? "f" : nil,
                                action: overview.signInFactor == .smsCode ? .useTheApp : .useSMSCodes))
        settings.append(Setting(label: .recoveryCodesRow,
                                value: overview.authenticatorActive ? String(overview.recoveryCodesLeft) : "-",
                                role: overview.authenticatorActive && overview.recoveryCodesLeft == 0 ? .warning : .normal))
        switch overview.biometricSignIn {
        case .on?:
            settings.append(Setting(label: .biometricRow, value: onOff(true), role: .success))
        case .off(let changed)?:
            settings.append(Setting(label: .biometricRow, value: words.text(changed ? SecurityText.offNewEnrollment : .off),
                                    role: .warning, key: "b", action: .turnOn))
        case nil:
            break
        }
        let actions = settings.filter { $0.label != .phoneRow }
            .compactMap { setting in setting.key.flatMap { _ in setting.action.map { words.text($0) } } }
        let beside = keyColumn + 2 + (actions.map(Frame.columns(of:)).max() ?? 0) < columns
        if !beside, let phone = settings.firstIndex(where: { $0.label == .phoneRow }) {
            settings[phone].key = nil
            settings[phone].action = nil
        }
        return (settings, beside)
    }

    /// A setting's value on its lines: a value longer than its room ("Nothing
    /// after the password" at 60 columns) wraps under itself rather than
    /// running into the key or the edge.
    static func valueLines(_ setting: Setting, beside: Bool, columns: Int, words: any AppCatalog) -> [String] {
        let valueEnd = beside && setting.key != nil ? keyColumn - 1 : columns - left
        return AppView.wrap(setting.value, width: max(1, valueEnd - valueColumn))
    }

    /// Rows a setting takes: its value's lines, and its key's own row where keys go under the values.
    static func rows(of setting: Setting, beside: Bool, columns: Int, words: any AppCatalog) -> Int {
        let lines = valueLines(setting, beside: beside, columns: columns, words: words).count
        return max(1, lines) + (!beside && setting.key != nil && setting.action != nil ? 1 : 0)
    }

    /// The row of the rule under the settings, above the trusted devices.
    static func ruleRow(_ overview: SecurityOverview, body: Rect, words: any AppCatalog) -> Int {
        let (settings, beside) = settings(overview, columns: body.columns, words: words)
        let end = body.row + (beside ? 2 : 1)
            + settings.map { rows(of: $0, beside: beside, columns: body.columns, words: words) }.reduce(0, +)
        return beside ? max(end, body.row + 7) : end
    }

    static let left = 2
    static let valueColumn = 36
    static let keyColumn = 56

    /// A row of the settings: what it is, its value, and the key that changes it.
    struct Setting {
        let label: SecurityText
        let value: String
        let role: StyleRole
        var key: String? = nil
        var action: SecurityText? = nil
    }

    /// A notice on the body's last row, or its last two where one is too narrow for it.
    static func drawNotice(_ frame: inout Frame, _ text: String, role: StyleRole, in body: Rect) {
        let lines = noticeLines(text, in: body)
        for (index, line) in lines.enumerated() {
            frame.fill(Rect(row: body.endRow - lines.count + index, column: 0, columns: body.columns, rows: 1), role: .normal)
            frame.put(line, row: body.endRow - lines.count + index, column: left, role: role)
        }
    }

    static func noticeLines(_ text: String, in body: Rect) -> ArraySlice<String> {
        AppView.wrap(text, width: body.columns - 2 * left).prefix(2)
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
                // Wrapped inside the box's padding: at 60 columns the first line is longer than the box's inside.
                var row = panel.row + 2
                row += AppView.putWrapped(&frame, words.text(SecurityText.saveRecoveryCodes), row: row, column: left,
                                          width: panel.columns - 6, lines: 2, role: .warning)
                row += AppView.putWrapped(&frame, words.text(SecurityText.eachWorksOnce), row: row, column: left,
                                          width: panel.columns - 6, lines: 2, role: .muted)
                SecondFactorView.codeList(&frame, codes, row: row + 1, left: left)
                frame.put(words.text(SecurityText.writeThemDown), row: row + 2 + (codes.count + 1) / 2, column: left)
                frame.put(words.text(SecurityText.pressEnterWhenSaved), row: panel.row + panel.rows - 2, column: left,
                          role: .accent)
            }
        }
    }

    /// Where the QR code goes: beside the text where the width leaves the
    /// text at least `textMinimumColumns`, below it where the height leaves
    /// room for the text, else nowhere (the key is typed instead, and a line
    /// says a larger window shows the code).
    enum QRPlace: Equatable { case beside, below, none }

    static let textMinimumColumns = 30
    /// The text's rows when nothing wraps, the code's error included.
    static let textRows = 20

    /// The QR code's lines and place at a size. Phone cameras want a quiet
    /// zone of 4 modules (the standard's): the largest up to 4 that fits
    /// above the key bar, covering the header if it must; 1 only when nothing
    /// larger fits. Half blocks have no ASCII stand-in a camera could read.
    static func qrLayout(_ setup: AuthenticatorSetup, ascii: Bool, room: Int, columns: Int) -> (lines: [String], place: QRPlace) {
        guard !ascii else { return ([], .none) }
        for quietZone in [4, 3, 2, 1] {
            let lines = QRDrawing.halfBlockLines(setup.qrModules, quietZone: quietZone)
            let width = lines.first.map(Frame.columns(of:)) ?? 0
            if lines.count <= room, columns - width - 4 >= textMinimumColumns { return (lines, .beside) }
            if lines.count + 1 + textRows <= room - 2, width + 2 <= columns { return (lines, .below) }
        }
        return ([], .none)
    }

    /// Whether the QR code takes the header's rows (then the header is not drawn).
    static func coversHeader(_ screen: EnrolmentScreen, state: AppState, body: Rect) -> Bool {
        guard case .scan(let setup) = screen.stage else { return false }
        let qr = qrLayout(setup, ascii: state.charset == .ascii, room: body.endRow + 1, columns: body.columns)
        return qr.place == .beside && qr.lines.count > body.rows
    }

    /// The QR code at the left (two module rows per text row, light modules
    /// drawn, as `qrencode -t UTF8` does), the key and the code boxes beside
    /// it; or the code above the text, or the text alone.
    static func drawScan(_ frame: inout Frame, _ screen: EnrolmentScreen, _ setup: AuthenticatorSetup, state: AppState,
                         in body: Rect, words: any AppCatalog) {
        let room = body.endRow + 1   // every row above the key bar
        let ascii = state.charset == .ascii
        let (lines, place) = qrLayout(setup, ascii: ascii, room: room, columns: frame.size.columns)
        let coversHeader = place == .beside && lines.count > body.rows
        let top = coversHeader ? max(0, room - lines.count) / 2
            : place == .beside ? body.row + (body.rows - lines.count) / 2 : body.row
        if coversHeader { frame.fill(Rect(row: 0, column: 0, columns: frame.size.columns, rows: room), role: .normal) }
        for (index, line) in lines.enumerated() { frame.put(line, row: top + index, column: 1, role: .normal) }

        // The text, each paragraph wrapped to the column with its indent kept.
        let left = place == .beside ? (lines.first.map(Frame.columns(of:)) ?? 0) + 3 : 3
        let width = frame.size.columns - left - 1
        var text: [(String, StyleRole)] = []   // "" is a blank row
        func add(_ paragraph: String, _ role: StyleRole = .normal) {
            let indent = paragraph.prefix { $0 == " " }.count
            // "1. In the app, ..." goes on under its words, not under its number.
            let hanging = paragraph.dropFirst(indent).first?.isNumber == true ? indent + 3 : indent
            let lines = AppView.wrap(String(paragraph.dropFirst(indent)), width: width - indent)
            guard let head = lines.first else { return }
            text.append((String(repeating: " ", count: indent) + head, role))
            for line in AppView.wrap(lines.dropFirst().joined(separator: " "), width: width - hanging) {
                text.append((String(repeating: " ", count: hanging) + line, role))
            }
        }
        func blank() { text.append(("", .normal)) }
        add(words.text(SecurityText.scanTitle(replacing: setup.replacing)), .title)
        blank()
        add(words.text(SecurityText.stepAddAccount))
        let shown = place != .none
        add(words.text(ascii ? SecurityText.noQRCodeOnThisTerminal : shown ? .stepScan : .qrCodeNeedsALargerWindow))
        blank()
        add(words.text(SecurityText.stepTypeKey))
        let groups = setup.groupedSecret.exposedValue.split(separator: " ").map(String.init)
        let half = (groups.count + 1) / 2
        text.append(("   " + groups.prefix(half).joined(separator: " "), .title))
        text.append(("   " + groups.dropFirst(half).joined(separator: " "), .title))
        add(words.text(SecurityText.account(state.session?.user.username.rawValue ?? "")), .muted)
        blank()
        add(words.text(SecurityText.stepTypeCode))
        blank()
        let boxesRow = text.count   // a blank row in the text, the boxes drawn on it
        blank()
        blank()
        let secondsLeft = (setup.expiresAt.millisecondsSinceEpoch - state.now.millisecondsSinceEpoch) / 1000
        add(words.text(secondsLeft > 0 ? SecurityText.lapsesIn(seconds: secondsLeft) : .lapsed), .muted)
        add(words.text(shown ? SecurityText.qrShownOnce : .keyShownOnce), .muted)
        if screen.busy {
            blank()
            add(words.text(SecurityText.checking), .muted)
        } else if let error = screen.error.map(words.text) {
            blank()
            add(error, .error)
        }

        // From the body's second row, or higher (over the covered header) when the text needs it; where
        // it still does not fit (a short window, a long error), without its blank rows, the last first.
        let textTop = place == .below ? top + lines.count + 1 : body.row + 1
        let highest = coversHeader ? 0 : body.row
        var boxes = boxesRow
        for index in text.indices.reversed() where text.count > room - highest && text[index].0.isEmpty && index != boxes {
            text.remove(at: index)
            if index < boxes { boxes -= 1 }
        }
        let first = max(highest, min(textTop, room - text.count))
        for (index, (line, role)) in text.enumerated() { frame.put(line, row: first + index, column: left, role: role) }
        var column = left + 3
        let typed = Array(screen.digits)
        for index in 0..<TOTP.digits {
            let digit = index < typed.count ? String(typed[index]) : (index == typed.count ? "▁" : " ")
            column = frame.put("[", row: first + boxes, column: column, role: .muted)
            column = frame.put(digit, row: first + boxes, column: column, role: index == typed.count ? .focus : .field)
            column = frame.put("]", row: first + boxes, column: column, role: .muted)
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
