import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import XCTest

/// Sign-in with the authenticator, recovery codes in its place, and trusted devices.
final class SecondFactorSignInTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    let context = AuditContext(sessionID: nil, deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
    }

    func begin(_ name: String, on device: String? = "old-phone", flow: SignInFlow? = nil) throws -> SignInAttempt {
        let start = try (flow ?? bank.flow).begin(username: name, password: bank.password(name),
                                                  device: try device.map { try bank.device($0) }, context: context)
        guard case .inProgress(let attempt) = start else {
            XCTFail("\(start)")
            throw TestFailure("unreachable")
        }
        return attempt
    }

    func biometricApproval(on device: String) throws -> BiometricApproval {
        let auth = bank.authenticator
        guard case .waiting(let prompt) = auth.begin(.biometricsOrPasscode, on: try bank.device(device), reason: .signIn),
              case .finished(.success, let approval?) = try auth.handle(.matchingTouch, in: prompt) else {
            XCTFail("no approval")
            throw TestFailure("unreachable")
        }
        return approval
    }

    // MARK: The authenticator at sign-in

    func testSignInAsksForTheAuthenticatorAndOnlyItsProofPassesIt() throws {
        let (app, _) = try bank.enrolAuthenticator("bob")
        let bob = try bank.user("bob")
        let attempt = try begin("bob", on: "iphone-touchid")
        XCTAssertEqual(attempt.required, [.password, .biometric, .authenticator], "bob had SMS on: the authenticator replaces it")
        XCTAssertTrue(attempt.acceptsRecoveryCode == false, "not before the biometric")
        let afterFinger = try bank.flow.passBiometric(attempt, approval: try biometricApproval(on: "iphone-touchid"))
        XCTAssertTrue(afterFinger.acceptsRecoveryCode)

        // An SMS proof is the wrong factor now.
        let verify = bank.verify(phone)
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        guard case .verified(let smsProof) = try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: bob,
                                                              context: context) else { return XCTFail() }
        XCTAssertThrowsError(try bank.flow.passSMSCode(afterFinger, proof: smsProof)) {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .wrongFactor)
        }
        // A step-up proof is not a sign-in proof; nor is an old one.
        bank.clock.advance(seconds: 60)
        guard case .verified(let proof) = try bank.authenticator().checkSignIn(for: bob, code: app.code(at: bank.clock.now()),
                                                                              context: context) else { return XCTFail() }
        XCTAssertThrowsError(try bank.flow.complete(afterFinger, context: context)) {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .incomplete(missing: .authenticator))
        }
        let done = try bank.flow.complete(try bank.flow.passAuthenticator(afterFinger, proof: proof), context: context)
        XCTAssertEqual(done.factors, [.password, .biometric, .authenticator])
        XCTAssertTrue(done.passedSecondFactor)
        let session = try bank.sessions.open(done, context: context)
        XCTAssertEqual(session.userID, bob.id)
        let trail = try bank.store.auditTrail(username: bob.username, limit: 1)
        XCTAssertEqual(trail.first?.event.detail, "factors: password+biometric+totp")
    }

    func testTheUserChoosesSMSOrTheAuthenticatorAndMovingToSMSNeedsTheStrongFactor() throws {
        let (app, codes) = try bank.enrolAuthenticator("carol")
        let carol = try bank.user("carol")
        let security = bank.security(phone)
        XCTAssertEqual(try begin("carol").required, [.password, .authenticator])
        XCTAssertThrowsError(try security.chooseSignInFactor(.smsCode, for: carol, password: nil, confirmation: nil,
                                                             context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .needsStrongFactor)
        }
        let ticket = try security.sendConfirmationCode(for: carol, change: .signInWithSMS, context: context)
        XCTAssertThrowsError(try security.chooseSignInFactor(.smsCode, for: carol, password: bank.password("carol"),
                                                             confirmation: .sms(ticket.id, phone.lastCode),
                                                             context: context), "SMS cannot undo the stronger factor") {
            XCTAssertEqual($0 as? ConfirmationError, .needsStrongFactor)
        }
        bank.clock.advance(seconds: 60)
        try security.chooseSignInFactor(.smsCode, for: carol, password: bank.password("carol"),
                                        confirmation: .recoveryCode(codes[0]), context: context)
        XCTAssertEqual(try begin("carol").required, [.password, .smsCode])
        XCTAssertTrue(phone.last?.text.hasPrefix("TermBank: sign-in now asks for an SMS code") ?? false)
        try security.chooseSignInFactor(.authenticator, for: carol, password: nil, confirmation: nil, context: context)
        XCTAssertEqual(try begin("carol").required, [.password, .authenticator], "back to the stronger one at once")
        _ = app
    }

    // MARK: Recovery codes

    func testARecoveryCodeWorksOnceInPlaceOfTheSecondFactorAndTheCountIsShown() throws {
        let (_, codes) = try bank.enrolAuthenticator("carol")
        let carol = try bank.user("carol")
        XCTAssertEqual(Set(codes.map(\.exposedValue)).count, 10)
        XCTAssertTrue(codes.allSatisfy { $0.exposedValue.range(of: #"^[0-9a-z]{5}-[0-9a-z]{5}$"#, options: .regularExpression) != nil })
        let attempt = try begin("carol")
        XCTAssertTrue(attempt.acceptsRecoveryCode)
        // Typed in capitals with a space instead of the dash: the same code.
        let typed = Secret(codes[3].exposedValue.uppercased().replacingOccurrences(of: "-", with: " "))
        guard case .accepted(let proof) = try bank.recovery.useForSignIn(for: carol, code: typed, context: context)
        else { return XCTFail() }
        XCTAssertEqual(proof.remaining, 9)
        XCTAssertNil(proof.regenerationGrant)
        let done = try bank.flow.complete(try bank.flow.passRecoveryCode(attempt, proof: proof), context: context)
        XCTAssertEqual(done.recoveryCodesLeft, 9)
        XCTAssertFalse(done.mustRegenerateRecoveryCodes)
        _ = try bank.sessions.open(done, context: context)
        XCTAssertEqual(try bank.store.auditTrail(username: carol.username, limit: 1).first?.event.detail,
                       "factors: password+totp (second factor: a recovery code)")

        XCTAssertEqual(try bank.recovery.useForSignIn(for: carol, code: codes[3], context: context),
                       .wrongCode(attemptsLeft: 4), "never twice")
        XCTAssertEqual(try bank.security(phone).status(for: carol).recoveryCodesLeft, 9)
        XCTAssertEqual(try bank.recovery.useForSignIn(for: try bank.user("alice"), code: codes[4], context: context),
                       .notEnrolled, "carol's code is nothing to alice")
    }

    func testTheSameRecoveryCodeFromTwoConnectionsAtOnceSucceedsOnce() throws {
        let (_, codes) = try bank.enrolAuthenticator("carol")
        let carol = try bank.user("carol")
        let services = try (0..<2).map { _ -> RecoveryCodeService in
            RecoveryCodeService(store: try bank.secondStore(), hasher: bank.bank.hasher, random: bank.bank.random,
                                clock: bank.clock)
        }
        let context = self.context
        for code in codes.prefix(3) {
            let results = Mutexed<[RecoveryCodeCheck]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let result = try! services[index].useForSignIn(for: carol, code: code, context: context)
                results.withLock { $0.append(result) }
            }
            let all = results.withLock { $0 }
            XCTAssertEqual(all.filter { if case .accepted = $0 { return true } else { return false } }.count, 1, "\(all)")
        }
        XCTAssertEqual(try bank.recovery.remaining(for: carol.id), 7)
    }

    func testUsingTheLastCodeForcesANewSetAndRegeneratingNeedsPasswordAndASecondFactor() throws {
        let (app, codes) = try bank.enrolAuthenticator("carol")
        let carol = try bank.user("carol")
        let security = bank.security(phone)
        // Regenerating: the password and a code in the same call.
        bank.clock.advance(seconds: 60)
        XCTAssertThrowsError(try security.regenerateRecoveryCodes(
            for: carol, password: Secret("not-her-password"), confirmation: .authenticator(app.code(at: bank.clock.now())),
            context: context)) { XCTAssertEqual($0 as? ConfirmationError, .password(.incorrect(attemptsLeft: 4))) }
        XCTAssertThrowsError(try security.regenerateRecoveryCodes(
            for: carol, password: bank.password("carol"), confirmation: .authenticator("000000"), context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .authenticator(.wrongCode(attemptsLeft: 4)))
        }
        let fresh = try security.regenerateRecoveryCodes(for: carol, password: bank.password("carol"),
                                                         confirmation: .authenticator(app.code(at: bank.clock.now())),
                                                         context: context)
        XCTAssertEqual(fresh.count, 10)
        XCTAssertEqual(try bank.recovery.useForSignIn(for: carol, code: codes[0], context: context),
                       .wrongCode(attemptsLeft: 4), "the old set is gone")

        // Use all ten; the last one says a new set is due, and grants making it.
        var last: RecoveryCodeProof?
        for (index, code) in fresh.enumerated() {
            guard case .accepted(let proof) = try bank.recovery.useForSignIn(for: carol, code: code, context: context)
            else { return XCTFail("code \(index)") }
            XCTAssertEqual(proof.remaining, 9 - index)
            last = proof
        }
        let grant = try XCTUnwrap(last?.regenerationGrant)
        let attempt = try begin("carol")
        let done = try bank.flow.complete(try bank.flow.passRecoveryCode(attempt, proof: try XCTUnwrap(last)), context: context)
        XCTAssertTrue(done.mustRegenerateRecoveryCodes)
        XCTAssertEqual(done.regenerationGrant, grant)
        XCTAssertTrue(try security.status(for: carol).mustRegenerateRecoveryCodes)
        XCTAssertThrowsError(try security.turnOffAuthenticator(for: carol, password: bank.password("carol"),
                                                               confirmation: .lastRecoveryCodeSignIn(grant), context: context),
                             "the grant makes new codes, nothing else") {
            XCTAssertEqual($0 as? ConfirmationError, .grantNotValid)
        }
        let newest = try security.regenerateRecoveryCodes(for: carol, password: bank.password("carol"),
                                                          confirmation: .lastRecoveryCodeSignIn(grant), context: context)
        XCTAssertEqual(newest.count, 10)
        XCTAssertFalse(try security.status(for: carol).mustRegenerateRecoveryCodes)
        XCTAssertThrowsError(try security.regenerateRecoveryCodes(for: carol, password: bank.password("carol"),
                                                                  confirmation: .lastRecoveryCodeSignIn(grant),
                                                                  context: context), "once") {
            XCTAssertEqual($0 as? ConfirmationError, .grantNotValid)
        }
    }

    // MARK: Trusted devices

    func trustAfterFullSignIn(_ name: String, app: AuthenticatorApp, keychain: String,
                              device: String = "iphone-touchid") throws -> (TrustedDevice, CompletedSignIn) {
        let service = bank.trustedDevices(keychain: keychain)
        let flow = bank.flow(trusting: service)
        var attempt = try begin(name, on: device, flow: flow)
        if attempt.next == .biometric { attempt = try flow.passBiometric(attempt, approval: try biometricApproval(on: device)) }
        bank.clock.advance(seconds: 30)
        guard case .verified(let proof) = try bank.authenticator().checkSignIn(
            for: try bank.user(name), code: app.code(at: bank.clock.now()), context: context) else {
            XCTFail("code refused")
            throw TestFailure("unreachable")
        }
        let done = try flow.complete(try flow.passAuthenticator(attempt, proof: proof), context: context)
        return (try service.trust(after: done, context: context), done)
    }

    func testATrustedDeviceSkipsTheSecondFactorButNotThePasswordOrBiometric() throws {
        let keychain = bank.directory.file("config/termbank/trusted-devices")
        let (app, _) = try bank.enrolAuthenticator("bob")
        let (trusted, _) = try trustAfterFullSignIn("bob", app: app, keychain: keychain)
        XCTAssertEqual(trusted.expiresAt, trusted.createdAt.adding(seconds: 30 * 24 * 3600))

        // The token is on the device side, 0600, in a 0700 folder; only its hash in the database.
        let files = try FileManager.default.contentsOfDirectory(atPath: keychain)
        XCTAssertEqual(files.count, 1)
        XCTAssertTrue(files[0].hasSuffix("+iphone-touchid+bob.token"), files[0])
        let path = keychain + "/" + files[0]
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue, 0o600)
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: keychain)[.posixPermissions] as! NSNumber).intValue, 0o700)
        let token = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .newlines)
        XCTAssertEqual(token.count, 64)
        XCTAssertFalse(try bank.fileBytes().contains(Array(token.utf8)), "the token is not in the database")

        let service = bank.trustedDevices(keychain: keychain)
        let flow = bank.flow(trusting: service)
        let attempt = try begin("bob", on: "iphone-touchid", flow: flow)
        XCTAssertEqual(attempt.required, [.password, .biometric], "second factor skipped, the finger still asked")
        XCTAssertEqual(attempt.trustedDevice, trusted.id)
        let done = try flow.complete(try flow.passBiometric(attempt, approval: try biometricApproval(on: "iphone-touchid")), context: context)
        XCTAssertFalse(done.passedSecondFactor)
        XCTAssertThrowsError(try service.trust(after: done, context: context), "a skipped sign-in cannot trust again") {
            XCTAssertEqual($0 as? TrustedDeviceError, .noSecondFactorPassed)
        }
        let session = try bank.sessions.open(done, context: context)
        XCTAssertEqual(session.trustedDeviceID, trusted.id)
        XCTAssertEqual(try service.list(for: try bank.user("bob")).first?.lastUsedAt, bank.clock.now())

        // Another device, or another user on this one, is not trusted.
        XCTAssertEqual(try begin("bob", on: "iphone-faceid", flow: flow).required, [.password, .biometric, .authenticator])
        XCTAssertEqual(try begin("bob", on: "old-phone", flow: flow).required, [.password, .authenticator])
        // Step-up for transfers is never skipped.
        XCTAssertEqual(StepUpPolicy.always.requirement(for: Money(minorUnits: 1), on: try bank.device("iphone-touchid"),
                                                       authenticatorActive: true), .authenticator)
    }

    func testTrustLastsThirtyDaysExactly() throws {
        let keychain = bank.directory.file("keychain")
        let (app, _) = try bank.enrolAuthenticator("carol")
        let (trusted, _) = try trustAfterFullSignIn("carol", app: app, keychain: keychain, device: "old-phone")
        let flow = bank.flow(trusting: bank.trustedDevices(keychain: keychain))
        bank.clock.advance(milliseconds: trusted.expiresAt.millisecondsSinceEpoch - bank.clock.now().millisecondsSinceEpoch - 1)
        XCTAssertEqual(try begin("carol", flow: flow).required, [.password], "29 days 23:59:59.999")
        bank.clock.advance(milliseconds: 1)
        XCTAssertEqual(try begin("carol", flow: flow).required, [.password, .authenticator], "30 days")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: keychain), [], "the dead token is removed")
    }

    func testRevocationIsSeenAtOnceByAnotherConnectionAndEndsSessionsThatSkippedThroughIt() throws {
        let keychain = bank.directory.file("keychain")
        let (app, _) = try bank.enrolAuthenticator("carol")
        let (trusted, _) = try trustAfterFullSignIn("carol", app: app, keychain: keychain, device: "old-phone")
        let carol = try bank.user("carol")

        // Another process: its own connection, a sign-in in progress and a session open.
        let other = try bank.secondStore()
        let otherTrust = bank.trustedDevices(keychain: keychain, on: other)
        let otherFlow = SignInFlow(password: PasswordSignIn(store: other, hasher: bank.bank.hasher, clock: bank.clock),
                                   settings: BiometricSettings(store: other, audit: other, clock: bank.clock),
                                   secondFactors: other, trustedDevices: otherTrust, clock: bank.clock)
        let otherSessions = SessionService(store: other, audit: other, clock: bank.clock, random: bank.bank.random)
        let session = try otherSessions.open(try otherFlow.complete(try begin("carol", flow: otherFlow), context: context), context: context)
        let inProgress = try begin("carol", flow: otherFlow)
        XCTAssertEqual(inProgress.required, [.password])

        XCTAssertEqual(try bank.trustedDevices(keychain: keychain).revoke(trusted.id, for: carol, context: context), 1)
        XCTAssertThrowsError(try otherSessions.touch(session.id), "the other process's session ends at once") {
            XCTAssertEqual($0 as? SessionError, .ended(.trustRevoked))
        }
        XCTAssertThrowsError(try otherFlow.complete(inProgress, context: context), "a sign-in that skipped before the revocation stops") {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .deviceNoLongerTrusted)
        }
        XCTAssertEqual(try begin("carol", flow: otherFlow).required, [.password, .authenticator])
        let listed = try otherTrust.list(for: carol)
        XCTAssertEqual(listed.map(\.id), [trusted.id])
        XCTAssertNotNil(listed.first?.revokedAt)
        XCTAssertThrowsError(try otherTrust.revoke(trusted.id, for: try bank.user("alice"), context: context)) {
            XCTAssertEqual($0 as? TrustedDeviceError, .notFound)
        }
    }

    func testAnEnrollmentChangeIsNeverSkippedByTrust() throws {
        let keychain = bank.directory.file("keychain")
        let (app, _) = try bank.enrolAuthenticator("alice")
        _ = try trustAfterFullSignIn("alice", app: app, keychain: keychain)
        let device = try bank.device("iphone-touchid")
        try bank.store.modifyDevice(device.id) { $0.enrollmentState = "someone-elses-finger" }
        let flow = bank.flow(trusting: bank.trustedDevices(keychain: keychain))
        XCTAssertEqual(try begin("alice", on: "iphone-touchid", flow: flow).required, [.password, .authenticator])
    }
}
