@testable import TermBankApp
import TermBankCore
import TermBankQR

/// Every screen and modal the app can show, each in a state that puts its
/// words on the frame (errors, notices, busy lines, the help overlay): the
/// list the catalog tests render in each language (`CatalogCoverageTests`
/// with the pseudo-locale, each language's own catalog test for translation
/// and fitting). A new screen or modal belongs here.
enum CatalogScreens {
    typealias Screenful = (name: String, state: AppState, size: Size)

    static func at(_ screen: Screen, signedIn user: UserRecord? = nil) -> AppState {
        var state = user.map { Fixture.signedIn($0) } ?? Fixture.state()
        state.screen = screen
        return state
    }

    /// Every screen, each at the size it is listed with.
    static var all: [Screenful] {
        var picker = DevicePicker(choices: [.init(name: "iphone-faceid", biometry: .faceID),
                                            .init(name: "old-phone", biometry: .none)])
        picker.error = .core(.store(.busy(path: "bank.db", waitedMilliseconds: 5000)))
        var login = LoginForm()
        login.username = "alice"
        login.password = Secret("wonderland-43")
        login.error = .core(.signIn(.incorrect(attemptsLeft: 1)))
        var empty = LoginForm()
        empty.error = .signIn(.enterUsernameAndPassword)
        var full = LoginForm()
        full.username = String(repeating: "7", count: FieldLimit.username.scalars)
        var busy = LoginForm()
        busy.busy = true
        var first = SitekeyFirstForm(username: "bob", sitekey: Fixture.bob.sitekey)
        first.error = .signIn(.enterPassword)
        var busySitekey = SitekeyScreen(user: Fixture.alice, next: .biometric)
        busySitekey.busy = true
        var help = Fixture.state()
        help.showsHelp = true
        var idle = Fixture.signedIn()
        idle.screen = .login(LoginForm())
        idle.now = idle.lastInputAt.adding(seconds: idle.sessionPolicy.idleSeconds - 20)
        return [
            ("device picker", at(.pickDevice(picker)), Fixture.size),
            ("login", at(.login(login)), Fixture.size),
            ("login, empty", at(.login(empty)), Fixture.size),
            ("login, full field", at(.login(full)), Fixture.size),
            ("login, checking", at(.login(busy)), Size(columns: 60, rows: 20)),
            ("sitekey", at(.sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric))), Fixture.size),
            ("sitekey, signing in", at(.sitekey(busySitekey)), Fixture.size),
            ("sitekey first", at(.sitekeyFirst(first)), Fixture.size),
            ("help", help, Fixture.size),
            ("idle warning", idle, Fixture.size),
            ("too small", Fixture.state(), Size(columns: 59, rows: 20)),
        ] + secondFactorScreens + demoAndModalScreens + bankingScreens + securityScreens + noticeAndSignedOutScreens
            + presenterScreens
    }

    static var noticeAndSignedOutScreens: [Screenful] {
        var noticed = Fixture.signedIn()
        noticed.screen = .statement(StatementScreen(notice: .done(.session(.recoveryCodesLeft(1)))))
        var refused = Fixture.signedIn()
        refused.screen = .statement(StatementScreen(notice: .refused(.core(.trustedDevice(.signInTooOld)))))
        var pasted = Fixture.signedIn()
        _ = AppReducer.reduce(&pasted, .key(.paste("t")))
        let overview = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false, signInFactor: .smsCode,
                                        recoveryCodesLeft: 0, trustedDevices: [])
        return [
            ("statement, notice", noticed, Fixture.size),
            ("statement, refusal", refused, Fixture.size),
            ("statement, a paste", pasted, Fixture.size),
            ("security, notice", at(.security(SecurityScreen(overview: overview, notice: .done(.session(.setUpCancelled)))),
                                    signedIn: Fixture.carol), Fixture.size),
            ("security, unloaded", at(.security(SecurityScreen(notice: .refused(.core(.store(.busy(path: "bank.db",
                waitedMilliseconds: 5000)))))), signedIn: Fixture.carol), Fixture.size),
            ("signed out", at(.signedOut(message: nil)), Fixture.size),
            ("signed out, not my image", at(.signedOut(message: .session(.notMyImage))), Fixture.size),
            ("signed out, expired", at(.signedOut(message: .core(.signInFlow(.expired)))), Fixture.size),
            ("signed out, idle", at(.signedOut(message: .core(.session(.ended(.idle))))), Fixture.size),
            ("signed out, a guest's day over", at(.signedOut(message: .core(.session(.ended(.guestExpired))))),
             Fixture.size),
        ]
    }

    static var securityScreens: [Screenful] {
        let smsOnly = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false, signInFactor: .smsCode,
                                       recoveryCodesLeft: 0, trustedDevices: [], biometricSignIn: .off(enrollmentChanged: true))
        let trusted = TrustedDeviceRow(id: TrustedDeviceID(1), deviceName: "iphone-touchid",
                                       expiresAt: Fixture.start.adding(seconds: 30 * 24 * 3600), lastUsedAt: nil)
        let withApp = SecurityOverview(phone: Fixture.securityPhone, smsVerification: false, authenticatorActive: true, signInFactor: .authenticator,
                                       recoveryCodesLeft: 0, trustedDevices: [trusted], biometricSignIn: .on)
        // A new customer's (alice's): nothing after the password, the longest value.
        let passwordOnly = SecurityOverview(phone: Fixture.securityPhone, smsVerification: false, authenticatorActive: false, signInFactor: nil,
                                            recoveryCodesLeft: 0, trustedDevices: [], biometricSignIn: .on)
        func security(_ overview: SecurityOverview?, _ form: SecurityForm? = nil) -> AppState {
            at(.security(SecurityScreen(overview: overview, form: form)), signedIn: Fixture.carol)
        }
        var phone = SecurityForm(purpose: .changePhone, needsCode: true, focus: .newPhoneCode, codeSentTo: "+1 ***-***-0102",
                                 error: .security(.enterNewPhoneCode))
        phone.codesSentFor = "+442079460958"
        let uri = "otpauth://totp/TermBank:carol?secret=A76TURJYDUMJAVQNTDLTPY5XNYQTFGI2&issuer=TermBank"
        let setup = AuthenticatorSetup(qrModules: (try? QRMatrix.encode(uri, level: .low).modules) ?? [],
                                       groupedSecret: Secret("A76T URJY DUMJ AVQN TDLT PY5X NYQT FGI2"),
                                       expiresAt: Fixture.start.adding(seconds: 300), replacing: true)
        return [
            ("security", security(smsOnly), Fixture.size),
            ("security, with app", security(withApp), Fixture.size),
            ("security, many devices", at(.security(SecurityScreen(
                overview: TrustedDeviceScrollTests.overview(TrustedDeviceScrollTests.devices(), withApp: true),
                selectedDevice: 6, firstDevice: 4)), signedIn: Fixture.carol), Fixture.size),
            ("security, nothing after the password", security(passwordOnly), Fixture.size),
            ("security, loading", security(nil), Fixture.size),
            ("security, enrol", security(smsOnly, SecurityForm(purpose: .enrolAuthenticator, needsCode: true,
                                                               error: .security(.enterPassword))), Fixture.size),
            ("security, sms off", security(smsOnly, SecurityForm(purpose: .turnOffSMSVerification, needsCode: true,
                                                                 codeSentTo: "+1 ***-***-0102")), Fixture.size),
            ("security, sms off, sending", security(smsOnly, SecurityForm(purpose: .turnOffSMSVerification, needsCode: true)),
             Fixture.size),
            ("security, app off", security(withApp, SecurityForm(purpose: .turnOffAuthenticator, needsCode: true,
                                                                 error: .core(.confirmation(.needsStrongFactor)))),
             Fixture.size),
            ("security, password only", security(withApp, SecurityForm(purpose: .newRecoveryCodes, needsCode: false)),
             Fixture.size),
            ("security, biometric", security(smsOnly, SecurityForm(purpose: .turnOnBiometricSignIn, needsCode: false)),
             Fixture.size),
            ("security, phone", security(smsOnly, SecurityForm(purpose: .changePhone, needsCode: true)), Fixture.size),
            ("security, phone codes", security(withApp, phone), Fixture.size),
            ("enrolment", at(.enrolment(EnrolmentScreen(stage: .scan(setup), error: .core(.activation(.expired)))),
                             signedIn: Fixture.carol), Fixture.size),
            ("enrolment, lapsed", at(.enrolment(EnrolmentScreen(stage: .scan(setup), busy: true)), signedIn: Fixture.carol),
             Size(columns: 100, rows: 40)),
            ("enrolment, done", at(.enrolment(EnrolmentScreen(stage: .done(recoveryCodes: Fixture.recoveryCodes))),
                                   signedIn: Fixture.carol), Fixture.size),
            ("enrolment, done, replaced", at(.enrolment(EnrolmentScreen(stage: .done(recoveryCodes: []))),
                                             signedIn: Fixture.carol), Fixture.size),
        ]
    }

    static var bankingScreens: [Screenful] {
        var short = TransferForm()
        short.amountText = "6000"
        var typed = TransferForm()
        typed.amountText = "250"
        var bad = TransferForm()
        bad.amountText = "1,25"
        var empty = TransferForm()
        empty.error = .banking(.enterAnAmount)
        var review = TransferForm()
        review.stage = .review(Fixture.pending)
        review.error = .banking(.notApproved)
        review.busy = true
        var loading = Fixture.state()
        loading.screen = .statement(StatementScreen())
        let long = HistoryFixture(count: 120)
        let history = long.state(size: Size(columns: 120, rows: 30))
        var middle = StatementScroll()
        middle.top = .at(long.lines[40].posting)
        middle.anchor = middle.top
        let scrolled = long.state(size: Size(columns: 60, rows: 20), middle)
        var checking = StatementScroll()
        checking.account = .checking
        checking.search = "TB-000042"
        let searching = long.state(checking)
        var typing = long.state()
        typing.statement.searchDraft = "rent"
        var nothing = long.state()
        nothing.statement.search = "rent"
        nothing.account = AccountSnapshot(user: Fixture.alice, balances: [:], lines: [])
        // Every line booked last year: each date carries its year, the narrow column widens.
        var aYearOn = everyKindOfLine
        aYearOn.now = Fixture.start.adding(seconds: 366 * 86_400)
        aYearOn.lastInputAt = aYearOn.now
        return [
            ("statement, every kind of line", everyKindOfLine, Fixture.size),
            ("statement, every kind of line, a year on", aYearOn, Fixture.size),
            ("statement", Fixture.signedIn(), Fixture.size),
            ("statement, 60x20", Fixture.signedIn(), Size(columns: 60, rows: 20)),
            ("statement, loading", loading, Fixture.size),
            ("statement, history with the chart", history, Size(columns: 120, rows: 30)),
            ("statement, history scrolled, 60x20", scrolled, Size(columns: 60, rows: 20)),
            ("statement, checking, searching", searching, Fixture.size),
            ("statement, search typed", typing, Fixture.size),
            ("statement, nothing matches", nothing, Fixture.size),
            ("transfer, short", at(.transfer(short), signedIn: Fixture.alice), Fixture.size),
            ("transfer", at(.transfer(typed), signedIn: Fixture.alice), Fixture.size),
            ("transfer, bad amount", at(.transfer(bad), signedIn: Fixture.alice), Fixture.size),
            ("transfer, empty", at(.transfer(empty), signedIn: Fixture.alice), Fixture.size),
            ("transfer, review", at(.transfer(review), signedIn: Fixture.alice), Fixture.size),
            ("receipt", at(.receipt(Fixture.receipt), signedIn: Fixture.alice), Fixture.size),
        ] + approvalScreens + payScreens
    }

    /// Every way a review can say Enter will approve (the bank's answer,
    /// or why it cannot now), and the step-up screens that say the bank
    /// decided otherwise at Enter.
    static var approvalScreens: [Screenful] {
        let later = Fixture.start.adding(seconds: 900)
        let answers: [(String, Outcome<StepUpApproval>?)] = [
            ("asking", nil),
            ("SMS code", .success(Fixture.smsToAlice)),
            ("authenticator", .success(.authenticator(firstPayee: false))),
            ("Touch ID", .success(.biometric(.touchID))),
            ("Face ID", .success(.biometric(.faceID))),
            ("passcode, Touch ID locked", .success(.devicePasscode(.touchID))),
            ("passcode, Face ID locked", .success(.devicePasscode(.faceID))),
            ("authenticator locked", .failure(.core(.authenticator(.locked(until: later))))),
            ("SMS codes locked", .failure(.core(.verify(.smsCodesLocked(until: later))))),
        ]
        let payAnswers: [(String, Outcome<StepUpApproval>?)] = [
            ("first payee, SMS code", .success(Fixture.smsToAliceForANewPayee)),
            ("first payee, authenticator", .success(.authenticator(firstPayee: true))),
            ("over the limit", .failure(.core(.ledger(.dailyLimitExceeded(limit: Money(units: 10_000),
                                                                          left: Money(units: 20)))))),
        ]
        var screens: [Screenful] = []
        for (name, answer) in answers {
            var form = TransferForm()
            form.stage = .review(Fixture.pending)
            form.approval = answer
            form.error = .banking(.notApproved)
            screens.append(("transfer, review, \(name)", at(.transfer(form), signedIn: Fixture.alice), Fixture.size))
        }
        for (name, answer) in answers + payAnswers {
            let form = Fixture.payForm(.review(Fixture.payment)) { form in
                form.approval = answer
                form.error = .payment(.notApproved)
            }
            screens.append(("pay, review, \(name)", at(.pay(form), signedIn: Fixture.alice), Fixture.size))
        }
        var pin = PinEntry(ticket: Fixture.ticket(.transfer(Fixture.payment), phone: Fixture.alice.phone),
                           purpose: .transfer(Fixture.payment))
        pin.changedSinceReview = true
        var code = AuthenticatorEntry(purpose: .transfer(Fixture.pending))
        code.changedSinceReview = true
        var touch = BiometricScreen(prompt: Fixture.prompt(reason: .transfer(Fixture.pending)), purpose: .transfer(Fixture.pending))
        touch.changedSinceReview = true
        var passcode = BiometricScreen(prompt: Fixture.prompt(.faceID, mode: .passcode, notice: .biometryLockedOut,
                                                             reason: .transfer(Fixture.payment)),
                                       purpose: .transfer(Fixture.payment))
        passcode.changedSinceReview = true
        return screens + [
            ("pay, code, changed since the review", at(.pin(pin), signedIn: Fixture.alice), Fixture.size),
            ("transfer, authenticator, changed since the review", at(.authenticator(code), signedIn: Fixture.alice),
             Fixture.size),
            ("transfer, Touch ID, changed since the review", at(.biometric(touch), signedIn: Fixture.alice), Fixture.size),
            ("pay, passcode, changed since the review", at(.biometric(passcode), signedIn: Fixture.alice), Fixture.size),
        ]
    }

    static var payScreens: [(name: String, state: AppState, size: Size)] {
        [
            ("pay, payee", at(.pay(Fixture.payForm { $0.highlighted = 0 }), signedIn: Fixture.alice), Fixture.size),
            ("pay, payee, none yet", at(.pay(Fixture.payForm(allowance: PaymentAllowance(
                dailyLimit: Money(units: 100), leftToday: Money(units: 100), recentPayees: [])) { form in
                form.usernameText = "mallory"
                form.error = .core(.ledger(.unknownPayee))
            }), signedIn: Fixture.alice), Fixture.size),
            // The longest refusal of a payee, on two lines above the day's limit.
            ("pay, payee, yourself", at(.pay(Fixture.payForm { form in
                form.usernameText = "alice"
                form.error = .core(.ledger(.selfPayment))
            }), signedIn: Fixture.alice), Fixture.size),
            ("pay, details", at(.pay(Fixture.payForm(.details(Fixture.bobPayee)) { $0.amountText = "25" }),
                                signedIn: Fixture.alice), Fixture.size),
            ("pay, details, empty", at(.pay(Fixture.payForm(.details(Fixture.carolPayee))), signedIn: Fixture.alice),
             Fixture.size),
            ("pay, details, no name", at(.pay(Fixture.payForm(.details(Payee(userID: UserID(9), username: Username(trusted: "bob"),
                                                                             maskedName: nil))) { $0.amountText = "x" }),
                                         signedIn: Fixture.alice), Fixture.size),
            ("pay, review", at(.pay(Fixture.payForm(.review(Fixture.payment)) { form in
                form.error = .payment(.notApproved)
                form.busy = true
            }), signedIn: Fixture.alice), Fixture.size),
            ("pay, code", at(.pin(PinEntry(ticket: Fixture.ticket(.transfer(Fixture.payment)),
                                           purpose: .transfer(Fixture.payment))), signedIn: Fixture.alice), Fixture.size),
            ("pay, authenticator", at(.authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.payment))),
                                      signedIn: Fixture.alice), Fixture.size),
            ("paid", at(.paid(Fixture.paymentReceipt, Fixture.bobPayee), signedIn: Fixture.alice), Fixture.size),
        ]
    }

    /// A statement with one line of each kind: transfers both ways, a
    /// reversal, a deposit, payments both ways (their labels are the longest).
    static var everyKindOfLine: AppState {
        var state = Fixture.signedIn()
        let alice = Fixture.alice.id, at = Fixture.start.adding(seconds: 60)
        func line(_ reference: Int64, _ kind: TransferKind, _ account: AccountKind, _ units: Int64,
                  _ counterparty: LedgerAccount, reverses: Int64? = nil, name: String? = nil) -> StatementLine {
            // One posting per line; a transfer's two lines share its reference.
            StatementLine(posting: PostingID(reference * 2 + (account == .savings ? 1 : 0)), reference: TransferReference(reference), kind: kind, bookedAt: at, account: account,
                          amount: Money(units: units), balanceAfter: Money(units: 5_000), counterparty: counterparty,
                          reverses: reverses.map(TransferReference.init), counterpartyName: name.map(Username.init(trusted:)))
        }
        let lines = [
            line(9, .payment, .checking, 40, .customer(UserID(3), .checking), name: "carol"),
            line(8, .payment, .checking, -25, .customer(UserID(2), .checking), name: "bob"),
            line(7, .reversal, .checking, 250, .customer(alice, .savings), reverses: 6),
            line(6, .transfer, .checking, -250, .customer(alice, .savings)),
            line(6, .transfer, .savings, 250, .customer(alice, .checking)),
            line(5, .deposit, .checking, 100, .bankFunding),
        ]
        state.account = AccountSnapshot(user: Fixture.alice, balances: Fixture.account().balances,
                                        lines: lines + Fixture.account().lines)
        return state
    }

    static var demoAndModalScreens: [Screenful] {
        let inbox = PhoneInbox(owner: DemoModeTests.guest.username, number: DemoModeTests.guest.phone.masked, messages: [
            PhoneEntry(id: 2, channel: .sms, text: phoneText, at: Fixture.start.adding(seconds: 75)),
            PhoneEntry(id: 1, channel: .voice, text: phoneText, at: Fixture.start.adding(seconds: 12)),
        ])
        func demo(_ screen: Screen, phone: PhoneInbox? = nil, open: Bool = false) -> AppState {
            var state = Fixture.demoState()
            state.now = Fixture.start.adding(seconds: 80)
            state.screen = screen
            state.demo?.phone.inbox = phone
            state.demo?.phoneOpen = open
            state.demo?.phone.noticeUntil = state.now.adding(seconds: 10)
            return state
        }
        var card = demo(.guestCard(GuestCard(credentials: DemoModeTests.credentials)))
        card.now = Fixture.start
        // Over a screen already in the catalog (the statement is not yet).
        var quit = Fixture.signedIn()
        quit.screen = .login(LoginForm())
        var sms = quit, trust = quit
        quit.modal = .confirmQuit
        sms.modal = .confirmSMSOnLogout
        var smsOn = Fixture.signedIn(Fixture.aliceWithSMS), turningOn = sms
        smsOn.screen = .login(LoginForm())
        smsOn.modal = .confirmSMSOnLogout
        turningOn.modal = .turningSMSOnForLogout
        trust.modal = .trustDevice
        let pin = Screen.pin(PinEntry(ticket: Fixture.ticket(), purpose: .signIn))
        return [
            ("demo welcome", demo(.welcome(WelcomeScreen(error: .core(.guest(.tooMany(limit: 5, minutesLeft: 12)))))),
             Fixture.size),
            ("demo welcome, making", demo(.welcome(WelcomeScreen(busy: true))), Size(columns: 120, rows: 30)),
            ("demo guest card", card, Fixture.size),
            ("demo login", demo(.login(LoginForm())), Fixture.size),
            ("demo pin, notice", demo(pin, phone: inbox), Fixture.size),
            ("demo pin, phone over", demo(pin, phone: inbox, open: true), Fixture.size),
            ("demo pin, phone beside", demo(pin, phone: inbox), Size(columns: 120, rows: 30)),
            ("demo phone, empty", demo(.login(LoginForm()), open: true), Fixture.size),
            ("demo phone window, picker", demo(.phoneWindow(PhoneWindowScreen(choices: ["alice", "bob"],
                                                                              error: .core(.guest(.noFreeName))))), Fixture.size),
            ("demo phone window, empty", demo(.phoneWindow(PhoneWindowScreen()), phone: PhoneInbox(
                owner: DemoModeTests.guest.username, number: DemoModeTests.guest.phone.masked, messages: [])), Fixture.size),
            ("quit", quit, Fixture.size),
            ("sms on logout", sms, Fixture.size),
            ("sms on logout, switch on", smsOn, Fixture.size),
            ("sms on logout, turning on", turningOn, Fixture.size),
            ("trust this device", trust, Fixture.size),
        ]
    }

    /// The presenter's view (`termbank demo watch`): three stakeholders, the
    /// empty demo, `u`'s question, a first read on its way, the records not
    /// readable, a refusal, and the narrowest window.
    static var presenterScreens: [Screenful] {
        typealias P = PresenterFixture
        var unlocked = P.showing(selected: "t-locked")
        unlocked.notice = .said(.unlocked(customer: "bob", origin: "203.0.113.77"))
        var refused = P.showing(selected: "t-done")
        refused.notice = .refused(.session(.bankUnreachable))
        var unavailable = PresenterScreen()
        unavailable.error = .presenter(.recordsUnavailable)
        return [
            ("presenter", P.state(unlocked), Fixture.size),
            ("presenter, empty", P.state(P.showing(P.empty)), Fixture.size),
            ("presenter, unlock question", P.state(PresenterScreen(snapshot: P.snapshot, selected: "t-locked",
                                                                   confirming: P.locked)), Fixture.size),
            ("presenter, reading", P.state(PresenterScreen()), Fixture.size),
            ("presenter, records unavailable", P.state(unavailable), Fixture.size),
            ("presenter, refused", P.state(refused, size: Size(columns: 60, rows: 20)), Size(columns: 60, rows: 20)),
            ("presenter, wide", P.state(P.showing(), size: Size(columns: 120, rows: 30)), Size(columns: 120, rows: 30)),
        ]
    }

    /// A text on the simulated phone: the bank's SMS as sent, data on this screen.
    static let phoneText = "TermBank: code 637421 approves moving $250.00 from Checking to Savings."

    static var secondFactorScreens: [Screenful] {
        var pin = PinEntry(ticket: Fixture.ticket(), purpose: .signIn, error: .secondFactor(.wrongPinCode), attemptsLeft: 1,
                           acceptsRecoveryCode: true)
        pin.digits = "12"
        let transferPin = PinEntry(ticket: Fixture.ticket(.transfer(Fixture.pending), events: 2),
                                   purpose: .transfer(Fixture.pending), notice: .secondFactor(.calling(masked: "+1 ***-***-0101")))
        var supersededPin = PinEntry(ticket: Fixture.ticket(), purpose: .signIn, error: .secondFactor(.codeSupersededPressR))
        supersededPin.superseded = true
        var passcode = BiometricScreen(prompt: Fixture.prompt(mode: .passcode, notice: .wrongPasscode(lockedForMinutes: 5)),
                                       purpose: .signIn)
        passcode.passcode = Secret(String(repeating: "1", count: FieldLimit.passcode.scalars))
        return [
            ("biometric", at(.biometric(BiometricScreen(prompt: Fixture.prompt(failed: 1, notice: .tryAgain), purpose: .signIn))),
             Fixture.size),
            ("biometric, face", at(.biometric(BiometricScreen(prompt: Fixture.prompt(.faceID, notice: .biometryLockedOut),
                                                              purpose: .signIn))), Fixture.size),
            ("biometric, passcode", at(.biometric(passcode)), Fixture.size),
            ("pin", at(.pin(pin)), Fixture.size),
            ("pin, transfer", at(.pin(transferPin), signedIn: Fixture.alice), Fixture.size),
            ("pin, superseded", at(.pin(supersededPin)), Fixture.size),
            ("authenticator", at(.authenticator(AuthenticatorEntry(error: .core(.authenticator(.wrongCode(attemptsLeft: 2)))))),
             Fixture.size),
            ("authenticator, transfer", at(.authenticator(AuthenticatorEntry(purpose: .transfer(Fixture.pending),
                                                                             error: .secondFactor(.codeNotRight(attemptsLeft: 1))))),
             Fixture.size),
            ("authenticator, checking", at(.authenticator(AuthenticatorEntry(busy: true))), Fixture.size),
            ("recovery code", at(.recoveryCode(RecoveryCodeEntry(instead: .smsCode(Fixture.ticket()),
                                                                 error: .secondFactor(.typeARecoveryCode)))), Fixture.size),
            ("new recovery codes", at(.newRecoveryCodes(NewRecoveryCodesScreen(error: .signIn(.enterPassword)))), Fixture.size),
            ("new recovery codes, making", at(.newRecoveryCodes(NewRecoveryCodesScreen(busy: true))), Fixture.size),
            ("new recovery codes, shown", at(.newRecoveryCodes(NewRecoveryCodesScreen(stage: .shown(Fixture.recoveryCodes)))),
             Fixture.size),
        ]
    }
}
