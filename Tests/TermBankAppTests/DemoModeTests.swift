@testable import TermBankApp
import TermBankCore
import XCTest

/// Demo mode (`--demo`) in the reducer and the view: the welcome
/// screen and guest customers, the customer's phone beside the app or slid
/// over it, and that none of it exists without demo mode.
final class DemoModeTests: ReducerTestCase {
    override class var initialState: AppState { Fixture.demoState() }

    static let guest = UserRecord(id: UserID(9), username: Username(trusted: "guest-amber-fox"),
                                  phone: PhoneNumber(trusted: "+12025550142"), smsVerification: true,
                                  sitekey: Sitekey(trustedImage: "owl", phrase: "Tea at the harbour"), createdAt: Fixture.start)
    static let credentials = GuestCredentials(user: guest, password: Secret("copper-lantern-river-4821"),
                                              expiresAt: Fixture.start.adding(seconds: 24 * 3600))

    static func inbox(_ ids: [Int64], text: String = "TermBank: your sign-in code is 401710.") -> PhoneInbox {
        PhoneInbox(owner: guest.username, number: guest.phone.masked,
                   messages: ids.map { PhoneEntry(id: $0, channel: .sms, text: text, at: Fixture.start) })
    }

    // MARK: Without --demo none of it is reachable

    func testWithoutDemoModeGTypesALetterAndCtrlPAndF2DoNothing() {
        var plain = Fixture.state()
        XCTAssertNil(plain.demo)
        XCTAssertEqual(AppReducer.reduce(&plain, .key(.character("g"))), [])
        guard case .login(let form) = plain.screen else { return XCTFail("not on the login form") }
        XCTAssertEqual(form.username, "g")
        let before = plain
        XCTAssertEqual(AppReducer.reduce(&plain, .key(.control("p"))), [])
        XCTAssertEqual(AppReducer.reduce(&plain, .key(.function(2))), [])
        XCTAssertEqual(plain, before)
        // The bank's replies for demo mode change nothing either.
        XCTAssertEqual(AppReducer.reduce(&plain, .demo(.phoneLoaded(.success(Self.inbox([1]))))), [])
        XCTAssertEqual(AppReducer.reduce(&plain, .demo(.guestCreated(.success(Self.credentials)))), [])
        XCTAssertEqual(plain, before)
    }

    func testWithoutDemoModeNoTickReadsThePhoneAndNoPhoneIsDrawnAtAnySize() {
        var plain = Fixture.state()
        XCTAssertEqual(AppReducer.reduce(&plain, .tick(Fixture.start.adding(seconds: 1))), [])
        XCTAssertEqual(AppReducer.reduce(&plain, .secondFactor(.codeSent(.success(Fixture.ticket())))), [])
        for size in [Size(columns: 80, rows: 24), Size(columns: 140, rows: 40)] {
            let text = AppView.render(plain, size: size).text.joined(separator: "\n")
            XCTAssertFalse(text.contains("phone (simulated)"), text)
            XCTAssertFalse(text.contains("Try:"), text)
        }
    }

    func testAPhoneWindowNeedsDemoMode() {
        let plain = AppState(size: Fixture.size, now: Fixture.start, deviceName: nil, phoneWindow: PhoneWindowScreen())
        XCTAssertEqual(plain.screen, .login(LoginForm()))
        XCTAssertNil(plain.demo)
    }

    // MARK: A customer of one's own

    func testDemoModeStartsOnTheWelcomeScreenWhereGMakesAGuestShownOnceThenTheLoginHasTheUsername() {
        XCTAssertEqual(state.screen, .welcome(WelcomeScreen()))
        send(.key(.character("g")), effects: [.demo(.createGuest(.english))]) { $0.screen = .welcome(WelcomeScreen(busy: true)) }
        send(.key(.character("g")))   // one at a time
        send(.demo(.guestCreated(.success(Self.credentials)))) { state in
            state.screen = .guestCard(GuestCard(credentials: Self.credentials))
            state.demo?.phone.passwordNote = PhonePasswordNote(username: Self.guest.username, password: Self.credentials.password)
        }
        send(.key(.character("x")))
        send(.key(.enter)) { state in
            var form = LoginForm()
            form.username = "guest-amber-fox"
            form.focus = .password
            state.screen = .login(form)
        }
        XCTAssertFalse(String(describing: state).contains("copper-lantern"), "the phone's note never prints it")
    }

    /// The guest's sitekey phrase is asked for in the language on the
    /// welcome screen (L there changes it), and in English where the terminal
    /// shows only ASCII and so draws the screens in English.
    func testAGuestIsMadeInTheLanguageOnTheWelcomeScreen() {
        for language in Language.allCases {
            var welcome = Fixture.demoState()
            welcome.languageSelection = LanguageSelection(language, source: .option)
            XCTAssertEqual(AppReducer.reduce(&welcome, .key(.character("g"))), [.demo(.createGuest(language))], language.code)
            var ascii = Fixture.demoState()
            ascii.languageSelection = LanguageSelection(language, source: .option)
            ascii.charset = .ascii
            XCTAssertEqual(AppReducer.reduce(&ascii, .key(.character("g"))), [.demo(.createGuest(.english))], language.code)
        }
        var chosen = Fixture.demoState()
        while chosen.language != .ukrainian { _ = AppReducer.reduce(&chosen, .key(.character("L"))) }
        XCTAssertEqual(AppReducer.reduce(&chosen, .key(.character("g"))), [.demo(.createGuest(.ukrainian))])
    }

    /// Every phrase a guest can get is shown whole, on one line, under the
    /// picture and on the returning device's sign-in, at 80x24 and at 60x20.
    func testEveryGuestPhraseFitsOnTheSitekeyScreens() {
        for language in Language.allCases {
            for phrase in GuestPhrases.list(language) {
                let guest = UserRecord(id: Self.guest.id, username: Self.guest.username, phone: Self.guest.phone,
                                       smsVerification: true, sitekey: Sitekey(trustedImage: "owl", phrase: phrase),
                                       createdAt: Fixture.start)
                for screen in [Screen.sitekey(SitekeyScreen(user: guest, next: .smsCode)),
                               .sitekeyFirst(SitekeyFirstForm(username: guest.username.rawValue, sitekey: guest.sitekey))] {
                    for size in [Fixture.size, Size(columns: 60, rows: 20)] {
                        var state = Fixture.state(size: size)
                        state.languageSelection = LanguageSelection(language, source: .option)
                        state.screen = screen
                        let frame = AppView.render(state, size: size).text.joined(separator: "\n")
                        XCTAssertTrue(frame.contains(phrase), "\(language.code) \(size.columns)x\(size.rows): \(phrase)\n\(frame)")
                    }
                }
            }
        }
    }

    func testARefusedGuestSaysWhyOnTheWelcomeScreen() {
        send(.key(.character("g")), effects: [.demo(.createGuest(.english))]) { $0.screen = .welcome(WelcomeScreen(busy: true)) }
        let why = AppMessage.core(.guest(.tooMany(limit: 5, minutesLeft: 12)))
        send(.demo(.guestCreated(.failure(why)))) { $0.screen = .welcome(WelcomeScreen(error: why)) }
    }

    func testEnterOnTheWelcomeScreenSignsInEscGoesBackAndSignedOutReturnsToTheWelcome() {
        send(.key(.enter)) { $0.screen = .login(LoginForm()) }
        send(.typed("bob")) { $0.screen = .login({ var form = LoginForm(); form.username = "bob"; return form }()) }
        send(.key(.escape)) { $0.screen = .welcome(WelcomeScreen()) }
        state.screen = .signedOut(message: nil)
        send(.key(.enter)) { $0.screen = .welcome(WelcomeScreen()) }
    }

    /// The login form after a sign-out starts empty, as everywhere: whoever
    /// types a name out of habit does not type it into the password field.
    func testAfterASignOutTheNextSignInStartsWithAnEmptyForm() {
        _ = AppReducer.reduce(&state, .signIn(.sessionOpened(.success(Fixture.session(Self.guest)))))
        state.screen = .signedOut(message: nil)
        send(.key(.enter)) { $0.screen = .welcome(WelcomeScreen()) }
        send(.key(.enter)) { $0.screen = .login(LoginForm()) }
    }

    // MARK: The phone

    func testEveryTickAndEveryCodeSentReadsThePhone() {
        send(.tick(Fixture.start.adding(seconds: 1)), effects: [.demo(.loadPhone), .demo(.loadStory)]) { $0.now = Fixture.start.adding(seconds: 1) }
        // The effect that sends a code reads the phone at once, not at the next tick (docs/decisions/0085).
        var client = BankingClient(now: { Fixture.start })
        client.signingIn.sendSignInCode = { Fixture.ticket() }
        var demo = DemoClient()
        demo.phoneInbox = { Self.inbox([3]) }
        client.demo = demo
        XCTAssertEqual(EffectRunner.perform(.secondFactor(.sendSignInCode), client: client),
                       [.secondFactor(.codeSent(.success(Fixture.ticket()))), .demo(.phoneLoaded(.success(Self.inbox([3]))))])
        // A code not sent puts nothing on the phone; without demo mode there is no phone to read.
        client.signingIn.sendSignInCode = { throw SessionError.notFound }
        XCTAssertEqual(EffectRunner.perform(.secondFactor(.sendSignInCode), client: client),
                       [.secondFactor(.codeSent(.failure(.core(.session(.notFound)))))])
        client.signingIn.sendSignInCode = { Fixture.ticket() }
        client.demo = nil
        XCTAssertEqual(EffectRunner.perform(.secondFactor(.sendSignInCode), client: client),
                       [.secondFactor(.codeSent(.success(Fixture.ticket())))])
    }

    func testANewMessageIsAnnouncedUntilThePhoneIsOpenedOrTwentySecondsPass() {
        send(.demo(.phoneLoaded(.success(Self.inbox([3]))))) { state in
            state.demo?.phone.inbox = Self.inbox([3])
            state.demo?.phone.newestSeen = 3
            state.demo?.phone.noticeUntil = Fixture.start.adding(seconds: 20)
        }
        // The same messages again: nothing new to announce.
        send(.demo(.phoneLoaded(.success(Self.inbox([3])))))
        send(.tick(Fixture.start.adding(seconds: 20)), effects: [.demo(.loadPhone), .demo(.loadStory)]) { state in
            state.now = Fixture.start.adding(seconds: 20)
            state.demo?.phone.noticeUntil = nil
        }
        send(.demo(.phoneLoaded(.success(Self.inbox([4, 3]))))) { state in
            state.demo?.phone.inbox = Self.inbox([4, 3])
            state.demo?.phone.newestSeen = 4
            state.demo?.phone.noticeUntil = Fixture.start.adding(seconds: 40)
        }
        send(.key(.control("p"))) { state in
            state.demo?.phoneOpen = true
            state.demo?.phone.noticeUntil = nil
        }
        // A failed read keeps what the phone showed.
        send(.demo(.phoneLoaded(.failure(.core(.store(.busy(path: "bank.db", waitedMilliseconds: 5000)))))))
        // Signed out: nobody's phone.
        send(.demo(.phoneLoaded(.success(nil)))) { $0.demo?.phone.inbox = nil }
    }

    /// On a small terminal the phone slides over the app: while it is there no
    /// key reaches the hidden screen; Ctrl-P, F2 or Esc slide it back.
    func testOverTheAppThePhoneTakesNoKeysButTheOnesThatCloseIt() {
        state.screen = .pin(PinEntry(ticket: Fixture.ticket(), purpose: .signIn))
        send(.key(.function(2))) { $0.demo?.phoneOpen = true }
        send(.typed("401710"))
        send(.key(.enter))
        send(.key(.escape)) { $0.demo?.phoneOpen = false }
        send(.key(.control("p"))) { $0.demo?.phoneOpen = true }
        send(.key(.control("p"))) { $0.demo?.phoneOpen = false }
        send(.typed("4")) { $0.screen = .pin(PinEntry(ticket: Fixture.ticket(), purpose: .signIn, digits: "4")) }
    }

    func testBesideTheAppCtrlPHasNothingToOpen() {
        state.size = Size(columns: 120, rows: 30)
        send(.key(.control("p")))
        XCTAssertTrue(AppView.render(state, size: state.size).text.joined().contains("Customer's phone (simulated)"))
    }

    /// A message is text from outside: escape sequences in it never reach the terminal.
    func testMessageTextIsSanitisedBeforeTheScreen() {
        let entry = PhoneEntry(id: 1, channel: .sms, text: "code 123456\u{1B}[2J\u{1B}]0;owned\u{07}\u{202E}", at: Fixture.start)
        XCTAssertFalse(entry.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        XCTAssertTrue(entry.text.hasPrefix("code 123456\u{FFFD}"))
    }

    /// Random keys, resizes and the bank's replies (seeded, so every run is
    /// the same): every frame has the terminal's size, and while the phone is
    /// over the app no key but the ones that close it changes the screen under it.
    func testRandomKeysAndSizesNeverReachTheScreenUnderThePhone() {
        let random = SeededRandomSource(seed: 10)
        let keys: [Key] = [.control("p"), .function(2), .escape, .enter, .character("g"), .character("4"), .tab,
                           .character("x"), .backspace, .down, .control("l"),
                           .resize(Size(columns: 80, rows: 24)), .resize(Size(columns: 130, rows: 33)),
                           .resize(Size(columns: 61, rows: 21))]
        for _ in 0..<3_000 {
            let key = keys[Int(random.uniform(below: UInt64(keys.count)))]
            let before = state
            let overlaid = state.demo?.phoneOpen == true && state.size.columns < PhonePanel.besideWidth && !state.isTooSmall
            let effects = AppReducer.reduce(&state, .key(key))
            if overlaid, !DemoFeature.isPhoneKey(key), key != .escape, key != .control("l") {
                if case .resize = key {} else {
                    XCTAssertEqual(state.screen, before.screen, "\(key) reached the screen under the phone")
                    XCTAssertEqual(effects, [])
                }
            }
            for effect in effects {
                switch effect {
                case .demo(.createGuest): _ = AppReducer.reduce(&state, .demo(.guestCreated(.success(Self.credentials))))
                case .demo(.loadPhone): _ = AppReducer.reduce(&state, .demo(.phoneLoaded(.success(Self.inbox([Int64(random.uniform(below: 5))])))))
                default: break
                }
            }
            let frame = AppView.render(state, size: state.size)
            XCTAssertEqual(frame.size, state.size)
            if state.demo?.phoneOpen == true || state.size.columns >= PhonePanel.besideWidth, !state.isTooSmall {
                XCTAssertTrue(frame.text.joined().contains("Customer's phone (simulated)"), frame.text.joined(separator: "\n"))
            }
        }
    }

    // MARK: The phone window

    func testThePhoneWindowPicksAPhoneThenReadsItAndQQuits() {
        state = AppState(size: Fixture.size, now: Fixture.start, deviceName: nil, demo: true,
                         phoneWindow: PhoneWindowScreen(choices: ["guest-amber-fox", "alice", "bob"]))
        send(.tick(Fixture.start), effects: [.demo(.loadPhone)])   // whether this key now has a customer to follow
        send(.demo(.phoneLoaded(.success(nil))))             // not yet: the picker stays
        send(.key(.down)) { $0.screen = .phoneWindow(PhoneWindowScreen(choices: ["guest-amber-fox", "alice", "bob"], selected: 1)) }
        send(.key(.enter), effects: [.demo(.watchPhone("alice"))])
        send(.demo(.phoneWatched(.success("alice"))), effects: [.demo(.loadPhone)]) {
            $0.screen = .phoneWindow(PhoneWindowScreen(choices: [], selected: 1))
        }
        send(.tick(Fixture.start.adding(seconds: 1)), effects: [.demo(.loadPhone)]) { $0.now = Fixture.start.adding(seconds: 1) }
        send(.key(.character("q")), effects: [.quit]) { $0.quitting = true }
    }
}

extension Fixture {
    static func demoState(size: Size = size) -> AppState {
        AppState(size: size, now: start, deviceName: "iphone-touchid", gallery: gallery, demo: true)
    }
}
