@testable import TermBankApp
import TermBankCore
import XCTest

/// A question is answered with the language's own initials (т Так / н Ні,
/// s Sim / n Não, s Sì / n No, y Yes / n No), and the Latin y and n keep
/// their meaning everywhere (decision 34). The catalog names the keys beside
/// the words, and the reducer reads answers through the screen's language.
final class AnswerKeysTests: ReducerTestCase {

    // MARK: The catalogs

    func testEachLanguagesAnswerKeysAreTheInitialsOfItsOwnYesAndNo() {
        for language in Language.allCases {
            let words = language.appCatalog
            XCTAssertEqual(String(words.answers.yes), words.text(KeyLabel.yes).prefix(1).lowercased(), "\(language)")
            XCTAssertEqual(String(words.answers.no), words.text(KeyLabel.no).prefix(1).lowercased(), "\(language)")
        }
        XCTAssertEqual([Language.english, .portugueseBrazil, .italian, .ukrainian].map { $0.appCatalog.answers.yes },
                       ["y", "s", "s", "т"])
        XCTAssertEqual([Language.english, .portugueseBrazil, .italian, .ukrainian].map { $0.appCatalog.answers.no },
                       ["n", "n", "n", "н"])
    }

    func testLatinYAndNKeepTheirMeaningInEveryLanguageInEitherCase() {
        for language in Language.allCases {
            let answers = language.appCatalog.answers
            XCTAssertEqual(answers.answer(to: .character("y")), .yes, "\(language)")
            XCTAssertEqual(answers.answer(to: .character("Y")), .yes, "\(language)")
            XCTAssertEqual(answers.answer(to: .character("n")), .no, "\(language)")
            XCTAssertEqual(answers.answer(to: .character("N")), .no, "\(language)")
            XCTAssertEqual(answers.answer(to: .character(Character(answers.yes.uppercased()))), .yes, "\(language)")
            XCTAssertEqual(answers.answer(to: .character(Character(answers.no.uppercased()))), .no, "\(language)")
            XCTAssertNil(answers.answer(to: .enter), "Enter is the question's to decide")
        }
    }

    /// The rule that matters: a key that is the initial of the language's no
    /// (as "н" of "Ні", which the key marked Y types on a Ukrainian layout) is
    /// never read as yes, and no key means both.
    func testTheInitialOfNoIsNeverReadAsYesInAnyLanguage() {
        for language in Language.allCases {
            let words = language.appCatalog
            let answers = words.answers
            XCTAssertTrue(answers.yesKeys.isDisjoint(with: answers.noKeys), "\(language)")
            let noInitial = Character(words.text(KeyLabel.no).prefix(1).lowercased())
            let yesInitial = Character(words.text(KeyLabel.yes).prefix(1).lowercased())
            XCTAssertEqual(answers.answer(to: .character(noInitial)), .no, "\(language)")
            XCTAssertEqual(answers.answer(to: .character(yesInitial)), .yes, "\(language)")
            XCTAssertFalse(answers.yesKeys.contains(noInitial), "\(language)")
            XCTAssertFalse(answers.noKeys.contains(yesInitial), "\(language)")
        }
    }

    // MARK: The questions

    func signedIn(_ language: Language, _ user: UserRecord = Fixture.alice) -> AppState {
        var state = Fixture.signedIn(user)
        state.languageSelection = LanguageSelection(language, source: .option)
        return state
    }

    func testInUkrainianТAtLogoutTurnsSMSVerificationOn() {
        state = signedIn(.ukrainian)
        pressLogout()
        send(.key(.character("т")), effects: [.security(.turnOnSMSVerification)]) { $0.modal = .turningSMSOnForLogout }
    }

    func testInUkrainianCapitalНAtLogoutSignsOutAsItIs() {
        state = signedIn(.ukrainian)
        pressLogout()
        send(.key(.character("Н")), effects: [.signOut(.signedOut)]) {
            $0.modal = nil
            $0.session = nil
            $0.account = nil
            $0.screen = .signedOut(message: .session(.signedOut))
        }
    }

    /// The key marked Y on a Ukrainian layout types "н": whoever presses it
    /// out of an English habit is answered no, and the device is not trusted.
    func testTheНThatAUkrainianLayoutsYKeyTypesNeverTrustsTheDevice() {
        state = signedIn(.ukrainian, Fixture.bob)
        state.modal = .trustDevice
        send(.key(.character("н"))) { $0.modal = nil }
        state.modal = .trustDevice
        send(.key(.character("т")), effects: [.security(.trustDevice)]) { $0.modal = nil }
    }

    func testInPortugueseAndItalianSAnswersYes() {
        for language in [Language.portugueseBrazil, .italian] {
            state = signedIn(language)
            state.modal = .confirmQuit
            send(.key(.character("s")), effects: [.signOut(.signedOut), .quit]) {
                $0.modal = nil
                $0.session = nil
                $0.account = nil
                $0.screen = .signedOut(message: nil)
                $0.quitting = true
            }
        }
    }

    /// Another language's letters answer nothing: "s" is not yes in English,
    /// nor "т" anywhere but Ukrainian; the question stays open.
    func testAnotherLanguagesAnswerKeysLeaveTheQuestionOpen() {
        for (language, keys) in [(Language.english, ["s", "т", "н", "S"]), (.portugueseBrazil, ["т", "н"]),
                                 (.italian, ["т", "н"]), (.ukrainian, ["s", "S"])] {
            state = signedIn(language)
            state.modal = .confirmQuit
            for key in keys { send(.key(.character(Character(key)))) }
            XCTAssertEqual(state.modal, .confirmQuit, "\(language)")
        }
    }

    /// On a terminal that shows only ASCII the question is drawn in English,
    /// and so it answers to English keys: "т" does nothing, y still quits.
    func testOnAnASCIITerminalTheQuestionIsEnglishAndSoAreItsKeys() {
        state = signedIn(.ukrainian)
        state.charset = .ascii
        state.modal = .confirmQuit
        send(.key(.character("т")))
        XCTAssertEqual(KeyHelp.items(for: state).map(\.keys), ["y/Enter", "n/Esc"])
        send(.key(.character("y")), effects: [.signOut(.signedOut), .quit]) {
            $0.modal = nil
            $0.session = nil
            $0.account = nil
            $0.screen = .signedOut(message: nil)
            $0.quitting = true
        }
    }

    // MARK: What the screen says

    func testTheHintAndTheKeyBarShowTheLanguagesKeys() {
        let expected: [(Language, hint: String, bar: [String], trust: [String])] = [
            (.english, "y  Yes: turn it on for your next sign-in", ["y/Enter", "n/Esc"], ["y", "n/Esc"]),
            (.portugueseBrazil, "s  Sim: ativa a partir do próximo login", ["s/Enter", "n/Esc"], ["s", "n/Esc"]),
            (.italian, "s  Sì: la attiva dal prossimo accesso", ["s/Enter", "n/Esc"], ["s", "n/Esc"]),
            (.ukrainian, "т  Так — увімкнути з наступного входу", ["т/Enter", "н/Esc"], ["т", "н/Esc"]),
        ]
        for (language, hint, bar, trust) in expected {
            var state = signedIn(language)
            state.modal = .confirmSMSOnLogout
            XCTAssertEqual(KeyHelp.items(for: state).map(\.keys), [bar[0], String(bar[1].dropLast(4)), "Esc"],
                           "\(language): at the logout question Esc cancels, it is not no")
            state.modal = .confirmQuit
            XCTAssertEqual(KeyHelp.items(for: state).map(\.keys), bar, "\(language)")
            state.modal = .confirmSMSOnLogout
            let frame = AppView.render(state, size: Fixture.size).text.joined(separator: "\n")
            XCTAssertTrue(frame.contains(hint), frame)
            // The explanation names the key that does it.
            XCTAssertTrue(frame.contains("\(language.appCatalog.answers.yes) "), frame)
            state.modal = .trustDevice
            XCTAssertEqual(KeyHelp.items(for: state).map(\.keys), trust, "\(language)")
        }
    }
}
