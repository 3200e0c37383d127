import Foundation
import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// Trust and the sitekey-before-the-password both need a device the person
/// holds: an SSH key's own phone or a local OS account, never a phone anyone
/// on a shared account could pick from a list.
final class HeldDeviceTests: XCTestCase {
    var bank: TestBank!
    let context = AuditContext(sessionID: nil, deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
    }

    func begin(_ name: String, on device: String = "iphone-touchid", flow: SignInFlow) throws -> SignInAttempt {
        let start = try flow.begin(username: name, password: bank.password(name), device: try bank.device(device),
                                   context: context)
        guard case .inProgress(let attempt) = start else {
            XCTFail("\(start)")
            throw TestFailure("unreachable")
        }
        return attempt
    }

    func approval(on device: String) throws -> BiometricApproval {
        let auth = bank.authenticator
        guard case .waiting(let prompt) = auth.begin(.biometricsOrPasscode, on: try bank.device(device), reason: .signIn),
              case .finished(.success, let approval?) = try auth.handle(.matchingTouch, in: prompt) else {
            XCTFail("no approval")
            throw TestFailure("unreachable")
        }
        return approval
    }

    /// Password, finger and the authenticator's code: a sign-in that may trust its device.
    func fullSignIn(_ name: String, app: AuthenticatorApp, flow: SignInFlow,
                    device: String = "iphone-touchid") throws -> CompletedSignIn {
        var attempt = try begin(name, on: device, flow: flow)
        if attempt.next == .biometric { attempt = try flow.passBiometric(attempt, approval: try approval(on: device)) }
        bank.clock.advance(seconds: 30)
        guard case .verified(let proof) = try bank.authenticator().checkSignIn(
            for: try bank.user(name), code: app.code(at: bank.clock.now()), context: context) else {
            XCTFail("code refused")
            throw TestFailure("unreachable")
        }
        return try flow.complete(try flow.passAuthenticator(attempt, proof: proof), context: context)
    }

    // MARK: Item 8: no shared trust over a shared account

    func testAPhoneChosenFromTheListIsNeverTrusted() throws {
        let keychain = bank.directory.file("home/.config/termbank/trusted-devices/shared")
        let (app, _) = try bank.enrolAuthenticator("bob")
        let picked = bank.trustedDevices(keychain: keychain, binding: .unbound)
        let done = try fullSignIn("bob", app: app, flow: bank.flow(trusting: picked))
        XCTAssertTrue(done.passedSecondFactor, "the sign-in itself was complete")

        XCTAssertFalse(picked.mayTrust(after: done), "the question is not even asked")
        XCTAssertThrowsError(try picked.trust(after: done, context: context)) {
            XCTAssertEqual($0 as? TrustedDeviceError, .deviceNotHeld)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: keychain), "no token written anywhere")
        XCTAssertEqual(try picked.list(for: try bank.user("bob")), [])
        XCTAssertEqual(try begin("bob", flow: bank.flow(trusting: picked)).required, [.password, .biometric, .authenticator])
    }

    /// The attack: bob trusted the phone from his own terminal; someone on the
    /// shared SSH account picks the same phone and types bob's password (seen
    /// over his shoulder). The token is in the same home folder, yet the
    /// second factor is still asked.
    func testATokenInTheSharedHomeDoesNotSkipTheSecondFactorForAPickedPhone() throws {
        let keychain = bank.directory.file("keychain")
        let (app, _) = try bank.enrolAuthenticator("bob")
        let held = bank.trustedDevices(keychain: keychain)
        _ = try held.trust(after: try fullSignIn("bob", app: app, flow: bank.flow(trusting: held)), context: context)
        XCTAssertEqual(try begin("bob", flow: bank.flow(trusting: held)).required, [.password, .biometric],
                       "on the terminal that holds it, the trust works")

        let picked = bank.trustedDevices(keychain: keychain, binding: .unbound)
        XCTAssertNil(try picked.validTrust(for: try bank.user("bob"), on: try bank.device("iphone-touchid")))
        XCTAssertEqual(try begin("bob", flow: bank.flow(trusting: picked)).required, [.password, .biometric, .authenticator])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: keychain).count, 1,
                       "the holder's token is left alone")
    }

    /// Two identities on one phone and one home folder: each keeps its tokens
    /// in its own folder, and one's trust is not the other's.
    func testTokenFilesAreKeptPerDeviceIdentity() throws {
        let config = bank.directory.file("config")
        let environment = ["XDG_CONFIG_HOME": config]
        let keyA = DeviceBinding.sshKey(fingerprintHex: String(repeating: "a1", count: 32))
        let keyB = DeviceBinding.sshKey(fingerprintHex: String(repeating: "b2", count: 32))
        func service(_ binding: DeviceBinding) -> TrustedDeviceService {
            TrustedDeviceService(store: bank.store,
                                 keychain: FileDeviceKeychain(environment: environment, identity: binding.identity!),
                                 digester: Blake2bCodeHasher(), random: bank.bank.random, clock: bank.clock,
                                 binding: binding)
        }
        let (app, _) = try bank.enrolAuthenticator("bob")
        _ = try service(keyA).trust(after: try fullSignIn("bob", app: app, flow: bank.flow(trusting: service(keyA))),
                                    context: context)

        let folders = try FileManager.default.contentsOfDirectory(atPath: config + "/termbank/trusted-devices")
        XCTAssertEqual(folders, ["ssh-key-" + String(repeating: "a1", count: 32)])
        XCTAssertEqual(try begin("bob", flow: bank.flow(trusting: service(keyA))).required, [.password, .biometric])
        for other in [keyB, DeviceBinding.localTerminal(uid: 1000)] {
            XCTAssertEqual(try begin("bob", flow: bank.flow(trusting: service(other))).required,
                           [.password, .biometric, .authenticator], "\(other) holds none of key A's tokens")
        }
        // A fingerprint that is not one names no folder at all: such a device is held by nobody.
        XCTAssertNil(DeviceBinding.sshKey(fingerprintHex: "../../etc").identity)
        XCTAssertFalse(DeviceBinding.sshKey(fingerprintHex: String(repeating: "A1", count: 32)).isHeld)
        XCTAssertEqual(DeviceBinding.localTerminal(uid: 0).identity, "os-user-0")
    }

    // MARK: Item 9: the sitekey before the password

    func testTheSitekeyIsShownBeforeThePasswordOnlyAfterACompletedSignInOnThisHeldDevice() throws {
        let known = bank.knownSignIns(.localTerminal(uid: 1000))
        let phone = try bank.device("iphone-touchid")
        let alice = try bank.user("alice")
        XCTAssertNil(try known.knownUser(typed: "alice", on: phone), "never signed in here")

        // The password alone is not a sign-in: nothing is remembered.
        let attempt = try begin("alice", flow: bank.flow)
        XCTAssertThrowsError(try bank.flow.complete(attempt, context: context))
        XCTAssertNil(try known.knownUser(typed: "alice", on: phone))

        let done = try bank.flow.complete(try bank.flow.passBiometric(attempt, approval: try approval(on: "iphone-touchid")), context: context)
        try known.remember(done)
        XCTAssertEqual(try known.knownUser(typed: "Alice", on: phone), alice)
        XCTAssertEqual(try known.knownUser(typed: "alice", on: phone)?.sitekey, alice.sitekey)

        // Another phone, another OS account on this one, another name: not known.
        XCTAssertNil(try known.knownUser(typed: "alice", on: try bank.device("iphone-faceid")))
        XCTAssertNil(try bank.knownSignIns(.localTerminal(uid: 1001)).knownUser(typed: "alice", on: phone))
        XCTAssertNil(try known.knownUser(typed: "bob", on: phone))
        XCTAssertNil(try known.knownUser(typed: "alice", on: nil))
        XCTAssertNil(try known.knownUser(typed: "al ice!", on: phone))
    }

    /// The phishing kit's trick: connect over the shared account, pick the
    /// victim's usual phone, type their name, and copy the picture it shows.
    func testAPickedPhoneNeverShowsASitekeyBeforeThePassword() throws {
        let picked = bank.knownSignIns(.unbound)
        let attempt = try begin("alice", flow: bank.flow)
        let done = try bank.flow.complete(try bank.flow.passBiometric(attempt, approval: try approval(on: "iphone-touchid")), context: context)
        try picked.remember(done)
        try bank.knownSignIns(.localTerminal(uid: 1000)).remember(done)
        XCTAssertNil(try picked.knownUser(typed: "alice", on: try bank.device("iphone-touchid")))
        XCTAssertEqual(try bank.store.connection.query("SELECT identity FROM known_sign_ins").map { $0.text(0) },
                       ["os-user-1000"], "only the held device's record")
    }

    /// Enumeration: a name that does not exist and a real user who never
    /// signed in on this device make the very same single call to the store
    /// (nothing is looked up by name elsewhere), so neither the answer nor the
    /// work behind it depends on whether the name exists.
    func testAnUnknownNameAndAUserNewToThisDeviceCostTheSameOneLookup() throws {
        final class Recording: KnownSignInStore, @unchecked Sendable {
            let inner: SQLiteBankStore
            var calls: [String] = []
            init(_ inner: SQLiteBankStore) { self.inner = inner }
            func recordKnownSignIn(identity: String, device: DeviceID, username: Username, user: UserID,
                                   at time: Timestamp) throws {
                calls.append("record")
                try inner.recordKnownSignIn(identity: identity, device: device, username: username, user: user, at: time)
            }
            func knownSignIn(identity: String, device: DeviceID, username: Username) throws -> UserRecord? {
                calls.append("lookup \(identity) \(device)")
                return try inner.knownSignIn(identity: identity, device: device, username: username)
            }
        }
        let recording = Recording(bank.store)
        let known = KnownDeviceSignIns(store: recording, clock: bank.clock, binding: .localTerminal(uid: 1000))
        let phone = try bank.device("iphone-touchid")
        XCTAssertNil(try known.knownUser(typed: "nobody-here", on: phone))
        XCTAssertNil(try known.knownUser(typed: "bob", on: phone))
        XCTAssertEqual(recording.calls, ["lookup os-user-1000 \(phone.id)", "lookup os-user-1000 \(phone.id)"])
    }
}
