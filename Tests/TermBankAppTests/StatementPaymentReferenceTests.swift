@testable import TermBankApp
import TermBankCore
import XCTest

/// A payment's reference ("Rent March") is on the statement of both sides:
/// the payee had no other place in the app to read it. It is the payer's own
/// words, so it is cut by cells, and a wide character cannot push the amount
/// out of its column.
final class StatementPaymentReferenceTests: XCTestCase {
    func statement(reference: String, size: Size = Fixture.size) -> [String] {
        var state = Fixture.signedIn()
        let received = StatementLine(posting: PostingID(3), reference: TransferReference(3), kind: .payment,
                                     bookedAt: Fixture.start, account: .checking, amount: Money(units: 40),
                                     balanceAfter: Money(units: 5_040), counterparty: .customer(Fixture.carol.id, .checking),
                                     reverses: nil, counterpartyName: Fixture.carol.username,
                                     paymentReference: PaymentReference(trusted: reference))
        let opening = Fixture.account()
        _ = AppReducer.reduce(&state, .banking(.accountLoaded(.success(AccountSnapshot(
            user: Fixture.alice, balances: [.checking: Money(units: 5_040), .savings: Money(units: 10_000)],
            lines: [received] + opening.lines)))))
        return AppView.render(state, size: size).text
    }

    func testThePayeeReadsTheReferenceBesideWhoPaid() {
        let wide = statement(reference: "Rent March", size: Size(columns: 132, rows: 43))
        let row = wide.first { $0.contains("Payment from carol") } ?? ""
        XCTAssertTrue(row.contains("Payment from carol · Rent March "), row)
        // At 80 columns the description column holds 25 cells: the reference starts, and is cut there, with an ellipsis.
        let narrow = statement(reference: "Rent March").first { $0.contains("Payment from carol") } ?? ""
        XCTAssertTrue(narrow.contains("Payment from carol · Ren… "), narrow)
        XCTAssertTrue(narrow.hasSuffix("40.00      5,040.00"), narrow)
    }

    func testALongOrWideReferenceIsCutAndTheAmountStaysInItsColumn() {
        for reference in [String(repeating: "Invoice ", count: 4) + "end", "🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊"] {
            let rows = statement(reference: reference)
            let row = rows.first { $0.contains("Payment from carol") } ?? ""
            XCTAssertTrue(row.hasSuffix("40.00      5,040.00"), row)
            let opening = rows.first { $0.contains("5,000.00      5,000.00") } ?? ""
            XCTAssertEqual(Frame.columns(of: row), Frame.columns(of: opening), "the same width as a line without a reference")
        }
    }
}
