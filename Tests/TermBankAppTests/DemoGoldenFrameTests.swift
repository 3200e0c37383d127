import Foundation
@testable import TermBankApp
import TermBankCore
import XCTest

/// Demo mode's screens as text: at 80x24 with the phone slid over
/// the app, at 120 and more columns with the phone beside it, and at odd
/// sizes. Recorded like GoldenFrameTests (TERMBANK_RECORD_GOLDEN=1).
final class DemoGoldenFrameTests: XCTestCase {

    static let beside = Size(columns: 120, rows: 30)

    let messages = PhoneInbox(owner: DemoModeTests.guest.username, number: DemoModeTests.guest.phone.masked, messages: [
        PhoneEntry(id: 2, channel: .sms, text: "TermBank: code 637421 approves moving $250.00 from Checking to Savings. It expires in 5 minutes.",
                   at: Fixture.start.adding(seconds: 75)),
        PhoneEntry(id: 1, channel: .voice, text: "TermBank. Your sign-in code is 4, 0, 1, 7, 1, 0. Again: 4, 0, 1, 7, 1, 0.",
                   at: Fixture.start.adding(seconds: 12)),
    ])

    func demo(_ screen: Screen, phone: PhoneInbox? = nil, open: Bool = false, notice: Bool = false,
              signedIn: Bool = false) -> AppState {
        var state = Fixture.demoState()
        if signedIn {
            _ = AppReducer.reduce(&state, .signIn(.sessionOpened(.success(Fixture.session(DemoModeTests.guest)))))
            _ = AppReducer.reduce(&state, .banking(.accountLoaded(.success(Fixture.account(DemoModeTests.guest)))))
        }
        state.now = Fixture.start.adding(seconds: 80)
        state.screen = screen
        state.demo?.phone.inbox = phone
        state.demo?.phoneOpen = open
        state.demo?.phone.noticeUntil = notice ? state.now.adding(seconds: 10) : nil
        return state
    }

    var pin: Screen {
        .pin(PinEntry(ticket: Fixture.ticket(.transfer(Fixture.pending), phone: DemoModeTests.guest.phone, at: Fixture.start.adding(seconds: 75)),
                      purpose: .transfer(Fixture.pending), digits: "63"))
    }

    func testWelcome() throws {
        try assertGolden("demo-welcome", demo(.welcome(WelcomeScreen())))
        let refused = CoreMessage.guest(.tooMany(limit: 5, minutesLeft: 12))
        try assertGolden("demo-welcome-refused", demo(.welcome(WelcomeScreen(error: .core(refused)))))
        try assertGolden("demo-welcome-beside", demo(.welcome(WelcomeScreen())), size: Self.beside)
    }

    func testGuestCard() throws {
        var state = demo(.guestCard(GuestCard(credentials: DemoModeTests.credentials)))
        state.now = Fixture.start
        try assertGolden("demo-guest-card", state)
    }

    func testLoginWithTheGuidedPath() throws {
        var form = LoginForm()
        form.username = "guest-amber-fox"
        form.focus = .password
        try assertGolden("demo-login", demo(.login(form)))
        // The smallest window has no room for the path; the form stays whole.
        try assertGolden("demo-login-60x20", demo(.login(form)), size: Size(columns: 60, rows: 20))
    }

    func testCodeScreenWithTheNoticeThenWithThePhoneOverTheApp() throws {
        try assertGolden("demo-pin-notice", demo(pin, phone: messages, notice: true))
        try assertGolden("demo-pin-phone-over", demo(pin, phone: messages, open: true))
    }

    func testCodeScreenWithThePhoneBeside() throws {
        try assertGolden("demo-pin-phone-beside", demo(pin, phone: messages, notice: true), size: Self.beside)
    }

    func testStatementBesideThePhoneAndAtAnOddSizeWithThePhoneOver() throws {
        try assertGolden("demo-statement-beside", demo(.statement(StatementScreen()), phone: messages, signedIn: true),
                         size: Size(columns: 133, rows: 31))
        try assertGolden("demo-statement-97x29-phone-over",
                         demo(.statement(StatementScreen()), phone: messages, open: true, signedIn: true),
                         size: Size(columns: 97, rows: 29))
    }

    func testNobodySigningInLeavesThePhoneEmpty() throws {
        try assertGolden("demo-phone-empty-over", demo(.login(LoginForm()), open: true))
    }

    func testThePhoneWindow() throws {
        var picker = demo(.phoneWindow(PhoneWindowScreen(choices: ["guest-amber-fox", "alice", "bob", "carol"], selected: 0)))
        picker.deviceName = nil
        try assertGolden("demo-phone-window-picker", picker)
        var window = demo(.phoneWindow(PhoneWindowScreen()), phone: messages, notice: true)
        window.deviceName = nil
        try assertGolden("demo-phone-window", window)
    }
}
