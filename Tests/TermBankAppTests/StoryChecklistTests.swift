@testable import TermBankApp
import TermBankCore
import XCTest

/// The guided story's checklist in demo mode: read from the bank
/// each second, shown on every screen at every size and in every language,
/// its ✓ marks from what was recorded and never from keys, step 3 worded by
/// what really happened, step 1 by the phone's own sensor.
final class StoryChecklistTests: ReducerTestCase {
    override class var initialState: AppState { Fixture.demoState() }

    static let guest = DemoModeTests.guest

    static func progress(_ done: [Bool] = [true, true, false, false], again: StoryProgress.SignedInAgain? = nil,
                         smsOn: Bool = true, returning: Bool = false) -> StoryProgress {
        StoryProgress(owner: guest.username, signedInWithACode: done[0], movedMoney: done[1],
                      signedInAgain: again ?? (done[2] ? .withACode : nil), authenticatorSetUp: done[3],
                      smsVerificationOn: smsOn, returning: returning)
    }

    func line(_ state: AppState, size: Size? = nil) -> String {
        AppView.render(state, size: size ?? state.size).text[1]
    }

    // MARK: Read from the bank, like the phone

    func testEveryTickReadsTheStoryAndTheReplyIsKept() {
        send(.tick(Fixture.start.adding(seconds: 1)), effects: [.demo(.loadPhone), .demo(.loadStory)]) { $0.now = Fixture.start.adding(seconds: 1) }
        send(.demo(.storyLoaded(.success(Self.progress())))) { $0.demo?.story = Self.progress() }
        // A failed read keeps the last marks; the next second reads again.
        send(.demo(.storyLoaded(.failure(.session(.somethingWentWrong)))))
        send(.demo(.storyLoaded(.success(nil)))) { $0.demo?.story = nil }
    }

    func testThePhoneWindowReadsNoStory() {
        state = AppState(size: Fixture.size, now: Fixture.start, deviceName: nil, demo: true,
                         phoneWindow: PhoneWindowScreen())
        send(.tick(Fixture.start.adding(seconds: 1)), effects: [.demo(.loadPhone)]) { $0.now = Fixture.start.adding(seconds: 1) }
        XCTAssertFalse(line(state).contains("Story"))
    }

    func testWithoutDemoModeThereIsNoStory() {
        var plain = Fixture.state()
        XCTAssertEqual(AppReducer.reduce(&plain, .tick(Fixture.start.adding(seconds: 1))), [])
        XCTAssertFalse(line(plain).contains("Story"))
        XCTAssertFalse(AppView.render(plain, size: plain.size).text.joined().contains("✓"))
    }

    // MARK: Marks are the bank's, not keys

    func testKeysTickNothingOnlyTheBanksRecordDoes() {
        state.screen = .statement(StatementScreen())
        _ = AppReducer.reduce(&state, .signIn(.sessionOpened(.success(Fixture.session(Self.guest)))))
        _ = AppReducer.reduce(&state, .banking(.accountLoaded(.success(Fixture.account(Self.guest)))))
        XCTAssertTrue(line(state).contains("Story  1  2  3  4 ·"), line(state))
        // The keys of a whole story, without the bank saying anything happened.
        for key in [Key.character("t"), .escape, .character("l"), .character("y")] { _ = AppReducer.reduce(&state, .key(key)) }
        XCTAssertFalse(line(state).contains("✓"), line(state))
        _ = AppReducer.reduce(&state, .demo(.storyLoaded(.success(Self.progress()))))
        XCTAssertTrue(line(state).contains("Story ✓1 ✓2  3  4 · log out (l), sign in again"), line(state))
    }

    func testTheLineIsOnEveryScreenAtEverySizeInEveryLanguageAndLeavesTheKeyBar() {
        let screens: [Screen] = [.welcome(WelcomeScreen()), .login(LoginForm()),
                                 .guestCard(GuestCard(credentials: DemoModeTests.credentials)),
                                 .statement(StatementScreen()), .signedOut(message: nil)]
        let sizes = [Size(columns: 120, rows: 30), Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)]
        let progresses = [nil, Self.progress(), Self.progress([true, true, true, false], again: .trustedDevice),
                          Self.progress([true, false, false, false], smsOn: false), Self.progress([true, true, true, true])]
        for language in Language.allCases {
            for screen in screens {
                for size in sizes {
                    for progress in progresses {
                        var state = Fixture.demoState(size: size)
                        state.languageSelection = LanguageSelection(language, source: .option)
                        state.screen = screen
                        state.demo?.story = progress
                        let plainKeys = AppView.render({ var s = state; s.demo?.story = nil; return s }(), size: size).text
                        let frame = AppView.render(state, size: size).text
                        let row = frame[1]
                        let lead = language.appCatalog.text(DemoText.storyLine)
                        XCTAssertTrue(row.hasPrefix("── " + lead + " "), "\(language.code) \(size) \(screen.name): \(row)")
                        // Inside the app's columns, with the rule's end kept: no text runs into the phone or off the row.
                        let app = Array(row).prefix(size.columns >= PhonePanel.besideWidth ? size.columns - PhonePanel.width : size.columns)
                        XCTAssertEqual(app.last, "─", "\(language.code) \(size): \(row)")
                        let appColumns = size.columns >= PhonePanel.besideWidth ? size.columns - PhonePanel.width : size.columns
                        XCTAssertEqual(frame.suffix(2).map { String($0.prefix(appColumns)) },
                                       plainKeys.suffix(2).map { String($0.prefix(appColumns)) },
                                       "the key bar is the same with the story")
                        if let progress {
                            XCTAssertEqual(row.filter { $0 == "✓" }.count, progress.done.filter { $0 }.count, row)
                        }
                    }
                }
            }
        }
    }

    // MARK: Step 3 and step 1, worded truthfully

    func testStepThreeFollowsTheSMSSettingAndWhatHappened() {
        state.screen = .login(LoginForm())
        func text(_ progress: StoryProgress?) -> String {
            state.demo?.story = progress
            return AppView.render(state, size: state.size).text.joined(separator: "\n")
        }
        let on = text(Self.progress())
        XCTAssertTrue(on.contains("3. Log out (l), sign in again with a code"), on)
        XCTAssertFalse(on.contains("Turn SMS verification on"), "SMS is already on")
        XCTAssertFalse(on.contains("turn SMS on"))
        XCTAssertTrue(text(Self.progress(smsOn: false)).contains("3. Log out (l), answer y to turn SMS on, sign in again"))
        let trusted = text(Self.progress([true, true, true, false], again: .trustedDevice))
        XCTAssertTrue(trusted.contains("✓ 3. Signed in again: this device is trusted, no code asked"), trusted)
        XCTAssertTrue(text(Self.progress([true, true, true, false], again: .passwordOnly))
            .contains("✓ 3. Signed in again with the password only (SMS off)"))
    }

    func testStepOneNamesThePhonesOwnSensorNeverAFingerprintOnFaceID() {
        let picker = DevicePicker(choices: [DevicePicker.Choice(name: "iphone-touchid", biometry: .touchID),
                                            DevicePicker.Choice(name: "iphone-faceid", biometry: .faceID)])
        state.screen = .pickDevice(picker)
        send(.signIn(.deviceSelected(.success("iphone-faceid")))) { state in
            state.deviceName = "iphone-faceid"
            state.demo?.biometry = .faceID
            state.screen = .welcome(WelcomeScreen())
        }
        for language in Language.allCases {
            var shown = state
            shown.languageSelection = LanguageSelection(language, source: .option)
            let text = AppView.render(shown, size: shown.size).text.joined(separator: "\n")
            XCTAssertTrue(text.contains("1. ") && text.contains("Face ID: Enter"), text)
            XCTAssertFalse(text.contains("Touch ID"), text)
            for word in ["fingerprint", "digital", "impronta", "відбиток"] { XCTAssertFalse(text.contains(word), text) }
        }
    }

    // MARK: Welcome back, the username kept

    func testTheKeysGuestComingBackIsWelcomedAndItsNameFilledIn() {
        send(.demo(.storyLoaded(.success(Self.progress([false, false, false, false], returning: true))))) {
            $0.demo?.story = Self.progress([false, false, false, false], returning: true)
        }
        XCTAssertTrue(AppView.render(state, size: state.size).text.joined().contains("Welcome back, guest-amber-fox."))
        var form = LoginForm()
        form.username = "guest-amber-fox"
        form.focus = .password
        send(.key(.enter)) { $0.screen = .login(form) }
    }

    func testAfterASignOutTheUsernameStaysFilledIn() {
        _ = AppReducer.reduce(&state, .signIn(.sessionOpened(.success(Fixture.session(Self.guest)))))
        _ = AppReducer.reduce(&state, .demo(.storyLoaded(.success(Self.progress()))))
        state.screen = .statement(StatementScreen())
        state.signOutLocally(message: nil)
        send(.key(.enter)) { $0.screen = .welcome(WelcomeScreen()) }
        var form = LoginForm()
        form.username = "guest-amber-fox"
        form.focus = .password
        send(.key(.enter)) { $0.screen = .login(form) }
    }

    // MARK: The guest's sitekey on its card

    func testTheGuestCardShowsTheSitekeyPhraseToRememberAtEverySize() {
        for language in Language.allCases {
            for size in [Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)] {
                var state = Fixture.demoState(size: size)
                state.languageSelection = LanguageSelection(language, source: .option)
                state.screen = .guestCard(GuestCard(credentials: DemoModeTests.credentials))
                let text = AppView.render(state, size: size).text.joined(separator: "\n")
                XCTAssertTrue(text.contains("“Tea at the harbour”"), "\(language.code) \(size)\n" + text)
                XCTAssertTrue(text.contains(language.appCatalog.text(DemoText.pressEnterToSignIn)), "\(language.code) \(size)\n" + text)
                XCTAssertTrue(text.contains("copper-lantern-river-4821"))
            }
        }
    }
}
