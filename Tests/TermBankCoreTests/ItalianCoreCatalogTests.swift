@testable import TermBankCore
import XCTest

/// The bank's words in Italian: seed 002's LocalAuthentication words, counts
/// with Italian's singular and plural, the texts on the phone, and no
/// message left in English.
final class ItalianCoreCatalogTests: XCTestCase {
    let italian = ItalianCoreCatalog()
    let english = EnglishCoreCatalog()
    let noon = Timestamp(secondsSinceEpoch: 1_796_040_000)   // 2026-11-30 12:00 UTC
    let transfer = PendingTransfer(userID: UserID(1), from: .checking, to: .savings, amount: Money(units: 250),
                                   clientID: TransferClientID(trusted: "tx-0123456789abcdef"))

    /// Seed 002 (Italian) speaks of the "codice di accesso", of "troppi
    /// tentativi falliti" and of biometry that is "bloccata"; its table's
    /// messages read so, and a cancel shows nothing (the seed: "Do not show
    /// an error; the user intentionally cancelled").
    func testTheLocalAuthenticationMessagesUseSeed002sWords() {
        XCTAssertEqual(italian.text(.biometryLockout, biometry: .touchID),
                       "Troppi tentativi falliti. Sblocca la biometria con il codice di accesso.")
        XCTAssertEqual(italian.text(.biometryNotAvailable, biometry: .none),
                       "Face ID / Touch ID non è disponibile su questo dispositivo. Usa il codice di accesso.")
        XCTAssertEqual(italian.text(.biometryNotEnrolled, biometry: .faceID),
                       "Nessun dato biometrico registrato. Configura Face ID in Impostazioni > Face ID e codice.")
        XCTAssertEqual(italian.text(.biometryNotEnrolled, biometry: .touchID),
                       "Nessun dato biometrico registrato. Configura Touch ID in Impostazioni > Touch ID e codice.")
        XCTAssertEqual(italian.text(.passcodeNotSet, biometry: .touchID),
                       "Per usare l'autenticazione biometrica serve un codice di accesso al dispositivo. Impostalo in Impostazioni.")
        XCTAssertEqual(italian.text(.authenticationFailed, biometry: .faceID), "Autenticazione Face ID non riuscita. Accesso interrotto.")
        for quiet in [BiometricOutcome.success, .userCancel, .userFallback] {
            XCTAssertNil(italian.text(quiet, biometry: .touchID), "\(quiet) shows nothing, as in English")
        }
        XCTAssertEqual(italian.text(.biometryLockedOut, biometry: .faceID), italian.text(.biometryLockout, biometry: .faceID))
        XCTAssertEqual(italian.text(.tryAgain, biometry: .touchID), "Riprova")
    }

    func testAttemptsAndMinutesTakeTheSingularForOneAndThePluralForZeroAndTwo() {
        XCTAssertEqual(italian.pluralRule, .oneOrOther)
        XCTAssertEqual(italian.text(CheckResult.wrongCode(attemptsLeft: 0)),
                       "Codice PIN errato. Il codice inserito non è valido. 0 tentativi rimasti.")
        XCTAssertEqual(italian.text(CheckResult.wrongCode(attemptsLeft: 1)),
                       "Codice PIN errato. Il codice inserito non è valido. 1 tentativo rimasto.")
        XCTAssertEqual(italian.text(CheckResult.wrongCode(attemptsLeft: 2)),
                       "Codice PIN errato. Il codice inserito non è valido. 2 tentativi rimasti.")
        XCTAssertEqual(italian.text(AuthenticatorCheck.wrongCode(attemptsLeft: 1)),
                       "Il codice non è corretto. Controlla l'ora del telefono. 1 tentativo rimasto.")
        XCTAssertEqual(italian.text(VerifyError.resendTooSoon(secondsLeft: 1)), "Puoi chiedere un nuovo codice tra 1 secondo.")
        XCTAssertEqual(italian.text(VerifyError.resendTooSoon(secondsLeft: 30)), "Puoi chiedere un nuovo codice tra 30 secondi.")
        XCTAssertEqual(italian.text(.deviceLocked(minutes: 1), biometry: .touchID), "Dispositivo bloccato. Riprova tra 1 minuto.")
        XCTAssertEqual(italian.text(.wrongPasscode(lockedForMinutes: 5), biometry: .touchID),
                       "Codice errato. Dispositivo bloccato; riprova tra 5 minuti.")
        XCTAssertEqual(italian.text(GuestError.tooMany(limit: 1, minutesLeft: 2)),
                       "Questa connessione ha creato 1 cliente demo nell'ultima ora. Riprova tra 2 minuti o accedi come uno di loro.")
    }

    /// The phone's texts are in the customer's language, with the code and
    /// what it approves; a transfer is a "giroconto".
    func testTheSMSAndVoiceTextsAreItalian() {
        XCTAssertEqual(italian.smsText(code: "637421", purpose: .transfer(transfer), expiresInSeconds: 300),
                       "TermBank: il codice 637421 autorizza il giroconto di \(italian.money(Money(units: 250))) da Corrente a "
                       + "Risparmio. Scade tra 5 minuti. Non comunicarlo a nessuno, nemmeno al personale TermBank.")
        XCTAssertEqual(italian.smsText(code: "4017", purpose: .signIn, expiresInSeconds: 60),
                       "TermBank: il tuo codice di verifica per accedere è 4017. Scade tra 1 minuto. "
                       + "Non comunicarlo a nessuno, nemmeno al personale TermBank.")
        XCTAssertTrue(italian.smsText(code: "1", purpose: .confirmation(.turnOffSMSVerification), expiresInSeconds: 300)
            .hasPrefix("TermBank: il codice 1 conferma la disattivazione dei codici SMS per l'accesso."))
        XCTAssertEqual(italian.voiceText(code: "40", purpose: .signIn, expiresInSeconds: 300),
                       "Chiamata da TermBank: il tuo codice per accedere è 4, 0. Ripeto: 4, 0. Scade tra 5 minuti. "
                       + "Non comunicarlo a nessuno, nemmeno al personale TermBank.")
        XCTAssertTrue(italian.voiceText(code: "1", purpose: .confirmation(.proveNewPhone(PhoneNumber(trusted: "+15550100"))),
                                        expiresInSeconds: 300).contains("per confermare questo numero per i tuoi codici TermBank"))
    }

    /// A payment to another customer is a "bonifico", its reference a "causale".
    func testAPaymentIsABonifico() {
        let bob = Payee(userID: UserID(2), username: Username(trusted: "bob"), maskedName: nil)
        let payment = PendingTransfer(userID: UserID(1), from: .checking, payee: bob, amount: Money(units: 250), reference: nil,
                                      clientID: TransferClientID(trusted: "tx-0123456789abcdef"))
        XCTAssertEqual(italian.summary(payment), "\(italian.money(Money(units: 250))) a bob da Corrente")
        XCTAssertTrue(italian.smsText(code: "637421", purpose: .transfer(payment), expiresInSeconds: 300)
            .hasPrefix("TermBank: il codice 637421 autorizza il bonifico di "))
        XCTAssertEqual(italian.text(PhoneNotice.paymentReceived(Money(units: 250), from: Username(trusted: "alice"))),
                       "TermBank: hai ricevuto un bonifico di 250,00\u{00A0}USD da alice.")
        XCTAssertEqual(italian.text(PaymentReference.Problem.tooLong(maximum: 35)), "Una causale ha al massimo 35 caratteri.")
    }

    /// The statement's words: "Saldo iniziale", "Giroconto a Risparmio", "Storno di TB-000007".
    func testStatementLinesReadAsAnItalianStatement() {
        func line(_ kind: TransferKind, _ cents: Int64, _ other: LedgerAccount, reverses: TransferReference? = nil) -> StatementLine {
            StatementLine(posting: PostingID(1), reference: TransferReference(8), kind: kind, bookedAt: noon, account: .checking,
                          amount: Money(minorUnits: cents), balanceAfter: .zero, counterparty: other, reverses: reverses)
        }
        XCTAssertEqual(italian.label(line(.opening, 100, .bankFunding)), "Saldo iniziale")
        XCTAssertEqual(italian.label(line(.transfer, -100, .customer(UserID(1), .savings))), "Giroconto a Risparmio")
        XCTAssertEqual(italian.label(line(.transfer, 100, .customer(UserID(1), .savings))), "Giroconto da Risparmio")
        XCTAssertEqual(italian.label(line(.reversal, 100, .customer(UserID(1), .savings), reverses: TransferReference(7))),
                       "Storno di \(TransferReference(7))")
        XCTAssertEqual(italian.text(LedgerError.insufficientFunds(.checking)),
                       "Saldo insufficiente sul conto Corrente per l'importo richiesto.")
    }

    /// One message of every kind the core says, each in Italian: none reads
    /// as its English (but for the data it carries).
    func testNoCoreMessageIsLeftInEnglish() {
        let name = Username(trusted: "zed")
        let phone = PhoneNumber(trusted: "+15550100")
        let proof = RecoveryCodeProof(userID: UserID(1), remaining: 3, at: noon, regenerationGrant: nil)
        let last = RecoveryCodeProof(userID: UserID(1), remaining: 0, at: noon, regenerationGrant: nil)
        var messages: [CoreMessage] = []
        messages += [
            .username(.length), .username(.characters),
            .password(.tooShort), .password(.tooLong), .password(.common), .password(.containsUsername), .password(.controlCharacters),
            .sitekey(.unknownImage("x")), .sitekey(.phraseLength),
            .signIn(.incorrect(attemptsLeft: 1)), .signIn(.incorrect(attemptsLeft: nil)), .signIn(.locked(until: noon)),
        ]
        messages += [
            .signInFlow(.expired), .signInFlow(.wrongFactor), .signInFlow(.incomplete(missing: .smsCode)),
            .signInFlow(.proofForAnotherUserOrDevice), .signInFlow(.deviceNoLongerTrusted),
            .session(.ended(.idle)), .session(.ended(.maximumAge)), .session(.ended(.verificationFailed)),
            .session(.ended(.trustRevoked)), .session(.ended(.guestExpired)), .session(.ended(.signedOut)), .session(.notFound),
        ]
        messages += [
            .guest(.notTheDemoBank), .guest(.tooMany(limit: 5, minutesLeft: 12)), .guest(.noFreeName), .guest(.otherKey(name)),
            .guest(.expired(name)), .guest(.onlyInDemoMode(name)), .guest(.expiredOutsideDemoMode(name)),
            .amount(.empty), .amount(.negative), .amount(.zero), .amount(.tooManyDecimals), .amount(.exponent),
            .amount(.nonASCIIDigit), .amount(.invalidCharacter("x")), .amount(.misplacedGroupSeparator),
        ]
        messages += [
            .amount(.misplacedDecimalPoint), .amount(.aboveLimit(Money(units: 10_000))), .amount(.overflow),
            .ledger(.sameAccount), .ledger(.nonPositiveAmount), .ledger(.aboveLimit(Money(units: 5))),
            .ledger(.insufficientFunds(.savings)), .ledger(.unknownUser(name)), .ledger(.unknownAccount),
            .ledger(.clientIDReused(TransferClientID(trusted: "tx-0123456789abcdef"))), .ledger(.transferNotFound(TransferReference(7))),
        ]
        messages += [
            .ledger(.alreadyReversed(TransferReference(7), by: TransferReference(8))), .ledger(.notReversible(TransferReference(8))),
            .ledger(.balanceOverflow), .ledger(.selfPayment), .ledger(.unknownPayee),
            .ledger(.dailyLimitExceeded(limit: Money(units: 5000), left: Money(units: 250))),
            .ledger(.reversalNotCovered(TransferReference(7))), .paymentReference(.tooLong(maximum: 35)),
            .paymentReference(.unprintable), .displayName(.invalid),
            .stepUp(.needsSMSCode), .stepUp(.staleApproval),
            .verify(.tooManySends(nextAllowedAt: noon)), .verify(.tooManySendsForCustomer(nextAllowedAt: noon)),
        ]
        messages += [
            .verify(.numberBusy(until: noon)), .verify(.resendTooSoon(secondsLeft: 5)), .verify(.noMoreEvents), .verify(.notFound),
            .check(.smsCodesLocked(until: noon)), .check(.tooManyWrongCodes), .check(.expired),
            .check(.notInProgress(.success)), .check(.notInProgress(.failed)), .check(.notInProgress(.cancelled)),
            .check(.notInProgress(.inProgress)), .check(.notFound),
        ]
        messages += [
            .delivery(DeliveryFailure(reason: "gateway down")),
            .authenticator(.wrongCode(attemptsLeft: 2)), .authenticator(.alreadyUsed(attemptsLeft: 2)),
            .authenticator(.locked(until: noon)), .authenticator(.notEnrolled),
            .activation(.expired), .activation(.noEnrolment),
        ]
        messages += [
            .authenticatorSecret(.sealedForAnotherUser),
            .recoveryCode(.accepted(proof)), .recoveryCode(.accepted(last)), .recoveryCode(.wrongCode(attemptsLeft: 2)),
            .recoveryCode(.alreadyUsed(attemptsLeft: 2)), .recoveryCode(.notEnrolled),
            .confirmation(.needsStrongFactor), .confirmation(.noAuthenticator), .confirmation(.grantNotValid),
        ]
        messages += [
            .confirmation(.needsSMSCode), .confirmation(.needsNewPhoneCode), .confirmation(.phoneInUse),
            .confirmation(.nothingToChange(.samePhoneNumber)), .confirmation(.nothingToChange(.notASignInFactor)),
            .confirmation(.nothingToChange(.smsVerificationAlreadyOff)),
            .trustedDevice(.noDevice), .trustedDevice(.noSecondFactorPassed), .trustedDevice(.signInTooOld),
        ]
        messages += [
            .trustedDevice(.notFound), .trustedDevice(.deviceNotHeld),
            .biometricSwitch(.needsBiometricEvaluation),
            .store(.directoryMissing(path: "/x")), .store(.noBank(path: "/x")), .store(.permissionDenied(path: "/x")), .store(.readOnly(path: "/x")),
            .store(.notATermBankDatabase(path: "/x")), .store(.symbolicLink(path: "/x")), .store(.readableByOthers(path: "/x")),
        ]
        messages += [
            .store(.sharedFolder(path: "/x")), .store(.newerSchema(path: "/x", found: 9, supported: 8)),
            .store(.busy(path: "/x", waitedMilliseconds: 5000)), .store(.diskFull(path: "/x")), .store(.corrupt(path: "/x")),
            .store(.duplicateUser(name)), .store(.unknownUser(name)), .store(.phoneInUse(phone)),
            .store(.sharedPhoneNumbers(path: "/x", users: ["a", "b"])), .store(.backend("disk I/O error")),
        ]
        messages += BiometricOutcome.allCases.filter { english.text($0, biometry: .touchID) != nil }.map { .biometric($0, .touchID) }
        for message in messages {
            XCTAssertNotEqual(italian.text(message), english.text(message), "\(message) is still English")
        }
        var texts = [italian.text(PhoneNumber.Invalid()), italian.text(VerifyConfiguration.Invalid.codeLength),
                     italian.text(VerifyConfiguration.Invalid.expiry), italian.smsLockedText(until: noon),
                     italian.text(TransferClientID.Invalid())]
        let changes: [SecurityChange] = [.turnOffSMSVerification, .turnOffAuthenticator, .setUpAuthenticator,
                                         .replaceAuthenticator, .changePhone(to: phone), .proveNewPhone(phone), .signInWithSMS,
                                         .regenerateRecoveryCodes]
        let notices: [PhoneNotice] = [.turnedOff(.authenticator, at: noon), .turnedOff(.smsCode, at: noon),
                                      .authenticatorAdded(at: noon), .authenticatorReplaced(at: noon, oldUntil: noon),
                                      .signInBySMS(at: noon), .phoneChanged(to: phone, at: noon), .phoneAdded(at: noon),
                                      .recoveryCodesReplaced(at: noon)]
        texts += changes.map(italian.summary) + notices.map(italian.text) + [italian.summary(transfer)]
        let theirs = [english.text(PhoneNumber.Invalid()), english.text(VerifyConfiguration.Invalid.codeLength),
                      english.text(VerifyConfiguration.Invalid.expiry), english.smsLockedText(until: noon),
                      english.text(TransferClientID.Invalid())]
            + changes.map(english.summary) + notices.map(english.text) + [english.summary(transfer)]
        for (ours, english) in zip(texts, theirs) { XCTAssertNotEqual(ours, english) }
        XCTAssertGreaterThan(messages.count, 110)
    }
}
