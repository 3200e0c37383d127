import TermBankCore
import XCTest

/// The pure parts of paying another customer: the reference a payer types,
/// the masked name a payer sees, the bank's day, and which step-up a payment needs.
final class PaymentRulesTests: XCTestCase {
    func testAReferenceIsTrimmedItsSpacesCollapsedAndEmptyMeansNone() throws {
        XCTAssertEqual(try PaymentReference.parse("  Rent   March  ")?.text, "Rent March")
        XCTAssertNil(try PaymentReference.parse("    "))
        XCTAssertNil(try PaymentReference.parse(""))
        XCTAssertEqual(try PaymentReference.parse("Café für Ünïcødé ✓ 日本")?.text, "Café für Ünïcødé ✓ 日本")
    }

    func testAReferenceHasAtMost35Characters() throws {
        XCTAssertEqual(try PaymentReference.parse(String(repeating: "x", count: 35))?.text.count, 35)
        XCTAssertThrowsError(try PaymentReference.parse(String(repeating: "x", count: 36))) {
            XCTAssertEqual($0 as? PaymentReference.Problem, .tooLong(maximum: 35))
            XCTAssertEqual(CoreMessage($0)?.description, "A reference has at most 35 characters.")
        }
    }

    func testAReferenceFloodedWithCombiningMarksCountsEveryScalar() {
        // One character on screen, 40 scalars: counted as 40, refused.
        XCTAssertThrowsError(try PaymentReference.parse("e" + String(repeating: "\u{301}", count: 39)))
    }

    func testAnEscapeSequenceInAReferenceIsRefusedNotStored() {
        for attack in ["pay\u{1B}[2Jrent", "rent\u{202E}gnp.exe", "tab\there", "line\nbreak", "\u{7F}", "no\u{A0}break",
                       "zero\u{200B}width", "private\u{E000}use"] {
            XCTAssertThrowsError(try PaymentReference.parse(attack), attack.debugDescription) {
                XCTAssertEqual($0 as? PaymentReference.Problem, .unprintable)
            }
        }
    }

    func testConfirmationOfPayeeShowsTheFirstNameAndInitials() {
        XCTAssertEqual(Payee.mask("Bob Builder"), "Bob B.")
        XCTAssertEqual(Payee.mask("Mary Ann  Lee"), "Mary A. L.")
        XCTAssertEqual(Payee.mask("Cher"), "Cher")
        XCTAssertNil(Payee.mask("   "))
        XCTAssertEqual(Payee.mask("Eve \u{1B}[31mEvil"), "Eve \u{FFFD}.", "a name from the database is sanitised")
        let payee = Payee(userID: UserID(2), username: Username(trusted: "bob"), displayName: "Bob Builder")
        XCTAssertEqual(payee.maskedName, "Bob B.")
    }

    func testADisplayNameIsPrintableAndAtMost64Characters() throws {
        XCTAssertEqual(try DisplayName.validate("  Bob   Builder "), "Bob Builder")
        XCTAssertThrowsError(try DisplayName.validate(""))
        XCTAssertThrowsError(try DisplayName.validate(String(repeating: "a", count: 65)))
        XCTAssertThrowsError(try DisplayName.validate("Bob\u{1B}[2J"))
    }

    func testTheBanksDayStartsAtMidnightUTC() {
        let noon = Timestamp(secondsSinceEpoch: 1_796_000_000 + 11 * 3600)   // 2026-11-30T11:53:20Z
        XCTAssertEqual(PaymentPolicy.dayStart(noon).description, "2026-11-30T00:00:00Z")
        XCTAssertEqual(PaymentPolicy.dayStart(Timestamp(secondsSinceEpoch: 1_795_996_800)).description, "2026-11-30T00:00:00Z")
        XCTAssertEqual(PaymentPolicy.dayStart(Timestamp(secondsSinceEpoch: 1_795_996_799)).description, "2026-11-29T00:00:00Z")
    }

    func testWhatIsLeftTodayIsNeverNegative() {
        let policy = PaymentPolicy(dailyLimit: Money(units: 100))
        XCTAssertEqual(policy.left(afterPaying: Money(units: 30)), Money(units: 70))
        XCTAssertEqual(policy.left(afterPaying: Money(units: 130)), .zero)
        XCTAssertEqual(PaymentPolicy.standard.dailyLimit, Money(units: 10_000))
    }

    func testAFirstPaymentToAPayeeAlwaysNeedsACodeEvenUnderTheThreshold() {
        let policy = StepUpPolicy(smsThreshold: Money(units: 100))
        let touchID = Device(id: DeviceID(1), name: "iphone-touchid", biometry: .touchID, enrolled: true, hasPasscode: true,
                             biometricFailures: 0, biometryLockedOut: false, passcodeFailures: 0, passcodeRetryAt: nil,
                             enrollmentState: "e")
        XCTAssertEqual(policy.requirement(for: Money(units: 5), on: touchID, authenticatorActive: false, firstPayment: false),
                       .biometric, "a payee paid before is a trusted beneficiary")
        XCTAssertEqual(policy.requirement(for: Money(units: 5), on: touchID, authenticatorActive: false, firstPayment: true),
                       .smsCode)
        XCTAssertEqual(policy.requirement(for: Money(units: 5), on: touchID, authenticatorActive: true, firstPayment: true),
                       .authenticator)
    }

    func testASelfPaymentIsRefusedBeforeAnyCodeIsSent() {
        let me = Payee(userID: UserID(1), username: Username(trusted: "alice"), maskedName: "Alice L.")
        let payment = PendingTransfer(userID: UserID(1), from: .checking, payee: me, amount: Money(units: 5), reference: nil,
                                      clientID: TransferClientID(trusted: "tx-self-000"))
        XCTAssertThrowsError(try payment.checkLimit()) { XCTAssertEqual($0 as? LedgerError, .selfPayment) }
    }

    func testAPaymentCodeNamesThePayeeTheAmountAndTheAccount() {
        let bob = Payee(userID: UserID(2), username: Username(trusted: "bob"), maskedName: "Bob B.")
        let payment = PendingTransfer(userID: UserID(1), from: .checking, payee: bob, amount: Money(units: 25),
                                      reference: try? PaymentReference.parse("Pizza"),
                                      clientID: TransferClientID(trusted: "tx-pay-0001"))
        XCTAssertEqual(EnglishCoreCatalog().smsText(code: "123456", purpose: .transfer(payment), expiresInSeconds: 300),
                       "TermBank: code 123456 approves paying $25.00 to bob from Checking. It expires in 5 minutes. "
                       + "Never share this code with anyone, not even TermBank staff.")
        XCTAssertEqual(payment.request.kind, .payment)
        XCTAssertEqual(payment.request.to, .customer(UserID(2), .checking), "a payment always lands in the payee's checking")
        XCTAssertEqual(payment.request.paymentReference?.text, "Pizza")
    }
}
