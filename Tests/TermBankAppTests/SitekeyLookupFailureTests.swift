@testable import TermBankApp
import TermBankCore
import XCTest

/// The lookup after the username (SiteKey before the password) meeting an
/// error, a bank busy past its timeout: the key pressed is answered (the
/// password field, the catalog's "cannot do that just now" words) instead
/// of nothing, nothing typed is lost, and `failed` hears the whole error
/// (over SSH, the operator's log through `RemoteUser.midSessionFailure`).
final class SitekeyLookupFailureTests: XCTestCase {
    static let failure = StoreError.busy(path: OperatorOnlyStoreMessagesTests.path, waitedMilliseconds: 5_000)

    func failingLookup() -> BankingClient {
        let failure = Self.failure
        var client = BankingClient(now: { Fixture.start })
        client.signingIn.signIn = { _, _ in .refused(.session(.somethingWentWrong)) }
        client.signingIn.beginBiometric = { _ in .passed(next: nil) }
        client.signingIn.biometric = { _, _ in .passed(next: nil) }
        client.signingIn.sendSignInCode = { throw failure }
        client.signingIn.resendCode = { $0 }
        client.signingIn.checkSignInCode = { _, _ in .refused(.session(.somethingWentWrong)) }
        client.signingIn.openSession = { throw failure }
        client.signedIn.loadAccount = { _ in throw failure }
        client.signedIn.beginTransferApproval = { _ in throw failure }
        client.signedIn.approveTransfer = { _, _ in throw failure }
        client.settings.turnOnSMSVerification = { throw failure }
        client.signedIn.touchSession = {}
        client.signOut = { _ in }
        client.signingIn.notMyImage = {}
        client.signedIn.newTransferID = { TransferClientID(trusted: "tx-0123456789abcdef") }
        client.signingIn.lookUpSitekey = { _ in throw failure }
        return client
    }

    /// The login form with "alice" typed and Tab pressed: waiting for the lookup.
    func waitingForTheLookup() -> AppState {
        var state = Fixture.state()
        for letter in "alice" { _ = AppReducer.reduce(&state, .key(.character(letter))) }
        XCTAssertEqual(AppReducer.reduce(&state, .key(.tab)), [.signIn(.lookUpSitekey(username: "alice"))])
        return state
    }

    func testAFailedLookupIsHeardWholeAndBecomesItsOwnReply() {
        var heard: [StoreError] = []
        let action = EffectRunner.run(.signIn(.lookUpSitekey(username: "alice")), client: failingLookup(),
                                      failed: { heard.append($0 as! StoreError) })
        XCTAssertEqual(heard, [Self.failure], "the operator's hook hears the error, path and all")
        XCTAssertEqual(action, .signIn(.sitekeyLookupFailed(username: "alice", .core(.store(Self.failure)))))
    }

    func testTheLoginFormSaysTheBankCannotAnswerAndStaysUsable() throws {
        var state = waitingForTheLookup()
        let action = try XCTUnwrap(EffectRunner.run(.signIn(.lookUpSitekey(username: "alice")), client: failingLookup()))
        XCTAssertEqual(AppReducer.reduce(&state, action), [])
        guard case .login(let form) = state.screen else { return XCTFail("\(state.screen)") }
        XCTAssertEqual(form.username, "alice", "the name typed stays")
        XCTAssertFalse(form.busy)
        XCTAssertEqual(form.focus, .password, "the usual order: the password, then the sitekey")
        for catalog in OperatorOnlyStoreMessagesTests.catalogs {
            let shown = AppView.render(state, size: Fixture.size, words: catalog).text.joined(separator: "\n")
            // The panel wraps the line: compared word by word across its rows.
            let words = shown.split(whereSeparator: { $0.isWhitespace || $0 == "│" }).joined(separator: " ")
            let expected = catalog.text(SessionText.bankCannotDoThatNow).split(separator: " ").joined(separator: " ")
            XCTAssertTrue(words.contains(expected), shown)
            XCTAssertFalse(shown.contains("/var/lib") || shown.contains("bank.sqlite"), shown)
        }

        // Typing goes on where it left off, and Enter sends the password as before.
        for letter in "wonderland-42" { _ = AppReducer.reduce(&state, .key(.character(letter))) }
        XCTAssertEqual(AppReducer.reduce(&state, .key(.enter)),
                       [.signIn(.signIn(username: "alice", password: Secret("wonderland-42")))])
    }

    /// A reply for a name no longer waiting (changed since, or the screen left) changes nothing.
    func testAFailureForANameNoLongerWaitingIsDropped() {
        var state = waitingForTheLookup()
        let before = state
        XCTAssertEqual(AppReducer.reduce(&state, .signIn(.sitekeyLookupFailed(username: "bob", .core(.store(Self.failure))))), [])
        XCTAssertEqual(state, before)
    }
}
