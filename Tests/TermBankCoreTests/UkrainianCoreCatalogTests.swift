@testable import TermBankCore
import XCTest

/// The core's messages in Ukrainian: every kind of message is worded (none
/// falls back to English), counts take the form of their number, and the
/// texts sent to the phone say what the English ones say.
final class UkrainianCoreCatalogTests: XCTestCase {
    let uk = UkrainianCoreCatalog()
    let english = EnglishCoreCatalog()
    let noon = Timestamp(secondsSinceEpoch: 1_796_040_000)   // 2026-11-30 12:00 UTC

    /// One value of every message type the catalog words (and the cases a
    /// customer meets most), as `CoreMessage`s.
    var samples: [CoreMessage] {
        let phone = try! PhoneNumber(validating: "+15550100")
        return [
            .username(.length), .username(.characters), .password(.tooShort), .password(.tooLong), .password(.common),
            .password(.containsUsername), .password(.controlCharacters), .phoneNumber(.init()),
            .sitekey(.unknownImage("moon")), .sitekey(.phraseLength),
            .signIn(.incorrect(attemptsLeft: 1)), .signIn(.incorrect(attemptsLeft: nil)), .signIn(.locked(until: noon)),
            .signInFlow(.expired), .signInFlow(.wrongFactor), .signInFlow(.incomplete(missing: .smsCode)),
            .signInFlow(.proofForAnotherUserOrDevice), .signInFlow(.deviceNoLongerTrusted),
            .session(.ended(.idle)), .session(.ended(.maximumAge)), .session(.ended(.verificationFailed)),
            .session(.ended(.trustRevoked)), .session(.ended(.guestExpired)), .session(.notFound),
            .guest(.notTheDemoBank), .guest(.tooMany(limit: 5, minutesLeft: 12)), .guest(.noFreeName),
            .amount(.empty), .amount(.negative), .amount(.zero), .amount(.tooManyDecimals), .amount(.exponent),
            .amount(.nonASCIIDigit), .amount(.invalidCharacter("x")), .amount(.misplacedGroupSeparator),
            .amount(.misplacedDecimalPoint), .amount(.aboveLimit(Money(units: 10_000))), .amount(.overflow),
            .ledger(.sameAccount), .ledger(.nonPositiveAmount), .ledger(.insufficientFunds(.checking)),
            .ledger(.unknownAccount), .ledger(.balanceOverflow),
            .transferID(.init()), .stepUp(.needsSMSCode), .stepUp(.staleApproval),
            .ledger(.selfPayment), .ledger(.unknownPayee), .ledger(.reversalNotCovered(TransferReference(7))),
            .ledger(.dailyLimitExceeded(limit: Money(units: 2000), left: Money(units: 150))),
            .paymentReference(.tooLong(maximum: 35)), .paymentReference(.unprintable), .displayName(.invalid),
            .verify(.tooManySends(nextAllowedAt: noon)), .verify(.resendTooSoon(secondsLeft: 30)), .verify(.noMoreEvents),
            .verify(.notFound), .check(.wrongCode(attemptsLeft: 2)), .check(.tooManyWrongCodes),
            .check(.expired), .check(.smsCodesLocked(until: noon)), .delivery(DeliveryFailure(reason: "gateway down")),
            .authenticator(.wrongCode(attemptsLeft: 2)), .authenticator(.alreadyUsed(attemptsLeft: 1)),
            .authenticator(.locked(until: noon)), .authenticator(.notEnrolled),
            .activation(.expired), .activation(.noEnrolment),
            .authenticatorSecret(.sealedForAnotherUser), .recoveryCode(.wrongCode(attemptsLeft: 3)),
            .recoveryCode(.notEnrolled), .confirmation(.needsStrongFactor), .confirmation(.noAuthenticator),
            .confirmation(.grantNotValid), .confirmation(.needsSMSCode), .confirmation(.needsNewPhoneCode),
            .confirmation(.phoneInUse), .confirmation(.nothingToChange(.samePhoneNumber)),
            .confirmation(.nothingToChange(.notASignInFactor)), .confirmation(.nothingToChange(.smsVerificationAlreadyOff)),
            .trustedDevice(.noDevice), .trustedDevice(.noSecondFactorPassed), .trustedDevice(.signInTooOld),
            .trustedDevice(.notFound), .trustedDevice(.deviceNotHeld), .biometricSwitch(.needsBiometricEvaluation),
            .store(.busy(path: "bank.db", waitedMilliseconds: 5000)), .store(.diskFull(path: "bank.db")),
            .store(.phoneInUse(phone)), .store(.backend("disk I/O error")), .store(.noBank(path: "bank.db")),
            .biometric(.authenticationFailed, .touchID), .biometric(.biometryNotEnrolled, .faceID),
            .biometric(.biometryLockout, .faceID), .biometric(.passcodeNotSet, .none),
        ]
    }

    func testEveryMessageIsWordedInUkrainian() {
        for message in samples {
            let words = uk.text(message)
            XCTAssertNotEqual(words, english.text(message), "\(message) is still English")
            XCTAssertTrue(words.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "\(message): \(words)")
        }
    }

    /// "Залишилась 1 спроба.", "Залишилось 2 спроби.", "Залишилось 5 спроб.", with 11 in the many form and 21 in the one.
    func testAttemptsLeftTakeTheFormOfTheirCount() {
        let expected = [1: "Залишилась 1 спроба.", 2: "Залишилось 2 спроби.", 5: "Залишилось 5 спроб.",
                        11: "Залишилось 11 спроб.", 21: "Залишилась 21 спроба.", 22: "Залишилось 22 спроби."]
        for (count, words) in expected {
            XCTAssertEqual(uk.text(CheckResult.wrongCode(attemptsLeft: count)),
                           "Неправильний код. Введений код недійсний. " + words)
            XCTAssertEqual(uk.text(AuthenticatorCheck.wrongCode(attemptsLeft: count)),
                           "Код неправильний. Перевірте час на телефоні. " + words)
        }
    }

    func testMinutesAndSecondsTakeTheFormOfTheirCount() {
        let minutes: [Int64: String] = [1: "1 хвилину", 2: "2 хвилини", 5: "5 хвилин", 11: "11 хвилин", 21: "21 хвилину",
                                        22: "22 хвилини"]
        for (count, words) in minutes {
            XCTAssertEqual(uk.text(.deviceLocked(minutes: count), biometry: .touchID),
                           "Пристрій заблоковано. Спробуйте через \(words).")
        }
        let seconds: [Int64: String] = [1: "1 секунду", 2: "2 секунди", 5: "5 секунд", 11: "11 секунд", 21: "21 секунду",
                                        22: "22 секунди"]
        for (count, words) in seconds {
            XCTAssertEqual(uk.text(VerifyError.resendTooSoon(secondsLeft: count)), "Новий код можна запросити через \(words).")
        }
    }

    func testRecoveryCodesLeftAgreeInVerbAdjectiveAndNoun() throws {
        XCTAssertEqual(uk.text(RecoveryCodeCheck.notEnrolled), "Для цього акаунта немає резервних кодів.")
        let expected = [1: "Залишився 1 резервний код.", 2: "Залишилось 2 резервні коди.", 5: "Залишилось 5 резервних кодів.",
                        11: "Залишилось 11 резервних кодів.", 21: "Залишився 21 резервний код.",
                        22: "Залишилось 22 резервні коди."]
        for (count, words) in expected {
            XCTAssertEqual(uk.recoveryCodesLeft(count), words)
        }
    }

    /// The texts the phone receives: the code, what it approves and the
    /// warning, in Ukrainian; the accounts after "з" and "на" in their cases.
    func testTheSMSAndTheVoiceCallSayWhatTheyApprove() throws {
        let transfer = PendingTransfer(userID: UserID(1), from: .checking, to: .savings, amount: Money(units: 250),
                                       clientID: TransferClientID(trusted: "tx-0123456789abcdef"))
        XCTAssertEqual(uk.smsText(code: "637421", purpose: .transfer(transfer), expiresInSeconds: 300),
                       "TermBank: код 637421 підтверджує переказ \(uk.money(Money(units: 250))) з Поточного на Ощадний. "
                       + "Код діє 5 хвилин. Нікому не повідомляйте цей код, навіть працівникам TermBank.")
        XCTAssertEqual(uk.smsText(code: "1234", purpose: .signIn, expiresInSeconds: 60),
                       "TermBank: ваш код для входу 1234. Код діє 1 хвилину. Нікому не повідомляйте цей код, навіть працівникам TermBank.")
        XCTAssertTrue(uk.voiceText(code: "42", purpose: .signIn, expiresInSeconds: 120)
            .hasPrefix("Дзвінок від TermBank: ваш код для входу: 4, 2. Повторюємо: 4, 2. Код діє 2 хвилини."))
        XCTAssertTrue(uk.smsText(code: "9", purpose: .confirmation(.turnOffAuthenticator), expiresInSeconds: 180)
            .contains("підтверджує: вимкнути застосунок-аутентифікатор. Код діє 3 хвилини."))
    }

    /// A payment names its payee: the SMS says "платіж ... для bob".
    func testAPaymentsSMSNamesThePayee() {
        let payee = Payee(userID: UserID(2), username: Username(trusted: "bob"), maskedName: nil)
        let payment = PendingTransfer(userID: UserID(1), from: .checking, payee: payee, amount: Money(units: 40),
                                      reference: nil, clientID: TransferClientID(trusted: "tx-0123456789abcdef"))
        XCTAssertEqual(uk.smsText(code: "1234", purpose: .transfer(payment), expiresInSeconds: 300),
                       "TermBank: код 1234 підтверджує платіж 40,00\u{A0}USD для bob з Поточного. Код діє 5 хвилин. "
                       + "Нікому не повідомляйте цей код, навіть працівникам TermBank.")
        XCTAssertEqual(uk.text(PaymentReference.Problem.tooLong(maximum: 35)), "Призначення платежу має щонайбільше 35 символів.")
    }

    /// Statement lines: "Переказ на Ощадний", "Переказ з Поточного".
    func testStatementLinesNameTheOtherAccountInItsCase() {
        XCTAssertEqual(uk.from(.checking), "з Поточного")
        XCTAssertEqual(uk.to(.savings), "на Ощадний")
        XCTAssertEqual(uk.text(LedgerError.insufficientFunds(.savings)),
                       "На вашому рахунку «Ощадний» недостатньо коштів для цього переказу.")
    }

    /// Amounts are written and read the Ukrainian way ("1 250,00 USD"), and
    /// the rules an amount breaks are stated in Ukrainian's own separators.
    func testAmountsAndTheirRulesUseUkrainianSeparators() {
        XCTAssertEqual(uk.money(Money(units: 1250)), "1\u{A0}250,00\u{A0}USD")
        XCTAssertEqual(uk.amountParser().parse("1 250,50"), .success(Money(units: 1250, cents: 50)))
        XCTAssertEqual(uk.text(AmountError.misplacedGroupSeparator),
                       "Пробіли відділяють групи по три цифри, як у 1\u{A0}250,00.")
        guard case .failure(let error) = uk.amountParser().parse("12 50,00") else { return XCTFail("12 50,00 was accepted") }
        XCTAssertEqual(uk.text(error), "Пробіли відділяють групи по три цифри, як у 1\u{A0}250,00.")
        guard case .failure(let english) = uk.amountParser().parse("1,250.00") else { return XCTFail("1,250.00 was accepted") }
        XCTAssertEqual(uk.text(english), "Якщо це сума 1\u{A0}250,00, запишіть її так: кома перед центами, пробіли між тисячами.")
        XCTAssertEqual(uk.text(LedgerError.aboveLimit(Money(units: 10_000))), "За один раз можна переказати не більше 10\u{A0}000,00.")
    }

    /// Seed 001's LocalAuthentication messages, in iOS's Ukrainian words.
    func testTheBiometricSheetUsesIOSsUkrainianWords() {
        XCTAssertEqual(uk.text(.biometryNotEnrolled, biometry: .faceID),
                       "Біометричні дані не додано. Налаштуйте Face ID у розділі «Параметри > Face ID і код-пароль».")
        XCTAssertEqual(uk.text(.authenticationFailed, biometry: .touchID), "Touch ID: аутентифікацію не пройдено. Вхід зупинено.")
        XCTAssertNil(uk.text(.userCancel, biometry: .touchID), "a cancel the user chose shows nothing")
    }
}
