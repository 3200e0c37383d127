@testable import TermBankApp
import TermBankCore
import XCTest

/// The Touch ID / Face ID sheet approving a transfer or a payment names the
/// amount and the accounts, as iOS's reason line does. Found in tmux with
/// `--step-up-over 100`: "Approve $50.00 from Checking to Savings" ran over
/// the sheet's right edge at 80x24, and a larger amount did in every language.
final class BiometricSheetFitsTests: XCTestCase {
    func testTheReasonOfALargeTransferOrPaymentStaysInsideTheSheetInEveryLanguage() {
        let large = Money(units: 1_234_567)
        let transfer = PendingTransfer(userID: Fixture.alice.id, from: .savings, to: .checking, amount: large,
                                       clientID: TransferClientID(trusted: "tx-0123456789abcdef"))
        let payee = Payee(userID: Fixture.bob.id, username: Fixture.bob.username, maskedName: "Bob B.")
        let payment = PendingTransfer(userID: Fixture.alice.id, from: .savings, payee: payee, amount: large,
                                      reference: nil, clientID: TransferClientID(trusted: "tx-0123456789abcdef"))
        for language in Language.allCases {
            for pending in [transfer, payment] {
                for mode in [BiometricPrompt.Mode.biometric, .passcode] {
                    var state = LanguageGoldenScreens.speaking(language, Fixture.signedIn())
                    state.screen = .biometric(BiometricScreen(prompt: Fixture.prompt(.faceID, mode: mode),
                                                              purpose: .transfer(pending)))
                    let reason = state.language.appCatalog.text(SecondFactorText.biometricReason(.transfer(pending)))
                    for size in [Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)] {
                        let rows = AppView.render(state, size: size).text
                        // The sheet is 40 columns, centred: its two edges on every row from its top to its bottom.
                        let top = rows.firstIndex { $0.contains("╭──────") } ?? 0
                        let bottom = rows.lastIndex { $0.contains("╰──────") } ?? 0
                        XCTAssertGreaterThan(bottom, top)
                        let left = size.columns / 2 - 20
                        for row in rows[top...bottom] {
                            let cells = Array(row)
                            XCTAssertTrue("│╭╰├".contains(cells[left]) && "│╮╯┤".contains(cells[left + 39]),
                                          "\(language) \(mode) \(size): the sheet's edge is broken:\n\(rows.joined(separator: "\n"))")
                        }
                        let inside = rows[top...bottom].map { String(Array($0)[(left + 1)...(left + 38)]) }
                            .joined(separator: " ").split(separator: " ").joined(separator: " ")
                        XCTAssertTrue(inside.contains(reason.split(separator: " ").joined(separator: " ")),
                                      "\(language) \(mode) \(size): \(reason)\n\(rows.joined(separator: "\n"))")
                    }
                }
            }
        }
    }
}
