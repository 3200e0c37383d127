@testable import TermBankApp
import TermBankCore
import XCTest

/// Fields are limited in Unicode scalars and bytes, never in characters: a
/// pasted "a" followed by 500,000 combining marks is one character, and under
/// a character limit it would grow without bound and be counted again on
/// every frame. Here it stops at the limit, the field says it is full, and
/// the next key does what it always does.
final class PastedInputTests: XCTestCase {
    static let marks = "a" + String(repeating: "\u{301}", count: 500_000)

    func loginState() -> AppState { Fixture.state() }

    func login(_ state: AppState) -> LoginForm {
        guard case .login(let form) = state.screen else { XCTFail("not on the login screen"); return LoginForm() }
        return form
    }

    func testHalfAMillionCombiningMarksPastedAsThePasswordStopAtTheLimitAndEnterStillSignsIn() {
        var state = loginState()
        _ = AppReducer.reduce(&state, .typed("alice"))
        _ = AppReducer.reduce(&state, .key(.tab))
        _ = AppReducer.reduce(&state, .signIn(.sitekeyLookedUp(username: "alice", .notKnownHere)))   // a new device: password next
        _ = AppReducer.reduce(&state, .typed(Self.marks))
        let password = login(state).password.exposedValue
        XCTAssertEqual(password.unicodeScalars.count, PasswordPolicy.maximumLength)
        XCTAssertLessThanOrEqual(password.utf8.count, FieldLimit.password.bytes)
        XCTAssertEqual(password.count, 1, "still one character: the limit is not counted in characters")
        XCTAssertTrue(FieldLimit.password.isFull(password))

        // More of the same changes nothing: each key is refused before the text is copied.
        let before = state
        _ = AppReducer.reduce(&state, .typed(String(repeating: "\u{301}", count: 10_000)))
        XCTAssertEqual(state, before)

        let effects = AppReducer.reduce(&state, .key(.enter))
        XCTAssertEqual(effects, [.signIn(.signIn(username: "alice", password: Secret(password)))])
    }

    func testAPasteIntoTheUsernameStopsAt32AndTheFieldSaysItIsFull() {
        var state = loginState()
        _ = AppReducer.reduce(&state, .typed(String(repeating: "x", count: 200_000)))
        XCTAssertEqual(login(state).username, String(repeating: "x", count: 32))
        let row = AppView.render(state, size: Fixture.size).text.first { $0.contains("Username") } ?? ""
        XCTAssertTrue(row.contains("xxxxxxxx▏  full"), row)

        _ = AppReducer.reduce(&state, .key(.backspace))
        let shorter = AppView.render(state, size: Fixture.size).text.first { $0.contains("Username") } ?? ""
        XCTAssertFalse(shorter.contains("full"), shorter)
        let name = String(repeating: "x", count: 31)
        XCTAssertEqual(AppReducer.reduce(&state, .key(.tab)), [.signIn(.lookUpSitekey(username: name))], "the key after the paste acts")
        _ = AppReducer.reduce(&state, .signIn(.sitekeyLookedUp(username: name, .notKnownHere)))
        XCTAssertEqual(login(state).focus, .password)
    }

    func testThePasswordFieldShowsOneDotPerScalarAndSaysFull() {
        var state = loginState()
        _ = AppReducer.reduce(&state, .key(.tab))
        _ = AppReducer.reduce(&state, .typed(Self.marks))
        let row = AppView.render(state, size: Fixture.size).text.first { $0.contains("Password") } ?? ""
        XCTAssertTrue(row.contains("••••••••"), row)
        XCTAssertTrue(row.contains("••••••••▏  full"), row)
        XCTAssertFalse(row.contains("\u{301}"), "the marks are never drawn: the field is masked")
    }

    func testBackspaceTakesBackOneKeyNotTheWholeCluster() {
        var state = loginState()
        _ = AppReducer.reduce(&state, .key(.tab))
        _ = AppReducer.reduce(&state, .typed("e\u{301}\u{301}"))
        _ = AppReducer.reduce(&state, .key(.backspace))
        XCTAssertEqual(login(state).password, Secret("e\u{301}"))
    }

    /// Four-byte scalars reach the byte cap's arithmetic: 128 emoji are 512 bytes, exactly the cap.
    func testFourByteScalarsFillBothCapsTogether() {
        var state = loginState()
        _ = AppReducer.reduce(&state, .key(.tab))
        _ = AppReducer.reduce(&state, .typed(String(repeating: "🦊", count: 1_000)))
        let password = login(state).password.exposedValue
        XCTAssertEqual(password.unicodeScalars.count, 128)
        XCTAssertEqual(password.utf8.count, 512)
    }

    func testEveryTextFieldIsLimitedInScalars() {
        // The recovery-code field takes only ASCII letters, digits, dashes and spaces: marks are refused one by one.
        var state = loginState()
        state.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator))
        _ = AppReducer.reduce(&state, .typed("a" + String(repeating: "\u{301}", count: 1_000) + String(repeating: "b", count: 1_000)))
        guard case .recoveryCode(let entry) = state.screen else { return XCTFail() }
        XCTAssertEqual(entry.code.exposedValue, "a" + String(repeating: "b", count: FieldLimit.recoveryCode.scalars - 1))
    }
}

final class InputLimitTests: XCTestCase {
    func testTheLimitCountsScalarsAndBytesNotCharacters() {
        let scalars = InputLimit(scalars: 4)
        XCTAssertTrue(scalars.admits("\u{301}", after: "a\u{301}\u{301}"))
        XCTAssertFalse(scalars.admits("b", after: "a\u{301}\u{301}\u{301}"), "four scalars, one character")
        XCTAssertTrue(scalars.isFull("a\u{301}\u{301}\u{301}"))
        XCTAssertFalse(scalars.contains("abcde"))

        let bytes = InputLimit(scalars: 4, bytes: 5)
        XCTAssertFalse(bytes.admits("é", after: "éé"), "six bytes would pass the byte cap of five")
        XCTAssertTrue(bytes.admits("e", after: "éé"))
        XCTAssertTrue(bytes.contains("a\u{301}\u{301}"))
        XCTAssertFalse(bytes.contains("a\u{301}\u{301}\u{301}"), "seven bytes")
    }
}
