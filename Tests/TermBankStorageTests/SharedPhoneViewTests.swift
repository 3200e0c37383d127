import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// The simulated phone is the customer's one phone, whichever demo terminal
/// looks at it (`PhoneViewStart`). A second terminal signing in while the
/// first's code still runs is attached to that request (Verify's one request
/// per number, no second SMS), so its phone view must show the SMS already
/// delivered, with the same code. Real SQLite, one connection per terminal,
/// the simulated phone's own inbox, driven clock.
final class SharedPhoneViewTests: XCTestCase {
    var bank: TestBank!
    var bob: UserRecord!
    let laptop = AuditContext(sessionID: nil, deviceID: "laptop")
    let tablet = AuditContext(sessionID: nil, deviceID: "tablet")
    let laptopTerminal = VerificationHolder(trusted: "terminal-laptop")
    let tabletTerminal = VerificationHolder(trusted: "terminal-tablet")

    override func setUpWithError() throws {
        bank = try TestBank()
        bob = try bank.user("bob")
    }

    /// One terminal: its own connection, its verify service delivering to the simulated phone.
    private func terminal() throws -> (store: SQLiteBankStore, verify: VerifyService) {
        let store = try bank.secondStore()
        let verify = VerifyService(store: store, gateway: SimulatedPhoneGateway(store: store, clock: bank.clock),
                                   hasher: Blake2bCodeHasher(), random: bank.bank.random, clock: bank.clock)
        return (store, verify)
    }

    /// What a terminal bound to bob now shows (as `DemoSession` reads it).
    private func phone(_ store: SQLiteBankStore) throws -> Int64 {
        try PhoneViewStart.id(for: bob, inbox: store, verifications: store, at: bank.clock.now())
    }

    private func code(in message: PhoneMessage) -> String {
        let after = message.text.components(separatedBy: " is ").dropFirst().first ?? ""
        return String(after.drop { !$0.isNumber }.prefix { $0.isNumber })
    }

    private func count(_ sql: String) throws -> Int64 {
        try XCTUnwrap(try bank.store.connection.query(sql).first).int(0)
    }

    func testASecondTerminalsPhoneShowsTheSMSOfTheCodeAlreadyRunningAndItSignsIn() throws {
        let first = try terminal(), second = try terminal()
        let firstView = try phone(first.store)
        let ticket = try first.verify.start(for: bob, purpose: .signIn, context: laptop, holder: laptopTerminal)
        let sent = try first.store.inbox(of: bob.phone, after: firstView)
        XCTAssertEqual(sent.count, 1, "the first terminal's own code")
        let code = code(in: sent[0])
        XCTAssertEqual(code.count, 6, sent[0].text)

        bank.clock.advance(seconds: 20)
        let secondView = try phone(second.store)   // bob's password accepted on the second terminal
        let attached = try second.verify.start(for: bob, purpose: .signIn, context: tablet, holder: tabletTerminal)
        XCTAssertTrue(attached.reused)
        XCTAssertEqual(attached.id, ticket.id)
        XCTAssertEqual(attached.expiresAt, ticket.expiresAt, "expiry unchanged")

        let shown = try second.store.inbox(of: bob.phone, after: secondView)
        XCTAssertEqual(shown, sent, "the second terminal's phone shows the SMS that reached bob's phone")
        XCTAssertEqual(try first.store.inbox(of: bob.phone, after: firstView), sent, "and nothing new on the first")
        // No second SMS: one message, one counted send, one start in the trail.
        XCTAssertEqual(try count("SELECT count(*) FROM phone_inbox"), 1)
        XCTAssertEqual(try count("SELECT count(*) FROM sms_sends"), 1)
        XCTAssertEqual(try count("SELECT count(*) FROM audit WHERE event = 'verify.started'"), 1)
        XCTAssertFalse(try count("SELECT count(*) FROM audit WHERE detail LIKE '%\(code)%'") > 0, "no code in the trail")

        guard case .verified = try second.verify.check(attached.id, code: code, purpose: .signIn, for: bob,
                                                         context: tablet) else {
            return XCTFail("the code on the second terminal's phone signs it in")
        }
    }

    /// Either order: a terminal bound before the code goes out sees it too, as before.
    func testATerminalBoundBeforeTheCodeWentOutShowsItToo() throws {
        let first = try terminal(), second = try terminal()
        let secondView = try phone(second.store)
        _ = try first.verify.start(for: bob, purpose: .signIn, context: laptop, holder: laptopTerminal)
        XCTAssertEqual(try second.store.inbox(of: bob.phone, after: secondView).count, 1)
    }

    /// Only the running code's messages: an earlier code that is over, and
    /// anything before it, stay off a terminal that had no part in them.
    func testMessagesBeforeTheRunningCodeAndCodesThatAreOverAreNotShown() throws {
        let first = try terminal(), second = try terminal()
        let used = try first.verify.start(for: bob, purpose: .signIn, context: laptop, holder: laptopTerminal)
        let usedCode = code(in: try XCTUnwrap(try first.store.lastInboxMessage(of: bob.phone)))
        guard case .verified = try first.verify.check(used.id, code: usedCode, purpose: .signIn, for: bob,
                                                        context: laptop) else { return XCTFail("signed in") }
        bank.clock.advance(seconds: 60)
        XCTAssertEqual(try second.store.inbox(of: bob.phone, after: try phone(second.store)), [],
                       "a used code is no one else's to see")

        _ = try first.verify.start(for: bob, purpose: .signIn, context: laptop, holder: laptopTerminal)
        let running = try XCTUnwrap(try first.store.lastInboxMessage(of: bob.phone))
        bank.clock.advance(seconds: 10)
        XCTAssertEqual(try second.store.inbox(of: bob.phone, after: try phone(second.store)), [running])

        bank.clock.advance(seconds: VerifyConfiguration.standard.expirySeconds)
        XCTAssertEqual(try second.store.inbox(of: bob.phone, after: try phone(second.store)), [],
                       "an expired code is over")
    }

    /// Another customer's request on the number (a phone change being proved) is not bob's phone's to show.
    func testAnotherCustomersRequestIsNotShown() throws {
        let first = try terminal()
        let alice = try bank.user("alice")
        let change = VerificationPurpose.confirmation(.proveNewPhone(bob.phone))
        _ = try first.verify.start(for: alice, purpose: change, context: laptop, holder: laptopTerminal)
        XCTAssertEqual(try first.store.inbox(of: bob.phone).count, 1, "the SMS went to bob's number")
        XCTAssertEqual(try first.store.inbox(of: bob.phone, after: try phone(first.store)), [])
    }
}
