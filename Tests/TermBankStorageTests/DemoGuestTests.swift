import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import XCTest

/// Demo guest customers on a real SQLite file with a driven clock:
/// what a guest is made of, the per-address limit, the SSH key binding, and
/// `demo prune` removing a guest a day later with the ledger still balanced.
final class DemoGuestTests: XCTestCase {
    var bank: TestBank!
    let context = AuditContext(sessionID: nil, deviceID: "ssh SHA256:test")
    let stakeholder = DemoOrigin(keyFingerprint: "SHA256:stakeholder-key", address: "203.0.113.7")

    override func setUpWithError() throws {
        bank = try TestBank()
    }

    var guests: GuestCustomers { GuestCustomers(bank: bank.bank, store: bank.store) }

    func testAGuestHasAReadableNameAPasswordThePolicyAcceptsTheSeedsBalancesAndSMSVerificationOn() throws {
        let made = try guests.create(origin: stakeholder, context: context)
        let name = made.user.username.rawValue
        let words = name.split(separator: "-")
        XCTAssertEqual(words.count, 3, name)
        XCTAssertEqual(words.first, "guest")
        XCTAssertTrue(words.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isLowercase } }, name)
        XCTAssertNoThrow(try bank.bank.passwordPolicy.check(made.password, for: made.user.username))
        XCTAssertTrue((13...15).contains(made.password.exposedValue.count), "short, typed once")
        let hash = try XCTUnwrap(bank.store.passwordHash(of: made.user.id))
        XCTAssertTrue(bank.bank.hasher.verify(made.password, against: hash.exposedValue))
        XCTAssertEqual(try bank.store.balances(of: made.user.id), [.checking: .dollars(5_000), .savings: .dollars(10_000)])
        XCTAssertTrue(made.user.smsVerification)
        XCTAssertTrue(Sitekey.images.contains(made.user.sitekey.image))
        XCTAssertTrue(GuestNames.isDemoRange(made.user.phone), made.user.phone.e164)
        for seed in ["alice", "bob", "carol"] { XCTAssertNotEqual(try bank.user(seed).phone, made.user.phone) }
        XCTAssertEqual(made.expiresAt, bank.clock.now().adding(seconds: 24 * 3600))
        XCTAssertEqual(try bank.store.guest(made.user.id)?.keyFingerprint, "SHA256:stakeholder-key")
        XCTAssertTrue(try bank.store.checkInvariants().isConsistent)
    }

    /// A guest made from a Ukrainian screen has a Ukrainian phrase under
    /// their picture, stored with them and read back as it was written.
    func testAGuestsSitekeyPhraseIsInTheLanguageOfTheScreenThatMadeIt() throws {
        for (index, language) in Language.allCases.enumerated() {
            let made = try GuestCustomers(bank: bank.bank, store: bank.store)
                .create(origin: DemoOrigin(keyFingerprint: nil, address: "198.51.100.\(index + 1)"),
                        language: language, context: context)
            XCTAssertTrue(GuestPhrases.list(language).contains(made.user.sitekey.phrase), "\(language.code): \(made.user.sitekey.phrase)")
            XCTAssertEqual(try bank.store.user(named: made.user.username)?.sitekey, made.user.sitekey, language.code)
        }
    }

    /// Two processes with the same random draws: the second gets another name
    /// and another number rather than a clash or a failure.
    func testASecondGuestDrawingTheSameNameAndNumberGetsOthers() throws {
        func seeded() -> GuestCustomers {
            GuestCustomers(bank: Bank(store: bank.store, hasher: bank.bank.hasher, blocklist: TestBank.blocklist,
                                      clock: bank.clock, random: SeededRandomSource(seed: 7)), store: bank.store)
        }
        let first = try seeded().create(origin: stakeholder, context: context)
        let second = try seeded().create(origin: DemoOrigin(keyFingerprint: nil, address: "198.51.100.9"), context: context)
        XCTAssertNotEqual(first.user.username, second.user.username)
        XCTAssertNotEqual(first.user.phone, second.user.phone)
    }

    func testTheSixthGuestFromOneAddressWithinAnHourIsRefusedAnotherAddressIsNotAndAnHourLaterItIsAllowed() throws {
        for _ in 0..<5 {
            _ = try guests.create(origin: stakeholder, context: context)
            bank.clock.advance(seconds: 60)
        }
        XCTAssertThrowsError(try guests.create(origin: stakeholder, context: context)) { error in
            // The first of the five ages out 55 minutes from now.
            XCTAssertEqual(error as? GuestError, .tooMany(limit: 5, minutesLeft: 55))
        }
        // The same key from another address is another connection; the limit is per address.
        XCTAssertNoThrow(try guests.create(origin: DemoOrigin(keyFingerprint: stakeholder.keyFingerprint,
                                                               address: "198.51.100.9"), context: context))
        bank.clock.advance(seconds: 55 * 60)
        XCTAssertNoThrow(try guests.create(origin: stakeholder, context: context))
    }

    func testGuestsAreMadeOnlyOnTheDemoBank() throws {
        let real = try TestBank(demo: false)
        _ = try real.bank.addUser(real.bank.prepareUser(username: Username(trusted: "dana"), password: Secret("correct-horse-9"),
                                                        phone: PhoneNumber(trusted: "+15550177"), sitekey: nil,
                                                        smsVerification: false), context: .operatorCLI)
        XCTAssertThrowsError(try GuestCustomers(bank: real.bank, store: real.store).create(origin: stakeholder, context: context)) {
            XCTAssertEqual($0 as? GuestError, .notTheDemoBank)
        }
        XCTAssertEqual(try real.store.listUsers().count, 1)
    }

    // Who may sign in as a guest, and when: GuestSignInRulesTests.

    func testPruneLeavesAGuestItsFullDay() throws {
        let made = try guests.create(origin: stakeholder, context: context)
        bank.clock.advance(seconds: 24 * 3600 - 1)
        XCTAssertEqual(try guests.prune(context: .operatorCLI), [])
        XCTAssertEqual(try bank.store.balances(of: made.user.id), [.checking: .dollars(5_000), .savings: .dollars(10_000)])
        bank.clock.advance(seconds: 1)
        XCTAssertEqual(try guests.prune(context: .operatorCLI).map(\.username), [made.user.username])
    }

    /// When its time is up prune ends the guest's session, sweeps its money
    /// back to the bank with booked transfers, deletes its codes and phone
    /// messages, and the ledger still balances; its password no longer works.
    /// (A four-minute lifetime here, so the session is still open when it ends.)
    func testPruneEndsTheSessionSweepsTheMoneyBackAndTheLedgerCheckStillPasses() throws {
        let guests = GuestCustomers(bank: bank.bank, store: bank.store, policy: GuestPolicy(lifetimeSeconds: 240))
        let made = try guests.create(origin: DemoOrigin.local, context: context)
        let user = made.user
        _ = try bank.store.setSMSVerification(false, for: user.id, at: bank.clock.now(), context: context)
        // Signed in as the demo signs it in (`--demo`, the origin that made it).
        let flow = bank.flow(trusting: nil, guests: .demo(.local))
        guard case .inProgress(let attempt) = try flow.begin(username: user.username.rawValue, password: made.password,
                                                             device: try bank.device("old-phone"), context: context)
        else { return XCTFail("the guest's password did not sign in") }
        let session = try bank.sessions.open(try flow.complete(attempt, context: context), context: context)
        _ = try bank.bank.transfer(user: user, from: .checking, to: .savings, amount: .dollars(1_234, 56),
                                   clientID: bank.clientID("tx-guest-move-1"), context: context)
        let gateway = SimulatedPhoneGateway(store: bank.store, clock: bank.clock)
        try gateway.deliver(OutgoingMessage(to: user.phone, userID: user.id, channel: .sms, text: "TermBank: code 123456"))
        let aliceBefore = try bank.store.balances(of: try bank.user("alice").id)

        bank.clock.advance(seconds: 240 - 1)
        XCTAssertEqual(try guests.prune(context: .operatorCLI), [])
        XCTAssertNoThrow(try bank.sessions.validate(session.id))

        bank.clock.advance(seconds: 1)
        XCTAssertEqual(try guests.prune(context: .operatorCLI),
                       [GuestRemoval(username: user.username, swept: .dollars(15_000), sessionsEnded: 1)])
        XCTAssertThrowsError(try bank.sessions.validate(session.id))
        XCTAssertEqual(try bank.store.balances(of: user.id), [.checking: .zero, .savings: .zero])
        XCTAssertEqual(try bank.store.inbox(of: user.phone), [])
        let check = try bank.store.checkInvariants()
        XCTAssertTrue(check.isConsistent, check.problems.joined(separator: "; "))
        XCTAssertEqual(try bank.store.balances(of: try bank.user("alice").id), aliceBefore)
        // Its history stays: the transfer it made and the two sweeps are booked, not deleted.
        let lines = try bank.store.statement(of: user.id, limit: 10)
        XCTAssertEqual(lines.filter { $0.counterparty == .bankFunding && $0.amount < .zero }.count, 2)
        XCTAssertEqual(try bank.store.auditTrail(username: user.username, limit: 1).first?.event.kind, .guestRemoved)
        if case .signedIn = try PasswordSignIn(store: bank.store, hasher: bank.bank.hasher, clock: bank.clock,
                                               guests: .demo(.local))
            .signIn(username: user.username.rawValue, password: made.password, context: context) {
            XCTFail("a removed guest signed in")
        }
        // Running it again removes nothing and books nothing.
        let transfers = check.transferCount
        XCTAssertEqual(try guests.prune(context: .operatorCLI), [])
        XCTAssertEqual(try bank.store.checkInvariants().transferCount, transfers)
    }

    func testADemoResetRemovesEveryGuest() throws {
        let made = try guests.create(origin: stakeholder, context: context)
        try DemoBank.reset(bank.bank, context: .operatorCLI)
        XCTAssertNil(try bank.store.guest(made.user.id))
        XCTAssertEqual(try bank.store.listUsers().map(\.user.username.rawValue), ["alice", "bob", "carol"])
        XCTAssertNoThrow(try guests.create(origin: stakeholder, context: context))
    }

    func testTheKeysGuestsAreListedNewestFirstAndOnlyWhileAlive() throws {
        let first = try guests.create(origin: stakeholder, context: context)
        bank.clock.advance(seconds: 10)
        let second = try guests.create(origin: stakeholder, context: context)
        _ = try guests.create(origin: DemoOrigin(keyFingerprint: "SHA256:other", address: "198.51.100.9"), context: context)
        XCTAssertEqual(try guests.guests(boundTo: "SHA256:stakeholder-key").map(\.username),
                       [second.user.username, first.user.username])
        bank.clock.advance(seconds: 24 * 3600 - 5)
        XCTAssertEqual(try guests.guests(boundTo: "SHA256:stakeholder-key").map(\.username), [second.user.username])
    }
}
