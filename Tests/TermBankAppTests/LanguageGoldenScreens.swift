@testable import TermBankApp
import TermBankCore

/// The main screens of the whole flow, as a customer of each language sees
/// them ("Golden frames exist for the main screens in each
/// language"): login, sitekey, the biometric sheet, the code with its
/// attempts left, the statement with history across months, a transfer from
/// its hint to its receipt, a payment, the logout question, Security, the
/// help overlay, and the errors and modals between. Amounts are typed as the
/// language writes them, and screens the reducer makes (the transfer form,
/// its review) are made by the reducer in that language.
enum LanguageGoldenScreens {
    typealias Screenful = (name: String, state: AppState, size: Size)

    static let small = Size(columns: 60, rows: 20)

    /// Twelve hundred and fifty dollars: the example, grouped in
    /// every language but Italian (CLDR's minimum grouping digits).
    static let twelveFifty = Money(units: 1_250)

    static func all(_ language: Language) -> [Screenful] {
        signIn(language) + banking(language) + modals(language) + story(language) + presenter(language)
    }

    /// A state in `language` as `--lang` would choose it (it outranks a saved preference).
    static func speaking(_ language: Language, _ state: AppState) -> AppState {
        var state = state
        state.languageSelection = LanguageSelection(language, source: .option)
        return state
    }

    static func at(_ language: Language, _ screen: Screen, signedIn user: UserRecord? = nil) -> AppState {
        speaking(language, CatalogScreens.at(screen, signedIn: user))
    }

    static func signIn(_ language: Language) -> [Screenful] {
        let size = Fixture.size
        var typing = LoginForm()
        typing.username = "alice"
        typing.password = Secret("wonder")
        typing.focus = .password
        var wrong = typing
        wrong.password = Secret("")
        wrong.error = .core(.signIn(.incorrect(attemptsLeft: 1)))
        var fresh = PinEntry(ticket: Fixture.ticket(), purpose: .signIn)
        fresh.digits = "12"
        // The counts are the core's: 3 wrong codes per request (Verify), 5
        // authenticator codes before the lock, so a wrong code leaves 2 and 4.
        var pin = at(language, .pin(fresh))
        pin.now = Fixture.start.adding(seconds: 12)
        var wrongCode = PinEntry(ticket: Fixture.ticket(), purpose: .signIn, error: .secondFactor(.wrongPinCode),
                                 attemptsLeft: 2)
        var pinWrong = at(language, .pin(wrongCode))
        pinWrong.now = Fixture.start.adding(seconds: 45)
        wrongCode.attemptsLeft = 1
        var pinLast = at(language, .pin(wrongCode))
        pinLast.now = Fixture.start.adding(seconds: 45)
        let passcode = BiometricScreen(prompt: Fixture.prompt(.faceID, mode: .passcode, notice: .biometryLockedOut),
                                       purpose: .signIn, passcode: Secret("12"))
        return [
            ("login", at(language, .login(typing)), size),
            ("login-60x20", at(language, .login(typing)), small),
            ("login-error", at(language, .login(wrong)), size),
            ("sitekey", at(language, .sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric))), size),
            ("sitekey-60x20", at(language, .sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric))), small),
            ("sitekey-first", at(language, .sitekeyFirst(SitekeyFirstForm(username: "bob", sitekey: Fixture.bob.sitekey))),
             size),
            ("touch-id", at(language, .biometric(BiometricScreen(prompt: Fixture.prompt(failed: 1, notice: .tryAgain),
                                                                 purpose: .signIn))), size),
            ("passcode", at(language, .biometric(passcode)), size),
            ("pin", pin, size),
            ("pin-wrong", pinWrong, size),
            ("pin-last-attempt-60x20", pinLast, small),
            ("authenticator-wrong", at(language, .authenticator(AuthenticatorEntry(
                error: .core(.authenticator(.wrongCode(attemptsLeft: 4)))))), size),
        ]
    }

    /// alice with a history across three months: an opening, a large
    /// deposit, payments both ways, and a transfer between her accounts.
    static func statement(_ language: Language) -> AppState {
        let alice = Fixture.alice.id
        func line(_ posting: Int64, _ reference: Int64, _ kind: TransferKind, _ seconds: Int64, _ account: AccountKind,
                  _ units: Int64, after: Int64, _ counterparty: LedgerAccount, name: String? = nil) -> StatementLine {
            StatementLine(posting: PostingID(posting), reference: TransferReference(reference), kind: kind,
                          bookedAt: Timestamp(secondsSinceEpoch: seconds), account: account, amount: Money(units: units),
                          balanceAfter: Money(units: after), counterparty: counterparty, reverses: nil,
                          counterpartyName: name.map(Username.init(trusted:)))
        }
        let lines = [   // newest first
            line(8, 6, .transfer, 1_795_946_400, .savings, 1_250, after: 11_250, .customer(alice, .checking)),
            line(7, 6, .transfer, 1_795_946_400, .checking, -1_250, after: 16_265, .customer(alice, .savings)),
            line(6, 5, .payment, 1_794_485_100, .checking, -25, after: 17_515, .customer(UserID(2), .checking), name: "bob"),
            line(5, 4, .payment, 1_793_468_400, .checking, 40, after: 17_540, .customer(UserID(3), .checking), name: "carol"),
            line(4, 3, .deposit, 1_791_191_700, .checking, 12_500, after: 17_500, .bankFunding),
            line(2, 2, .opening, 1_788_249_600, .savings, 10_000, after: 10_000, .bankFunding),
            line(1, 1, .opening, 1_788_249_600, .checking, 5_000, after: 5_000, .bankFunding),
        ]
        var state = speaking(language, Fixture.signedIn())
        state.account = AccountSnapshot(user: Fixture.alice, balances: [.checking: Money(units: 16_265), .savings: Money(units: 11_250)],
                                        lines: lines, reachesNewest: true, reachesOldest: true,
                                        history: HistoryFixture.history(endingOn: Money(units: 27_515)))
        return state
    }

    /// The same history read on 2 January 2027, after a deposit that morning:
    /// last year's lines carry their year, this year's keep the day and time.
    static func statementInTheNewYear(_ language: Language) -> AppState {
        var state = statement(language)
        state.now = Timestamp(secondsSinceEpoch: 1_798_880_400)     // 2027-01-02T09:00:00Z
        state.lastInputAt = state.now
        guard let account = state.account else { return state }
        let deposit = StatementLine(posting: PostingID(9), reference: TransferReference(7), kind: .deposit,
                                    bookedAt: Timestamp(secondsSinceEpoch: 1_798_878_600), account: .checking,
                                    amount: Money(units: 100), balanceAfter: Money(units: 16_365), counterparty: .bankFunding,
                                    reverses: nil)
        state.account = AccountSnapshot(user: Fixture.alice, balances: [.checking: Money(units: 16_365), .savings: Money(units: 11_250)],
                                        lines: [deposit] + account.lines, reachesNewest: true, reachesOldest: true,
                                        history: account.history)
        return state
    }

    static func banking(_ language: Language) -> [Screenful] {
        let size = Fixture.size
        let numbers = language.coreCatalog.numbers
        var help = statement(language)
        help.showsHelp = true

        // The transfer as the customer makes it: t on the statement, the
        // amount typed the language's way, the bank's review.
        var transfer = speaking(language, Fixture.signedIn())
        _ = AppReducer.reduce(&transfer, .key(.character("t")))
        let empty = transfer
        _ = AppReducer.reduce(&transfer, .typed(numbers.amount(twelveFifty)))
        let typed = transfer
        let pending = PendingTransfer(userID: Fixture.alice.id, from: .checking, to: .savings, amount: twelveFifty,
                                      clientID: TransferClientID(trusted: "tx-0123456789abcdef"))
        var review = transfer
        _ = AppReducer.reduce(&review, .banking(.transferReviewed(pending)))
        _ = AppReducer.reduce(&review, .banking(.stepUpApprovalLoaded(pending, .success(Fixture.smsToAlice))))
        // English separators in another language: refused, with the language's way shown.
        var refused = speaking(language, Fixture.signedIn())
        _ = AppReducer.reduce(&refused, .key(.character("t")))
        _ = AppReducer.reduce(&refused, .typed(numbers.decimalSeparator == "." ? "1.250,00" : "1,250.00"))
        _ = AppReducer.reduce(&refused, .key(.enter))
        let code = PinEntry(ticket: Fixture.ticket(.transfer(pending), phone: Fixture.alice.phone), purpose: .transfer(pending))
        let receipt = TransferReceipt(reference: TransferReference(7), request: pending.request,
                                      bookedAt: Fixture.start.adding(seconds: 90), fromBalanceAfter: Money(units: 3_750),
                                      toBalanceAfter: Money(units: 11_250), replayed: false)

        let payDetails = at(language, .pay(Fixture.payForm(.details(Fixture.bobPayee)) { form in
            form.amountText = numbers.amount(Money(units: 25))
            form.referenceText = "Pizza night"
            form.field = .reference
        }), signedIn: Fixture.alice)
        let payReview = at(language, .pay(Fixture.payForm(.review(Fixture.payment), allowance: PaymentAllowance(
            dailyLimit: Money(units: 10_000), leftToday: Money(units: 10_000), recentPayees: [])) { form in
            form.approval = .success(Fixture.smsToAliceForANewPayee)
        }), signedIn: Fixture.alice)

        let smsOnly = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false, signInFactor: .smsCode,
                                       recoveryCodesLeft: 0, trustedDevices: [])
        let trusted = TrustedDeviceRow(id: TrustedDeviceID(1), deviceName: "iphone-touchid",
                                       expiresAt: Fixture.start.adding(seconds: 30 * 24 * 3600),
                                       lastUsedAt: Fixture.start.adding(seconds: 3600))
        let withApp = SecurityOverview(phone: Fixture.securityPhone, smsVerification: false, authenticatorActive: true, signInFactor: .authenticator,
                                       recoveryCodesLeft: 9, trustedDevices: [trusted], biometricSignIn: .on)
        let manyDevices = SecurityScreen(overview: TrustedDeviceScrollTests.overview(TrustedDeviceScrollTests.devices(), withApp: false),
                                         selectedDevice: 6, firstDevice: 4)
        return [
            ("statement", statement(language), size),
            ("statement-60x20", statement(language), small),
            ("statement-new-year", statementInTheNewYear(language), size),
            ("statement-new-year-60x20", statementInTheNewYear(language), small),
            ("help", help, size),
            ("transfer-empty", empty, size),
            ("transfer-empty-60x20", empty, small),
            ("transfer", typed, size),
            ("transfer-refused", refused, size),
            ("transfer-review", review, size),
            ("transfer-code", at(language, .pin(code), signedIn: Fixture.alice), size),
            ("receipt", at(language, .receipt(receipt), signedIn: Fixture.alice), size),
            ("receipt-60x20", at(language, .receipt(receipt), signedIn: Fixture.alice), small),
            ("pay-payee", at(language, .pay(Fixture.payForm { $0.highlighted = 0 }), signedIn: Fixture.alice), size),
            ("pay-details", payDetails, size),
            ("pay-details-60x20", payDetails, small),
            ("pay-review", payReview, size),
            ("paid", at(language, .paid(Fixture.paymentReceipt, Fixture.bobPayee), signedIn: Fixture.alice), size),
            ("security", at(language, .security(SecurityScreen(overview: smsOnly)), signedIn: Fixture.carol), size),
            ("security-with-app", at(language, .security(SecurityScreen(overview: withApp)), signedIn: Fixture.carol), size),
            ("security-with-app-60x20", at(language, .security(SecurityScreen(overview: withApp)), signedIn: Fixture.carol),
             small),
            // Twelve trusted devices, the seventh selected, the window from the fifth: more above and below.
            ("security-many-devices", at(language, .security(manyDevices), signedIn: Fixture.carol), size),
            ("security-many-devices-60x20", at(language, .security(manyDevices), signedIn: Fixture.carol), small),
        ]
    }

    static func modals(_ language: Language) -> [Screenful] {
        func over(_ user: UserRecord, _ modal: Modal) -> AppState {
            var state = speaking(language, Fixture.signedIn(user))
            state.modal = modal
            return state
        }
        return [
            ("confirm-quit", over(Fixture.alice, .confirmQuit), Fixture.size),
            ("confirm-sms-logout", over(Fixture.aliceWithSMS, .confirmSMSOnLogout), Fixture.size),
            ("confirm-sms-logout-60x20", over(Fixture.aliceWithSMS, .confirmSMSOnLogout), small),
            ("trust-device", over(Fixture.bob, .trustDevice), Fixture.size),
            ("signed-out", at(language, .signedOut(message: .core(.check(.tooManyWrongCodes)))), Fixture.size),
        ]
    }
}
