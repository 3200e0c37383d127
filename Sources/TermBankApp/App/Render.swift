import TermBankCore

/// The pure view: the whole screen for a state at a size, as a frame of
/// cells with style roles. Golden tests read frames as text.
public enum AppView {
    public static var minimumSize: Size { AppState.minimumSize }
    public static var maximumSize: Size { AppState.maximumSize }

    /// `words` is the language's catalog: every text on the frame comes from
    /// it. By default, the catalog of the language the state speaks, or
    /// English on a terminal that cannot show that language's letters (the
    /// status line says so).
    ///
    /// A size past `maximumSize` gets a frame no larger than the maximum
    /// that says only "Window too large": the client picks the size, and
    /// a frame's cells cost memory and drawing time (decision 64).
    public static func render(_ state: AppState, size: Size, words: (any AppCatalog)? = nil) -> Frame {
        let words = words ?? state.shownLanguage.appCatalog
        if size.columns > maximumSize.columns || size.rows > maximumSize.rows {
            var frame = Frame(size: Size(columns: min(size.columns, maximumSize.columns),
                                         rows: min(size.rows, maximumSize.rows)))
            drawTooLarge(&frame, size, words)
            return state.charset == .ascii ? frame.inASCII() : frame
        }
        let frame = renderWithPhone(state, size: size, words: words)
        return state.charset == .ascii ? frame.inASCII() : frame
    }

    /// The app, and in demo mode the simulated phone beside it or over it.
    static func renderWithPhone(_ state: AppState, size: Size, words: any AppCatalog) -> Frame {
        guard let demo = state.demo, size.columns >= minimumSize.columns, size.rows >= minimumSize.rows else {
            return renderApp(state, size: size, words: words)
        }
        if case .phoneWindow = state.screen { return renderApp(state, size: size, words: words) }
        // Demo mode: the customer's phone beside the app, or over it on Ctrl-P.
        if size.columns >= PhonePanel.besideWidth {
            var frame = Frame(size: size)
            frame.paste(renderApp(state, size: Size(columns: size.columns - PhonePanel.width, rows: size.rows), words: words),
                        row: 0, column: 0)
            let phone = Rect(row: 0, column: size.columns - PhonePanel.width, columns: PhonePanel.width, rows: size.rows)
            // The story in full at the phone's foot, where step 3's words say how it went.
            let story = StoryView.drawInPhone(&frame, state, in: phone, words: words)
            PhoneView.draw(&frame, demo.phone, now: state.now, in: phone, bottom: story, words: words)
            return frame
        }
        // A new text on the phone, said on the status line until the phone is opened or the notice times out.
        let notice = !demo.phoneOpen && demo.phone.noticeUntil.map { state.now < $0 } == true
            && demo.phone.inbox?.messages.isEmpty == false
        var frame = renderApp(state, size: size, words: words, phoneNotice: notice)
        if demo.phoneOpen {
            let width = min(PhonePanel.width, size.columns)
            PhoneView.draw(&frame, demo.phone, now: state.now,
                           in: Rect(row: 2, column: size.columns - width, columns: width, rows: size.rows - 4), words: words)
        }
        return frame
    }

    /// The size the app itself draws at: in demo mode on a wide terminal, what the phone beside it leaves.
    /// Never more than `maximumSize`: the pages and layouts the reducers size by it stay bounded too.
    static func appSize(_ state: AppState) -> Size {
        let size = Size(columns: min(state.size.columns, maximumSize.columns), rows: min(state.size.rows, maximumSize.rows))
        guard state.demo != nil, size.columns >= PhonePanel.besideWidth else { return size }
        if case .phoneWindow = state.screen { return size }
        return Size(columns: size.columns - PhonePanel.width, rows: size.rows)
    }

    /// The app alone, at a size (in demo mode, what is left beside the phone).
    static func renderApp(_ state: AppState, size: Size, words: any AppCatalog, phoneNotice: Bool = false) -> Frame {
        var frame = Frame(size: size)
        guard size.columns >= minimumSize.columns, size.rows >= minimumSize.rows else {
            drawTooSmall(&frame, words)
            return frame
        }
        let layout = ScreenLayout(state, size: size, words: words, status: status(state, phoneNotice: phoneNotice, words: words))
        let body = layout.body
        if case .enrolment(let screen) = state.screen, SecurityView.coversHeader(screen, state: state, body: body) {
            // The QR code takes every row it can, the header's too.
        } else {
            drawHeader(&frame, state, words)
            StoryView.drawLine(&frame, state, words: words)
        }
        state.screen.feature.draw(&frame, state, in: body, words: words)
        if let modal = state.modal { ModalView.draw(&frame, modal, in: body, state: state, words: words) }
        drawStatusLine(&frame, layout)
        drawKeyBar(&frame, layout)
        // In the body, over the screen: the key bar stays in sight beneath it.
        if state.showsHelp { HelpOverlay.draw(&frame, state, body: body, words) }
        return frame
    }

    // MARK: Chrome

    static func drawHeader(_ frame: inout Frame, _ state: AppState, _ words: any AppCatalog) {
        let width = frame.size.columns
        frame.fill(Rect(row: 0, column: 0, columns: width, rows: 1), role: .title)
        frame.put(" " + words.text(ChromeText.brand), row: 0, column: 0, role: .title)
        // Concatenated, not `[String].joined`: the generic join's first use
        // cost the first frame 0.1 million instructions (docs/benchmarks.md).
        var text = state.session?.user.username.rawValue ?? ""
        if let device = state.deviceName { text += text.isEmpty ? device : " · " + device }
        text += " "
        frame.put(text, row: 0, column: max(10, width - text.count), role: .title)
        frame.horizontalRule(row: 1)
    }

    static func drawKeyBar(_ frame: inout Frame, _ layout: ScreenLayout) {
        for (index, keys) in layout.keyBar.enumerated() {
            var column = 1
            for key in keys {
                column = frame.put(key.keys, row: layout.keyBarRow + index, column: column, role: .accent)
                column = frame.put(" " + key.label + "  ", row: layout.keyBarRow + index, column: column, role: .muted)
            }
        }
    }

    static func drawStatusLine(_ frame: inout Frame, _ layout: ScreenLayout) {
        if layout.statusRole == .warning, !layout.status.isEmpty {
            frame.fill(Rect(row: layout.statusRow, column: 0, columns: frame.size.columns, rows: layout.status.count),
                       role: .warning)
        }
        for (index, line) in layout.status.enumerated() {
            frame.putCentered(line, row: layout.statusRow + index, role: layout.statusRole)
        }
    }

    /// The status line's one sentence, the most pressing first: the idle
    /// warning, a new text on the demo phone, a code on its way (under
    /// whichever screen asked: an SMS command may take seconds), the
    /// language the terminal cannot show (said in English, the language the
    /// screen fell back to).
    static func status(_ state: AppState, phoneNotice: Bool, words: any AppCatalog) -> (text: String, role: StyleRole)? {
        if let left = AppReducer.idleWarningSecondsLeft(state) {
            return (words.text(ChromeText.idleWarning(secondsLeft: Int64(left))), .warning)
        }
        if let left = AppReducer.closingWarningSecondsLeft(state) {
            return (words.text(ChromeText.closingForInactivity(secondsLeft: left)), .warning)
        }
        if phoneNotice {
            // As a phone shows a new text: a banner with its first words, two rows at most, cut with an
            // ellipsis. The code near the start of every SMS the bank sends reads without opening the
            // phone; the rest of the message, and a call's digits, are on the phone behind Ctrl-P.
            guard let newest = state.demo?.phone.inbox?.messages.first else {
                return (words.text(ChromeText.newMessageOnThePhone), .warning)
            }
            // The message is the bank's text as sent (data, in the customer's language), not the catalog's.
            let banner = words.text(ChromeText.phoneBanner) + " " + flattened(newest.text)
            return (banner, .warning)
        }
        if state.sendingCode, !isPin(state.screen) { return (words.text(ChromeText.sendingACode), .muted) }
        if state.shownLanguage != state.language {
            return (EnglishAppCatalog().asciiOnlyNote(instead: state.language), .muted)
        }
        return nil
    }

    /// A message's lines as one, for a banner.
    private static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private static func isPin(_ screen: Screen) -> Bool {
        if case .pin = screen { return true } else { return false }
    }

    static func drawTooSmall(_ frame: inout Frame, _ words: any AppCatalog) {
        let middle = frame.size.rows / 2
        frame.putCentered(words.text(ChromeText.tooSmall), row: middle - 1, role: .warning)
        frame.putCentered(words.text(ChromeText.tooSmallSize(frame.size, needs: minimumSize)), row: middle, role: .muted)
        frame.putCentered(words.text(ChromeText.makeItLarger), row: middle + 1, role: .muted)
    }

    /// The client's window is past the maximum: this and nothing else, in a frame no larger than the maximum.
    static func drawTooLarge(_ frame: inout Frame, _ size: Size, _ words: any AppCatalog) {
        let middle = frame.size.rows / 2
        frame.putCentered(words.text(ChromeText.tooLarge), row: middle - 1, role: .warning)
        frame.putCentered(words.text(ChromeText.tooLargeSize(size, allows: maximumSize)), row: middle, role: .muted)
        frame.putCentered(words.text(ChromeText.makeItSmaller), row: middle + 1, role: .muted)
    }

    static func drawSignedOut(_ frame: inout Frame, _ message: AppMessage?, in body: Rect, words: any AppCatalog) {
        let panel = centered(in: body, columns: 62, rows: 9)
        frame.box(panel, role: .muted, title: words.text(SessionText.signedOutTitle))
        // Signing out on purpose reads as normal; any other reason as a warning. The values say which, not the words.
        let chosen = message == nil || message == AppText.signedOut
        let lines = wrap(words.text(message ?? AppText.signedOut), width: panel.columns - 6)
        for (index, line) in lines.prefix(4).enumerated() {
            frame.put(line, row: panel.row + 2 + index, column: panel.column + 3, role: chosen ? .normal : .warning)
        }
        frame.put(words.text(SessionText.signInAgainOrQuit), row: panel.row + panel.rows - 2, column: panel.column + 3,
                  role: .muted)
    }

    // MARK: Layout helpers

    static func centered(in area: Rect, columns: Int, rows: Int) -> Rect {
        let width = min(columns, area.columns)
        let height = min(rows, area.rows)
        return Rect(row: area.row + (area.rows - height) / 2, column: area.column + (area.columns - width) / 2,
                    columns: width, rows: height)
    }

    /// Puts text wrapped to `width` columns from a row down, at most `lines`
    /// lines (a long text wraps inside its panel rather than running past
    /// it). Returns the number of lines it took.
    @discardableResult
    static func putWrapped(_ frame: inout Frame, _ text: String, row: Int, column: Int, width: Int, lines: Int = .max,
                           role: StyleRole = .normal) -> Int {
        let wrapped = wrap(text, width: width).prefix(lines)
        for (index, line) in wrapped.enumerated() { frame.put(line, row: row + index, column: column, role: role) }
        return wrapped.count
    }

    /// Splits text into lines of at most `width` characters, at spaces where possible.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
            while current.count > width {
                lines.append(String(current.prefix(width)))
                current = String(current.dropFirst(width))
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// "4:32"
    static func minutesSeconds(_ seconds: Int64) -> String {
        let clamped = max(0, seconds)
        return "\(clamped / 60):" + (clamped % 60 < 10 ? "0" : "") + "\(clamped % 60)"
    }
}
