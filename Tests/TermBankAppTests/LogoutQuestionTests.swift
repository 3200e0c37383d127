@testable import TermBankApp
import TermBankCore
import XCTest

extension ReducerTestCase {
    /// `l` on the statement: the account is read again, then the seed's
    /// question opens on the switch as the bank saved it (`saved`, the
    /// signed-in user by default).
    func pressLogout(saved: UserRecord? = nil, file: StaticString = #filePath, line: UInt = #line) {
        guard let session = state.session else { return XCTFail("not signed in", file: file, line: line) }
        send(.key(.character("l")), effects: [.banking(.loadAccount(session.user))], file: file, line: line) {
            $0.modal = .readingSMSSwitchForLogout()
        }
        let snapshot = Fixture.account(saved ?? state.account?.user ?? session.user)
        send(.banking(.accountLoaded(.success(snapshot))), file: file, line: line) {
            $0.account = snapshot
            $0.modal = .confirmSMSOnLogout
        }
    }
}

/// Decision 53: the logout question reflects the switch as saved now,
/// not the copy the sign-in left. Turned off in Security (or by another
/// terminal of the customer's), the question offers turning it on, and yes
/// does; the statement, Security and the question read the same row.
final class LogoutQuestionTests: ReducerTestCase {
    private func screenText(_ size: Size = Fixture.size) -> String {
        AppView.render(state, size: size).text.joined(separator: "\n")
    }

    /// The failure the stakeholders met: bob signed in with SMS on, turned it
    /// off in Security, and the question still said "n turns it off"; yes
    /// signed out with it off, so step 3 asked for no code.
    func testAfterTurningSMSOffTheQuestionOffersTurningItOnAndYesDoes() {
        state = Fixture.signedIn(Fixture.aliceWithSMS)
        // Security saved it off; the statement's read since shows [ OFF ] (the sign-in's copy still says on).
        send(.banking(.accountLoaded(.success(Fixture.account(Fixture.alice))))) { $0.account = Fixture.account(Fixture.alice) }
        XCTAssertEqual(state.session?.user.smsVerification, true, "the sign-in's copy is stale")
        pressLogout()
        let text = screenText()
        XCTAssertTrue(text.contains("SMS verification is off now."), text)
        XCTAssertTrue(text.contains("y  Yes: turn it on for your next sign-in"), text)
        XCTAssertTrue(text.contains("n  No: leave it off"), text)
        XCTAssertFalse(text.contains("turn it off"), text)
        send(.key(.character("y")), effects: [.security(.turnOnSMSVerification)]) { $0.modal = .turningSMSOnForLogout }
        send(.security(.smsSwitchReplied(.saved(Fixture.aliceWithSMS))), effects: [.signOut(.signedOut)]) {
            $0.modal = nil
            $0.session = nil
            $0.account = nil
            $0.screen = .signedOut(message: .session(.signedOut))
        }
    }

    /// Two terminals of one customer: the other turned it on after this one
    /// last read. The question reads again at `l`, so it offers turning it off.
    func testTheQuestionReadsTheSavedSwitchNotTheCopyThisTerminalHeld() {
        state = Fixture.signedIn(Fixture.alice)
        pressLogout(saved: Fixture.aliceWithSMS)
        let text = screenText()
        XCTAssertTrue(text.contains("SMS verification is on now."), text)
        XCTAssertTrue(text.contains("y  Yes: keep it on"), text)
        XCTAssertTrue(text.contains("n  No: turn it off (password and a code)"), text)
        let opening = SecurityForm(purpose: .turnOffSMSVerification, needsCode: true, thenSignOut: true)
        send(.key(.character("n")), effects: [.security(.loadSecurity)]) {
            $0.modal = nil
            $0.screen = .security(SecurityScreen(opening: opening))
        }
    }

    /// Until the bank has answered, Esc takes the question back, and a late read does not reopen it.
    func testEscBeforeTheSwitchIsReadTakesTheQuestionBack() {
        state = Fixture.signedIn(Fixture.aliceWithSMS)
        send(.key(.character("l")), effects: [.banking(.loadAccount(Fixture.aliceWithSMS))]) { $0.modal = .readingSMSSwitchForLogout() }
        send(.key(.character("x")))
        send(.key(.escape)) { $0.modal = nil }
        send(.banking(.accountLoaded(.success(Fixture.account(Fixture.aliceWithSMS))))) {
            $0.account = Fixture.account(Fixture.aliceWithSMS)
        }
        XCTAssertNil(state.modal, "a late read does not reopen a question taken back")
        XCTAssertNotNil(state.session)
    }

    /// `l` then `n` typed at once (over SSH the read takes a round trip): the
    /// question asks for the state wanted, so the n typed ahead answers it as
    /// soon as the switch is read, and is not lost. The last answer typed counts.
    func testAnAnswerTypedBeforeTheSwitchIsReadAnswersTheQuestionOnceRead() {
        state = Fixture.signedIn(Fixture.alice)
        send(.key(.character("l")), effects: [.banking(.loadAccount(Fixture.alice))]) { $0.modal = .readingSMSSwitchForLogout() }
        send(.key(.character("y"))) { $0.modal = .readingSMSSwitchForLogout(typedAhead: .character("y")) }
        send(.key(.character("n"))) { $0.modal = .readingSMSSwitchForLogout(typedAhead: .character("n")) }
        XCTAssertNotNil(state.session, "no answer counts before the switch is read")
        send(.banking(.accountLoaded(.success(Fixture.account(Fixture.alice)))), effects: [.signOut(.signedOut)]) {
            $0.modal = nil
            $0.session = nil
            $0.account = nil
            $0.screen = .signedOut(message: .session(.signedOut))
        }
    }

    /// Typed ahead with the switch on as read: yes keeps it on and signs out, as if typed after.
    func testYesTypedAheadWithTheSwitchOnSignsOutKeepingIt() {
        state = Fixture.signedIn(Fixture.aliceWithSMS)
        send(.key(.character("l")), effects: [.banking(.loadAccount(Fixture.aliceWithSMS))]) { $0.modal = .readingSMSSwitchForLogout() }
        send(.key(.enter)) { $0.modal = .readingSMSSwitchForLogout(typedAhead: .enter) }
        send(.banking(.accountLoaded(.success(Fixture.account(Fixture.aliceWithSMS)))), effects: [.signOut(.signedOut)]) {
            $0.modal = nil
            $0.session = nil
            $0.account = nil
            $0.screen = .signedOut(message: .session(.signedOut))
        }
    }

    /// A read that fails closes the question and the statement says why; nothing is changed.
    func testAFailedReadClosesTheQuestionWithTheReason() {
        state = Fixture.signedIn(Fixture.aliceWithSMS)
        send(.key(.character("l")), effects: [.banking(.loadAccount(Fixture.aliceWithSMS))]) { $0.modal = .readingSMSSwitchForLogout() }
        let refusal = AppMessage.core(.store(.busy(path: "bank.db", waitedMilliseconds: 5_000)))
        send(.banking(.accountLoaded(.failure(refusal)))) {
            $0.modal = nil
            $0.screen = .statement(StatementScreen(notice: .refused(refusal)))
        }
    }

    /// No at the question, and another terminal turned it off meanwhile:
    /// off is what was asked, so the logout goes on without a form.
    func testNoWhenTheSwitchWasTurnedOffElsewhereSignsOut() {
        state = Fixture.signedIn(Fixture.aliceWithSMS)
        pressLogout()
        let opening = SecurityForm(purpose: .turnOffSMSVerification, needsCode: true, thenSignOut: true)
        send(.key(.character("n")), effects: [.security(.loadSecurity)]) {
            $0.modal = nil
            $0.screen = .security(SecurityScreen(opening: opening))
        }
        let off = SecurityOverview(phone: Fixture.securityPhone, smsVerification: false, authenticatorActive: false,
                                   signInFactor: nil, recoveryCodesLeft: 0, trustedDevices: [])
        send(.security(.securityLoaded(.success(off))), effects: [.signOut(.signedOut)]) {
            $0.session = nil
            $0.account = nil
            $0.screen = .signedOut(message: .session(.signedOut))
        }
    }

    /// Every answer line fits the box in every language at the smallest size.
    func testTheQuestionFitsInEveryLanguageAt60x20() {
        for language in Language.allCases {
            for user in [Fixture.alice, Fixture.aliceWithSMS] {
                var shown = Fixture.signedIn(user)
                shown.languageSelection = LanguageSelection(language, source: .option)
                shown.modal = .confirmSMSOnLogout
                let words = language.appCatalog
                let lines = [words.text(ModalText.smsIsNow(on: user.smsVerification)),
                             words.text(ModalText.smsYes(isOn: user.smsVerification)),
                             words.text(ModalText.smsNo(isOn: user.smsVerification)),
                             words.text(ModalText.trustYes), words.text(ModalText.trustNo)]
                for line in lines {
                    XCTAssertLessThanOrEqual(Frame.columns(of: line), 44, "\(language): \(line)")
                }
                let text = AppView.render(shown, size: Size(columns: 60, rows: 20)).text.joined(separator: "\n")
                XCTAssertTrue(text.contains(lines[1]) && text.contains(lines[2]), "\(language)\n\(text)")
            }
        }
    }
}
