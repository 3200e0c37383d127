@testable import TermBankApp
import TermBankCore

/// The screens of the guided demo story as a stakeholder saw them at 60x20
/// over SSH (decision 61), in demo mode where the
/// story runs (the key bar has Ctrl-P, and in some languages two rows):
/// the help over the statement (it covered the key bar, 80x24 too), the
/// sitekey (its choices sat on or below the box), the payment's details
/// (the amount's hint lost its second line), the new recovery codes and
/// the guest card (lines against the border), a payment from a guest whose
/// name is cut (with an ellipsis), the sitekey-first form's Tab label, and
/// bob's Security screen (the shared-customer line was left out).
extension LanguageGoldenScreens {
    static func story(_ language: Language) -> [Screenful] {
        func demo(_ user: UserRecord? = nil, _ screen: Screen? = nil, size: Size = small) -> AppState {
            var state = Fixture.demoState(size: size)
            if let user {
                _ = AppReducer.reduce(&state, .signIn(.sessionOpened(.success(Fixture.session(user, recoveryCodesLeft: nil)))))
                _ = AppReducer.reduce(&state, .banking(.accountLoaded(.success(Fixture.account(user)))))
            }
            if let screen { state.screen = screen }
            state.size = size
            return speaking(language, state)
        }
        var help = demo(Fixture.bob)
        help.showsHelp = true
        var helpAt80 = demo(Fixture.bob, size: Fixture.size)
        helpAt80.showsHelp = true
        // Nothing paid yet today: the day's whole limit left, the longest line under the form.
        let details = demo(Fixture.alice, .pay(Fixture.payForm(.details(Fixture.bobPayee), allowance: PaymentAllowance(
            dailyLimit: Money(units: 10_000), leftToday: Money(units: 10_000), recentPayees: []))))
        var card = demo(nil, .guestCard(GuestCard(credentials: DemoModeTests.credentials)))
        card.now = Fixture.start
        let overview = SecurityOverview(phone: Fixture.securityPhone, smsVerification: true, authenticatorActive: false,
                                        signInFactor: .smsCode, recoveryCodesLeft: 0, trustedDevices: [])
        var first = SitekeyFirstForm(username: "bob", sitekey: Fixture.bob.sitekey)
        first.focus = .password
        return [
            ("demo-help-60x20", help, small),
            ("demo-help", helpAt80, Fixture.size),
            ("demo-sitekey-60x20", demo(nil, .sitekey(SitekeyScreen(user: Fixture.bob, next: .biometric))), small),
            ("sitekey-first-60x20", at(language, .sitekeyFirst(first)), small),
            ("demo-pay-details-60x20", details, small),
            ("recovery-codes-60x20", at(language, .enrolment(EnrolmentScreen(stage: .done(recoveryCodes: Fixture.recoveryCodes))),
                                        signedIn: Fixture.carol), small),
            ("demo-guest-card-60x20", card, small),
            ("statement-guest-payer-60x20", guestPayer(language), small),
            ("demo-security-shared-60x20", demo(Fixture.bob, .security(SecurityScreen(overview: overview))), small),
        ]
    }

    /// alice paid by a guest whose name is longer than the description's
    /// column at 60 columns: the name ends with an ellipsis.
    static func guestPayer(_ language: Language) -> AppState {
        var state = speaking(language, Fixture.signedIn())
        let payment = StatementLine(posting: PostingID(3), reference: TransferReference(3), kind: .payment,
                                    bookedAt: Fixture.start.adding(seconds: 60), account: .checking, amount: Money(units: 25),
                                    balanceAfter: Money(units: 5_025), counterparty: .customer(UserID(9), .checking), reverses: nil,
                                    counterpartyName: Username(trusted: "guest-fleet-otter"))
        guard let account = state.account else { return state }
        state.account = AccountSnapshot(user: Fixture.alice, balances: [.checking: Money(units: 5_025), .savings: Money(units: 10_000)],
                                        lines: [payment] + account.lines)
        return state
    }
}
