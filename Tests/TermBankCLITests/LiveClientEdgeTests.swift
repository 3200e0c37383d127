import Foundation
@testable import TermBankApp
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// The app's live bank client, built as `termbank` builds it for a terminal,
/// on a real demo bank, with other processes acting on the same file: the session and device
/// rules (docs/security-model.md) at the edge where the app meets the bank.
final class LiveClientEdgeTests: LiveClientTestCase {
    // MARK: Item 6: live balances stop when the session does

    /// bob trusted his phone; someone revokes that trust from elsewhere (his
    /// other terminal, the operator). The session that skipped its code
    /// through it gets no more balances: the next refresh signs it out.
    func testARevokedSessionStopsSeeingBalances() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid")
        let first = try signIn("bob", live)
        XCTAssertTrue(first.mayTrustDevice)
        _ = try live.signingIn.trustDevice()
        live.signOut(.signedOut)

        let second = try signIn("bob", live)
        XCTAssertFalse(second.mayTrustDevice, "this sign-in skipped the code through the trust")
        guard case .banking(.accountLoaded(.success(let snapshot)))? = account(live, second.user) else { return XCTFail("no balances") }
        XCTAssertEqual(snapshot.balances[.checking], Money(units: 5_000))

        let trusted = try XCTUnwrap(try live.settings.securityOverview().trustedDevices.first)
        let revoke = try Termbank.run(["trusted", "revoke", "bob", String(trusted.id.rawValue)], database: scratch.database)
        XCTAssertEqual(revoke.status, 0, revoke.stderr)

        XCTAssertThrowsError(try live.signedIn.loadAccount(second.user)) {
            XCTAssertEqual($0 as? SessionError, .ended(.trustRevoked))
        }
        // The app: the refresh's reply signs out, with the reason.
        var state = AppState(size: Size(columns: 80, rows: 24), now: clock.now(), deviceName: "iphone-touchid")
        _ = AppReducer.reduce(&state, .signIn(.sessionOpened(.success(second))))
        let reply = try XCTUnwrap(account(live, second.user))
        XCTAssertEqual(reply, .sessionEnded(.core(.session(.ended(.trustRevoked)))))
        _ = AppReducer.reduce(&state, reply)
        XCTAssertNil(state.session)
        XCTAssertNil(state.account)
        XCTAssertEqual(state.screen, .signedOut(message: .core(.session(.ended(.trustRevoked)))))
        XCTAssertEqual(EnglishAppCatalog().text(.core(.session(.ended(.trustRevoked)))),
                       "This device is no longer trusted. Sign in again.")
    }

    func testAnOperatorResetStopsTheBalancesOnEveryScreen() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let info = try signIn("alice", live)
        XCTAssertNoThrow(try live.signedIn.checkSession())
        XCTAssertEqual(try Termbank.run(["demo", "reset", "--yes"], database: scratch.database).status, 0)
        // Off the statement the tick asks only whether the session stands.
        XCTAssertEqual(EffectRunner.run(.checkSession, client: live.client),
                       .sessionEnded(.core(.session(.notFound))))
        XCTAssertEqual(account(live, info.user), .sessionEnded(.core(.session(.notFound))))
    }

    // MARK: Item 8: no shared trust over a shared account

    /// Over a password SSH login the phone is picked from a list: any
    /// stakeholder on that shared account could pick it, so it is never trusted.
    func testAPhonePickedOverAPasswordLoginIsNeverTrusted() throws {
        let live = try client(.unbound, device: nil, pickable: ["iphone-touchid", "old-phone"])
        XCTAssertThrowsError(try live.terminal.selectDevice("iphone-faceid"), "not offered") { _ in }
        try live.terminal.selectDevice("iphone-touchid")
        let info = try signIn("bob", live)
        XCTAssertFalse(info.mayTrustDevice, "the question is not asked")
        XCTAssertThrowsError(try live.signingIn.trustDevice()) { XCTAssertEqual($0 as? TrustedDeviceError, .deviceNotHeld) }
        XCTAssertEqual(try live.settings.securityOverview().trustedDevices, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: config + "/termbank/trusted-devices"))
    }

    /// An SSH key's own phone: the key is what the person holds. Its tokens
    /// live in a folder named for the whole key fingerprint.
    func testAnSSHKeysOwnPhoneIsTrustedInItsOwnTokenFolder() throws {
        let hex = String(repeating: "5e", count: 32)
        XCTAssertEqual(try Termbank.run(["device", "add", "ssh-5e5e5e5e5e5e", "--biometry", "touchid", "--passcode"],
                                        database: scratch.database, stdin: "123456\n").status, 0)
        let live = try client(.sshKey(fingerprintHex: hex), device: "ssh-5e5e5e5e5e5e")
        XCTAssertTrue(try signIn("bob", live).mayTrustDevice)
        _ = try live.signingIn.trustDevice()
        let folder = config + "/termbank/trusted-devices/ssh-key-" + hex
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).count, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: config + "/termbank/trusted-devices"),
                       ["ssh-key-" + hex])
    }

    // MARK: Item 9: the sitekey before the password

    func testTheSitekeyComesBeforeThePasswordOnlyWhereTheNameSignedInBefore() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid")
        for name in ["alice", "nobody-here", "Alice", "x"] {
            XCTAssertEqual(try live.signingIn.lookUpSitekey(name), .notKnownHere, name)
        }
        let alice = try signIn("alice", live).user
        live.signOut(.signedOut)
        XCTAssertEqual(try live.signingIn.lookUpSitekey("alice"), .recognised(alice.sitekey))
        XCTAssertEqual(try live.signingIn.lookUpSitekey("bob"), .notKnownHere)

        // The same phone picked over the shared account shows nothing before the password.
        let picked = try client(.unbound, device: nil, pickable: ["iphone-touchid"])
        try picked.terminal.selectDevice("iphone-touchid")
        XCTAssertEqual(try picked.signingIn.lookUpSitekey("alice"), .notKnownHere)
        _ = try signIn("alice", picked)
        picked.signOut(.signedOut)
        XCTAssertEqual(try picked.signingIn.lookUpSitekey("alice"), .notKnownHere, "a picked phone remembers nobody")
    }

    func testThisIsNotMyImageBeforeThePasswordAbandonsTheSignInAndIsAudited() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid")
        try signIn("alice", live)
        live.signOut(.signedOut)
        XCTAssertNotEqual(try live.signingIn.lookUpSitekey("alice"), .notKnownHere)
        live.signingIn.notMyImage()
        let audit = try Termbank.run(["audit", "--user", "alice", "--limit", "1"], database: scratch.database).stdout
        XCTAssertTrue(audit.contains("signin.abandoned") && audit.contains("this is not my image (shown before the password)"),
                      audit)
        XCTAssertThrowsError(try live.signingIn.openSession(), "nothing to complete") { _ in }
    }

    // MARK: Item 7: biometric sign-in back on

    func testBiometricSignInComesBackOnlyWithAFingerCheckAndThePassword() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid")
        try signIn("alice", live)
        XCTAssertEqual(try live.settings.securityOverview().biometricSignIn, .on)
        live.signOut(.signedOut)
        XCTAssertEqual(try Termbank.run(["device", "enroll", "iphone-touchid"], database: scratch.database).status, 0)

        guard case .accepted(_, let required, _, _, _) = try live.signingIn.signIn("alice", Secret("wonderland-42")) else {
            return XCTFail("password refused")
        }
        XCTAssertEqual(required, [.password, .smsCode], "after the change: no finger, the SMS code")
        live.signOut(.signedOut)
        try signIn("alice", live)
        XCTAssertEqual(try live.settings.securityOverview().biometricSignIn, .off(enrollmentChanged: true))

        // The password alone does nothing.
        XCTAssertThrowsError(try live.settings.turnOnBiometricSignIn(Secret("wonderland-42"))) {
            XCTAssertEqual($0 as? BiometricSettings.EnableError, .needsBiometricEvaluation)
        }
        guard case .waiting(let prompt) = try live.settings.beginBiometricSwitch() else { return XCTFail("no prompt") }
        XCTAssertEqual(prompt.policy, .biometricsOnly, "the passcode is not offered")
        XCTAssertEqual(try live.settings.biometricSwitchEvent(.matchingTouch, prompt), .passed(next: nil))
        XCTAssertEqual(try live.settings.turnOnBiometricSignIn(Secret("not-it")), .refused(.core(.confirmation(.password(.incorrect(attemptsLeft: 4))))))
        guard case .saved(let overview) = try live.settings.turnOnBiometricSignIn(Secret("wonderland-42")) else {
            return XCTFail("not turned on")
        }
        XCTAssertEqual(overview.biometricSignIn, .on)
        live.signOut(.signedOut)
        guard case .accepted(_, let after, _, _, _) = try live.signingIn.signIn("alice", Secret("wonderland-42")) else {
            return XCTFail("password refused")
        }
        XCTAssertEqual(after, [.password, .biometric], "the finger is asked again")
    }
}
