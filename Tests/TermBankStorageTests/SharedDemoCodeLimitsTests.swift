import Foundation
import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// At a shared demo (`--demo`, several stakeholders over SSH on one bank)
/// the hourly SMS limits and the lock on wrong authenticator and recovery
/// codes count per origin, as wrong passwords do (decision 40): one
/// stakeholder who asks bob's ten codes of the hour, or types five wrong
/// codes for alice's authenticator, meets the real limit or lock, and the
/// others do not. A real bank keeps one count per number, customer and
/// authenticator, and so does `--demo` pointed at a bank that is not the
/// demo bank (decision 46). Real SQLite files, a driven clock.
final class SharedDemoCodeLimitsTests: XCTestCase {
    let first = DemoOrigin(keyFingerprint: "SHA256:first-stakeholder", address: "203.0.113.7")
    let second = DemoOrigin(keyFingerprint: "SHA256:second-stakeholder", address: "203.0.113.7")
    let context = AuditContext(sessionID: nil, deviceID: "ssh-0123456789ab")
    /// Codes to one number in an hour (10: decision 52).
    let limit = VerifyConfiguration.standard.maximumSendsPerHour

    /// One sign-in code for `name` from a terminal, then the sign-in left (its code cancelled), as a
    /// stakeholder who signs in and goes back does: each asks a new code.
    func askAndLeave(_ verify: VerifyService, _ user: UserRecord) throws {
        let ticket = try verify.start(for: user, purpose: .signIn, context: context)
        try verify.cancel(ticket.id, for: user, reason: "signed out", context: context)
    }

    func tooManySends(_ body: () throws -> Void) -> Timestamp? {
        do {
            try body()
        } catch VerifyError.tooManySends(let next) {
            return next
        } catch {
            XCTFail("\(error)")
        }
        return nil
    }

    // MARK: SMS codes

    func testAtTheDemoAStakeholderWhoUsedUpBobsCodesOfTheHourLeavesTheOthersTheirs() throws {
        let test = try TestBank()
        let bob = try test.user("bob")
        let phone = RecordingGateway()
        let mine = test.verify(phone, store: try test.secondStore(), scope: .perOrigin(first))
        let theirs = test.verify(phone, store: try test.secondStore(), scope: .perOrigin(second))
        let start = test.clock.now()
        for _ in 1...limit {
            try askAndLeave(mine, bob)
            test.clock.advance(seconds: 60)
        }
        XCTAssertEqual(tooManySends { try askAndLeave(mine, bob) }, start.adding(seconds: 3600),
                       "the stakeholder who asked them all meets the real limit")

        let sent = phone.messages.count
        let ticket = try theirs.start(for: bob, purpose: .signIn, context: context)
        XCTAssertFalse(ticket.reused)
        XCTAssertEqual(phone.messages.count, sent + 1, "another stakeholder still gets bob's code")
        guard case .verified = try theirs.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: bob,
                                                context: context) else { return XCTFail("their code works") }

        let presenter = test.verify(phone, store: try test.secondStore())
        XCTAssertNoThrow(try askAndLeave(presenter, bob), "a session without --demo counts in everyone's count")

        XCTAssertEqual(tooManySends { try askAndLeave(mine, bob) }, start.adding(seconds: 3600),
                       "their codes do not lift my limit")
        test.clock.advance(seconds: 3600 - Int64(limit) * 60 + 1)
        XCTAssertNoThrow(try askAndLeave(mine, bob), "the oldest of mine ages out of the hour")
    }

    func testTheAuditTrailNamesTheOriginWhoseCodesWereSentAndWhoseLimitWasReached() throws {
        let test = try TestBank()
        let bob = try test.user("bob")
        let mine = test.verify(RecordingGateway(), scope: .perOrigin(first))
        for _ in 1...limit { try askAndLeave(mine, bob) }
        _ = tooManySends { try askAndLeave(mine, bob) }
        let trail = try test.store.auditTrail(username: Username(trusted: "bob"), limit: 3).map(\.event)
        XCTAssertEqual(trail.map(\.kind), [.deliveryFailed, .verificationCancelled, .verificationStarted])
        XCTAssertEqual(trail[0].detail, "hourly send limit reached for \(bob.phone.masked) from key SHA256:first-stakeholder")
        XCTAssertTrue(trail[2].detail.hasSuffix("signin by sms to \(bob.phone.masked) from key SHA256:first-stakeholder"),
                      trail[2].detail)
        let everything = try test.store.auditTrail(username: nil, limit: 100).map(\.event.detail).joined(separator: "\n")
        XCTAssertFalse(everything.contains(bob.phone.e164), "the trail masks the number")
    }

    func testWithoutDemoModeBobsCodesOfTheHourAreEveryones() throws {
        let test = try TestBank()
        let bob = try test.user("bob")
        let phone = RecordingGateway()
        let start = test.clock.now()
        for _ in 1...limit { try askAndLeave(test.verify(phone, store: try test.secondStore()), bob) }
        XCTAssertEqual(tooManySends { try askAndLeave(test.verify(phone, store: try test.secondStore()), bob) },
                       start.adding(seconds: 3600), "another terminal on the demo bank without --demo")
        XCTAssertNil(tooManySends {
            try askAndLeave(test.verify(phone, store: try test.secondStore(), scope: .perOrigin(first)), bob)
        }, "and a stakeholder's count is theirs: the presenter's are not in it")
    }

    func testDemoWiringOnARealBankKeepsOneLimitPerNumber() throws {
        let test = try TestBank(demo: false)
        let dana = try test.bank.addUser(test.bank.prepareUser(
            username: Username(trusted: "dana"), password: Secret("correct-horse-9"),
            phone: PhoneNumber(trusted: "+15550177"), sitekey: nil, smsVerification: true), context: .operatorCLI)
        XCTAssertNotEqual(try test.store.bankKind(), .demo)
        let phone = RecordingGateway()
        let start = test.clock.now()
        for _ in 1...limit { try askAndLeave(test.verify(phone, scope: .perOrigin(first)), dana) }
        XCTAssertEqual(tooManySends { try askAndLeave(test.verify(phone, scope: .perOrigin(second)), dana) },
                       start.adding(seconds: 3600), "--demo cannot send a real bank's number more codes")
        XCTAssertEqual(try test.store.connection.query("SELECT DISTINCT origin FROM sms_sends").map { $0.text(0) }, [""])
    }

    // MARK: Authenticator and recovery codes

    /// alice with an authenticator (as a stakeholder at the demo sets one up), and a wrong code for it.
    func aliceWithAnAuthenticator(_ test: TestBank) throws -> (app: AuthenticatorApp, codes: [Secret], alice: UserRecord) {
        let (app, codes) = try test.enrolAuthenticator("alice")
        test.clock.advance(seconds: 60)  // past the step the set-up used
        return (app, codes, try test.user("alice"))
    }

    func wrongCode(_ app: AuthenticatorApp, _ test: TestBank) -> String {
        String(format: "%06d", (Int(app.code(at: test.clock.now()))! + 1) % 1_000_000)
    }

    /// Five wrong codes from one terminal, each answered as a real bank answers. Returns the lock's end.
    func lockOut(_ service: AuthenticatorService, _ user: UserRecord, _ app: AuthenticatorApp, _ test: TestBank) throws -> Timestamp {
        for left in [4, 3, 2, 1] {
            XCTAssertEqual(try service.checkSignIn(for: user, code: wrongCode(app, test), context: context),
                           .wrongCode(attemptsLeft: left))
        }
        let until = test.clock.now().adding(seconds: 900)
        XCTAssertEqual(try service.checkSignIn(for: user, code: wrongCode(app, test), context: context), .locked(until: until))
        return until
    }

    func testAtTheDemoFiveWrongAuthenticatorCodesLockAlicesSecondFactorOnlyForTheOriginThatTypedThem() throws {
        let test = try TestBank()
        let (app, _, alice) = try aliceWithAnAuthenticator(test)
        let mine = test.authenticator(on: try test.secondStore(), scope: .perOrigin(first))
        let theirs = test.authenticator(on: try test.secondStore(), scope: .perOrigin(second))

        let until = try lockOut(mine, alice, app, test)
        XCTAssertEqual(try mine.checkSignIn(for: alice, code: app.code(at: test.clock.now()), context: context),
                       .locked(until: until), "even the right code, as at a real bank")
        XCTAssertEqual(try mine.codesLockedUntil(of: alice.id), until, "the screens say so before a code is typed")
        XCTAssertNil(try theirs.codesLockedUntil(of: alice.id))

        guard case .verified = try theirs.checkSignIn(for: alice, code: app.code(at: test.clock.now()), context: context) else {
            return XCTFail("another stakeholder still signs in as alice with her authenticator")
        }
        test.clock.advance(seconds: 30)
        XCTAssertEqual(try theirs.checkSignIn(for: alice, code: wrongCode(app, test), context: context),
                       .wrongCode(attemptsLeft: 4), "and counts from their own five")
        XCTAssertEqual(try mine.checkSignIn(for: alice, code: app.code(at: test.clock.now()), context: context),
                       .locked(until: until), "their success does not lift my lock")
        guard case .verified = try test.authenticator().checkSignIn(for: alice, code: app.code(at: test.clock.now()),
                                                                    context: context) else {
            return XCTFail("a session without --demo counts on the customer's own run, which mine is not")
        }

        test.clock.advance(seconds: 900)
        guard case .verified = try mine.checkSignIn(for: alice, code: app.code(at: test.clock.now()), context: context) else {
            return XCTFail("the lock runs out")
        }
    }

    func testAtTheDemoRecoveryCodesCountInTheSameOriginsRunAndAnotherOriginUsesOne() throws {
        let test = try TestBank()
        let (app, codes, alice) = try aliceWithAnAuthenticator(test)
        let mine = test.authenticator(scope: .perOrigin(first))
        let theirs = test.authenticator(scope: .perOrigin(second))
        for left in [4, 3, 2, 1] {
            XCTAssertEqual(try mine.checkSignIn(for: alice, code: wrongCode(app, test), context: context),
                           .wrongCode(attemptsLeft: left))
        }
        let until = test.clock.now().adding(seconds: 900)
        XCTAssertEqual(try mine.recovery.useForSignIn(for: alice, code: Secret("zzzzz-zzzzz"), context: context),
                       .locked(until: until), "a wrong recovery code is the fifth of my run")
        XCTAssertEqual(try mine.recovery.useForSignIn(for: alice, code: codes[0], context: context), .locked(until: until))
        guard case .accepted = try theirs.recovery.useForSignIn(for: alice, code: codes[0], context: context) else {
            return XCTFail("another origin uses the code my lock did not touch")
        }
        let trail = try test.store.auditTrail(username: Username(trusted: "alice"), limit: 4).map(\.event.detail)
        XCTAssertTrue(trail.contains("two-factor codes locked until \(until) from key SHA256:first-stakeholder only (demo)"),
                      "\(trail)")
        XCTAssertTrue(trail.contains("sign-in: wrong recovery code (5 in a row from key SHA256:first-stakeholder)"), "\(trail)")
    }

    func testWithoutDemoModeFiveWrongAuthenticatorCodesLockAlicesSecondFactorForEveryone() throws {
        let test = try TestBank()
        let (app, _, alice) = try aliceWithAnAuthenticator(test)
        let until = try lockOut(test.authenticator(on: try test.secondStore()), alice, app, test)
        XCTAssertEqual(try test.authenticator(on: try test.secondStore()).checkSignIn(
            for: alice, code: app.code(at: test.clock.now()), context: context), .locked(until: until))
        XCTAssertEqual(try test.store.auditTrail(username: Username(trusted: "alice"), limit: 1).first?.event.detail,
                       "two-factor codes locked until \(until)", "a real bank's trail reads as it did")
    }

    func testDemoWiringOnARealBankStillLocksTheAuthenticatorForEveryOrigin() throws {
        let test = try TestBank()
        let (app, _, alice) = try aliceWithAnAuthenticator(test)
        try test.store.connection.execute("UPDATE bank_meta SET value = 'custom' WHERE key = 'kind'")
        XCTAssertNotEqual(try test.store.bankKind(), .demo)
        let until = try lockOut(test.authenticator(scope: .perOrigin(first)), alice, app, test)
        XCTAssertEqual(try test.authenticator(scope: .perOrigin(second)).checkSignIn(
            for: alice, code: app.code(at: test.clock.now()), context: context), .locked(until: until),
                       "--demo cannot give a real bank's authenticator more guesses")
        XCTAssertEqual(try test.store.connection.query("SELECT count(*) FROM second_factor_throttle").first?.int(0), 0)
    }

    // MARK: The operator

    func testTheOperatorSeesAndClearsTheDemoOriginsLocksAndLimitsButNotTheCustomersOwn() throws {
        let test = try TestBank()
        let (app, _, alice) = try aliceWithAnAuthenticator(test)
        let bob = try test.user("bob")
        let mine = test.authenticator(scope: .perOrigin(first))
        let verify = test.verify(RecordingGateway(), scope: .perOrigin(first))
        _ = try lockOut(mine, alice, app, test)
        for _ in 1...limit { try askAndLeave(verify, bob) }
        let ownUntil = try lockOut(test.authenticator(), alice, app, test)

        let users = try test.store.listUsers()
        let aliceRow = try XCTUnwrap(users.first { $0.user.username.rawValue == "alice" })
        let bobRow = try XCTUnwrap(users.first { $0.user.username.rawValue == "bob" })
        XCTAssertEqual(aliceRow.originCodeLocksUntil.count, 1)
        XCTAssertEqual(bobRow.originSendTimes.map(\.count), [limit])

        XCTAssertTrue(try test.store.unlock(Username(trusted: "alice"), at: test.clock.now(), context: .operatorCLI))
        XCTAssertTrue(try test.store.unlock(Username(trusted: "bob"), at: test.clock.now(), context: .operatorCLI))
        XCTAssertNil(try mine.codesLockedUntil(of: alice.id), "the origin's lock is gone")
        XCTAssertEqual(try test.authenticator().codesLockedUntil(of: alice.id), ownUntil,
                       "the customer's own second-factor lock is not the operator's to lift, as before")
        XCTAssertNoThrow(try askAndLeave(verify, bob), "the origin's hourly count is gone")
        XCTAssertEqual(try test.store.auditTrail(username: Username(trusted: "bob"), limit: 3).map(\.event.detail)
                        .contains("demo origins' code locks and SMS counts cleared"), true)
    }
}
