import TermBankCore
import XCTest

/// The core's messages in Brazilian Portuguese: each one translated, counts
/// in pt-BR's plural (0 and 1 singular), the seeds' words where they have them.
final class PortugueseBrazilCoreCatalogTests: XCTestCase {
    let portuguese = PortugueseBrazilCoreCatalog()
    let english = EnglishCoreCatalog()
    let noon = Timestamp(secondsSinceEpoch: 1_796_040_000)   // 2026-11-30 12:00 UTC

    func testCountsTakeTheSingularForZeroAndOne() {
        XCTAssertEqual(portuguese.pluralRule, .zeroOrOneOrOther)
        XCTAssertEqual(portuguese.text(AuthenticatorCheck.wrongCode(attemptsLeft: 0)),
                       "Esse código não está certo. Confira o relógio do seu celular. Não resta nenhuma tentativa.")
        XCTAssertEqual(portuguese.text(AuthenticatorCheck.wrongCode(attemptsLeft: 1)),
                       "Esse código não está certo. Confira o relógio do seu celular. Resta 1 tentativa.")
        XCTAssertEqual(portuguese.text(AuthenticatorCheck.wrongCode(attemptsLeft: 2)),
                       "Esse código não está certo. Confira o relógio do seu celular. Restam 2 tentativas.")
        XCTAssertEqual(portuguese.text(VerifyError.resendTooSoon(secondsLeft: 0)), "Você pode pedir um novo código em 0 segundo.")
        XCTAssertEqual(portuguese.text(VerifyError.resendTooSoon(secondsLeft: 1)), "Você pode pedir um novo código em 1 segundo.")
        XCTAssertEqual(portuguese.text(VerifyError.resendTooSoon(secondsLeft: 30)), "Você pode pedir um novo código em 30 segundos.")
        XCTAssertEqual(portuguese.text(.deviceLocked(minutes: 1), biometry: .touchID), "Aparelho bloqueado. Tente de novo em 1 minuto.")
        XCTAssertEqual(portuguese.text(.wrongPasscode(lockedForMinutes: 5), biometry: .touchID),
                       "Código incorreto. Aparelho bloqueado; tente de novo em 5 minutos.")
        XCTAssertEqual(portuguese.text(GuestError.tooMany(limit: 1, minutesLeft: 1)),
                       "Esta conexão criou 1 cliente de demonstração na última hora. Tente de novo em 1 minuto ou entre como um deles.")
    }

    /// In pt-BR "1,250" has three decimals; the refusal shows how to
    /// write one thousand two hundred and fifty, and states the rule.
    func testAThreeDecimalAmountIsRefusedWithTheWayToWriteIt() {
        guard case .failure(let problem) = portuguese.amountParser().parse("1,250") else {
            return XCTFail("1,250 is ambiguous in pt-BR")
        }
        XCTAssertEqual(portuguese.text(problem),
                       "Escreva 1.250,00 se esse for o valor: vírgula antes dos centavos, ponto entre os milhares.")
        XCTAssertEqual(portuguese.money(Money(units: 1_250)), "US$\u{A0}1.250,00")
        XCTAssertEqual(portuguese.text(AmountError.aboveLimit(Money(units: 1_000_000))),
                       "O máximo que você pode transferir de uma vez é 1.000.000,00.")
    }

    /// The phone's texts are the customer's language too ("a pt-BR
    /// user's SMS text in the phone inbox is in Portuguese").
    func testTheCodeTextsArePortuguese() {
        let transfer = PendingTransfer(userID: UserID(1), from: .checking, to: .savings, amount: Money(units: 250),
                                       clientID: TransferClientID(trusted: "tx-0123456789abcdef"))
        XCTAssertEqual(portuguese.smsText(code: "637421", purpose: .signIn, expiresInSeconds: 300),
                       "TermBank: seu código de verificação para entrar é 637421. Ele expira em 5 minutos. "
                       + "Nunca compartilhe este código com ninguém, nem com funcionários do TermBank.")
        XCTAssertTrue(portuguese.smsText(code: "637421", purpose: .transfer(transfer), expiresInSeconds: 60)
            .hasPrefix("TermBank: o código 637421 aprova a transferência de \(portuguese.money(Money(units: 250))) da Corrente para a Poupança. Ele expira em 1 minuto."))
        XCTAssertTrue(portuguese.voiceText(code: "4821", purpose: .signIn, expiresInSeconds: 300)
            .hasPrefix("Ligação do TermBank: seu código para entrar é 4, 8, 2, 1. Repetindo: 4, 8, 2, 1."))
    }

    /// Every kind of message the core says, in Portuguese: none reads as the
    /// English does, and none is made of English words.
    func testEveryMessageIsTranslated() {
        let englishWords: Set<String> = ["the", "and", "your", "you", "is", "are", "to", "of", "not", "was", "with",
                                         "this", "that", "in", "on", "at", "from", "code", "try", "again", "sign"]
        for (message, words) in zip(Self.samples.map(english.text), Self.samples.map(portuguese.text)) {
            XCTAssertNotEqual(words, message)
            XCTAssertEqual(words.replacing("QR code", with: "QR").lowercased().split { !$0.isLetter }.map(String.init).filter(englishWords.contains), [], words)
        }
        for kind in AccountKind.allCases { XCTAssertNotEqual(portuguese.text(kind), english.text(kind)) }
        XCTAssertEqual(Self.samples.count, 137, "one sample per message; a new message adds its sample here")
    }

    /// The error a throwing call threw (the values whose initialisers are the validators').
    static func caught<Failure: Error>(_ body: () throws -> Void) -> Failure {
        do { try body() } catch let error as Failure { return error } catch {}
        fatalError("expected a \(Failure.self)")
    }

    /// The configuration's refusals are the operator's, but a catalog words them too.
    func testTheCodeConfigurationsRefusalsAreTranslated() {
        for problem in [VerifyConfiguration.Invalid.codeLength, .expiry] {
            XCTAssertNotEqual(portuguese.text(problem), english.text(problem))
        }
    }

    /// One value of every message the core can say (each case of each type).
    static var samples: [CoreMessage] {
        let at = Timestamp(secondsSinceEpoch: 1_796_040_000)
        let phone = try! PhoneNumber(validating: "+15550100")
        let name = Username(trusted: "zed")
        return [
            .username(.length), .username(.characters),
            .password(.tooShort), .password(.tooLong), .password(.common), .password(.containsUsername),
            .password(.controlCharacters),
            .phoneNumber(caught { _ = try PhoneNumber(validating: "12") }),
            .sitekey(.unknownImage("unicorn")), .sitekey(.phraseLength),
            .signIn(.incorrect(attemptsLeft: nil)), .signIn(.incorrect(attemptsLeft: 1)), .signIn(.locked(until: at)),
            .signInFlow(.expired), .signInFlow(.wrongFactor), .signInFlow(.incomplete(missing: .password)),
            .signInFlow(.incomplete(missing: .biometric)), .signInFlow(.incomplete(missing: .smsCode)),
            .signInFlow(.incomplete(missing: .authenticator)),
            .signInFlow(.proofForAnotherUserOrDevice), .signInFlow(.deviceNoLongerTrusted),
            .session(.ended(.idle)), .session(.ended(.maximumAge)), .session(.ended(.verificationFailed)),
            .session(.ended(.trustRevoked)), .session(.ended(.guestExpired)), .session(.ended(.signedOut)), .session(.notFound),
            .guest(.notTheDemoBank), .guest(.tooMany(limit: 5, minutesLeft: 12)), .guest(.noFreeName),
            .guest(.otherKey(name)), .guest(.expired(name)), .guest(.onlyInDemoMode(name)), .guest(.expiredOutsideDemoMode(name)),
            .amount(.empty), .amount(.negative), .amount(.zero), .amount(.tooManyDecimals), .amount(.exponent),
            .amount(.nonASCIIDigit), .amount(.invalidCharacter("x")), .amount(.misplacedGroupSeparator),
            .amount(.misplacedDecimalPoint), .amount(.ambiguous(Money(units: 1_250))), .amount(.aboveLimit(Money(units: 1_000_000))), .amount(.overflow),
            .ledger(.sameAccount), .ledger(.nonPositiveAmount), .ledger(.aboveLimit(Money(units: 1_000_000))),
            .ledger(.insufficientFunds(.checking)), .ledger(.insufficientFunds(.savings)), .ledger(.unknownUser(name)),
            .ledger(.unknownAccount), .ledger(.clientIDReused(TransferClientID(trusted: "tx-0123456789abcdef"))),
            .ledger(.transferNotFound(TransferReference(12))),
            .ledger(.alreadyReversed(TransferReference(12), by: TransferReference(13))),
            .ledger(.notReversible(TransferReference(13))), .ledger(.balanceOverflow),
            .ledger(.selfPayment), .ledger(.unknownPayee),
            .ledger(.dailyLimitExceeded(limit: Money(units: 5_000), left: Money(units: 1_250))),
            .ledger(.reversalNotCovered(TransferReference(14))),
            .paymentReference(.tooLong(maximum: 140)), .paymentReference(.unprintable), .displayName(.invalid),
            .transferID(caught { _ = try TransferClientID(validating: "x") }), .stepUp(.needsSMSCode), .stepUp(.staleApproval),
            .verify(.tooManySends(nextAllowedAt: at)), .verify(.tooManySendsForCustomer(nextAllowedAt: at)),
            .verify(.numberBusy(until: at)), .verify(.smsCodesLocked(until: at)), .verify(.resendTooSoon(secondsLeft: 20)),
            .verify(.noMoreEvents), .verify(.notInProgress(.cancelled)), .verify(.notFound),
            .check(.smsCodesLocked(until: at)), .check(.wrongCode(attemptsLeft: 2)),
            .check(.tooManyWrongCodes), .check(.expired), .check(.notInProgress(.success)), .check(.notInProgress(.failed)),
            .check(.notInProgress(.expired)), .check(.notInProgress(.cancelled)), .check(.notInProgress(.inProgress)),
            .check(.notFound),
            .delivery(DeliveryFailure(reason: "gateway down")),
            .authenticator(.wrongCode(attemptsLeft: 2)), .authenticator(.alreadyUsed(attemptsLeft: 1)),
            .authenticator(.locked(until: at)), .authenticator(.notEnrolled),
            .activation(.activated(recoveryCodes: [], previousValidUntil: nil)), .activation(.expired), .activation(.noEnrolment),
            .authenticatorSecret(.sealedForAnotherUser),
            .recoveryCode(.wrongCode(attemptsLeft: 2)), .recoveryCode(.alreadyUsed(attemptsLeft: 1)),
            .recoveryCode(.notEnrolled),
            .confirmation(.needsStrongFactor), .confirmation(.noAuthenticator), .confirmation(.grantNotValid),
            .confirmation(.nothingToChange(.samePhoneNumber)), .confirmation(.nothingToChange(.notASignInFactor)),
            .confirmation(.nothingToChange(.smsVerificationAlreadyOff)), .confirmation(.needsSMSCode),
            .confirmation(.needsNewPhoneCode), .confirmation(.phoneInUse),
            .trustedDevice(.noDevice), .trustedDevice(.noSecondFactorPassed), .trustedDevice(.signInTooOld),
            .trustedDevice(.notFound), .trustedDevice(.deviceNotHeld),
            .biometricSwitch(.needsBiometricEvaluation),
            .biometric(.authenticationFailed, .touchID), .biometric(.systemCancel, .faceID),
            .biometric(.biometryNotAvailable, .none), .biometric(.biometryNotEnrolled, .faceID),
            .biometric(.biometryLockout, .touchID), .biometric(.passcodeNotSet, .touchID),
            .store(.directoryMissing(path: "/var/lib/tb")), .store(.noBank(path: "/var/lib/tb/bank.db")), .store(.permissionDenied(path: "bank.db")),
            .store(.readOnly(path: "bank.db")), .store(.notATermBankDatabase(path: "bank.db")),
            .store(.symbolicLink(path: "bank.db")), .store(.readableByOthers(path: "bank.db")),
            .store(.sharedFolder(path: "/tmp")), .store(.newerSchema(path: "bank.db", found: 9, supported: 5)),
            .store(.busy(path: "bank.db", waitedMilliseconds: 5000)), .store(.diskFull(path: "bank.db")),
            .store(.corrupt(path: "bank.db")), .store(.duplicateUser(name)), .store(.unknownUser(name)),
            .store(.phoneInUse(phone)), .store(.sharedPhoneNumbers(path: "bank.db", users: ["ann", "ben"])),
            .store(.backend("disk I/O")),
        ]
    }
}
