import Foundation
@testable import TermBankApp
import TermBankCore
import XCTest

/// The pay screens as golden frames, at 80x24 and at 60x20 (the smallest the
/// app draws): the payee with recent payees, confirmation of payee with the
/// amount left today, an amount past the limit, the review of a first
/// payment, the code screen naming the payee, and the receipt.
final class PaymentGoldenFrameTests: XCTestCase {
    static let small = Size(columns: 60, rows: 20)


    func at(_ screen: Screen) -> AppState {
        var state = Fixture.signedIn()
        state.screen = screen
        return state
    }

    func both(_ name: String, _ state: AppState) throws {
        try assertGolden(name, state)
        try assertGolden(name + "-60x20", state, size: Self.small)
    }

    func testThePayeeWithRecentPayees() throws {
        try both("pay-payee", at(.pay(Fixture.payForm { form in
            form.highlighted = 0
            form.usernameText = "bob"
        })))
        try assertGolden("pay-payee-unknown", at(.pay(Fixture.payForm(allowance: PaymentAllowance(
            dailyLimit: Money(units: 10_000), leftToday: Money(units: 10_000), recentPayees: [])) { form in
            form.usernameText = "mallory"
            form.error = .core(.ledger(.unknownPayee))
        })))
    }

    func testConfirmationOfPayeeWithTheAmountAndReference() throws {
        try both("pay-details", at(.pay(Fixture.payForm(.details(Fixture.bobPayee)) { form in
            form.amountText = "25"
            form.referenceText = "Pizza night"
            form.field = .reference
        })))
        var rich = at(.pay(Fixture.payForm(.details(Fixture.bobPayee)) { $0.amountText = "9,975.01" }))
        rich.account = Fixture.account(checking: 20_000)
        try assertGolden("pay-details-over-limit", rich)
    }

    func testTheReviewOfAFirstPaymentAndTheCodeThatNamesThePayee() throws {
        // Under a threshold of 100.00 the bank answers that bob, never paid, needs alice's SMS code.
        try both("pay-review", at(.pay(Fixture.payForm(.review(Fixture.payment), allowance: PaymentAllowance(
            dailyLimit: Money(units: 10_000), leftToday: Money(units: 10_000), recentPayees: [])) { form in
            form.approval = .success(Fixture.smsToAliceForANewPayee)
        })))
        let ticket = Fixture.ticket(.transfer(Fixture.payment), phone: Fixture.alice.phone)
        try assertGolden("pay-code", at(.pin(PinEntry(ticket: ticket, purpose: .transfer(Fixture.payment)))))
    }

    func testThePaymentsReceipt() throws {
        try both("pay-receipt", at(.paid(Fixture.paymentReceipt, Fixture.bobPayee)))
    }
}
