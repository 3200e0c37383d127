@testable import TermBankApp
import TermBankCore
import XCTest

/// A bracketed paste reaches the app as one `Key.paste`, never as keys: the
/// focused text field takes it as it takes typed text (line breaks, tabs, Esc
/// and control characters dropped, a line break between words a space, the
/// field's own rules and limit applied),
/// and a screen without a text field ignores it. So pasted text cannot press
/// Enter, cancel with Esc, or work a screen's letter keys.
final class PasteIntoFieldsTests: XCTestCase {
    func reduce(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { AppReducer.reduce(&state, .key($0)) }
    }

    func login(_ state: AppState) -> LoginForm? {
        guard case .login(let form) = state.screen else { return nil }
        return form
    }

    /// The login form with "alice" looked up and the password field focused.
    func atThePassword() -> AppState {
        var state = Fixture.state()
        _ = AppReducer.reduce(&state, .typed("alice"))
        _ = reduce(&state, .tab)
        _ = AppReducer.reduce(&state, .signIn(.sitekeyLookedUp(username: "alice", .notKnownHere)))
        return state
    }

    // MARK: Sign-in

    func testAPastedUsernameLosesItsLineBreakAndEscAndIsNeitherLookedUpNorCancelled() {
        var state = Fixture.state()
        let effects = reduce(&state, .paste("alice\u{1B}\r\n\t"))
        XCTAssertEqual(effects, [], "no lookup: the line break is not Enter, the tab is not Tab")
        XCTAssertEqual(login(state)?.username, "alice")
        XCTAssertEqual(login(state)?.focus, .username)
    }

    /// Typed in the username field, capital L switches the language; pasted, it is a letter.
    func testACapitalLInAPastedUsernameIsALetterNotTheLanguageKey() {
        var state = Fixture.state()
        _ = reduce(&state, .paste("aLice"))
        XCTAssertEqual(state.language, .english)
        XCTAssertEqual(login(state)?.username, "aLice")
    }

    /// Password managers paste; the password is masked as typed and nothing signs in until Enter.
    func testAPasswordManagersPasteFillsThePasswordMaskedAndDoesNotSignIn() {
        var state = atThePassword()
        let effects = reduce(&state, .paste("wonder land-42\n"))
        XCTAssertEqual(effects, [])
        XCTAssertEqual(login(state)?.password, Secret("wonder land-42"), "spaces are a password's; the line break is not")
        let row = AppView.render(state, size: Fixture.size).text.first { $0.contains("Password") } ?? ""
        XCTAssertTrue(row.contains(String(repeating: "•", count: 14)), row)
        XCTAssertFalse(row.contains("wonder"), "masked as typed: \(row)")

        XCTAssertEqual(reduce(&state, .enter), [.signIn(.signIn(username: "alice", password: Secret("wonder land-42")))])
    }

    func testAPasteIntoAPasswordStopsAtItsLimitAndTheFieldSaysFull() {
        var state = atThePassword()
        _ = reduce(&state, .paste(String(repeating: "p", count: FieldLimit.paste.scalars)))
        XCTAssertEqual(login(state)?.password.exposedValue.count, PasswordPolicy.maximumLength)
        let row = AppView.render(state, size: Fixture.size).text.first { $0.contains("Password") } ?? ""
        XCTAssertTrue(row.contains("full"), row)
    }

    /// A field holds the same text whether it was typed or pasted.
    func testAPasteGivesTheFieldWhatTypingTheSameCharactersGives() {
        let text = "ab\u{301}c\u{202E}d\u{9B}e\u{7}f🦊"
        var typed = atThePassword()
        _ = AppReducer.reduce(&typed, .typed(text))
        var pasted = atThePassword()
        _ = reduce(&pasted, .paste(text))
        XCTAssertEqual(login(pasted)?.password, login(typed)?.password)
        XCTAssertEqual(login(pasted)?.password, Secret("ab\u{301}cdef🦊"))
    }

    /// The username's lookup holds keys; a paste waits with them and lands in the password.
    func testAPasteDuringTheUsernameLookupWaitsAndFillsThePassword() {
        var loop = Dispatcher(Fixture.state())
        _ = loop.key(.paste("alice"))
        XCTAssertEqual(loop.key(.tab), [.signIn(.lookUpSitekey(username: "alice"))])
        XCTAssertEqual(loop.key(.paste("wonderland-42\n")), [], "held while the bank looks the name up")
        XCTAssertEqual(loop.reply(.signIn(.sitekeyLookedUp(username: "alice", .notKnownHere))), [])
        XCTAssertEqual(login(loop.state)?.password, Secret("wonderland-42"))
        XCTAssertEqual(login(loop.state)?.busy, false, "the pasted line break did not sign in")
    }

    // MARK: Code screens

    /// "r" resends a code and "u" switches to a recovery code when typed; in a paste they are dropped.
    func testAPastedSMSCodeIsItsDigitsAndCompletesTheCodeAsTheLastDigitTyped() {
        var state = Fixture.state()
        let ticket = Fixture.ticket()
        state.screen = .pin(PinEntry(ticket: ticket, purpose: .signIn))
        XCTAssertEqual(reduce(&state, .paste("r12")), [])
        guard case .pin(let partial) = state.screen else { return XCTFail("left the code screen") }
        XCTAssertEqual(partial.digits, "12")
        XCTAssertFalse(state.sendingCode, "no new code was asked for")

        XCTAssertEqual(reduce(&state, .paste("u3 4-56\n789")), [.secondFactor(.checkSignInCode(ticket, code: "123456"))])
        guard case .pin(let complete) = state.screen else { return XCTFail("left the code screen") }
        XCTAssertEqual(complete.digits, "123456", "digits past the code's length are dropped, as typed ones are")
    }

    func testAPastedAuthenticatorCodeWithAUIsTheCodeNotTheRecoveryScreen() {
        var state = Fixture.state()
        state.screen = .authenticator(AuthenticatorEntry())
        XCTAssertEqual(reduce(&state, .paste("u 654 321\u{1B}")), [.secondFactor(.checkAuthenticatorCode("654321"))])
        guard case .authenticator = state.screen else { return XCTFail("the paste moved to \(state.screen)") }
    }

    func testAPastedRecoveryCodeKeepsItsDashAndLosesItsLineBreak() {
        var state = Fixture.state()
        state.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator))
        XCTAssertEqual(reduce(&state, .paste("7k2mq-xd4ta\r\n")), [])
        guard case .recoveryCode(let entry) = state.screen else { return XCTFail("left the recovery code screen") }
        XCTAssertEqual(entry.code, Secret("7k2mq-xd4ta"))
    }

    // MARK: Money

    func transfer(_ state: AppState) -> TransferForm? {
        guard case .transfer(let form) = state.screen else { return nil }
        return form
    }

    /// An Esc in a pasted amount does not leave the form, a line break does not go to review.
    func testAPasteWithEscAndALineBreakIntoTheAmountNeitherCancelsNorReviews() {
        var state = Fixture.signedIn()
        state.screen = .transfer(TransferForm())
        XCTAssertEqual(reduce(&state, .paste("25\u{1B}0\nq")), [])
        XCTAssertEqual(transfer(state)?.amountText, "250 q")
        XCTAssertEqual(transfer(state)?.stage, .editing)
    }

    /// The amount keeps what was typed (AmountKeptAsTypedTests): pasted, the same.
    func testAPastedAmountIsKeptAsTypedAndReadTheSameOnEnter() {
        for text in ["US$ 1.250,00", "1,250.00", "1e3", "-5", "$250.00"] {
            var typed = Fixture.signedIn()
            typed.screen = .transfer(TransferForm())
            _ = AppReducer.reduce(&typed, .typed(text))
            var pasted = Fixture.signedIn()
            pasted.screen = .transfer(TransferForm())
            _ = reduce(&pasted, .paste(text))
            XCTAssertEqual(transfer(pasted)?.amountText, text)
            XCTAssertEqual(reduce(&pasted, .enter), reduce(&typed, .enter), text)
            XCTAssertEqual(pasted.screen, typed.screen, text)
        }
    }

    func testAPastedReferenceLosesItsTabAndItsLineBreakIsASpace() {
        var state = Fixture.signedIn()
        state.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { $0.field = .reference })
        XCTAssertEqual(reduce(&state, .paste("Invoice\t12\nMarch")), [])
        guard case .pay(let form) = state.screen else { return XCTFail("left the payment") }
        XCTAssertEqual(form.referenceText, "Invoice12 March")
        XCTAssertEqual(form.stage, .details(Fixture.bobPayee))
    }

    func pastedReference(_ text: String) -> String? {
        var state = Fixture.signedIn()
        state.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { $0.field = .reference })
        XCTAssertEqual(reduce(&state, .paste(text)), [], "a pasted line break is never Enter")
        guard case .pay(let form) = state.screen else { return nil }
        return form.referenceText
    }

    /// "line1\nline2" was "line1line2": words copied over two lines ran together.
    func testALineBreakInAPastedReferenceIsOneSpaceHoweverTheLineEnds() {
        for lineEnd in ["\n", "\r", "\r\n", "\u{2028}"] {
            XCTAssertEqual(pastedReference("line1" + lineEnd + "line2"), "line1 line2", lineEnd.debugDescription)
        }
    }

    /// A blank line, or a break beside a space already there, still makes one space.
    func testABreakNeverMakesTwoSpacesInARow() {
        for text in ["line1\n\nline2", "line1\r\n\r\nline2", "line1 \nline2", "line1\n line2", "line1 \r\n\tline2"] {
            XCTAssertEqual(pastedReference(text), "line1 line2", text.debugDescription)
        }
    }

    /// The line break a copied line ends with (or starts with) is not a space.
    func testABreakAtThePastesStartOrEndAddsNoSpace() {
        XCTAssertEqual(pastedReference("\r\nRent March\r\n"), "Rent March")
        XCTAssertEqual(pastedReference("\n\n"), "")
    }

    /// The spaces count toward the field's limit, as typed spaces do.
    func testAPasteOfManyShortLinesStopsAtTheReferencesLimit() {
        let reference = pastedReference(String(repeating: "ab\n", count: 100))
        XCTAssertEqual(reference?.unicodeScalars.count, FieldLimit.paymentReference.scalars)
        XCTAssertEqual(reference?.hasPrefix("ab ab ab"), true, reference ?? "")
    }

    func testAPastedTwoLineSearchIsOneLineWithASpace() {
        var state = Fixture.signedIn()
        _ = reduce(&state, .character("/"))
        XCTAssertEqual(reduce(&state, .paste("rent\r\nmarch\n")), [])
        XCTAssertEqual(state.statement.searchDraft, "rent march")
    }

    /// A username takes no spaces: a break in a pasted one is simply gone.
    func testALineBreakInAPastedUsernameLeavesNoSpace() {
        var state = Fixture.state()
        XCTAssertEqual(reduce(&state, .paste("ali\nce")), [])
        XCTAssertEqual(login(state)?.username, "alice")
    }

    // MARK: Screens without a text field

    /// On the statement "t", "p", "a", "s", "l" are commands and "/" opens the
    /// search: pasted, none acts; a line says where pasting works, until the next key.
    func testAPasteOnTheStatementDoesNothingButSayWherePastingWorks() {
        var state = Fixture.signedIn()
        var expected = state
        XCTAssertEqual(reduce(&state, .paste("tpasl/1\u{1B}\n")), [])
        expected.screen = .statement(StatementScreen(notice: .refused(.banking(.nowhereToPaste))))
        XCTAssertEqual(state, expected)
        let screen = AppView.render(state, size: Fixture.size).text.joined(separator: " ")
        XCTAssertTrue(screen.contains("This screen has no field to paste into."), screen)

        XCTAssertEqual(reduce(&state, .character("/")), [])
        XCTAssertEqual(state.screen, .statement(StatementScreen()), "the next key moves on")
        XCTAssertEqual(state.statement.searchDraft, "")
    }

    func testAPasteIntoTheOpenSearchIsTheSearchTextAndDoesNotSearch() {
        var state = Fixture.signedIn()
        _ = reduce(&state, .character("/"))
        XCTAssertEqual(reduce(&state, .paste("rent\n")), [])
        XCTAssertEqual(state.statement.searchDraft, "rent")
        XCTAssertNil(state.statement.search)
    }

    func testAPastedYesDoesNotAnswerTheQuitQuestion() {
        var state = Fixture.signedIn()
        _ = reduce(&state, .control("c"))
        XCTAssertEqual(reduce(&state, .paste("y\n")), [])
        XCTAssertEqual(state.modal, .confirmQuit)
        XCTAssertFalse(state.quitting)
    }

    func testAPasteLeavesTheHelpOpen() {
        var state = Fixture.signedIn()
        _ = reduce(&state, .character("?"))
        _ = reduce(&state, .paste("q"))
        XCTAssertTrue(state.showsHelp, "a paste is not the key that closes the help")
    }

    func testAPastedQDoesNotQuitTheSignedOutScreen() {
        var state = Fixture.state()
        state.screen = .signedOut(message: nil)
        XCTAssertEqual(reduce(&state, .paste("q\n")), [])
        XCTAssertFalse(state.quitting)
        XCTAssertEqual(state.screen, .signedOut(message: nil))
    }
}
