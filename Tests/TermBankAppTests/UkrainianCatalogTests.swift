@testable import TermBankApp
import TermBankCore
import XCTest

/// The app's words in Ukrainian: seed 004's 2FA terms are the ones used,
/// counts agree with their number in all three forms (verb and adjective
/// too), and accounts take their case after "з" and "на". How the screens
/// look in Ukrainian is `UkrainianScreenTests`.
final class UkrainianCatalogTests: XCTestCase {
    let uk = UkrainianAppCatalog()

    /// Seed 004 (Ukrainian) names the 2FA terms; the app uses its words
    /// where it has them (docs/glossary/uk.md lists each with its source).
    func testSeed004sTwoFactorTermsAreTheOnesShown() {
        let seedTerms: [(term: String, text: String)] = [
            ("резервні коди", uk.text(SecondFactorText.newRecoveryCodesTitle)),                  // "резервних кодів (recovery codes)"
            ("резервних кодів", uk.text(SecurityText.recoveryCodesRow)),
            ("Довірений пристрій", uk.text(ModalText.trustTitle)),                                // "довірені пристрої"
            ("Довірені пристрої", uk.text(SecurityText.trustedDevices)),
            ("другого фактора", uk.text(ModalText.trustExplanation)),                             // "другий фактор"
            ("6-значний код", uk.text(SecondFactorText.theSixDigitsNow)),                          // "6-значного коду"
            ("QR-код", uk.text(SecurityText.qrShownOnce)),                                          // "QR-код ... Показуємо один раз"
            ("показуємо один раз", uk.text(SecurityText.qrShownOnce)),
            ("показуємо їх лише один раз", uk.text(SecondFactorText.saveThemNow)),
            ("Так", uk.text(KeyLabel.yes)),                                                         // "з кнопками Так/Ні"
            ("Ні", uk.text(KeyLabel.no)),
            ("Логін", uk.text(SignInText.usernameLabel)),                                           // "логіну/пароля"
            ("Пароль", uk.text(SignInText.passwordLabel)),
            ("Вхід", uk.text(SignInText.signInTitle)),                                              // "при кожному вході"
            ("Сесію завершено", uk.core.text(SessionError.ended(.idle))),                           // "доступ до сесії"
            ("двофакторну аутентифікацію", uk.core.text(PhoneNotice.turnedOff(.smsCode, at: Fixture.start))),  // "Розробка двофакторної аутентифікації"
        ]
        for (term, text) in seedTerms {
            XCTAssertTrue(text.contains(term), "\"\(text)\" does not use seed 004's \"\(term)\"")
        }
        XCTAssertEqual(uk.text(ModalText.yesNo), "т  Так      н  Ні")
    }

    /// "залишилась 1 спроба", "залишилось 3 спроби", "залишилось 5 спроб": the
    /// noun takes the count's form (11–14 take the many form, 21 the one
    /// form), and the verb before it agrees.
    func testAttemptsLeftTakeTheFormOfTheirCount() {
        let expected = [1: "залишилась 1 спроба", 2: "залишилось 2 спроби", 5: "залишилось 5 спроб",
                        11: "залишилось 11 спроб", 21: "залишилась 21 спроба", 22: "залишилось 22 спроби"]
        for (count, words) in expected {
            XCTAssertEqual(uk.text(SecondFactorText.attemptsLeft(count)), words)
        }
        XCTAssertEqual(uk.text(SecondFactorText.codeNotRight(attemptsLeft: 11)), "Код неправильний. Залишилось 11 спроб.")
        XCTAssertEqual(uk.text(SecondFactorText.codeNotRight(attemptsLeft: 21)), "Код неправильний. Залишилась 21 спроба.")
    }

    /// The adjective agrees too: "залишився 1 резервний код", "залишилось 2 резервні коди", "5 резервних кодів".
    func testRecoveryCodesLeftAgreeInVerbAdjectiveAndNoun() {
        let expected = [1: "Залишився 1 резервний код.", 2: "Залишилось 2 резервні коди.", 5: "Залишилось 5 резервних кодів.",
                        11: "Залишилось 11 резервних кодів.", 21: "Залишився 21 резервний код.",
                        22: "Залишилось 22 резервні коди."]
        for (count, words) in expected {
            XCTAssertEqual(uk.text(SessionText.recoveryCodesLeft(count)), "Ви увійшли з резервним кодом. " + words)
        }
    }

    func testDaysInTheTrustQuestionAndKeyTakeTheFormOfTheirCount() {
        let expected: [Int64: String] = [1: "1 день", 2: "2 дні", 5: "5 днів", 11: "11 днів", 21: "21 день", 22: "22 дні", 30: "30 днів"]
        for (count, days) in expected {
            XCTAssertEqual(uk.text(ModalText.trustQuestion(days: count)), "Довіряти цьому пристрою \(days)?")
            XCTAssertEqual(uk.text(KeyLabel.trustFor(days: count)), "Довіряти \(days)")
        }
    }

    /// Accounts are declined after "з" and "на", so a transfer reads as Ukrainian does.
    func testATransferNamesItsAccountsInTheirCases() {
        XCTAssertEqual(uk.text(SecondFactorText.move(Fixture.pending)), "Переказ \(uk.core.money(Fixture.pending.amount)) з Поточного на Ощадний")
        XCTAssertEqual(uk.text(BankingText.preview(Money(units: 5), from: .savings, to: .checking)),
                       "\(uk.core.money(Money(units: 5))) з Ощадного на Поточний")
    }
}
