@testable import TermBankApp
import TermBankCore
import TermBankUnicode
import XCTest

/// A letter typed as a base and a combining accent (macOS over SSH, some input
/// methods) is composed with it as the keys arrive: the field holds, draws and
/// sends the letter, one cell wide, and the cursor moves one cell. Swift's `==`
/// on strings is canonical equivalence, so fields are compared as scalars here.
final class ComposedInputTests: XCTestCase {
    override func setUp() { CanonicalText.install(UTF8ProcNormalizer()) }

    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    func onTheReference() -> AppState {
        var state = Fixture.signedIn()
        state.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { form in
            form.amountText = "25"
            form.field = .reference
        })
        return state
    }

    func reference(_ state: AppState) -> String {
        guard case .pay(let form) = state.screen else { XCTFail("not on the payment form"); return "" }
        return form.referenceText
    }

    func testAnAccentTypedAfterItsLetterIsOneLetterInTheFieldAndOnTheScreen() {
        var state = onTheReference()
        _ = AppReducer.reduce(&state, .typed("Cafe"))
        let before = AppView.render(state, size: Fixture.size).text.first { $0.contains("Cafe▏") }
        XCTAssertNotNil(before, "the reference field shows what was typed")
        _ = AppReducer.reduce(&state, .typed("\u{301}"))
        XCTAssertEqual(scalars(reference(state)), scalars("Caf\u{E9}"))
        let row = AppView.render(state, size: Fixture.size).text.first { $0.contains("Caf") } ?? ""
        XCTAssertTrue(row.contains("Caf\u{E9}▏"), "é in one cell and the cursor right after it: \(row)")
        XCTAssertEqual(row.firstRange(of: "▏")?.lowerBound.utf16Offset(in: row),
                       before?.firstRange(of: "▏")?.lowerBound.utf16Offset(in: before ?? ""),
                       "the accent took no cell of its own: the cursor is where it was after the e")
        XCTAssertFalse(row.contains("?"), row)
    }

    func testUkrainianShortIAndPortugueseTildeComposeAsTheyAreTyped() {
        var state = onTheReference()
        _ = AppReducer.reduce(&state, .typed("\u{41C}\u{438}\u{306}, Sa\u{303}o"))   // "Ми" + breve, "Sa" + tilde
        XCTAssertEqual(scalars(reference(state)), scalars("\u{41C}\u{439}, S\u{E3}o"))
    }

    /// A paste (bracketed, one key) of text copied from a decomposed source is composed as typing it would be.
    func testAPastedNameWithDecomposedAccentsIsComposedInTheField() {
        var state = onTheReference()
        _ = AppReducer.reduce(&state, .key(.paste("Jose\u{301} Joa\u{303}o")))
        XCTAssertEqual(scalars(reference(state)), scalars("Jos\u{E9} Jo\u{E3}o"))
    }

    func testBackspaceAfterAComposedLetterTakesTheLetterBack() {
        var state = onTheReference()
        _ = AppReducer.reduce(&state, .typed("ne\u{301}"))
        _ = AppReducer.reduce(&state, .key(.backspace))
        XCTAssertEqual(scalars(reference(state)), scalars("n"))
    }

    func testAnAccentWithNoLetterBeforeItIsKeptAndDrawnAsAPlaceholder() {
        var state = onTheReference()
        _ = AppReducer.reduce(&state, .typed("\u{301}x"))
        XCTAssertEqual(scalars(reference(state)), [0x301, 0x78])
    }

    /// A password is hashed from its canonical form (PasswordForms), so the
    /// field keeps the scalars as the terminal sent them (one dot each).
    func testAPasswordFieldKeepsTheScalarsAsTyped() {
        var state = Fixture.state()
        _ = AppReducer.reduce(&state, .key(.tab))
        _ = AppReducer.reduce(&state, .typed("cafe\u{301}"))
        guard case .login(let form) = state.screen else { return XCTFail("not on the login screen") }
        XCTAssertEqual(scalars(form.password.exposedValue), scalars("cafe\u{301}"))
    }
}
