import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// The demo's guided story reads its marks from what the bank recorded
/// (`StoryStore` on real SQLite), not from keys: a step done at another
/// terminal of the same guest ticks here, one connection per terminal.
final class StoryFactsTests: XCTestCase {
    var bank: TestBank!
    let phone = RecordingGateway()
    let context = AuditContext(sessionID: nil, deviceID: "old-phone")

    override func setUpWithError() throws {
        bank = try TestBank()
    }

    func makeGuest() throws -> GuestCredentials {
        try GuestCustomers(bank: bank.bank, store: bank.store).create(origin: .local, context: .operatorCLI)
    }

    /// A sign-in as `--demo` runs it on the demo's code-less phone: the password, then the SMS code.
    @discardableResult
    func signIn(_ credentials: GuestCredentials, on store: SQLiteBankStore) throws -> Session {
        let flow = SignInFlow(password: PasswordSignIn(store: store, hasher: bank.bank.hasher, clock: bank.clock,
                                                       guests: .demo(.local)),
                              settings: BiometricSettings(store: store, audit: store, clock: bank.clock),
                              secondFactors: store, clock: bank.clock)
        guard case .inProgress(var attempt) = try flow.begin(username: credentials.user.username.rawValue,
                                                              password: credentials.password,
                                                              device: try bank.device("old-phone"), context: context)
        else { throw TestFailure("no attempt") }
        let user = try XCTUnwrap(try store.user(id: credentials.user.id))
        if user.smsVerification {
            let verify = bank.verify(phone, store: store)
            let ticket = try verify.start(for: user, purpose: .signIn, context: context)
            guard case .verified(let proof) = try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: user,
                                                               context: context) else { throw TestFailure("code refused") }
            attempt = try flow.passSMSCode(attempt, proof: proof)
        }
        let sessions = SessionService(store: store, audit: store, clock: bank.clock, random: bank.bank.random)
        return try sessions.open(try flow.complete(attempt, context: context), context: context)
    }

    func progress(_ user: UserID, on store: SQLiteBankStore, since: Timestamp = Timestamp(millisecondsSinceEpoch: 0)) throws
        -> StoryProgress {
        try XCTUnwrap(try DemoStory(store: store).progress(of: user, since: since))
    }

    func testAStepDoneAtAnotherTerminalOfTheSameGuestTicksHere() throws {
        let guest = try makeGuest()
        let here = try bank.secondStore(), there = try bank.secondStore()
        XCTAssertEqual(try progress(guest.user.id, on: here).done, [false, false, false, false],
                       "the opening balances and the guest's making are no step")

        let session = try signIn(guest, on: there)
        XCTAssertEqual(try progress(guest.user.id, on: here).done, [true, false, false, false])

        bank.clock.advance(seconds: 30)
        _ = try there.book(TransferRequest(clientID: bank.clientID("story-0001"), kind: .transfer,
                                           from: .customer(guest.user.id, .checking), to: .customer(guest.user.id, .savings),
                                           amount: .dollars(500)),
                           at: bank.clock.now(), context: AuditContext(sessionID: session.id.short, deviceID: "old-phone"))
        XCTAssertEqual(try progress(guest.user.id, on: here).done, [true, true, false, false],
                       "a transfer booked by the other terminal ticks step 2 here")

        bank.clock.advance(seconds: 30)
        try SessionService(store: there, audit: there, clock: bank.clock, random: bank.bank.random)
            .end(session.id, reason: .signedOut, user: guest.user, context: context)
        bank.clock.advance(seconds: 30)
        try signIn(guest, on: there)
        let again = try progress(guest.user.id, on: here)
        XCTAssertEqual(again.signedInAgain, .withACode)
        XCTAssertEqual(again.current, 4)

        try there.append(AuditEvent(at: bank.clock.now(), kind: .authenticatorActivated, username: guest.user.username,
                                    userID: guest.user.id, context: context))
        XCTAssertNil(try progress(guest.user.id, on: here).current, "all four done")
    }

    func testMoneyMovedOutsideASessionIsNoStep() throws {
        let guest = try makeGuest()
        // An operator's transfer (no session), like the sweep when a guest is removed.
        _ = try bank.store.book(TransferRequest(clientID: bank.clientID("operator-0001"), kind: .transfer,
                                                from: .customer(guest.user.id, .checking),
                                                to: .customer(guest.user.id, .savings), amount: .dollars(1)),
                                at: bank.clock.now(), context: .operatorCLI)
        XCTAssertFalse(try progress(guest.user.id, on: bank.store).movedMoney)
    }

    func testSigningInAgainWithSMSOffIsToldAsThePasswordOnly() throws {
        let guest = try makeGuest()
        let first = try signIn(guest, on: bank.store)
        _ = try bank.store.setSMSVerification(false, for: guest.user.id, at: bank.clock.now(), context: context)
        bank.clock.advance(seconds: 10)
        try bank.sessions.end(first.id, reason: .signedOut, user: guest.user, context: context)
        bank.clock.advance(seconds: 10)
        try signIn(guest, on: bank.store)
        let progress = try progress(guest.user.id, on: bank.store)
        XCTAssertEqual(progress.signedInAgain, .passwordOnly)
        XCTAssertFalse(progress.smsVerificationOn)
    }

    func testASharedCustomersStoryCountsOnlyFromWhenThisTerminalSignedIn() throws {
        let bob = try bank.user("bob")
        let credentials = GuestCredentials(user: bob, password: Secret("builder-2026"), expiresAt: bank.clock.now())
        // Another stakeholder's whole morning as bob.
        try signIn(credentials, on: bank.store)
        bank.clock.advance(seconds: 60)
        let since = bank.clock.now()
        XCTAssertTrue(try progress(bob.id, on: bank.store).signedInWithACode)
        XCTAssertEqual(try progress(bob.id, on: bank.store, since: since).done, [false, false, false, false])
    }
}
