@testable import TermBankApp
import TermBankCore
import XCTest

/// The bank keeps one live code per number: a code asked for from another
/// session or device (another transfer, a sign-in there) replaces this
/// screen's. The rule is the core's (`VerifyService`); the screen explains:
/// when the old code is typed, it says a newer code was requested elsewhere
/// and this one no longer works, and `r` asks for a new one at once.
final class SupersededCodeTests: ReducerTestCase {
    let ticket = Fixture.ticket()

    func at(_ seconds: Int64) -> Timestamp { Fixture.start.adding(seconds: seconds) }

    /// The frame's words as one line, so a message wrapped over lines reads whole.
    func flowing(_ language: Language = .english) -> String {
        let edges: Set<Character> = ["│", "─", "╭", "╮", "╰", "╯"]
        return AppView.render(state, size: Fixture.size, words: language.appCatalog).text
            .map { String($0.map { edges.contains($0) ? " " : $0 }) }
            .joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    func superseded(_ ticket: VerificationTicket, _ purpose: StepPurpose) -> PinEntry {
        var entry = PinEntry(ticket: ticket, purpose: purpose, error: .secondFactor(.codeSupersededPressR))
        entry.superseded = true
        return entry
    }

    func testASupersededSignInCodeSaysWhyAndRAsksForANewOneAtOnce() {
        state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn))
        send(.tick(at(5))) { $0.now = self.at(5) }
        send(.typed("401710"), effects: [.secondFactor(.checkSignInCode(ticket, code: "401710"))]) {
            $0.screen = .pin(PinEntry(ticket: self.ticket, purpose: .signIn, digits: "401710", busy: true))
        }
        send(.secondFactor(.codeChecked(.superseded))) { $0.screen = .pin(self.superseded(self.ticket, .signIn)) }
        let shown = flowing()
        XCTAssertTrue(shown.contains("A newer code was requested from another session or device, so this one no longer "
                                     + "works. Press r for a new code."), shown)
        XCTAssertTrue(shown.contains("Replaced by a newer code"), shown)
        XCTAssertFalse(shown.contains("Expires in"), "the old code's expiry no longer means anything: \(shown)")
        XCTAssertTrue(shown.contains("r Send a new code by SMS"), shown)
        // 6 s after the send, inside the 30-s wait: a superseded code is over, so r asks at once.
        send(.tick(at(6))) { $0.now = self.at(6) }
        send(.key(.character("r")), effects: [.secondFactor(.resendCode(ticket))]) {
            $0.sendingCode = true
            var entry = self.superseded(self.ticket, .signIn)
            entry.busy = true
            $0.screen = .pin(entry)
        }
        let fresh = VerificationTicket(id: VerificationID(trusted: String(repeating: "b", count: 32)), purpose: .signIn,
                                       phone: Fixture.bob.phone, codeLength: 6, expiresAt: at(306), lastEventAt: at(6), events: 1)
        send(.secondFactor(.codeSent(.success(fresh)))) {
            $0.sendingCode = false
            $0.screen = .pin(PinEntry(ticket: fresh, purpose: .signIn, notice: .secondFactor(.newCodeSent(masked: "+1 ***-***-0101"))))
        }
        XCTAssertTrue(flowing().contains("Expires in 5:00"), flowing())
    }

    /// A transfer's code stays on its screen (not back to the form, as a
    /// refusal would): the transfer is still the one to approve, with a new code.
    func testASupersededTransferCodeStaysOnItsScreenWithTheWayForward() {
        state = Fixture.signedIn()
        let transfer = Fixture.ticket(.transfer(Fixture.pending), phone: Fixture.alice.phone)
        state.screen = .pin(PinEntry(ticket: transfer, purpose: .transfer(Fixture.pending), digits: "123456", busy: true))
        send(.banking(.transferApproved(.superseded))) {
            $0.screen = .pin(self.superseded(transfer, .transfer(Fixture.pending)))
        }
        send(.key(.character("r")), effects: [.secondFactor(.resendCode(transfer))]) {
            $0.sendingCode = true
            var entry = self.superseded(transfer, .transfer(Fixture.pending))
            entry.busy = true
            $0.screen = .pin(entry)
        }
    }

    /// Every language says it whole inside the panel, with its way forward.
    func testEveryLanguageSaysItWholeOnTheCodeScreen() {
        for language in Language.allCases {
            state = Fixture.state()
            state.screen = .pin(superseded(ticket, .signIn))
            let words = language.appCatalog
            let message = words.text(SecondFactorText.codeSupersededPressR).split(separator: " ").joined(separator: " ")
            XCTAssertTrue(flowing(language).contains(message), "\(language):\n\(flowing(language))")
            XCTAssertTrue(flowing(language).contains(words.text(SecondFactorText.replacedByANewerCode)), "\(language)")
            XCTAssertTrue(message.contains("r"), "\(language) names the key")
        }
    }

    /// The core's own words for a superseded code (where a screen shows the
    /// bank's refusal, as the settings forms do), in every language.
    func testTheBanksWordsSayANewerCodeWasRequestedElsewhere() {
        let expected: [Language: String] = [
            .english: "newer code", .portugueseBrazil: "código mais recente", .italian: "codice più recente",
            .ukrainian: "новіший код",
        ]
        for language in Language.allCases {
            let text = language.coreCatalog.text(CheckResult.notInProgress(.superseded))
            XCTAssertTrue(text.contains(try XCTUnwrap(expected[language])), "\(language): \(text)")
            XCTAssertNotEqual(text, language.coreCatalog.text(CheckResult.notInProgress(.cancelled)))
        }
    }
}
