@testable import TermBankApp
import TermBankCore
import XCTest

/// The app in Italian: every notice and refusal fits where it is shown,
/// and counts take Italian's singular and plural. That every screen and
/// modal fits whole, with every key on the bar, is `FittingTests`'s, for
/// every language.
final class ItalianCatalogTests: XCTestCase {
    let italian = ItalianAppCatalog()
    let english = EnglishAppCatalog()

    /// The messages the screen list shows one of, each where the app shows
    /// it: a notice under the statement and the security settings, a refusal
    /// under the login form, the amount, the code boxes and a security form.
    /// Whole at 80x24 and 60x20 in every language, not only Italian (the
    /// list of messages is this file's).
    func testEveryNoticeAndRefusalFitsWhereItIsShown() {
        let noon = Fixture.start
        let session: [AppMessage] = Self.sessionTexts.map { .session($0) }
        let refusals: [AppMessage] = [
            .core(.signIn(.incorrect(attemptsLeft: 1))), .core(.signIn(.locked(until: noon))), .core(.username(.characters)),
            .core(.session(.ended(.idle))), .core(.signInFlow(.expired)), .core(.store(.busy(path: "bank.db", waitedMilliseconds: 5000))),
            .core(.amount(.misplacedGroupSeparator)), .core(.amount(.exponent)), .core(.amount(.invalidCharacter("x"))),
            .core(.amount(.ambiguous(Money(units: 1250)))),
            .core(.amount(.aboveLimit(Money(units: 10_000)))), .core(.ledger(.insufficientFunds(.checking))),
            .core(.ledger(.sameAccount)), .core(.stepUp(.staleApproval)), .core(.stepUp(.needsSMSCode)),
            .core(.verify(.tooManySends(nextAllowedAt: noon))), .core(.verify(.resendTooSoon(secondsLeft: 20))),
            .core(.check(.expired)), .core(.check(.tooManyWrongCodes)), .core(.check(.wrongCode(attemptsLeft: 2))),
            .core(.authenticator(.alreadyUsed(attemptsLeft: 2))), .core(.authenticator(.locked(until: noon))),
            .core(.recoveryCode(.wrongCode(attemptsLeft: 2))), .core(.confirmation(.needsNewPhoneCode)),
            .core(.confirmation(.phoneInUse)), .core(.confirmation(.noAuthenticator)), .core(.password(.common)),
            .core(.phoneNumber(PhoneNumber.Invalid())), .core(.trustedDevice(.noSecondFactorPassed)),
            .core(.trustedDevice(.deviceNotHeld)), .core(.biometricSwitch(.needsBiometricEvaluation)),
            .core(.guest(.expired(Username(trusted: "guest-amber-fox")))),
            .secondFactor(.wrongPinCode), .secondFactor(.codeExpiredPressR), .secondFactor(.codeNotRight(attemptsLeft: 1)),
            .secondFactor(.authenticatorCodeExpired), .secondFactor(.recoveryCodeNoLongerWorks),
            .secondFactor(.typeARecoveryCode), .secondFactor(.calling(masked: "+1 ***-***-0101")),
            .secondFactor(.newCodeSent(masked: "+1 ***-***-0101")), .secondFactor(.askForANewCodeIn(seconds: 18)),
            .secondFactor(.noMoreCodesPressEsc), .security(.enterPassword), .security(.enterNewPhone), .security(.enterCode),
            .security(.enterNewPhoneCode), .banking(.enterAnAmount), .banking(.notApproved), .signIn(.enterPassword),
            .signIn(.enterUsernameAndPassword),
        ]
        // A session's notices show under the statement and the settings (the
        // signed-out screen's own words are in `CatalogScreens`).
        for message in session.filter({ $0 != .session(.notMyImage) }) {
            for state in [CatalogScreens.at(.statement(StatementScreen(notice: .done(message))), signedIn: Fixture.alice),
                          CatalogScreens.at(.security(SecurityScreen(overview: Self.overview, notice: .done(message))),
                                            signedIn: Fixture.carol)] {
                for size in Fitting.sizes {
                    for words in Language.allCases.map(\.appCatalog) {
                        XCTAssertEqual(Fitting.unseenWords(state, size: size, words: words), [],
                                       "\(message) at \(size.columns)x\(size.rows)")
                    }
                }
            }
        }
        for message in refusals {
            var login = LoginForm()
            login.error = message
            var transfer = TransferForm()
            transfer.error = message
            let pin = PinEntry(ticket: Fixture.ticket(), purpose: .signIn, error: message)
            let form = SecurityForm(purpose: .turnOffSMSVerification, needsCode: true, error: message)
            let states = [
                CatalogScreens.at(.statement(StatementScreen(notice: .refused(message))), signedIn: Fixture.alice),
                CatalogScreens.at(.security(SecurityScreen(overview: Self.overview, notice: .done(message))), signedIn: Fixture.carol),
                CatalogScreens.at(.login(login)),
                CatalogScreens.at(.transfer(transfer), signedIn: Fixture.alice),
                CatalogScreens.at(.pin(pin)),
                CatalogScreens.at(.security(SecurityScreen(overview: Self.overview, form: form)), signedIn: Fixture.carol),
            ]
            for (index, state) in states.enumerated() {
                for size in Fitting.sizes {
                    for words in Language.allCases.map(\.appCatalog) {
                        XCTAssertEqual(Fitting.unseenWords(state, size: size, words: words), [],
                                       "\(message) in place \(index) at \(size.columns)x\(size.rows)")
                    }
                }
            }
        }
    }

    static let overview = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false, signInFactor: .smsCode,
                                           recoveryCodesLeft: 0, trustedDevices: [])

    /// Brand names, key caps, the customer's own data and the words Italian
    /// banking takes from English as they are.
    static let sameInItalian: Set<String> = CatalogCoverageTests.notWords.union([
        "TermBank", "Touch", "Face", "ID", "SMS", "UTC", "OK", "QR", "PIN", "Password", "demo", "USD",
    ])

    func testNoLineWithWordsIsLeftInEnglish() {
        for (name, state, listed) in CatalogScreens.all {
            for size in Fitting.sizes(for: listed) {
                var state = state
                state.size = size
                let english = AppView.render(state, size: size).text
                let frame = AppView.render(state, size: size, words: italian).text
                for (row, line) in frame.enumerated() where line == english[row] {
                    let words = CatalogCoverageTests.plainWords(in: [Self.withoutCutWords(line)])
                        .filter { !Self.sameInItalian.contains($0) }
                    XCTAssertEqual(words, [], "\(name) at \(size.columns)x\(size.rows), row \(row) is English: \(line)")
                }
            }
        }
    }

    /// A word a box drawn over it cuts ("Second│" is what is left of "Secondo
    /// fattore" beside a form, as of "Second factor") says nothing of the language.
    static func withoutCutWords(_ line: String) -> String {
        var kept = "", word = ""
        for character in line {
            if character.isLetter { word.append(character); continue }
            if !"│╭╮╰╯─".contains(character) { kept += word }
            word = ""
            kept.append(character)
        }
        return kept + word
    }

    /// Every text of the app catalog reads differently from English, but
    /// for brand names and words Italian keeps ("SMS", "OK", "Password").
    func testEveryAppTextDiffersFromEnglishButTheListedOnes() {
        let english = EnglishAppCatalog()
        let same: Set<String> = ["TermBank", "“TermBank”", "Touch ID", "Face ID", "SMS", "OK", "Password", "No",
                                 "00:00:00 UTC"]
        var texts: [(String, String, String)] = []
        func add<T>(_ values: [T], _ words: (any AppCatalog, T) -> String) {
            for value in values { texts.append(("\(value)", words(italian, value), words(english, value))) }
        }
        add(Self.keyLabels) { $0.text($1) }
        add(Self.chromeTexts) { $0.text($1) }
        add(Self.signInTexts) { $0.text($1) }
        add(Self.modalTexts) { $0.text($1) }
        add(Self.bankingTexts) { $0.text($1) }
        add(Self.demoTexts) { $0.text($1) }
        add(Self.secondFactorTexts) { $0.text($1) }
        add(Self.securityTexts) { $0.text($1) }
        add(Self.sessionTexts) { $0.text($1) }
        for (value, theirs, ours) in texts where !same.contains(theirs) {
            XCTAssertNotEqual(theirs, ours, "\(value) is still English")
        }
        XCTAssertGreaterThan(texts.count, 250)
    }

    func testAttemptsLeftTakeTheSingularForOneAndThePluralForZeroAndTwo() {
        XCTAssertEqual(italian.text(SecondFactorText.attemptsLeft(0)), "0 tentativi rimasti")
        XCTAssertEqual(italian.text(SecondFactorText.attemptsLeft(1)), "1 tentativo rimasto")
        XCTAssertEqual(italian.text(SecondFactorText.attemptsLeft(2)), "2 tentativi rimasti")
        XCTAssertEqual(italian.text(SecondFactorText.codeNotRight(attemptsLeft: 1)), "Il codice non è corretto. 1 tentativo rimasto.")
        XCTAssertEqual(italian.text(SecondFactorText.codeNotRight(attemptsLeft: 0)), "Il codice non è corretto. 0 tentativi rimasti.")
        XCTAssertEqual(italian.text(SessionText.recoveryCodesLeft(1)), "Accesso con codice di recupero: te ne resta 1.")
        XCTAssertEqual(italian.text(SessionText.recoveryCodesLeft(2)), "Accesso con codice di recupero: te ne restano 2.")
        XCTAssertEqual(italian.text(DemoText.smsOnRemovedIn(hours: 1)), "Verifica SMS attiva. Cliente eliminato tra 1 ora.")
        XCTAssertEqual(italian.text(DemoText.smsOnRemovedIn(hours: 24)), "Verifica SMS attiva. Cliente eliminato tra 24 ore.")
    }

    /// The words the brief and seed 000 fix: "Giroconto", "Saldo", "Movimenti", "Esci".
    func testTheStatementSpeaksItalianBanking() {
        let frame = AppView.render(Fixture.signedIn(), size: Fixture.size, words: italian).text.joined(separator: "\n")
        for words in ["Conti", "Verifica SMS all'accesso [ NO ]", "Movimenti: tutti i conti", "SALDO", "Saldo iniziale",
                      "t Giroconto", "l Esci", "Corrente", "Risparmio"] {
            XCTAssertTrue(frame.contains(words), "no \"\(words)\" on the statement\n\(frame)")
        }
        var modal = Fixture.signedIn()
        modal.modal = .confirmSMSOnLogout
        let asked = AppView.render(modal, size: Fixture.size, words: italian).text.joined()
        XCTAssertTrue(asked.contains("Eseguire la verifica SMS all'accesso?"),
                      "asked at every logout, on or off: the seed's 'Perform', not 'keep' nor 'turn on'")
        XCTAssertTrue(asked.contains("s  Sì: la attiva dal prossimo accesso"), "off: s (sì) turns it on")
        XCTAssertTrue(asked.contains("n  No: resta disattivata"), "and n leaves it off")
    }

    // Every value of each app text type (one per case, with sample arguments).
    static let keyLabels: [KeyLabel] = [
        .redraw, .backOrCancel, .quit, .help, .backToTheApp, .phone, .changePhone, .yes, .no, .trustFor(days: 30), .choose, .useThisPhone,
        .newDemoCustomer, .signIn, .showThisPhone, .nextField, .notMyImage, .password, .thisIsNotMyImage, .back, .passcode,
        .ok, .cancel, .matching(face: true), .matching(face: false), .nonMatching, .enterPasscode, .code, .erase, .resend,
        .callMe, .recoveryCode, .backToReview, .useARecoveryCode, .useThisCode, .iHaveSavedThem, .makeNewCodes, .later,
        .transfer, .smsVerification, .security, .logOut, .authenticator, .sms, .factor, .newCodes, .appOff, .biometricOn,
        .device, .revoke, .done, .codeFromTheApp, .confirm, .edit, .direction, .amount, .review, .backToStatement, .language,
        .scroll, .account, .search, .clearSearch, .pageUpOrDown, .newestOrFirst,
    ]
    static let chromeTexts: [ChromeText] = [
        .brand, .idleWarning(secondsLeft: 29), .tooSmall, .tooSmallSize(Size(columns: 52, rows: 18), needs: Size(columns: 60, rows: 20)),
        .makeItLarger, .keysTitle, .anyKeyCloses, .sameKeysOnAUkrainianLayout, .otherKeysOnTheBar, .sendingACode, .newMessageOnThePhone,
    ]
    static let signInTexts: [SignInText] = [
        .signInTitle, .welcome, .usernameLabel, .passwordLabel, .checking, .signingIn, .simulatedDevice("iphone"), .thisDevice("iphone"),
        .enterUsernameAndPassword, .enterPassword, .devicePickerTitle, .devicePickerExplanation, .sitekeyTitle,
        .onlyTheRealBankKnows, .signInChoice, .notMyImageChoice, .notMyImageLink, .sitekeyFirstPrompt,
        .biometry(.touchID), .biometry(.faceID), .biometry(.none), .fieldFull,
    ]
    static let modalTexts: [ModalText] = [
        .quitTitle, .quitQuestion, .youWillBeSignedOut, .smsTitle, .smsQuestion, .smsIsNow(on: true), .smsIsNow(on: false),
        .smsYes(isOn: true), .smsYes(isOn: false), .smsNo(isOn: true), .smsNo(isOn: false), .trustTitle,
        .trustQuestion(days: 30), .trustExplanation, .trustYes, .trustNo, .yesNo,
    ]
    static let bankingTexts: [BankingText] = [
        .loadingAccounts, .accountsTitle, .smsSwitch, .switchState(on: true), .switchState(on: false),
        .dateColumn(withTime: true), .dateColumn(withTime: false), .accountColumn, .descriptionColumn, .amountColumn,
        .balanceColumn, .noTransactionsYet, .moveMoneyTitle, .fromLabel, .toLabel, .amountLabel, .available(Money(units: 5)),
        .preview(Money(units: 5), from: .checking, to: .savings), .typeAnAmount, .enterAnAmount, .reviewTitle,
        .approveWith(Fixture.smsToAlice, payee: nil), .approveWith(Fixture.smsToAliceForANewPayee, payee: Fixture.bobPayee.username),
        .approveWith(.authenticator(firstPayee: false), payee: nil), .approveWith(.biometric(.touchID), payee: nil),
        .approveWith(.biometric(.faceID), payee: nil), .approveWith(.devicePasscode(.touchID), payee: nil),
        .askingHowToApprove, .approvalChangedSinceReview, .sending, .notApproved, .receiptTitle, .referenceLabel, .bookedLabel,
        .pressEnterToReturn, .nowhereToPaste,
    ]
    static let demoTexts: [DemoText] = [
    ] + DemoText.everyStoryText + [
        .storyLead, .welcomeTitle, .newCustomer, .welcomeBack("guest-amber-fox"), .rememberSitekey,
        .newCustomerDetail, .signIn, .sharedCustomers, .sharedCustomersMore, .makingCustomer, .cardTitle, .noteThePassword,
        .usernameLabel, .passwordLabel, .phoneSimulated(masked: "+1 ***"), .smsOnRemovedIn(hours: 24), .pressEnterToSignIn,
        .phoneTitle, .phoneOnTheRight, .ctrlPShowsThePhone, .noCustomerYet, .newMessage, .noMessagesYet,
        .received(Timestamp(secondsSinceEpoch: 0)), .channel(sms: true), .channel(sms: false), .newTag, .whosePhone,
        .chooseTheCustomer,
    ]
    static let secondFactorTexts: [SecondFactorText] = [
        .sensor(.touchID), .sensor(.faceID), .sensor(.none), .sheetAppName, .biometricReason(.signIn),
        .biometricReason(.transfer(Fixture.pending)), .biometricReason(.turnOnBiometricSignIn), .enterPasscodeButton,
        .cancelButton, .enterDevicePasscode, .passcodeFull(limit: 16), .verifyItsYou, .approveThisTransfer,
        .move(Fixture.pending), .weSentACode(toMasked: "+1 ***"), .codeAlreadySent(toMasked: "+1 ***"), .expiresIn(seconds: 288),
        .codesLeftThisHour(0), .codesLeftThisHour(1), .codesLeftThisHour(2),
        .expired,
        .attemptsLeft(2), .resendOrCall, .resendBySMS, .noMoreCodesForThisRequest, .resendOrCallIn(seconds: 18),
        .useARecoveryCodeInstead, .checking, .sendingANewCode, .calling(masked: "+1 ***"), .newCodeSent(masked: "+1 ***"),
        .askForANewCodeIn(seconds: 18), .noMoreCodesPressEsc, .wrongPinCode, .codeExpiredPressR, .enterTheAuthenticatorCode,
        .theSixDigitsNow, .approvesThisTransferOnly, .codeNotRight(attemptsLeft: 2), .authenticatorCodeExpired,
        .useARecoveryCodeTitle, .recoveryCodeIntro(insteadOfAuthenticator: true), .recoveryCodeIntro(insteadOfAuthenticator: false),
        .codeLabel, .caseDoesNotMatter, .typeARecoveryCode, .recoveryCodeNoLongerWorks, .newRecoveryCodesTitle,
        .thatWasYourLastCode, .makeANewSet, .noSecondFactorNeeded, .confirmWithPassword, .makingNewCodes, .saveThemNow,
        .eachWorksOnce, .writeThemDown, .oldCodesNoLongerWork, .pressEnterWhenSaved,
    ]
    static let securityTexts: [SecurityText] = {
        let purposes: [SecurityForm.Purpose] = [.enrolAuthenticator, .turnOffSMSVerification, .signInWithSMS,
                                                .turnOffAuthenticator, .newRecoveryCodes, .changePhone, .turnOnBiometricSignIn]
        return [
            .title, .loading, .smsRow, .authenticatorRow, .factorRow, .recoveryCodesRow, .biometricRow, .phoneRow, .on, .off,
            .offNewEnrollment, .turnOff, .turnOn, .setUpANewOne, .setUp, .useTheApp, .useSMSCodes, .changeNumber, .factorAuthenticator,
            .factorSMS, .factorNothing, .trustedDevices, .trustedDevicesExplanation, .noTrustedDevices, .trustedUntil(Fixture.start),
            .lastUsedAt(nil), .lastUsedAt(Fixture.start),
            .introBiometric, .introPassword, .introAuthenticator, .introCodeSentTo("+1 ***"), .introCodeSending,
            .phoneIntroFirst, .phoneIntroSecond, .phoneIntroCode(authenticatorActive: true, sentTo: nil),
            .phoneIntroCode(authenticatorActive: false, sentTo: "+1 ***"), .phoneIntroNewCode(sentTo: nil),
            .passwordLabel, .newPhoneLabel, .codeLabel, .newCodeLabel, .enterPassword, .enterNewPhone, .enterCode,
            .enterNewPhoneCode, .enrolledTitle, .asksForNewApp, .recoveryCodesStay, .pressEnterToGoBack, .saveRecoveryCodes,
            .eachWorksOnce, .writeThemDown, .pressEnterWhenSaved, .scanTitle(replacing: true), .scanTitle(replacing: false),
            .stepAddAccount, .stepScan, .noQRCodeOnThisTerminal, .qrCodeNeedsALargerWindow, .keyShownOnce, .stepTypeKey, .account("carol"), .stepTypeCode, .lapsesIn(seconds: 558), .lapsed,
            .qrShownOnce, .checking,
        ] + purposes.flatMap { [SecurityText.formTitle($0, authenticatorActive: true), .formTitle($0, authenticatorActive: false)] }
    }()
    static let sessionTexts: [SessionText] = [
        .signedOutTitle, .signedOut, .signInAgainOrQuit, .noRecoveryCodesLeft, .recoveryCodesLeft(3), .notMyImage,
        .smsVerificationOff, .smsVerificationOn, .authenticatorOff, .phoneChanged, .biometricOnAgain, .signInAsksForSMS,
        .signInAsksForTheApp, .deviceTrusted(until: Fixture.start), .deviceNoLongerTrusted, .setUpAnAppFirst, .setUpCancelled,
        .authenticatorOn, .biometricStaysOff, .bankDoesNotOfferThat, .somethingWentWrong, .bankUnreachable,
        .bankConnectionLost,
    ]
}
