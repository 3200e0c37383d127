@testable import TermBankApp
import TermBankCore
import XCTest

/// Every countdown on the code screen follows the driven clock on each
/// tick: the expiry, the wait before a resend, and the refusal `r` got
/// ("You can ask for a new code in 28 s"), which used to stay at its first
/// number while the line under it ticked. Time left is never shown as more
/// than is left; a wait is never shown as shorter than the bank's.
final class CodeCountdownTests: ReducerTestCase {
    let ticket = Fixture.ticket()

    func at(_ seconds: Int64) -> Timestamp { Fixture.start.adding(seconds: seconds) }

    func screen(_ language: Language = .english) -> String {
        AppView.render(state, size: Fixture.size, words: language.appCatalog).text.joined(separator: "\n")
    }

    func testTheRefusalToResendCountsDownWithTheLineUnderItAndGoesWhenACodeMayBeAskedFor() {
        state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn))
        send(.tick(at(2))) { $0.now = self.at(2) }
        send(.key(.character("r"))) {
            $0.screen = .pin(PinEntry(ticket: self.ticket, purpose: .signIn, error: .secondFactor(.askForANewCodeIn(seconds: 28))))
        }
        XCTAssertTrue(screen().contains("You can ask for a new code in 28 s."), screen())
        XCTAssertTrue(screen().contains("Resend or call in 28 s"), screen())
        send(.tick(at(9))) {
            $0.now = self.at(9)
            $0.screen = .pin(PinEntry(ticket: self.ticket, purpose: .signIn, error: .secondFactor(.askForANewCodeIn(seconds: 21))))
        }
        XCTAssertTrue(screen().contains("You can ask for a new code in 21 s."), screen())
        XCTAssertTrue(screen().contains("Resend or call in 21 s"), screen())
        XCTAssertTrue(screen().contains("Expires in 4:51"), screen())
        send(.tick(at(29))) {
            $0.now = self.at(29)
            $0.screen = .pin(PinEntry(ticket: self.ticket, purpose: .signIn, error: .secondFactor(.askForANewCodeIn(seconds: 1))))
        }
        // At 30 s the bank would send: the refusal goes, and the line under it offers the call.
        send(.tick(at(30))) {
            $0.now = self.at(30)
            $0.screen = .pin(PinEntry(ticket: self.ticket, purpose: .signIn))
        }
        XCTAssertFalse(screen().contains("You can ask for a new code"), screen())
        XCTAssertTrue(screen().contains("r  Resend (by voice call)   c  Call me"), screen())
        send(.key(.character("c")), effects: [.secondFactor(.resendCode(ticket))]) {
            $0.sendingCode = true
            $0.screen = .pin(PinEntry(ticket: self.ticket, purpose: .signIn, busy: true))
        }
    }

    /// Other errors on the screen are not countdowns: a tick leaves them as they are.
    func testATickLeavesAnErrorThatIsNotACountdown() {
        state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn, error: .secondFactor(.wrongPinCode), attemptsLeft: 2))
        send(.tick(at(40))) { $0.now = self.at(40) }
    }

    /// The bank may count from a later send than this screen knew of (another
    /// session of the customer asked on the same request): its wait is kept,
    /// and both lines count it down.
    func testTheBanksLongerWaitIsKeptAndCountedDown() {
        state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn))
        send(.tick(at(31))) { $0.now = self.at(31) }
        send(.key(.character("r")), effects: [.secondFactor(.resendCode(ticket))]) {
            $0.sendingCode = true
            $0.screen = .pin(PinEntry(ticket: self.ticket, purpose: .signIn, busy: true))
        }
        send(.secondFactor(.codeSent(.failure(.core(.verify(.resendTooSoon(secondsLeft: 12))))))) {
            $0.sendingCode = false
            var entry = PinEntry(ticket: self.ticket, purpose: .signIn, error: .secondFactor(.askForANewCodeIn(seconds: 12)))
            entry.resendNotBefore = self.at(43)
            $0.screen = .pin(entry)
        }
        XCTAssertTrue(screen().contains("You can ask for a new code in 12 s."), screen())
        XCTAssertTrue(screen().contains("Resend or call in 12 s"), screen())
        send(.tick(at(38))) {
            $0.now = self.at(38)
            var entry = PinEntry(ticket: self.ticket, purpose: .signIn, error: .secondFactor(.askForANewCodeIn(seconds: 5)))
            entry.resendNotBefore = self.at(43)
            $0.screen = .pin(entry)
        }
        XCTAssertTrue(screen().contains("Resend or call in 5 s"), screen())
        send(.key(.character("r"))) { _ in }
        send(.tick(at(43))) {
            $0.now = self.at(43)
            var entry = PinEntry(ticket: self.ticket, purpose: .signIn)
            entry.resendNotBefore = self.at(43)
            $0.screen = .pin(entry)
        }
        XCTAssertTrue(screen().contains("r  Resend (by voice call)"), screen())
    }

    /// In every language the words follow the clock: the number at 9 s is
    /// the one the catalog gives for 21 seconds, and the one for 28 is gone.
    func testEveryLanguageWordsTheCountdownFromTheClock() {
        for language in Language.allCases {
            state = Fixture.state()
            state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn))
            _ = AppReducer.reduce(&state, .tick(at(2)))
            _ = AppReducer.reduce(&state, .key(.character("r")))
            _ = AppReducer.reduce(&state, .tick(at(9)))
            let words = language.appCatalog
            let shown = screen(language)
            XCTAssertTrue(shown.contains(words.text(SecondFactorText.askForANewCodeIn(seconds: 21))), "\(language):\n\(shown)")
            XCTAssertTrue(shown.contains(words.text(SecondFactorText.resendOrCallIn(seconds: 21))), "\(language):\n\(shown)")
            XCTAssertFalse(shown.contains(words.text(SecondFactorText.askForANewCodeIn(seconds: 28))), "\(language):\n\(shown)")
        }
    }

    /// The expiry rounds down: 4:23.6 left reads 4:23, and under a second left reads "Expired", never a time not left.
    func testTheExpiryNeverShowsMoreThanIsLeft() {
        state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn))
        state.now = Timestamp(millisecondsSinceEpoch: at(36).millisecondsSinceEpoch + 400)
        XCTAssertTrue(screen().contains("Expires in 4:23"), screen())
        state.now = Timestamp(millisecondsSinceEpoch: at(299).millisecondsSinceEpoch + 500)
        XCTAssertTrue(screen().contains("Expired"), screen())
        state.now = at(277)
        XCTAssertTrue(screen().contains("Expires in 0:23"), screen())
    }
}
