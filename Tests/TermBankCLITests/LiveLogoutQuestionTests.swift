import Foundation
@testable import TermBankApp
import TermBankCore
import XCTest
@testable import TermBankCLI

/// Decision 53, with the live client on one SQLite file: two terminals
/// of bob's, each with its own store. One turns SMS verification off in
/// Security; the other's logout question reads the saved switch (not the
/// copy its sign-in left), offers turning it on, and yes does, through the
/// core's one rule.
final class LiveLogoutQuestionTests: LiveClientTestCase {
    /// Applies `action`, then performs each effect it asks for against the
    /// terminal's client and applies the answers, as the run loop does.
    private func drive(_ state: inout AppState, _ action: Action, _ live: LiveBankingClient) {
        var pending = [action]
        var steps = 0
        while !pending.isEmpty, steps < 20 {
            steps += 1
            let effects = AppReducer.reduce(&state, pending.removeFirst())
            pending += effects.compactMap { EffectRunner.run($0, client: live.client) }
        }
    }

    private func text(_ state: AppState) -> String {
        AppView.render(state, size: Size(columns: 80, rows: 24)).text.joined(separator: "\n")
    }

    func testAnotherTerminalTurnedSMSOffAndTheQuestionOffersTurningItBackOn() throws {
        let mine = try client(.localTerminal(uid: 1000), device: "iphone-touchid")
        let info = try signIn("bob", mine)
        XCTAssertTrue(info.user.smsVerification)
        var state = AppState(size: Size(columns: 80, rows: 24), now: clock.now(), deviceName: "iphone-touchid")
        drive(&state, .signIn(.sessionOpened(.success(info))), mine)
        if state.modal == .trustDevice { drive(&state, .key(.character("n")), mine) }   // not trusted: the code stays asked
        XCTAssertTrue(text(state).contains("[ ON ]"), text(state))

        // bob's other terminal, another connection to the same file: off, with the password and a code.
        let other = try client(.localTerminal(uid: 1001), device: "old-phone")
        clock.advance(seconds: 40)
        try signIn("bob", other)
        _ = try other.settings.sendConfirmationCode(.turnOffSMSVerification, nil)
        guard case .saved(let overview) = try other.settings.turnOffSMSVerification(Secret("builder-2026"),
                                                                                   Secret(try code(on: "bob"))) else {
            return XCTFail("not turned off")
        }
        XCTAssertFalse(overview.smsVerification)

        drive(&state, .key(.character("l")), mine)
        XCTAssertEqual(state.modal, .confirmSMSOnLogout)
        let asked = text(state)
        XCTAssertTrue(asked.contains("SMS verification is off now."), asked)
        XCTAssertTrue(asked.contains("y  Yes: turn it on for your next sign-in"), asked)
        XCTAssertTrue(asked.contains("[ OFF ]"), "the statement behind the question agrees:\n\(asked)")

        drive(&state, .key(.character("y")), mine)
        XCTAssertNil(state.session, "signed out once the bank saved it")
        XCTAssertEqual(state.screen, .signedOut(message: .session(.signedOut)))
        XCTAssertEqual(try other.settings.securityOverview().smsVerification, true,
                       "saved: the other terminal's Security reads it on")
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "10"], database: scratch.database).stdout
        XCTAssertTrue(audit.contains("sms verification on"), audit)
    }
}
