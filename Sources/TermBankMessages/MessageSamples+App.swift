import TermBankApp
import TermBankCore

extension ChromeText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension KeyLabel: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension SignInText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension SecondFactorText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension DemoText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension ModalText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension BankingText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension PaymentText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension HistoryText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension SecurityText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension PresenterText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }
extension SessionText: CatalogMessage { public func words(in catalog: any AppCatalog) -> String { catalog.text(self) } }

/// The data the samples carry: what a translator sees in place of a
/// placeholder's value is never this, but the catalogs need real values.
enum SampleData {
    static let money = Money(units: 1250)
    static let limit = Money(units: 4000)
    static let small = Money(units: 75, cents: 50)
    static let time = Timestamp(secondsSinceEpoch: 1_796_220_300)  // 2026-12-02 14:05 UTC
    static let later = Timestamp(secondsSinceEpoch: 1_796_827_500)
    static let bob = Username(trusted: "bob")
    static let phone = PhoneNumber(trusted: "+15550100")
    static let clientID = TransferClientID(trusted: "tx-0123456789abcdef")
    static let transfer = PendingTransfer(userID: UserID(1), from: .checking, to: .savings, amount: money, clientID: clientID)
    static let payment = PendingTransfer(userID: UserID(1), from: .checking,
                                         payee: Payee(userID: UserID(2), username: bob, maskedName: nil),
                                         amount: money, reference: nil, clientID: clientID)
}

extension MessageSample {
    /// Every message of the app's catalog (`AppCatalog`), one sample per
    /// case, and one per choice among its arguments that changes the words.
    static var app: [MessageSample] {
        chrome + keys + signIn + secondFactor + demo + modals + banking + payments + history + security + session + presenter
    }

    private static var chrome: [MessageSample] {
        let size = Size(columns: 58, rows: 17), needs = Size(columns: 60, rows: 20), allows = Size(columns: 250, rows: 90)
        return [
            .init(ChromeText.brand), .init(counting: "seconds") { ChromeText.idleWarning(secondsLeft: $0) },
            .init(counting: "seconds") { ChromeText.closingForInactivity(secondsLeft: $0) }, .init(ChromeText.tooSmall),
            .init(ChromeText.tooSmallSize(size, needs: needs), .number("columns", 58), .number("rows", 17),
                  .number("neededColumns", 60), .number("neededRows", 20)),
            .init(ChromeText.makeItLarger), .init(ChromeText.tooLarge),
            .init(ChromeText.tooLargeSize(size, allows: allows), .number("columns", 58), .number("rows", 17),
                  .number("allowedColumns", 250), .number("allowedRows", 90)),
            .init(ChromeText.makeItSmaller), .init(ChromeText.keysTitle), .init(ChromeText.anyKeyCloses),
            .init(ChromeText.sameKeysOnAUkrainianLayout), .init(ChromeText.otherKeysOnTheBar), .init(ChromeText.sendingACode),
            .init(ChromeText.newMessageOnThePhone), .init(ChromeText.phoneBanner),
        ]
    }

    private static var keys: [MessageSample] {
        let note = "The key bar: short; the bar drops the labels that do not fit at 60 columns."
        let labels: [KeyLabel] = [
            .redraw, .backOrCancel, .quit, .help, .backToTheApp, .phone, .yes, .no, .changePhone, .choose, .useThisPhone,
            .newDemoCustomer, .signIn, .showThisPhone, .nextField, .notMyImage, .password, .thisIsNotMyImage, .back, .passcode,
            .ok, .cancel, .matching(face: true), .matching(face: false), .nonMatching, .enterPasscode, .code, .erase, .resend,
            .callMe, .recoveryCode, .backToReview, .useARecoveryCode, .useThisCode, .iHaveSavedThem, .makeNewCodes, .later,
            .transfer, .smsVerification, .security, .logOut, .authenticator, .sms, .factor, .newCodes, .appOff, .biometricOn,
            .device, .revoke, .done, .codeFromTheApp, .confirm, .edit, .direction, .amount, .review, .backToStatement, .pay,
            .recentPayee, .lookUp, .language, .scroll, .account, .search, .clearSearch, .pageUpOrDown, .newestOrFirst,
            .firstOrLastDevice, .unlock,
        ]
        return labels.map { MessageSample($0, note: note) }
            + [MessageSample(counting: "days", note: note) { KeyLabel.trustFor(days: $0) }]
    }

    private static var signIn: [MessageSample] {
        let plain: [SignInText] = [
            .signInTitle, .welcome, .usernameLabel, .passwordLabel, .checking, .signingIn, .enterUsernameAndPassword,
            .enterPassword, .devicePickerTitle, .devicePickerExplanation, .sitekeyTitle, .onlyTheRealBankKnows, .signInChoice,
            .notMyImageChoice, .notMyImageLink, .sitekeyFirstPrompt, .fieldFull,
        ] + BiometryType.allCases.map(SignInText.biometry)
        return plain.map { MessageSample($0) } + [
            MessageSample(SignInText.simulatedDevice("{device}")), MessageSample(SignInText.thisDevice("{device}")),
        ]
    }

    private static var secondFactor: [MessageSample] {
        let plain: [SecondFactorText] = [
            .sheetAppName, .biometricReason(.signIn), .biometricReason(.turnOnBiometricSignIn), .enterPasscodeButton,
            .cancelButton, .enterDevicePasscode, .verifyItsYou, .approveThisTransfer, .approveThisPayment,
            .approvesThisPaymentOnly, .expired, .resendOrCall, .resendBySMS, .noMoreCodesForThisRequest,
            .useARecoveryCodeInstead, .checking, .sendingANewCode, .noMoreCodesPressEsc, .wrongPinCode, .codeExpiredPressR,
            .codeSupersededPressR, .replacedByANewerCode, .enterTheAuthenticatorCode, .theSixDigitsNow,
            .approvesThisTransferOnly, .authenticatorCodeExpired, .useARecoveryCodeTitle, .recoveryCodeIntro(insteadOfAuthenticator: true),
            .recoveryCodeIntro(insteadOfAuthenticator: false), .codeLabel, .caseDoesNotMatter, .typeARecoveryCode,
            .recoveryCodeNoLongerWorks, .newRecoveryCodesTitle, .thatWasYourLastCode, .makeANewSet, .noSecondFactorNeeded,
            .confirmWithPassword, .makingNewCodes, .saveThemNow, .eachWorksOnce, .writeThemDown, .oldCodesNoLongerWork,
            .pressEnterWhenSaved, .codesLeftThisHour(0),
        ] + BiometryType.allCases.map(SecondFactorText.sensor)
        let money = Argument.money("amount", SampleData.money)
        return plain.map { MessageSample($0) } + [
            MessageSample(SecondFactorText.biometricReason(.transfer(SampleData.transfer)), money),
            MessageSample(counting: "limit") { SecondFactorText.passcodeFull(limit: Int($0)) },
            MessageSample(SecondFactorText.pay(SampleData.payment), money, .text("payee", "bob")),
            MessageSample(SecondFactorText.move(SampleData.transfer), money),
            MessageSample(SecondFactorText.weSentACode(toMasked: "{phone}")),
            MessageSample(SecondFactorText.codeAlreadySent(toMasked: "{phone}")),
            MessageSample(SecondFactorText.expiresIn(seconds: 245), .text("minutesAndSeconds", "4:05")),
            MessageSample(counting: "count") { SecondFactorText.attemptsLeft(Int($0)) },
            MessageSample(counting: "count", variant: "some") { SecondFactorText.codesLeftThisHour(Int($0)) },
            MessageSample(counting: "seconds") { SecondFactorText.resendOrCallIn(seconds: Int($0)) },
            MessageSample(SecondFactorText.calling(masked: "{phone}")),
            MessageSample(SecondFactorText.newCodeSent(masked: "{phone}")),
            MessageSample(counting: "seconds") { SecondFactorText.askForANewCodeIn(seconds: Int($0)) },
            MessageSample(counting: "count") { SecondFactorText.codeNotRight(attemptsLeft: Int($0)) },
        ]
    }

    private static var demo: [MessageSample] {
        let plain: [DemoText] = DemoText.everyStoryText + [
            .storyLead, .rememberSitekey, .welcomeTitle, .newCustomer, .newCustomerDetail, .signIn, .sharedCustomers,
            .sharedCustomersMore, .sharedSettings, .sessionRecorded, .makingCustomer, .cardTitle, .noteThePassword,
            .usernameLabel, .passwordLabel,
            .pressEnterToSignIn, .phoneTitle, .phoneOnTheRight, .ctrlPShowsThePhone, .noCustomerYet, .newMessage,
            .noMessagesYet, .channel(sms: true), .channel(sms: false), .newTag, .authenticatorApp, .scannedTheQRCode,
            .passwordsNote, .whosePhone, .chooseTheCustomer,
        ]
        return plain.map { MessageSample($0) } + [
            MessageSample(DemoText.welcomeBack("{name}")), MessageSample(DemoText.phoneSimulated(masked: "{phone}")),
            MessageSample(counting: "hours") { DemoText.smsOnRemovedIn(hours: $0) },
            MessageSample(DemoText.received(SampleData.time),
                          .shown("time", { $0.core.dates.timeWithSeconds(SampleData.time) })),
            MessageSample(counting: "seconds") { DemoText.secondsLeft($0) },
        ]
    }

    private static var modals: [MessageSample] {
        let plain: [ModalText] = [
            .quitTitle, .quitQuestion, .youWillBeSignedOut, .smsTitle, .smsQuestion, .smsIsNow(on: true), .smsIsNow(on: false),
            .smsYes(isOn: true), .smsYes(isOn: false), .smsNo(isOn: true), .smsNo(isOn: false), .trustTitle, .trustExplanation,
            .trustYes, .trustNo, .yesNo,
        ]
        return plain.map { MessageSample($0) } + [MessageSample(counting: "days") { ModalText.trustQuestion(days: $0) }]
    }

    private static var banking: [MessageSample] {
        let plain: [BankingText] = [
            .loadingAccounts, .accountsTitle, .smsSwitch, .dateColumn(withTime: true), .dateColumn(withTime: false),
            .accountColumn, .descriptionColumn, .amountColumn, .balanceColumn, .noTransactionsYet, .moveMoneyTitle, .fromLabel,
            .toLabel, .amountLabel, .typeAnAmount, .enterAnAmount, .reviewTitle, .askingHowToApprove,
            .approvalChangedSinceReview, .sending, .notApproved, .receiptTitle, .referenceLabel, .bookedLabel,
            .pressEnterToReturn, .nowhereToPaste,
        ]
        let approvals: [StepUpApproval] = [.smsCode(to: SampleData.phone, firstPayee: false), .authenticator(firstPayee: false)]
            + BiometryType.allCases.map(StepUpApproval.biometric) + BiometryType.allCases.map(StepUpApproval.devicePasscode)
        let phone = Argument.text("phone", SampleData.phone.masked.map { $0 == " " ? "\u{00A0}" : $0 }.reduce(into: "") { $0.append($1) })
        return plain.map { MessageSample($0) } + [
            MessageSample(BankingText.switchState(on: true), note: "At most 8 columns."),
            MessageSample(BankingText.switchState(on: false), note: "At most 8 columns."),
            MessageSample(BankingText.available(SampleData.money), .money("amount", SampleData.money)),
            MessageSample(BankingText.preview(SampleData.money, from: .checking, to: .savings), .money("amount", SampleData.money)),
            MessageSample(BankingText.preview(SampleData.money, from: .savings, to: .checking), .money("amount", SampleData.money)),
        ] + approvals.map { approval in
            if case .smsCode = approval { return MessageSample(BankingText.approveWith(approval, payee: nil), phone) }
            return MessageSample(BankingText.approveWith(approval, payee: nil))
        } + [
            MessageSample(BankingText.approveWith(.smsCode(to: SampleData.phone, firstPayee: true), payee: SampleData.bob),
                          phone, .text("payee", "bob")),
            MessageSample(BankingText.approveWith(.authenticator(firstPayee: true), payee: SampleData.bob), .text("payee", "bob")),
        ]
    }

    private static var payments: [MessageSample] {
        let plain: [PaymentText] = [
            .payTitle, .payToLabel, .typeTheUsername, .recentPayees, .noRecentPayees, .lookingUp, .enterAUsername,
            .confirmationOfPayee, .checkTheName, .referenceLabel, .optional, .reviewTitle, .payeeLabel, .paidTitle,
            .bookedAsLabel, .notApproved,
        ]
        let payee = Argument.text("payee", "bob"), name = Argument.text("name", "Bob B.")
        return plain.map { MessageSample($0) } + [
            MessageSample(PaymentText.leftToday(SampleData.small, limit: SampleData.limit), .money("left", SampleData.small),
                          .money("limit", SampleData.limit)),
            MessageSample(PaymentText.payeeIs(SampleData.bob, maskedName: "Bob B."), payee, name),
            MessageSample(PaymentText.payeeIs(SampleData.bob, maskedName: nil), payee),
            MessageSample(PaymentText.payee(SampleData.bob, maskedName: "Bob B."), payee, name),
            MessageSample(PaymentText.payee(SampleData.bob, maskedName: nil), payee),
            MessageSample(PaymentText.preview(SampleData.money, to: SampleData.bob, from: .checking),
                          .money("amount", SampleData.money), payee),
            MessageSample(PaymentText.preview(SampleData.money, to: SampleData.bob, from: .savings),
                          .money("amount", SampleData.money), payee),
        ]
    }

    private static var history: [MessageSample] {
        let plain: [HistoryText] = [.searchPrompt, .nothingMatches, .newerAbove, .olderBelow, .last30Days, .inAndOut]
            + ([nil] + AccountKind.allCases).map(HistoryText.title)
        return plain.map { MessageSample($0) } + [
            MessageSample(HistoryText.searching("{search}")),
            MessageSample(HistoryText.range(low: SampleData.small, high: SampleData.money),
                          .money("low", SampleData.small), .money("high", SampleData.money)),
            MessageSample(HistoryText.low(SampleData.small), .money("amount", SampleData.small)),
            MessageSample(HistoryText.high(SampleData.money), .money("amount", SampleData.money)),
            MessageSample(HistoryText.largestDay(SampleData.money), .money("amount", SampleData.money)),
        ]
    }

    private static var security: [MessageSample] {
        let purposes: [SecurityForm.Purpose] = [
            .enrolAuthenticator, .turnOffSMSVerification, .signInWithSMS, .turnOffAuthenticator, .newRecoveryCodes, .changePhone,
            .turnOnBiometricSignIn,
        ]
        let plain: [SecurityText] = [
            .title, .sharedAtTheDemo, .loading, .smsRow, .authenticatorRow, .factorRow, .recoveryCodesRow, .biometricRow,
            .phoneRow, .on, .off, .offNewEnrollment, .turnOff, .turnOn, .setUpANewOne, .setUp, .useTheApp, .useSMSCodes,
            .changeNumber, .factorAuthenticator, .factorSMS, .factorNothing, .trustedDevices, .trustedDevicesExplanation,
            .noTrustedDevices, .lastUsedAt(nil), .introBiometric, .introPassword, .introAuthenticator, .introCodeSending,
            .phoneIntroFirst, .phoneIntroSecond, .phoneIntroCode(authenticatorActive: true, sentTo: nil),
            .phoneIntroCode(authenticatorActive: false, sentTo: nil), .phoneIntroNewCode(sentTo: nil), .passwordLabel,
            .newPhoneLabel, .codeLabel, .newCodeLabel, .enterPassword, .enterNewPhone, .enterCode, .enterNewPhoneCode,
            .enrolledTitle, .asksForNewApp, .recoveryCodesStay, .pressEnterToGoBack, .saveRecoveryCodes, .eachWorksOnce,
            .writeThemDown, .pressEnterWhenSaved, .scanTitle(replacing: true), .scanTitle(replacing: false), .stepAddAccount,
            .stepScan, .stepTypeKey, .stepTypeCode, .noQRCodeOnThisTerminal, .keyShownOnce, .qrCodeNeedsALargerWindow,
            .lapsed, .qrShownOnce, .checking,
        ] + purposes.flatMap { [SecurityText.formTitle($0, authenticatorActive: true), .formTitle($0, authenticatorActive: false)] }
        let time = Argument.shown("date") { $0.core.dates.dayAndTime(SampleData.later) }
        // The catalogs' own comments: these stand beside the QR code.
        let besideTheQRCode: Set<String> = [
            "scanTitle", "stepAddAccount", "stepScan", "stepTypeKey", "account", "stepTypeCode", "lapsesIn", "lapsed",
            "qrShownOnce", "noQRCodeOnThisTerminal", "qrCodeNeedsALargerWindow", "keyShownOnce",
        ]
        let samples: [MessageSample] = plain.map { MessageSample($0) } + [
            MessageSample(SecurityText.trustedUntil(SampleData.later), time),
            MessageSample(SecurityText.lastUsedAt(SampleData.later), time),
            MessageSample(counting: "count") { SecurityText.moreDevicesAbove(Int($0)) },
            MessageSample(counting: "count") { SecurityText.moreDevicesBelow(Int($0)) },
            MessageSample(SecurityText.introCodeSentTo("{phone}")),
            MessageSample(SecurityText.phoneIntroCode(authenticatorActive: true, sentTo: "{phone}")),
            MessageSample(SecurityText.phoneIntroCode(authenticatorActive: false, sentTo: "{phone}")),
            MessageSample(SecurityText.phoneIntroNewCode(sentTo: "{phone}")),
            MessageSample(SecurityText.account("{account}")),
            MessageSample(SecurityText.lapsesIn(seconds: 245), .text("minutesAndSeconds", "4:05")),
        ]
        return samples.map { besideTheQRCode.contains($0.caseName) ? $0.noting("Beside the QR code: at most 32 columns at 80x24.") : $0 }
    }

    private static var presenter: [MessageSample] {
        let plain: [PresenterText] = [
            .title, .columnOrigin, .columnDoor, .columnCustomer, .columnLanguage, .columnSteps, .columnSince, .columnStuck,
            .noCustomer, .smsLimitReached, .fine, .canUnlock, .empty, .emptyHint, .reading, .recordsUnavailable, .unlockTitle,
            .unlockExplanation, .lockedShort, .codesLockedShort, .smsLimitShort,
        ] + Stakeholder.Door.allCases.map(PresenterText.door) + StakeholderRefusal.allCases.map(PresenterText.refused)
            + StakeholderRefusal.allCases.map(PresenterText.refusedShort)
            + PresenterScreenName.allCases.map(PresenterText.screenName)
        let origin = Argument.text("origin", "key SHA256:Ab3f…")
        let customer = Argument.text("customer", "bob")
        let time = Argument.time("time", SampleData.time)
        return plain.map { MessageSample($0) } + [
            MessageSample(PresenterText.totals(connected: 3, finished: 1, moved: "{moved}"), .number("connected", 3),
                          .number("finished", 1), .money("moved", SampleData.money)),
            MessageSample(PresenterText.since(seconds: 45), .number("seconds", 45), variant: "seconds"),
            MessageSample(PresenterText.since(seconds: 180), .number("minutes", 3), variant: "minutes"),
            MessageSample(PresenterText.since(seconds: 7200), .number("hours", 2), variant: "hours"),
            MessageSample(PresenterText.sameScreen(minutes: 3), .number("minutes", 3)),
            MessageSample(PresenterText.sameScreenShort(minutes: 3), .number("minutes", 3)),
            MessageSample(PresenterText.lockedUntil("{time}"), time),
            MessageSample(PresenterText.codesLockedUntil("{time}"), time),
            MessageSample(PresenterText.onScreen("{screen}"), .text("screen", "statement")),
            MessageSample(PresenterText.unlockQuestion(customer: "{customer}", origin: "{origin}"), customer, origin),
            MessageSample(PresenterText.unlocked(customer: "{customer}", origin: "{origin}"), customer, origin),
            MessageSample(PresenterText.nothingToUnlock(origin: "{origin}"), origin),
        ]
    }

    private static var session: [MessageSample] {
        let plain: [SessionText] = [
            .signedOutTitle, .signedOut, .signInAgainOrQuit, .noRecoveryCodesLeft, .notMyImage, .smsVerificationOff,
            .smsVerificationOn, .authenticatorOff, .phoneChanged, .biometricOnAgain, .signInAsksForSMS, .signInAsksForTheApp,
            .deviceNoLongerTrusted, .setUpAnAppFirst, .setUpCancelled, .authenticatorOn, .biometricStaysOff,
            .bankDoesNotOfferThat, .somethingWentWrong, .bankUnreachable, .bankConnectionLost, .bankCannotDoThatNow,
        ]
        let notices: Set<String> = [
            "smsVerificationOff", "smsVerificationOn", "authenticatorOff", "phoneChanged", "biometricOnAgain", "signInAsksForSMS",
            "signInAsksForTheApp", "deviceTrusted", "deviceNoLongerTrusted", "setUpAnAppFirst", "setUpCancelled", "authenticatorOn",
            "biometricStaysOff",
        ]
        let samples: [MessageSample] = plain.map { MessageSample($0) } + [
            MessageSample(counting: "count") { SessionText.recoveryCodesLeft(Int($0)) },
            MessageSample(SessionText.deviceTrusted(until: SampleData.later),
                          .shown("date", { $0.core.dates.dayAndTime(SampleData.later) })),
        ]
        return samples.map {
            notices.contains($0.caseName) ? $0.noting("One line under the statement or the settings: 58 columns where it can.") : $0
        }
    }
}
