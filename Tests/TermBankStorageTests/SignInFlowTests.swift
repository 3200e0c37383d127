import TermBankCore
import TermBankStorage
import XCTest

/// password → biometric → SMS code → session, and no way around any factor.
final class SignInFlowTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    let context = AuditContext(sessionID: nil, deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
    }

    func begin(_ user: String, _ password: String, on device: String?) throws -> SignInAttempt {
        let start = try bank.flow.begin(username: user, password: Secret(password),
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

    func testWhichFactorsEachDemoUserNeedsOnEachDevice() throws {
        XCTAssertEqual(try begin("alice", "wonderland-42", on: "iphone-touchid").required, [.password, .biometric])
        XCTAssertEqual(try begin("alice", "wonderland-42", on: "iphone-faceid").required, [.password, .biometric])
        XCTAssertEqual(try begin("alice", "wonderland-42", on: "old-phone").required, [.password],
                       "no biometry: skipped, as the seed does")
        XCTAssertEqual(try begin("bob", "builder-2026", on: "iphone-touchid").required, [.password, .biometric, .smsCode])
        XCTAssertEqual(try begin("bob", "builder-2026", on: "old-phone").required, [.password, .smsCode])
    }

    func testAWrongPasswordNeverStartsAnAttempt() throws {
        XCTAssertEqual(try bank.flow.begin(username: "alice", password: Secret("nope-nope"),
                                           device: try bank.device("iphone-touchid"), context: context),
                       .refused(.incorrect(attemptsLeft: 4)))
    }

    func testNoSessionWithoutEveryFactor() throws {
        let flow = bank.flow
        let attempt = try begin("bob", "builder-2026", on: "iphone-touchid")
        XCTAssertThrowsError(try flow.complete(attempt, context: context)) {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .incomplete(missing: .biometric))
        }
        let verify = bank.verify(phone)
        let bob = try bank.user("bob")
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        guard case .verified(let proof) = try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: bob,
                                                           context: context) else { return XCTFail() }
        XCTAssertThrowsError(try flow.passSMSCode(attempt, proof: proof), "the biometric comes first") {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .wrongFactor)
        }
        XCTAssertThrowsError(try flow.passBiometric(attempt, approval: try biometricApproval(on: "iphone-faceid")),
                             "a finger on another phone proves nothing here")
        let afterBiometric = try flow.passBiometric(attempt, approval: try biometricApproval(on: "iphone-touchid"))
        XCTAssertThrowsError(try flow.complete(afterBiometric, context: context)) {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .incomplete(missing: .smsCode))
        }
        let done = try flow.passSMSCode(afterBiometric, proof: proof)
        let completed = try flow.complete(done, context: context)
        XCTAssertEqual(completed.factors, [.password, .biometric, .smsCode])
        let session = try bank.sessions.open(completed, context: context)
        XCTAssertEqual(session.userID, bob.id)
    }

    func testAnotherUsersCodeDoesNotPassTheSMSFactor() throws {
        let attempt = try begin("bob", "builder-2026", on: "old-phone")
        let verify = bank.verify(phone)
        let carol = try bank.user("carol")
        let ticket = try verify.start(for: carol, purpose: .signIn, context: context)
        guard case .verified(let proof) = try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: carol,
                                                           context: context) else { return XCTFail() }
        XCTAssertThrowsError(try bank.flow.passSMSCode(attempt, proof: proof)) {
            XCTAssertEqual($0 as? SignInFlow.FlowError, .proofForAnotherUserOrDevice)
        }
    }

    func testABiometricApprovalGoesStaleAfterAMinute() throws {
        let attempt = try begin("alice", "wonderland-42", on: "iphone-touchid")
        let approval = try biometricApproval(on: "iphone-touchid")
        bank.clock.advance(seconds: 60)
        XCTAssertThrowsError(try bank.flow.passBiometric(attempt, approval: approval))
    }

    // MARK: The biometric switch

    func testTurningBiometricSignInOffSkipsThePromptAndOnNeedsAFinger() throws {
        let alice = try bank.user("alice")
        let device = try bank.device("iphone-touchid")
        try bank.settings.disable(for: alice, on: device, context: context)
        XCTAssertEqual(try begin("alice", "wonderland-42", on: "iphone-touchid").required, [.password])

        let auth = bank.authenticator
        guard case .waiting(let prompt) = auth.begin(.biometricsOrPasscode, on: try bank.device("old-phone"), reason: .signIn),
              case .finished(.success, let passcodeApproval?) = try auth.handle(.passcode(Secret(DemoBank.devicePasscode)),
                                                                               in: prompt)
        else { return XCTFail() }
        XCTAssertThrowsError(try bank.settings.enable(for: alice, on: device, approval: passcodeApproval, context: context)) {
            XCTAssertEqual($0 as? BiometricSettings.EnableError, .needsBiometricEvaluation)
        }
        try bank.settings.enable(for: alice, on: device, approval: try biometricApproval(on: "iphone-touchid"),
                                 context: context)
        XCTAssertEqual(try begin("alice", "wonderland-42", on: "iphone-touchid").required, [.password, .biometric])
    }

    func testANewFingerTurnsTheSwitchOffAndTheNextSignInNeedsTheSMSCode() throws {
        let flow = bank.flow
        let alice = try bank.user("alice")
        _ = try flow.passBiometric(try begin("alice", "wonderland-42", on: "iphone-touchid"),
                                   approval: try biometricApproval(on: "iphone-touchid"))
        let device = try bank.device("iphone-touchid")
        try bank.store.modifyDevice(device.id) { $0.enrollmentState = "someone-elses-finger" }

        let attempt = try begin("alice", "wonderland-42", on: "iphone-touchid")
        XCTAssertEqual(attempt.required, [.password, .smsCode], "biometric off, SMS code required although alice has it off")
        let trail = try bank.store.auditTrail(username: alice.username, limit: 5).map(\.event.detail)
        XCTAssertTrue(trail.contains("biometric sign-in turned off on iphone-touchid: enrollment changed"), "\(trail)")

        let verify = bank.verify(phone)
        let ticket = try verify.start(for: alice, purpose: .signIn, context: context)
        guard case .verified(let proof) = try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: alice,
                                                           context: context) else { return XCTFail() }
        _ = try flow.complete(try flow.passSMSCode(attempt, proof: proof), context: context)
        XCTAssertEqual(try begin("alice", "wonderland-42", on: "iphone-touchid").required, [.password],
                       "the switch stays off until alice turns it on with a finger")
    }
}

final class SessionTests: XCTestCase {
    var bank: TestBank!
    var alice: UserRecord!
    let context = AuditContext(sessionID: nil, deviceID: "old-phone")

    override func setUpWithError() throws {
        bank = try TestBank()
        alice = try bank.user("alice")
    }

    func open() throws -> Session {
        guard case .inProgress(let attempt) = try bank.flow.begin(username: "alice", password: Secret("wonderland-42"),
                                                                  device: try bank.device("old-phone"), context: context)
        else { throw TestFailure("no attempt") }
        return try bank.sessions.open(try bank.flow.complete(attempt, context: context), context: context)
    }

    func testSessionIDsAre128RandomBits() throws {
        let ids = try (0..<5).map { _ in try open().id.rawValue }
        XCTAssertTrue(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        XCTAssertEqual(Set(ids).count, 5)
    }

    func testFiveMinutesWithoutInputEndsTheSession() throws {
        let session = try open()
        bank.clock.advance(seconds: 4 * 60 + 59)
        XCTAssertNoThrow(try bank.sessions.touch(session.id))
        bank.clock.advance(seconds: 5 * 60)
        XCTAssertThrowsError(try bank.sessions.touch(session.id)) {
            XCTAssertEqual($0 as? SessionError, .ended(.idle))
        }
        bank.clock.advance(seconds: 1)
        XCTAssertThrowsError(try bank.sessions.validate(session.id), "an ended session stays ended") {
            XCTAssertEqual($0 as? SessionError, .ended(.idle))
        }
    }

    func testTwelveHoursIsTheMostASessionLasts() throws {
        let session = try open()
        for _ in 0..<(12 * 15 - 1) {
            bank.clock.advance(seconds: 4 * 60)
            try bank.sessions.touch(session.id)
        }
        bank.clock.advance(seconds: 4 * 60)
        XCTAssertThrowsError(try bank.sessions.touch(session.id)) {
            XCTAssertEqual($0 as? SessionError, .ended(.maximumAge))
        }
    }

    func testSigningOutEndsTheSessionForGood() throws {
        let session = try open()
        try bank.sessions.end(session.id, reason: .signedOut, user: alice, context: context)
        XCTAssertThrowsError(try bank.sessions.touch(session.id)) {
            XCTAssertEqual($0 as? SessionError, .ended(.signedOut))
        }
        XCTAssertThrowsError(try bank.sessions.touch(SessionID(trusted: String(repeating: "0", count: 32)))) {
            XCTAssertEqual($0 as? SessionError, .notFound)
        }
        let events = try bank.store.auditTrail(username: alice.username, limit: 3).map(\.event.kind)
        XCTAssertEqual(events.prefix(2), [.sessionEnded, .sessionStarted])
    }
}

final class StepUpPolicyTests: XCTestCase {
    func testEveryTransferNeedsTheCodeByDefaultAndSmallOnesABiometricWithAThreshold() throws {
        let bank = try TestBank()
        let touch = try bank.device("iphone-touchid")
        let old = try bank.device("old-phone")
        XCTAssertEqual(StepUpPolicy.always.requirement(for: Money(minorUnits: 1), on: touch), .smsCode)
        let threshold = StepUpPolicy(smsThreshold: .dollars(100))
        XCTAssertEqual(threshold.requirement(for: Money(minorUnits: 9_999), on: touch), .biometric)
        XCTAssertEqual(threshold.requirement(for: .dollars(100), on: touch), .smsCode)
        XCTAssertEqual(threshold.requirement(for: .dollars(1), on: old), .smsCode, "no biometry: the code")
    }
}
