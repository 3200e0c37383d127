@testable import TermBankApp
import TermBankCore
import TermBankQR
import XCTest

/// The simulated phone's apps: the authenticator that scanned the
/// customer's QR code, the "Passwords" note that keeps a guest's password
/// after its card, and no "New message" over a phone with nothing on it.
final class DemoPhoneAppsTests: ReducerTestCase {
    override class var initialState: AppState { Fixture.demoState() }

    static let bobsPhone = PhoneInbox(owner: Fixture.bob.username, number: Fixture.bob.phone.masked, messages: [])
    static let code = PhoneAuthenticatorCode(code: "492039", until: Fixture.start.adding(seconds: 20), settingUp: true)

    func screen(_ size: Size = Size(columns: 120, rows: 30)) -> String {
        AppView.render(state, size: size).text.joined(separator: "\n")
    }

    /// The defect: a notice for one phone's message stood above the next
    /// phone's "No messages yet." A phone with nothing on it has no news.
    func testANoticeGoesWithThePhoneItWasAbout() {
        send(.demo(.phoneLoaded(.success(DemoModeTests.inbox([3]))))) { state in
            state.demo?.phone.inbox = DemoModeTests.inbox([3])
            state.demo?.phone.newestSeen = 3
            state.demo?.phone.noticeUntil = Fixture.start.adding(seconds: 20)
        }
        XCTAssertTrue(screen().contains("● New message"))
        // Signed out and bob signs in here within the notice's 20 seconds: his phone is empty.
        send(.demo(.phoneLoaded(.success(Self.bobsPhone)))) { state in
            state.demo?.phone.inbox = Self.bobsPhone
            state.demo?.phone.noticeUntil = nil
        }
        XCTAssertFalse(screen().contains("● New message"), screen())
        XCTAssertTrue(screen().contains("No messages yet."), screen())
        // Drawn from any state, the view never puts the notice over an empty phone.
        state.demo?.phone.noticeUntil = Fixture.start.adding(seconds: 20)
        XCTAssertFalse(screen().contains("● New message"), screen())
        XCTAssertFalse(screen(Fixture.size).contains("New message"), "nor on the status line:\n\(screen(Fixture.size))")
    }

    /// The guest's card may go with Esc or Enter: the phone keeps the
    /// username and password in its note, shown while nobody signs in here and
    /// on that guest's own phone, not on another customer's.
    func testTheGuestsPasswordStaysOnThePhoneAfterTheCard() {
        let credentials = DemoModeTests.credentials
        send(.key(.character("g")), effects: [.demo(.createGuest(.english))]) { $0.screen = .welcome(WelcomeScreen(busy: true)) }
        send(.demo(.guestCreated(.success(credentials)))) { state in
            state.screen = .guestCard(GuestCard(credentials: credentials))
            state.demo?.phone.passwordNote = PhonePasswordNote(username: credentials.user.username,
                                                               password: credentials.password)
        }
        send(.key(.escape)) { state in
            var form = LoginForm()
            form.username = credentials.user.username.rawValue
            form.focus = .password
            state.screen = .login(form)
        }
        XCTAssertTrue(screen().contains("Passwords · your demo customer"), screen())
        XCTAssertTrue(screen().contains("copper-lantern-river-4821"), screen())
        // The state never prints it: a Secret describes itself without its value.
        XCTAssertFalse(String(describing: state).contains("copper-lantern"))
        send(.demo(.phoneLoaded(.success(DemoModeTests.inbox([]))))) { $0.demo?.phone.inbox = DemoModeTests.inbox([]) }
        XCTAssertTrue(screen().contains("copper-lantern-river-4821"), "on the guest's own phone:\n\(screen())")
        send(.demo(.phoneLoaded(.success(Self.bobsPhone)))) { $0.demo?.phone.inbox = Self.bobsPhone }
        XCTAssertFalse(screen().contains("copper-lantern"), "not on bob's phone:\n\(screen())")
        // On a small terminal it is on the phone that Ctrl-P slides over the app.
        send(.demo(.phoneLoaded(.success(nil)))) { $0.demo?.phone.inbox = nil }
        XCTAssertFalse(screen(Fixture.size).contains("copper-lantern"))
        state.size = Fixture.size
        send(.key(.control("p"))) { $0.demo?.phoneOpen = true }
        XCTAssertTrue(screen(Fixture.size).contains("copper-lantern-river-4821"), screen(Fixture.size))
    }

    /// `ssh … phone` opened before its key did anything asks whose phone;
    /// once the key's terminal has a password accepted (or makes a guest),
    /// the window follows that customer without being asked.
    func testThePhoneWindowsPickerGivesWayToTheCustomerItsKeyFollows() {
        state = AppState(size: Fixture.size, now: Fixture.start, deviceName: nil, demo: true,
                         phoneWindow: PhoneWindowScreen(choices: ["alice", "bob", "carol"], selected: 1))
        send(.tick(Fixture.start), effects: [.demo(.loadPhone)])
        send(.demo(.phoneLoaded(.success(nil))))
        send(.demo(.phoneLoaded(.success(Self.bobsPhone)))) { state in
            state.screen = .phoneWindow(PhoneWindowScreen(choices: [], selected: 1))
            state.demo?.phone.inbox = Self.bobsPhone
        }
        XCTAssertTrue(screen(Fixture.size).contains("bob · +1 ***-***-0101"), screen(Fixture.size))
    }

    /// The authenticator shows the code and its countdown, which runs with the
    /// clock between two reads of the phone.
    func testTheAuthenticatorShowsItsCodeAndTheSecondsLeft() {
        let inbox = PhoneInbox(owner: DemoModeTests.guest.username, number: DemoModeTests.guest.phone.masked,
                               messages: [], authenticator: Self.code)
        send(.demo(.phoneLoaded(.success(inbox)))) { $0.demo?.phone.inbox = inbox }
        XCTAssertTrue(screen().contains("Authenticator app · TermBank"), screen())
        XCTAssertTrue(screen().contains("492039   20 s left"), screen())
        XCTAssertTrue(screen().contains("Scanned from the QR code"), screen())
        send(.tick(Fixture.start.adding(seconds: 13)), effects: [.demo(.loadPhone), .demo(.loadStory)]) { $0.now = Fixture.start.adding(seconds: 13) }
        XCTAssertTrue(screen().contains("492039   7 s left"), screen())
        XCTAssertEqual(Self.code.secondsLeft(at: Fixture.start.adding(seconds: 19)), 1)
        XCTAssertEqual(Self.code.secondsLeft(at: Fixture.start.adding(seconds: 20)), 0)
    }
}

/// The phone with its authenticator, in the four languages, beside the app
/// at 120x30 and slid over it on Ctrl-P at 80x24 and 60x20.
extension DemoGoldenFrameTests {
    func testThePhonesAuthenticatorAndPasswordsInEveryLanguageAndSize() throws {
        let uri = "otpauth://totp/TermBank:guest-amber-fox?secret=A76TURJYDUMJAVQNTDLTPY5XNYQTFGI2&issuer=TermBank"
        let setup = AuthenticatorSetup(qrModules: try QRMatrix.encode(uri, level: .low).modules,
                                       groupedSecret: Secret("A76T URJY DUMJ AVQN TDLT PY5X NYQT FGI2"),
                                       expiresAt: Fixture.start.adding(seconds: 600), replacing: false)
        let phone = PhoneInbox(owner: messages.owner, number: messages.number, messages: messages.messages,
                               authenticator: PhoneAuthenticatorCode(code: "492039", until: Fixture.start.adding(seconds: 90),
                                                                     settingUp: true))
        for language in Language.allCases {
            for size in [Self.beside, Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)] {
                var state = demo(.enrolment(EnrolmentScreen(stage: .scan(setup))), phone: phone,
                                 open: size.columns < PhonePanel.besideWidth, signedIn: true)
                state.languageSelection = LanguageSelection(language, source: .option)
                state.demo?.phone.passwordNote = PhonePasswordNote(username: DemoModeTests.guest.username,
                                                                   password: Secret("maple-orbit-417"))
                try assertGolden("demo-phone-authenticator-\(language.code)-\(size.columns)x\(size.rows)", state,
                                 size: size)
            }
        }
        // Set up: the same app, without the line about the QR code; no guest made here, no note.
        let active = PhoneInbox(owner: messages.owner, number: messages.number, messages: messages.messages,
                                authenticator: PhoneAuthenticatorCode(code: "031447", until: Fixture.start.adding(seconds: 81),
                                                                      settingUp: false))
        try assertGolden("demo-phone-authenticator-active", demo(.statement(StatementScreen()), phone: active,
                                                                 signedIn: true), size: Self.beside)
    }

    /// `ssh … phone`: the window that is only the phone has the same authenticator app.
    func testThePhoneWindowWithTheAuthenticator() throws {
        let phone = PhoneInbox(owner: messages.owner, number: messages.number, messages: messages.messages,
                               authenticator: PhoneAuthenticatorCode(code: "492039", until: Fixture.start.adding(seconds: 90),
                                                                     settingUp: true))
        for size in [Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)] {
            var window = demo(.phoneWindow(PhoneWindowScreen()), phone: phone)
            window.deviceName = nil
            try assertGolden("demo-phone-window-authenticator-\(size.columns)x\(size.rows)", window, size: size)
        }
    }

    /// The defect's frame: a notice left over from another phone is not drawn over "No messages yet.".
    func testNoNoticeOverAnEmptyPhone() throws {
        let empty = PhoneInbox(owner: messages.owner, number: messages.number, messages: [])
        try assertGolden("demo-phone-empty-no-notice", demo(pin, phone: empty, notice: true), size: Self.beside)
    }
}
