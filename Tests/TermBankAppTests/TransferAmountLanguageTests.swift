@testable import TermBankApp
import TermBankCore
import XCTest

/// The transfer form reads amounts the way the language on screen writes
/// them, refuses another language's separators with the amount written this
/// language's way, and says how to write one before anything is typed
/// ("The amount parser accepts the language's own decimal
/// separator ... State the rule on screen, and test it in every language").
final class TransferAmountLanguageTests: XCTestCase {
    let twelveFifty = Money(units: 1_250)

    func transferForm(in language: Language) -> AppState {
        var state = Fixture.signedIn()
        state.languageSelection = LanguageSelection(language, source: .option)
        _ = AppReducer.reduce(&state, .key(.character("t")))
        return state
    }

    func form(_ state: AppState) -> TransferForm? {
        if case .transfer(let form) = state.screen { return form }
        return nil
    }

    func testEveryLanguageTakesTheAmountAsItWritesIt() {
        for language in Language.allCases {
            let words = language.coreCatalog
            for written in [words.amount(twelveFifty), words.money(twelveFifty)] {
                var state = transferForm(in: language)
                _ = AppReducer.reduce(&state, .typed(written))
                XCTAssertEqual(form(state)?.amountText, written, "\(language): every character of \(written) goes in")
                let effects = AppReducer.reduce(&state, .key(.enter))
                XCTAssertEqual(effects, [.banking(.reviewTransfer(user: Fixture.alice.id, from: .checking, to: .savings,
                                                          amount: twelveFifty))], "\(language) \(written)")
            }
        }
    }

    func testEveryLanguageRefusesTheOtherSeparatorsAndShowsItsOwnWay() {
        for language in Language.allCases {
            let words = language.appCatalog
            let otherWay = words.core.numbers.decimalSeparator == "." ? "1.250,00" : "1,250.00"
            var state = transferForm(in: language)
            _ = AppReducer.reduce(&state, .typed(otherWay))
            XCTAssertEqual(AppReducer.reduce(&state, .key(.enter)), [], "\(language): \(otherWay) is not sent")
            XCTAssertEqual(form(state)?.error, .core(.amount(.ambiguous(twelveFifty))), "\(language)")
            for size in [Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)] {
                let screen = AppView.render(state, size: size, words: words).text.joined(separator: "\n")
                XCTAssertTrue(screen.contains(words.core.amount(twelveFifty)),
                              "\(language) at \(size): the refusal shows \(words.core.amount(twelveFifty))\n\(screen)")
            }
        }
    }

    func testTheEmptyFormStatesTheRuleWithTheLanguagesOwnExample() {
        for language in Language.allCases {
            let words = language.appCatalog
            let state = transferForm(in: language)
            let hint = words.text(BankingText.typeAnAmount)
            XCTAssertTrue(hint.contains(words.core.amount(twelveFifty)) || hint.contains(words.core.amount(Money(units: 12_500))),
                          "\(language): the hint shows an amount written the language's way: \(hint)")
            for size in [Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)] {
                let screen = AppView.render(state, size: size, words: words).text.joined(separator: " ")
                    .split(separator: " ").joined(separator: " ")
                for word in hint.split(separator: " ") {
                    XCTAssertTrue(screen.contains(word), "\(language) at \(size): \"\(word)\" of the hint is on screen")
                }
            }
        }
    }

    func testAnAmountGivenBackToTheFormReadsAsTheSameAmount() {
        for language in Language.allCases {
            let pending = PendingTransfer(userID: Fixture.alice.id, from: .checking, to: .savings,
                                          amount: Money(units: 12_345, cents: 67), clientID: Fixture.pending.clientID)
            let form = BankingFeature.reviewing(pending, numbers: language.coreCatalog.numbers)
            XCTAssertEqual(AmountParser(numbers: language.coreCatalog.numbers).parse(form.amountText), .success(pending.amount),
                           "\(language): \(form.amountText)")
        }
    }
}
