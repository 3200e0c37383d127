import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import XCTest

/// The authenticator factor on a real SQLite file with a driven clock.
final class AuthenticatorTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    let context = AuditContext(sessionID: nil, deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
    }

    func testEnrolmentShowsTheURIAndGroupedSecretAndIsActiveOnlyAfterAValidCode() throws {
        let carol = try bank.user("carol")
        let security = bank.security(phone)
        XCTAssertThrowsError(try security.beginAuthenticatorEnrolment(for: carol, password: Secret("wrong-password"),
                                                                      confirmation: try bank.setUpCode(for: carol, phone: phone),
                                                                      context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .password(.incorrect(attemptsLeft: 4)))
        }
        let enrolment = try security.beginAuthenticatorEnrolment(for: carol, password: bank.password("carol"),
                                                                 confirmation: try bank.setUpCode(for: carol, phone: phone),
                                                                 context: context)
        let uri = enrolment.uri.exposedValue
        XCTAssertTrue(uri.hasPrefix("otpauth://totp/TermBank:carol?secret="), uri)
        XCTAssertTrue(uri.hasSuffix("&issuer=TermBank"), uri)
        let base32 = String(uri.dropFirst("otpauth://totp/TermBank:carol?secret=".count).prefix { $0 != "&" })
        XCTAssertEqual(base32.count, 32, "160 bits, no padding")
        XCTAssertEqual(enrolment.groupedSecret.exposedValue.split(separator: " ").map(String.init).joined(), base32)
        XCTAssertTrue(enrolment.groupedSecret.exposedValue.split(separator: " ").allSatisfy { $0.count == 4 })
        XCTAssertFalse(enrolment.replacing)

        XCTAssertFalse(try security.status(for: carol).authenticatorActive, "pending until a code is typed")
        XCTAssertEqual(try bank.flow.begin(username: "carol", password: bank.password("carol"), device: nil,
                                           context: context), .inProgress(try attempt("carol")),
                       "a pending enrolment does not change sign-in")
        let app = try AuthenticatorApp(enrolment)
        XCTAssertEqual(try security.finishAuthenticatorEnrolment(for: carol, code: app.code(at: bank.clock.now(), steps: 2),
                                                                 context: context), .wrongCode(attemptsLeft: 4))
        guard case .activated(let codes, nil) = try security.finishAuthenticatorEnrolment(
            for: carol, code: app.code(at: bank.clock.now()), context: context) else { return XCTFail() }
        XCTAssertEqual(codes.count, 10, "recovery codes come with the first strong factor")
        let status = try security.status(for: carol)
        XCTAssertTrue(status.authenticatorActive)
        XCTAssertEqual(status.signInFactor, .authenticator)
        XCTAssertEqual(status.recoveryCodesLeft, 10)
        XCTAssertTrue(phone.last?.text.hasPrefix("TermBank: an authenticator app was set up for signing in at") ?? false)
    }

    /// An attempt as `begin` would make it, for comparing.
    func attempt(_ name: String) throws -> SignInAttempt {
        guard case .inProgress(let attempt) = try bank.flow.begin(username: name, password: bank.password(name),
                                                                  device: nil, context: context) else {
            throw TestFailure("refused")
        }
        return attempt
    }

    func testAnEnrolmentNotConfirmedWithinTenMinutesLapses() throws {
        let carol = try bank.user("carol")
        let enrolment = try bank.security(phone).beginAuthenticatorEnrolment(
            for: carol, password: bank.password("carol"), confirmation: try bank.setUpCode(for: carol, phone: phone),
            context: context)
        bank.clock.advance(seconds: 600)
        XCTAssertEqual(try bank.security(phone).finishAuthenticatorEnrolment(
            for: carol, code: try AuthenticatorApp(enrolment).code(at: bank.clock.now()), context: context), .expired)
        XCTAssertEqual(try bank.security(phone).finishAuthenticatorEnrolment(for: carol, code: "123456", context: context),
                       .noEnrolment)
    }

    func testSignInCodesWithOneStepOfDriftEachAcceptedOnce() throws {
        let (app, _) = try bank.enrolAuthenticator("carol")
        let carol = try bank.user("carol")
        let service = bank.authenticator()
        bank.clock.advance(seconds: 120)  // well past the step the enrolment used
        let now = bank.clock.now()
        XCTAssertEqual(try service.checkSignIn(for: carol, code: app.code(at: now, steps: -2), context: context),
                       .wrongCode(attemptsLeft: 4), "two steps behind")
        XCTAssertEqual(try service.checkSignIn(for: carol, code: app.code(at: now, steps: 2), context: context),
                       .wrongCode(attemptsLeft: 3), "two steps ahead")
        guard case .verified(let proof) = try service.checkSignIn(for: carol, code: app.code(at: now, steps: -1),
                                                                  context: context) else { return XCTFail() }
        XCTAssertEqual(proof.step, TOTP.step(at: now) - 1, "one behind is accepted")
        XCTAssertEqual(try service.checkSignIn(for: carol, code: app.code(at: now, steps: -1), context: context),
                       .alreadyUsed(attemptsLeft: 4), "never twice")
        guard case .verified = try service.checkSignIn(for: carol, code: app.code(at: now), context: context) else {
            return XCTFail()
        }
        guard case .verified = try service.checkSignIn(for: carol, code: app.code(at: now, steps: 1), context: context) else {
            return XCTFail("one ahead is accepted")
        }
        XCTAssertEqual(try service.checkSignIn(for: carol, code: app.code(at: now), context: context),
                       .alreadyUsed(attemptsLeft: 4), "a step before the last accepted one is used up too")
    }

    func testFiveWrongCodesInARowLockTheFactorForFifteenMinutes() throws {
        let (app, _) = try bank.enrolAuthenticator("carol")
        let carol = try bank.user("carol")
        let service = bank.authenticator()
        for left in [4, 3, 2, 1] {
            XCTAssertEqual(try service.checkSignIn(for: carol, code: "000000", context: context), .wrongCode(attemptsLeft: left))
        }
        let lockedUntil = bank.clock.now().adding(seconds: 15 * 60)
        XCTAssertEqual(try service.checkSignIn(for: carol, code: "000000", context: context), .locked(until: lockedUntil))
        bank.clock.advance(seconds: 14 * 60 + 59)
        XCTAssertEqual(try service.checkSignIn(for: carol, code: app.code(at: bank.clock.now()), context: context),
                       .locked(until: lockedUntil), "even the right code waits")
        bank.clock.advance(seconds: 1)
        guard case .verified = try service.checkSignIn(for: carol, code: app.code(at: bank.clock.now()), context: context)
        else { return XCTFail() }
    }

    func testTheSameCodeFromTwoConnectionsAtOnceSucceedsOnce() throws {
        let (app, _) = try bank.enrolAuthenticator("carol")
        let carol = try bank.user("carol")
        let services = try (0..<3).map { _ in bank.authenticator(on: try bank.secondStore()) }
        for round in 1...5 {
            bank.clock.advance(seconds: 30)
            let code = app.code(at: bank.clock.now())
            let results = Mutexed<[AuthenticatorCheck]>([])
            let context = self.context
            DispatchQueue.concurrentPerform(iterations: services.count) { index in
                let result = try! services[index].checkSignIn(for: carol, code: code, context: context)
                results.withLock { $0.append(result) }
            }
            let all = results.withLock { $0 }
            XCTAssertEqual(all.filter { if case .verified = $0 { return true } else { return false } }.count, 1,
                           "round \(round): \(all)")
            XCTAssertEqual(all.filter { if case .alreadyUsed = $0 { return true } else { return false } }.count, 2)
        }
    }

    func testAReplacedAuthenticatorWorksFiveMoreMinutesThenIsDropped() throws {
        let (old, codes) = try bank.enrolAuthenticator("carol")
        let carol = try bank.user("carol")
        let security = bank.security(phone)
        XCTAssertThrowsError(try security.beginAuthenticatorEnrolment(for: carol, password: bank.password("carol"),
                                                                      confirmation: nil, context: context),
                             "replacing needs a second factor too") {
            XCTAssertEqual($0 as? ConfirmationError, .needsStrongFactor)
        }
        bank.clock.advance(seconds: 30)
        let enrolment = try security.beginAuthenticatorEnrolment(
            for: carol, password: bank.password("carol"),
            confirmation: .authenticator(old.code(at: bank.clock.now())), context: context)
        XCTAssertTrue(enrolment.replacing)
        let new = try AuthenticatorApp(enrolment)
        bank.clock.advance(seconds: 30)
        guard case .activated(let more, let until?) = try security.finishAuthenticatorEnrolment(
            for: carol, code: new.code(at: bank.clock.now()), context: context) else { return XCTFail() }
        XCTAssertEqual(more, [], "the recovery codes stay as they were")
        XCTAssertEqual(try security.status(for: carol).recoveryCodesLeft, 10)
        XCTAssertEqual(until, bank.clock.now().adding(seconds: 300))
        XCTAssertTrue(phone.last?.text.contains("the old one stops working at") ?? false)
        _ = codes

        let service = bank.authenticator()
        bank.clock.advance(seconds: 4 * 60 + 30)
        guard case .verified = try service.checkSignIn(for: carol, code: old.code(at: bank.clock.now()), context: context)
        else { return XCTFail("the old app still works at 4:30") }
        bank.clock.advance(seconds: 30)
        XCTAssertEqual(try service.checkSignIn(for: carol, code: old.code(at: bank.clock.now()), context: context),
                       .wrongCode(attemptsLeft: 4), "not at 5:00")
        guard case .verified = try service.checkSignIn(for: carol, code: new.code(at: bank.clock.now(), steps: 1),
                                                       context: context) else { return XCTFail() }
        let record = try XCTUnwrap(service.record(of: carol.id))
        XCTAssertNil(record.previousSecret, "dropped, not just ignored")
        XCTAssertNil(record.previousValidUntil)
    }

    func testSecretsAreNeverInTheDatabaseOrTheAuditTrailInClear() throws {
        let carol = try bank.user("carol")
        let enrolment = try bank.security(phone).beginAuthenticatorEnrolment(
            for: carol, password: bank.password("carol"), confirmation: try bank.setUpCode(for: carol, phone: phone),
            context: context)
        let app = try AuthenticatorApp(enrolment)
        guard case .activated(let codes, _) = try bank.security(phone).finishAuthenticatorEnrolment(
            for: carol, code: app.code(at: bank.clock.now()), context: context) else { return XCTFail() }
        bank.clock.advance(seconds: 30)
        let signInCode = app.code(at: bank.clock.now())
        _ = try bank.authenticator().checkSignIn(for: carol, code: signInCode, context: context)

        let base32 = enrolment.groupedSecret.exposedValue.replacingOccurrences(of: " ", with: "")
        let file = try bank.fileBytes()
        XCTAssertFalse(file.contains(Array(base32.utf8)), "base32 secret in the file")
        XCTAssertFalse(file.contains(Array(base32.lowercased().utf8)))
        XCTAssertFalse(file.contains(app.secret), "raw secret bytes in the file")
        for code in codes {
            XCTAssertFalse(file.contains(Array(code.exposedValue.utf8)), "recovery code in the file")
            XCTAssertFalse(file.contains(Array(code.exposedValue.replacingOccurrences(of: "-", with: "").utf8)))
        }
        let trail = try bank.store.auditTrail(username: carol.username, limit: 100)
        let text = trail.map { "\($0.event.kind.rawValue) \($0.event.detail)" }.joined(separator: "\n")
        XCTAssertTrue(text.contains("totp.activated"), text)
        XCTAssertTrue(text.contains("recovery.generated"), text)
        for needle in [base32, String(base32.prefix(8)), signInCode] + codes.map(\.exposedValue) {
            XCTAssertFalse(text.contains(needle), "audit holds a secret")
        }
        let keyFile = try Data(contentsOf: URL(fileURLWithPath: bank.keyFile))
        XCTAssertFalse(file.contains([UInt8](keyFile)), "the key is not in the database")
    }

    func testAStoredSecretMovedToAnotherUserIsRefused() throws {
        _ = try bank.enrolAuthenticator("carol")
        let carol = try bank.user("carol")
        let alice = try bank.user("alice")
        // Someone with write access copies carol's sealed secret to alice's row.
        try bank.store.inSecondFactorTransaction { tx in
            var copy = try XCTUnwrap(tx.authenticator(of: carol.id))
            copy = AuthenticatorRecord(userID: alice.id, secret: copy.secret, activatedAt: copy.activatedAt)
            try tx.saveAuthenticator(copy)
        }
        XCTAssertThrowsError(try bank.authenticator().checkSignIn(for: alice, code: "123456", context: context)) {
            XCTAssertEqual($0 as? AuthenticatorError, .sealedForAnotherUser)
        }
    }

    // MARK: Step-up

    func pending(_ amount: Money, _ id: String, user: UserRecord) -> PendingTransfer {
        PendingTransfer(userID: user.id, from: .checking, to: .savings, amount: amount, clientID: bank.clientID(id))
    }

    func testAnAuthenticatorStepUpBooksExactlyThatTransferWithItsDigestOnce() throws {
        let (app, _) = try bank.enrolAuthenticator("carol")
        let carol = try bank.user("carol")
        let service = bank.authenticator()
        XCTAssertEqual(StepUpPolicy.always.requirement(for: .dollars(250), on: nil, authenticatorActive: true), .authenticator)
        XCTAssertEqual(StepUpPolicy(smsThreshold: .dollars(100)).requirement(for: .dollars(5), on: try bank.device("iphone-touchid"),
                                                                           authenticatorActive: true), .biometric)
        bank.clock.advance(seconds: 30)
        let code = app.code(at: bank.clock.now())
        let first = pending(.dollars(250), "t-1", user: carol)
        guard case .executed(let receipt) = try service.approveTransfer(first, code: code, for: carol, context: context)
        else { return XCTFail() }
        XCTAssertEqual(receipt.request.amount, Money.dollars(250))
        let other = pending(.dollars(999), "t-2", user: carol)
        XCTAssertEqual(try service.approveTransfer(other, code: code, for: carol, context: context),
                       .rejected(.alreadyUsed(attemptsLeft: 4)), "the code cannot approve a second transfer")
        XCTAssertEqual(try bank.store.balances(of: carol.id)[.checking], .dollars(4_750))

        // Funds gone: nothing booked, the code is still good for a transfer that fits.
        bank.clock.advance(seconds: 30)
        let next = app.code(at: bank.clock.now())
        XCTAssertThrowsError(try service.approveTransfer(pending(.dollars(999_999), "t-3", user: carol), code: next,
                                                         for: carol, context: context))
        guard case .executed = try service.approveTransfer(pending(.dollars(1), "t-4", user: carol), code: next,
                                                           for: carol, context: context) else {
            return XCTFail("the code stayed unused")
        }
    }
}
