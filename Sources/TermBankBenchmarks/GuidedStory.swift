import Glibc
import TermBankApp
import TermBankCore
import TermBankSecurity

/// A terminal the guided story is played on: the benchmark's pseudo-terminal,
/// or a tmux window over real SSH in the end-to-end tests. The story only
/// types keys and reads the screen, as a person does.
package protocol StoryTerminal: AnyObject {
    var columns: Int { get }
    var rows: Int { get }
    func send(_ key: StoryKey) throws
    /// The screen now, one string a row.
    func lines() throws -> [String]
    /// Waits up to `seconds` until `ready` holds of the screen; returns that screen.
    @discardableResult
    func waitUntil(_ what: String, seconds: Double, _ ready: ([String]) -> Bool) throws -> [String]
}

extension StoryTerminal {
    /// Any one screen comes within 15 s (a password hash and the bank included).
    @discardableResult
    package func waitUntil(_ what: String, _ ready: ([String]) -> Bool) throws -> [String] {
        try waitUntil(what, seconds: 15, ready)
    }
}

package enum StoryKey: Equatable {
    /// Characters typed one key each.
    case text(String)
    case enter, tab, escape, ctrlP
}

/// What playing the story cost the person, counted as it is played.
package struct StoryTally: Equatable {
    package var keystrokes = 0
    package var screens = 0
    /// Characters the person read off the screen (or the phone) and typed back.
    package var copiedCharacters = 0
    /// The screens passed, in order, by title: what the person read.
    package var screenTitles: [String] = []

    /// The human model, fixed so runs compare: 250 ms a key, 2 s to read a
    /// screen, and 500 ms more for each character copied by eye (find it,
    /// hold it, check it). The app's own time is left out: it is a few
    /// hundred milliseconds over the whole story (the benchmark prints it).
    package static let secondsPerKey = 0.25
    package static let secondsPerScreen = 2.0
    package static let secondsPerCopiedCharacter = 0.5

    package var modelSeconds: Double {
        Double(keystrokes) * Self.secondsPerKey + Double(screens) * Self.secondsPerScreen
            + Double(copiedCharacters) * Self.secondsPerCopiedCharacter
    }
}

/// The ways a first-time person can answer differently from the plain story.
package struct StoryVariations: OptionSet, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    /// `y` to "Trust this device?" after the first code.
    package static let trust = StoryVariations(rawValue: 1)
    /// SMS verification turned off and on again in Security before logging out.
    package static let smsToggledInSecurity = StoryVariations(rawValue: 2)
    /// One resend of the sign-in code.
    package static let resend = StoryVariations(rawValue: 4)
    /// A transfer cancelled at its code, before the one that is approved.
    package static let cancelledTransfer = StoryVariations(rawValue: 8)
    package static let all: StoryVariations = [.trust, .smsToggledInSecurity, .resend, .cancelledTransfer]
}

/// The stakeholder's story as the demo's welcome screen tells it, played by
/// reading the screen: make a demo customer, sign in with the code from the
/// phone, move money approved by a code, sign out and in again, set up an
/// authenticator app. Every key, screen and character copied is counted.
package final class GuidedStory {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    let terminal: StoryTerminal
    let catalog: any AppCatalog
    let variations: StoryVariations
    let totp = TOTP(hmac: OpenSSLHMACSHA1())
    package private(set) var tally = StoryTally()
    package private(set) var username = ""
    package private(set) var password = ""
    /// The codes read off the phone, in order.
    package private(set) var codes: [String] = []
    /// The amount moved by the approved transfer, in whole units of the bank's currency.
    package let amount = 100

    let now: () -> Timestamp

    package init(terminal: StoryTerminal, language: Language, variations: StoryVariations = [], now: @escaping () -> Timestamp) {
        self.terminal = terminal
        self.now = now
        catalog = language.appCatalog
        self.variations = variations
    }

    /// The phone sits beside the app from 120 columns; narrower, Ctrl-P slides it over.
    var phoneBeside: Bool { terminal.columns >= 120 }

    // MARK: The story

    package func play() throws {
        try makeCustomer()
        try signIn(first: true)
        try moveMoney()
        try signOutAndInAgain()
        try setUpAuthenticator()
    }

    func makeCustomer() throws {
        try see(catalog.text(DemoText.welcomeTitle))
        try press(.text("g"))
        let card = try see(catalog.text(DemoText.cardTitle))
        username = try XCTValue(word(after: catalog.text(DemoText.usernameLabel), in: card), "the username on the card", card)
        password = try XCTValue(word(after: catalog.text(DemoText.passwordLabel), in: card), "the password on the card", card)
        try press(.enter)
    }

    /// From the login form to the statement: password, sitekey, fingerprint, the code.
    func signIn(first: Bool, formShown: Bool = false) throws {
        let login = formShown ? try terminal.lines() : try see(catalog.text(SignInText.signInTitle))
        // The person types the username only when the form does not show it already.
        // A key come back (or a sign-out here) fills the username in as the form opens: give it a moment.
        let filled: ([String]) -> Bool = { self.word(after: self.catalog.text(SignInText.usernameLabel), in: $0) == self.username }
        if !filled(login), try poll(seconds: 2, filled) == nil {
            try copy(username)
            try press(.tab)
        }
        try copy(password)
        try press(.enter)
        // The sitekey is asked once per terminal: a sign-in it already showed goes on to the fingerprint.
        let sitekey = catalog.text(SignInText.sitekeyTitle)
        // The fingerprint or face sheet, known by its key ("x Non-matching"): its sensor's name is also
        // in the story's steps on the screen.
        let sensor = catalog.text(KeyLabel.nonMatching)
        if try seeEither([sitekey, sensor]).title == sitekey {
            try press(.enter)
            try see(sensor)
        }
        try press(.enter)
        // A trusted device goes straight to the statement.
        let accounts = catalog.text(BankingText.accountsTitle)
        guard try seeEither([catalog.text(SecondFactorText.verifyItsYou), accounts]).title != accounts else { return }
        if first && variations.contains(.resend) {
            let sent = try readMessage(after: lastMessage)
            // The person waits for the resend to be offered (Verify's cooldown), then asks for another code.
            try terminal.waitUntil("the resend offered", seconds: 45) { screen in
                [SecondFactorText.resendOrCall, .resendBySMS].contains { self.flowing(screen).containsText(self.flat(self.catalog.text($0))) }
            }
            try press(.text("r"))
            try copy(try readMessage(after: sent).code)
        } else {
            try copy(try readCode())
        }
        try see(catalog.text(ModalText.trustQuestion(days: 30)))
        try press(.text(first && variations.contains(.trust) ? "y" : "n"))
        try see(catalog.text(BankingText.accountsTitle))
    }

    func moveMoney() throws {
        if variations.contains(.cancelledTransfer) {
            try startTransfer(amount: amount + 1)
            _ = try readCode()
            // Esc steps back a screen at a time: the review, the form, the statement.
            let back = [catalog.text(BankingText.reviewTitle), catalog.text(BankingText.moveMoneyTitle),
                        catalog.text(BankingText.accountsTitle)]
            for _ in back {
                try press(.escape)
                if try seeEither(back).title == back[2] { break }
            }
        }
        try startTransfer(amount: amount)
        try copy(try readCode())
        try see(catalog.text(BankingText.receiptTitle))
        try press(.enter)
        try see(catalog.text(BankingText.accountsTitle))
    }

    func startTransfer(amount: Int) throws {
        try press(.text("t"))
        try see(catalog.text(BankingText.moveMoneyTitle))
        try press(.text(String(amount)))
        try press(.enter)
        try see(catalog.text(BankingText.reviewTitle))
        try press(.enter)
        try see(catalog.text(SecondFactorText.approveThisTransfer))
    }

    func signOutAndInAgain() throws {
        if variations.contains(.smsToggledInSecurity) {
            try press(.text("a"))
            try see(catalog.text(SecurityText.title))
            try toggleSMSInSecurity()
            try press(.escape)
            try see(catalog.text(BankingText.accountsTitle))
        }
        try press(.text("l"))
        try see(catalog.text(ModalText.smsQuestion))
        // The guest's SMS verification is on: keep it on, so the next sign-in asks for a code.
        try press(.text("y"))
        try see(catalog.text(SessionText.signedOutTitle))
        try press(.enter)
        if try seeEither([catalog.text(DemoText.welcomeTitle), catalog.text(SignInText.signInTitle)]).title
            == catalog.text(DemoText.welcomeTitle) {
            try press(.enter)
            try signIn(first: false)
        } else {
            try signIn(first: false, formShown: true)
        }
    }

    /// `s` in Security turns SMS verification off: the password and a code sent to the phone.
    func toggleSMSInSecurity() throws {
        try press(.text("s"))
        try see(catalog.text(SecurityText.formTitle(.turnOffSMSVerification, authenticatorActive: false)))
        try copy(password)
        try press(.tab)
        try copy(try readCode())
        try press(.enter)
        // Back on Security once the form is gone (Security's title is under the form all along).
        let form = catalog.text(SecurityText.formTitle(.turnOffSMSVerification, authenticatorActive: false))
        try terminal.waitUntil("the form to close") { !self.shows($0, form) }
        try see(catalog.text(SecurityText.title))
    }

    func setUpAuthenticator() throws {
        try press(.text("a"))
        try see(catalog.text(SecurityText.title))
        try press(.text("e"))
        try see(catalog.text(SecurityText.formTitle(.enrolAuthenticator, authenticatorActive: false)))
        try copy(password)
        try press(.tab)
        try copy(try readCode())
        try press(.enter)
        let scan = try see(catalog.text(SecurityText.scanTitle(replacing: false)))
        try copy(try authenticatorCode(scan))
        try see(catalog.text(SecurityText.saveRecoveryCodes))
        try press(.enter)
        try see(catalog.text(SecurityText.title))
    }

    // MARK: Reading the screen

    /// The code in a message newer than the last one read, as the person reads it off the phone.
    func readCode() throws -> String { try readMessage(after: lastMessage).code }

    /// The phone's newest message (a newer one than `previous`, when given) and its code: the phone beside
    /// the app, or slid over it with Ctrl-P and back.
    func readMessage(after previous: PhoneMessage? = nil) throws -> PhoneMessage {
        let fresh: ([String]) -> Bool = { screen in
            (try? self.newestMessage(in: screen)).map { $0.text != previous?.text } ?? false
        }
        let message: PhoneMessage
        if phoneBeside {
            message = try newestMessage(in: try terminal.waitUntil("a new code on the phone", fresh))
        } else if let banner = try newBanner(), let code = Self.sixDigits(in: banner) {
            // The phone's banner over the key bar shows a new text's first words: an SMS code is in them.
            message = PhoneMessage(text: banner, code: code)
            lastBanner = banner
        } else {
            try press(.ctrlP)
            let phone = try terminal.waitUntil("a new code on the phone over the app", fresh)
            try press(.ctrlP)
            try terminal.waitUntil("the phone to slide back") { !self.flowing($0).containsText(self.flat(self.catalog.text(DemoText.phoneTitle))) }
            message = try newestMessage(in: phone)
        }
        lastMessage = message
        return message
    }

    /// The last banner read: a new message's banner differs from it.
    var lastBanner: String?

    /// Waits for the banner of a message newer than the last one read (the phone is not beside the app).
    func newBanner() throws -> String? {
        let prefix = flat(catalog.text(ChromeText.phoneBanner))
        let banner: ([String]) -> String? = { screen in
            screen.reversed().map { self.flat($0) }.first { $0.hasPrefix(prefix) }
        }
        let screen = try terminal.waitUntil("the phone's banner of a new message") { screen in
            banner(screen).map { $0 != self.lastBanner } ?? false
        }
        return banner(screen)
    }

    /// The first run of exactly six digits.
    static func sixDigits(in text: String) -> String? {
        text.split { !$0.isNumber }.first { $0.count == 6 }.map(String.init)
    }

    /// The last message read off the phone: the next code is in a newer one.
    var lastMessage: PhoneMessage?

    package struct PhoneMessage {
        /// The message: its time ("21:55:05") and its words, without the "new" mark that fades.
        let text: String
        let code: String
    }

    /// The phone lists its messages newest first under its header, each opened by a line with its time
    /// ("21:55:05 UTC  SMS  new"). A code is six digits in an SMS, or six digits read out one by one in a call.
    func newestMessage(in lines: [String]) throws -> PhoneMessage {
        let phone = phoneColumns(lines).map(unboxed)
        guard let title = phone.firstIndex(where: { $0.containsText(catalog.text(DemoText.phoneTitle)) }) else {
            throw Failure(description: "no phone on the screen")
        }
        let opensMessage: (String) -> Bool = { line in
            let time = line.drop { $0 == " " }.prefix(8)
            return time.count == 8 && time.enumerated().allSatisfy { index, character in
                index == 2 || index == 5 ? character == ":" : character.isNumber
            }
        }
        guard let first = phone[title...].firstIndex(where: opensMessage) else {
            throw Failure(description: "no message on the phone")
        }
        let end = phone[(first + 1)...].firstIndex(where: opensMessage) ?? phone.endIndex
        let body = phone[(first + 1)..<end].joined(separator: " ")
        let tokens = body.split { !$0.isNumber }.map(String.init)
        let code = tokens.first { $0.count == 6 } ?? {
            let digits = tokens.prefix { $0.count == 1 }
            return digits.count >= 6 ? digits.prefix(6).joined() : nil
        }()
        guard let code else { throw Failure(description: "no code in the phone's newest message: \(body)") }
        let time = phone[first].drop { $0 == " " }.prefix(8)
        return PhoneMessage(text: time + " " + body, code: code)
    }

    /// The phone's columns: from its box's left edge, on the row of its title, to the right.
    func phoneColumns(_ lines: [String]) -> [String] {
        let corner = Array("╭─ " + catalog.text(DemoText.phoneTitle))
        for line in lines {
            let characters = Array(line)
            guard characters.count >= corner.count else { continue }
            for column in 0...(characters.count - corner.count) where Array(characters[column..<(column + corner.count)]) == corner {
                return lines.map { String($0.dropFirst(column)) }
            }
        }
        return lines
    }

    /// The app's part of the screen: without the phone beside it, whose messages and story would read
    /// as the app's words.
    func appColumns(_ lines: [String]) -> [String] {
        guard phoneBeside else { return lines }
        return lines.map { String($0.prefix(terminal.columns - 40)) }
    }

    /// The authenticator's code: off the simulated phone's authenticator app when it has one (it scans
    /// the QR code on the screen), else what an app on the person's own phone shows for the key on the
    /// screen (scanning costs no typing; the code is copied either way).
    func authenticatorCode(_ screen: [String]) throws -> String {
        let app = catalog.text(DemoText.authenticatorApp)
        let onThePhone: ([String]) -> String? = { screen in
            let phone = self.flowing(self.phoneColumns(screen))
            guard let label = phone.firstRange(ofText: self.flat(app)) else { return nil }
            let digits = phone[label.upperBound...].drop { !$0.isNumber }.prefix { $0.isNumber }
            return digits.count == 6 ? String(digits) : nil
        }
        // The phone scans the QR code on its next read (each second): a few seconds at most in demo mode.
        if phoneBeside, let phone = try poll(seconds: 5, { onThePhone($0) != nil }), let code = onThePhone(phone) {
            codeFromThePhone = true
            return code
        }
        if !phoneBeside {
            try press(.ctrlP)
            try terminal.waitUntil("the phone over the app") { self.flowing($0).containsText(self.flat(self.catalog.text(DemoText.phoneTitle))) }
            let code = try poll(seconds: 5, { onThePhone($0) != nil }).flatMap(onThePhone)
            try press(.ctrlP)
            try terminal.waitUntil("the phone to slide back") { !self.flowing($0).containsText(self.flat(self.catalog.text(DemoText.phoneTitle))) }
            if let code {
                codeFromThePhone = true
                return code
            }
        }
        codeFromThePhone = false
        let lines = screen.map { unboxed($0) }
        // The key is printed in groups of four base32 characters.
        let groups = lines.flatMap { $0.split(separator: " ") }.map(String.init).filter { group in
            group.count == 4 && group.allSatisfy { ("A"..."Z").contains($0) || ("2"..."7").contains($0) }
        }
        guard groups.count >= 8, let secret = Base32.decode(groups.prefix(8).joined()) else {
            throw Failure(description: "no authenticator key on the screen:\n" + screen.joined(separator: "\n"))
        }
        return totp.code(secret: secret, step: TOTP.step(at: now()))
    }

    /// The screen once `ready` holds of it, or nil after `seconds`: for what may never come (a phone
    /// without the app), where a wait that fails would end the story.
    func poll(seconds: Double, _ ready: ([String]) -> Bool) throws -> [String]? {
        for _ in 0..<Int(seconds * 20) {
            let screen = try terminal.lines()
            if ready(screen) { return screen }
            usleep(50_000)
        }
        return nil
    }

    /// Whether the authenticator's code came off the simulated phone (nil before step 4): the story then
    /// needed nothing but the terminal.
    package private(set) var codeFromThePhone: Bool?

    /// The checklist's four marks, as the bank recorded them: every step done.
    package func waitForEveryStepTicked() throws {
        try terminal.waitUntil("the story's four steps ticked") { self.flowing($0).containsText("✓1 ✓2 ✓3 ✓4") }
    }

    // MARK: Counting

    func press(_ key: StoryKey) throws {
        if case .text(let text) = key { tally.keystrokes += text.count } else { tally.keystrokes += 1 }
        try terminal.send(key)
    }

    /// Types text the person read off the screen or the phone.
    func copy(_ text: String) throws {
        tally.copiedCharacters += text.count
        try press(.text(text))
    }

    /// Waits for a screen with this title, and counts it as read.
    @discardableResult
    func see(_ title: String) throws -> [String] {
        let screen = try terminal.waitUntil("\"\(title)\"") { self.shows($0, title) }
        tally.screens += 1
        tally.screenTitles.append(title)
        return screen
    }

    /// Waits for whichever of these screens comes first, and counts it as read.
    @discardableResult
    func seeEither(_ titles: [String]) throws -> (title: String, screen: [String]) {
        let screen = try waitForAny(titles)
        let title = titles.first { shows(screen, $0) } ?? titles[0]
        tally.screens += 1
        tally.screenTitles.append(title)
        return (title, screen)
    }

    func waitForAny(_ titles: [String]) throws -> [String] {
        try terminal.waitUntil(titles.map { "\"\($0)\"" }.joined(separator: " or ")) { screen in
            titles.contains { self.shows(screen, $0) }
        }
    }

    /// Whether the app (not the phone beside it) shows this text.
    func shows(_ screen: [String], _ text: String) -> Bool {
        flowing(appColumns(screen)).containsText(flat(text))
    }

    /// The screen's text as one line, boxes and runs of spaces removed, so a
    /// text wrapped over lines in a narrow box is still found.
    func flowing(_ lines: [String]) -> String {
        flat(lines.map { unboxed($0) }.joined(separator: " "))
    }

    /// A row without its box sides.
    func unboxed(_ line: String) -> String {
        String(line.map { $0 == "│" ? " " : $0 })
    }

    func flat(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// The word after `label` on the line that has it ("Username    guest-amber-fox").
    func word(after label: String, in lines: [String]) -> String? {
        for line in lines {
            let words = line.split(whereSeparator: { $0.isWhitespace || $0 == "│" }).map(String.init)
            if let index = words.firstIndex(of: label), index + 1 < words.count { return words[index + 1] }
        }
        return nil
    }

    func XCTValue(_ value: String?, _ what: String, _ screen: [String]) throws -> String {
        guard let value else { throw Failure(description: "no \(what):\n" + screen.joined(separator: "\n")) }
        return value
    }
}
