import Foundation
import TermBankApp
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// The security settings, `LiveSecurity`, on a real SQLite file: each change
/// passes the session's one check and takes only the proof made for it.
final class LiveSecurityTests: LiveClientTestCase {
    func testASettingsChangeAfterTheSessionEndedElsewhereIsRefusedAndSendsNoCode() throws {
        let live = try client(.localTerminal(uid: 1000), device: nil)
        let info = try signIn("bob", live)
        let before = try Termbank.run(["phone", "bob", "--last"], database: scratch.database).stdout
        try endElsewhere(info)
        XCTAssertThrowsError(try live.settings.sendConfirmationCode(.turnOffSMSVerification, nil)) {
            XCTAssertEqual($0 as? SessionError, .ended(.signedOut))
        }
        XCTAssertThrowsError(try live.settings.securityOverview()) { XCTAssertEqual($0 as? SessionError, .ended(.signedOut)) }
        XCTAssertEqual(try Termbank.run(["phone", "bob", "--last"], database: scratch.database).stdout, before)
    }

    /// A code sent to confirm one change is not accepted for another.
    func testACodeSentForOneChangeDoesNotConfirmAnother() throws {
        let live = try client(.localTerminal(uid: 1000), device: nil)
        try signIn("bob", live)
        _ = try live.settings.sendConfirmationCode(.setUpAuthenticator, nil)
        let forSetUp = try code(on: "bob")
        XCTAssertThrowsError(try live.settings.turnOffSMSVerification(Secret("builder-2026"), Secret(forSetUp))) {
            XCTAssertEqual($0 as? ConfirmationError, .noAuthenticator)
        }
        XCTAssertTrue(try live.settings.securityOverview().smsVerification, "still on")

        _ = try live.settings.sendConfirmationCode(.turnOffSMSVerification, nil)
        guard case .saved(let overview) = try live.settings.turnOffSMSVerification(Secret("builder-2026"),
                                                                                   Secret(try code(on: "bob"))) else {
            return XCTFail("the right code was refused")
        }
        XCTAssertFalse(overview.smsVerification)
    }

    /// Biometric sign-in comes back on only after a biometric check made on this terminal for it.
    func testBiometricSignInDoesNotComeBackOnWithoutTheCheck() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid")
        try signIn("alice", live)
        XCTAssertThrowsError(try live.settings.turnOnBiometricSignIn(Secret("wonderland-42"))) {
            XCTAssertEqual($0 as? BiometricSettings.EnableError, .needsBiometricEvaluation)
        }
    }
}
