import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import XCTest

/// A demo guest's rules are the core's (decision 47): every password check
/// on a real SQLite file holds a guest to its day and to the SSH key that
/// made it, and lets no guest in outside demo mode, whoever wired the
/// check. Nothing here goes through the demo's wiring (`DemoSession`): take
/// the rule out of `PasswordSignIn` or `SignInFlow` and these fail.
final class GuestSignInRulesTests: XCTestCase {
    var bank: TestBank!
    let context = AuditContext(sessionID: nil, deviceID: "ssh SHA256:stakeholder-key")
    let maker = DemoOrigin(keyFingerprint: "SHA256:stakeholder-key", address: "203.0.113.7")
    let otherKey = DemoOrigin(keyFingerprint: "SHA256:someone-else", address: "203.0.113.7")
    let noKey = DemoOrigin(keyFingerprint: nil, address: "203.0.113.7")

    override func setUpWithError() throws {
        bank = try TestBank()
    }

    func makeGuest(_ origin: DemoOrigin? = nil) throws -> GuestCredentials {
        try GuestCustomers(bank: bank.bank, store: bank.store).create(origin: origin ?? maker, context: context)
    }

    func signIn(_ name: String, _ password: Secret, _ guests: GuestAccess,
                scope: LockoutScope = .perCustomer) throws -> PasswordSignIn.Outcome {
        try PasswordSignIn(store: bank.store, hasher: bank.bank.hasher, clock: bank.clock, scope: scope, guests: guests)
            .signIn(username: name, password: password, context: context)
    }

    func refusals(_ name: Username) throws -> [AuditEvent] {
        try bank.store.auditTrail(username: name, limit: 50).map(\.event).filter { $0.kind == .signInRefusedGuest }
    }

    func testAtTheDemoAGuestSignsInFromTheKeyThatMadeItAndFromNoOther() throws {
        let guest = try makeGuest()
        let name = guest.user.username
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .demo(maker)), .signedIn(guest.user))
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .demo(otherKey)), .refused(.guest(.otherKey(name))))
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .demo(noKey)), .refused(.guest(.otherKey(name))),
                       "a connection without a key is not the key that made it")
        // The shared customers are anyone's, from any key.
        XCTAssertEqual(try signIn("bob", Secret("builder-2026"), .demo(otherKey)), .signedIn(try bank.user("bob")))
    }

    func testAGuestMadeWithoutAKeySignsInFromAnyOriginAtTheDemo() throws {
        let guest = try makeGuest(DemoOrigin(keyFingerprint: nil, address: "198.51.100.9"))
        XCTAssertEqual(try signIn(guest.user.username.rawValue, guest.password, .demo(otherKey)), .signedIn(guest.user))
        XCTAssertEqual(try signIn(guest.user.username.rawValue, guest.password, .demo(noKey)), .signedIn(guest.user))
    }

    /// A terminal without `--demo` (the default everywhere: `Bank`'s own
    /// check, which `termbank signin` and the app use) lets no guest in,
    /// not even from the key that made it, and says only what it says to
    /// any name; a real customer is unaffected.
    func testWithoutDemoModeNoGuestSignsInEvenWithItsRightPassword() throws {
        let guest = try makeGuest()
        let name = guest.user.username
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .none), .refused(.incorrect(attemptsLeft: 4)))
        XCTAssertEqual(try bank.bank.signIn.signIn(username: name.rawValue, password: guest.password, context: context),
                       .refused(.incorrect(attemptsLeft: 3)))
        XCTAssertEqual(try bank.bank.signIn.signIn(username: "alice", password: Secret("wonderland-42"), context: context),
                       .signedIn(try bank.user("alice")))
        XCTAssertEqual(try refusals(name).map(\.detail), ["demo guest at a terminal without --demo (2 in a row)",
                                                          "demo guest at a terminal without --demo (1 in a row)"],
                       "newest first")
    }

    /// Without `--demo` a guest's name is no one's to tell apart (a
    /// username-enumeration leak otherwise): with its right password it is
    /// counted, hashed, refused and locked exactly as a name no one has, and
    /// as a real customer's with a wrong password. Only the operator's trail
    /// says it was a guest. Its owner at the demo, counted per origin, is
    /// not locked by it.
    func testWithoutDemoModeAGuestsNameReadsAsAnyOtherNameEvenWithItsPassword() throws {
        let guest = try makeGuest()
        let name = guest.user.username
        let expiredGuest = try makeGuest()
        let hashers = (guest: PasswordSignInTests.CountingHasher(), unknown: PasswordSignInTests.CountingHasher(),
                       alice: PasswordSignInTests.CountingHasher())
        func attempt(_ typed: String, _ password: Secret, _ hasher: PasswordHasher) throws -> PasswordSignIn.Outcome {
            try PasswordSignIn(store: bank.store, hasher: hasher, clock: bank.clock, guests: .none)
                .signIn(username: typed, password: password, context: context)
        }
        for round in 1...6 {
            let asGuest = try attempt(name.rawValue, guest.password, hashers.guest)
            let asNoOne = try attempt("guest-nobody-here", guest.password, hashers.unknown)
            let asAlice = try attempt("alice", Secret("wonderland-43"), hashers.alice)
            XCTAssertEqual(asGuest, asNoOne, "round \(round)")
            XCTAssertEqual(asGuest, asAlice, "round \(round)")
            if round == 1 { XCTAssertEqual(asGuest, .refused(.incorrect(attemptsLeft: 4))) }
            if round == 6 { guard case .refused(.locked) = asGuest else { return XCTFail("\(asGuest)") } }
        }
        XCTAssertEqual(hashers.guest.verifications, 0, "checked against no one's hash, as an unknown name is")
        XCTAssertEqual(hashers.guest.dummyVerifications, hashers.unknown.dummyVerifications)
        XCTAssertGreaterThan(hashers.guest.dummyVerifications, 0)
        // An expired guest not yet pruned reads the same.
        bank.clock.advance(seconds: 24 * 3600)
        XCTAssertEqual(try attempt(expiredGuest.user.username.rawValue, expiredGuest.password, hashers.guest),
                       .refused(.incorrect(attemptsLeft: 4)))
        XCTAssertFalse(try bank.store.auditTrail(username: name, limit: 100).contains { $0.event.kind == .signInFailed })
        XCTAssertEqual(try refusals(name).count, 6)
    }

    /// The same at the demo's door: the owner, counted per origin, still signs in after anyone outside demo mode was locked on the name.
    func testAGuestLockedOutsideDemoModeStillSignsInAtTheDemoFromItsKey() throws {
        let guest = try makeGuest()
        let name = guest.user.username
        for _ in 0..<6 { _ = try signIn(name.rawValue, guest.password, .none) }
        guard case .refused(.locked) = try signIn(name.rawValue, guest.password, .none) else { return XCTFail("not locked") }
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .demo(maker), scope: .perOrigin(maker)), .signedIn(guest.user))
    }

    /// Its day ends at the second it was given, for every terminal, and
    /// stays ended after `demo prune` removed it (its hash no longer
    /// verifies anything, but the refusal says why rather than "incorrect").
    func testAnExpiredGuestIsRefusedWithAndWithoutDemoModeBeforeAndAfterPrune() throws {
        let guest = try makeGuest()
        let name = guest.user.username
        bank.clock.advance(seconds: 24 * 3600 - 1)
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .demo(maker)), .signedIn(guest.user))
        bank.clock.advance(seconds: 1)
        for access in [GuestAccess.demo(maker), .demo(otherKey)] {
            XCTAssertEqual(try signIn(name.rawValue, guest.password, access), .refused(.guest(.expired(name))), "\(access)")
        }
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .none), .refused(.incorrect(attemptsLeft: 4)),
                       "outside demo mode, as any name")
        XCTAssertEqual(try GuestCustomers(bank: bank.bank, store: bank.store).prune(context: .operatorCLI).map(\.username),
                       [name])
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .demo(maker)), .refused(.guest(.expired(name))))
        XCTAssertEqual(try signIn(name.rawValue, Secret("any-other-password"), .demo(maker)),
                       .refused(.guest(.expired(name))))
        let expiry = guest.expiresAt
        XCTAssertEqual(try refusals(name).first?.detail, "demo guest expired at \(expiry)")
    }

    /// Refused before the password is checked: another key's guesses cost
    /// no hash and count toward no lock, so the one who made the guest is
    /// never locked out by anyone else at the demo.
    func testAnAttackerWithAnotherKeyCannotLockAGuestOrLearnWhetherTheirGuessWasRight() throws {
        let guest = try makeGuest()
        let name = guest.user.username
        for _ in 0..<6 {
            XCTAssertEqual(try signIn(name.rawValue, Secret("wrong-password-1"), .demo(otherKey), scope: .perOrigin(otherKey)),
                           .refused(.guest(.otherKey(name))))
        }
        // The right password from the wrong key reads exactly as a wrong one.
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .demo(otherKey), scope: .perOrigin(otherKey)),
                       .refused(.guest(.otherKey(name))))
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .demo(maker), scope: .perOrigin(maker)), .signedIn(guest.user))
        XCTAssertEqual(try signIn(name.rawValue, guest.password, .demo(maker)), .signedIn(guest.user),
                       "the one lock per name was not touched either")
        XCTAssertFalse(try bank.store.auditTrail(username: name, limit: 100).contains { $0.event.kind == .signInFailed })
    }

    /// The refusal's audit row names the guest, why, and who typed it; never the password typed.
    func testTheRefusalIsAuditedWithTheOriginAndNoSecret() throws {
        let guest = try makeGuest()
        let name = guest.user.username
        _ = try signIn(name.rawValue, guest.password, .demo(otherKey))
        let row = try XCTUnwrap(try refusals(name).first)
        XCTAssertEqual(row.userID, guest.user.id)
        XCTAssertEqual(row.context, context)
        XCTAssertEqual(row.detail, "demo guest made with another SSH key; typed from key SHA256:someone-else")
        let everything = try bank.store.auditTrail(username: name, limit: 100).map { "\($0.event)" }.joined(separator: "\n")
        XCTAssertFalse(everything.contains(guest.password.exposedValue), everything)
    }

    /// An attempt lives five minutes after its password: a guest whose day
    /// ends in between gets no session, however the sign-in was finished.
    func testAGuestWhoseDayEndsDuringItsSignInGetsNoSession() throws {
        let guest = try makeGuest()
        _ = try bank.store.setSMSVerification(false, for: guest.user.id, at: bank.clock.now(), context: context)
        bank.clock.advance(seconds: 24 * 3600 - 60)
        let flow = bank.flow(trusting: nil, guests: .demo(maker))
        guard case .inProgress(let attempt) = try flow.begin(username: guest.user.username.rawValue, password: guest.password,
                                                             device: nil, context: context)
        else { return XCTFail("the guest's password did not sign in before its day ended") }
        bank.clock.advance(seconds: 60)
        XCTAssertThrowsError(try flow.complete(attempt, context: context)) {
            XCTAssertEqual($0 as? GuestError, .expired(guest.user.username))
        }
        XCTAssertFalse(try bank.store.auditTrail(username: guest.user.username, limit: 50)
            .contains { $0.event.kind == .sessionStarted })
    }

    /// The password that confirms a settings change is checked by the same
    /// core, so a guest outside its rules cannot confirm one either.
    func testASettingsChangeIsRefusedToAGuestPastItsDay() throws {
        let guest = try makeGuest()
        let settings = SecuritySettings(
            store: bank.store,
            passwords: PasswordSignIn(store: bank.store, hasher: bank.bank.hasher, clock: bank.clock, guests: .demo(maker)),
            authenticator: bank.authenticator(), recovery: bank.recovery, verify: bank.verify(RecordingGateway()),
            clock: bank.clock)
        bank.clock.advance(seconds: 24 * 3600)
        XCTAssertThrowsError(try settings.sendConfirmationCode(for: guest.user, change: .changePhone(to: PhoneNumber(trusted: "+15550188")),
                                                               password: guest.password, context: context)) {
            XCTAssertEqual($0 as? ConfirmationError, .password(.guest(.expired(guest.user.username))))
        }
    }
}
