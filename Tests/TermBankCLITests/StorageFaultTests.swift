import Foundation
@testable import TermBankApp
import TermBankCore
import TermBankSQL
@testable import TermBankStorage
import XCTest
@testable import TermBankCLI

/// The disk fails at every write of the bank's operations (decision 73): the
/// app's client, wired as `termbank` wires it, on a demo bank the real binary
/// reset, with SQLite writing through `WriteFaults`. For n = 1, 2, ... the
/// nth write and every one after it fail until the operation runs with no
/// write failing; at each n the customer is told the catalog's one line,
/// nothing is half-written (the ledger check, each audit row with what it
/// records), and once the disk works again the same operation succeeds, once.
final class StorageFaultTests: LiveClientTestCase {
    /// What the screen says for a store the operator must see to.
    let line = EnglishAppCatalog().text(SessionText.bankCannotDoThatNow)
    /// Fault points tried in this test, for docs/tests.md.
    var points = 0
    /// Of those, the ones where the operation failed (the rest failed a write after its commit).
    var failed = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        WriteFaults.watch(scratch.path)
    }

    override func tearDown() {
        WriteFaults.disarm()
        WriteFaults.watch("/nonexistent")
        if points > 0 { print("StorageFaultTests.\(name): \(points) fault points, \(failed) failed the operation") }
        super.tearDown()
    }

    /// A second connection for the checks (the disk works while they run).
    lazy var checker: SQLiteBankStore = try! SQLiteBankStore(path: scratch.database,
                                                              options: .init(createsBank: false))

    func count(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> Int64 {
        try checker.connection.query(sql, arguments).first?.int(0) ?? -1
    }

    /// Nothing half-written: the ledger's own check (`termbank check`), every
    /// booking with its audit row and every audit row of a booking with its
    /// booking, every session with its "session started" row and the reverse.
    func assertWhole(_ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try checker.checkInvariants().problems, [], context, file: file, line: line)
        let bookings = try count("SELECT count(*) FROM transfers")
        let booked = try count("""
            SELECT count(*) FROM audit WHERE event IN ('transfer.booked', 'deposit.booked', 'reversal.booked', 'payment.booked')
            """)
        XCTAssertEqual(bookings, booked, "bookings and their audit rows: \(context)", file: file, line: line)
        XCTAssertEqual(try count("""
            SELECT count(*) FROM sessions s WHERE NOT EXISTS
                (SELECT 1 FROM audit a WHERE a.event = 'session.started' AND s.id LIKE a.session_id || '%')
            """), 0, "a session without its audit row: \(context)", file: file, line: line)
        XCTAssertEqual(try count("""
            SELECT count(*) FROM audit a WHERE a.event = 'session.started' AND NOT EXISTS
                (SELECT 1 FROM sessions s WHERE s.id LIKE a.session_id || '%')
            """), 0, "an audit row of a session that is not there: \(context)", file: file, line: line)
        XCTAssertEqual(try count("""
            SELECT count(*) FROM demo_guests g WHERE NOT EXISTS
                (SELECT 1 FROM audit a WHERE a.event = 'demo.guest_created' AND a.user_id = g.user_id)
            """), try count("SELECT 0"), "a guest without its audit row: \(context)", file: file, line: line)
        XCTAssertEqual(try count("SELECT count(*) FROM audit WHERE event = 'demo.guest_created'"),
                       try count("SELECT count(*) FROM demo_guests"), "guests and their audit rows: \(context)",
                       file: file, line: line)
    }

    /// The last code on the customer's phone, read in this process: the
    /// `termbank phone` child `code(on:)` runs cost more than the faults.
    func phoneCode(_ name: String) throws -> String {
        let user = try XCTUnwrap(try checker.user(named: Username(trusted: name)))
        let text = try XCTUnwrap(try checker.lastInboxMessage(of: user.phone)).text
        let words = text.split(whereSeparator: { !$0.isNumber }).map(String.init)
        return try XCTUnwrap(words.last { $0.count == 6 }, text)
    }

    /// The line a failed step put on the screen, nil when it succeeded.
    func shown(_ action: Action?) -> String? {
        let catalog = EnglishAppCatalog()
        switch action {
        case .banking(.stepUpStarted(.failure(let message))),
             .banking(.transferApproved(.refused(let message?))),
             .signIn(.signInReplied(.refused(let message))),
             .signIn(.sessionOpened(.failure(let message))),
             .secondFactor(.codeSent(.failure(let message))),
             .secondFactor(.codeChecked(.refused(let message))),
             .secondFactor(.biometricReplied(.failed(_, let message?))),
             .demo(.guestCreated(.failure(let message))),
             .sessionEnded(let message):
            return catalog.text(message)
        case nil:
            return "no reply"
        case let other?:
            // A step that answered otherwise than it should (a wrong code, say): named, so the run fails.
            return "unexpected: \(other)"
        }
    }

    /// nil when a transfer's approval booked it, else the line shown.
    func failure(_ approval: Action?) -> String? {
        if case .banking(.transferApproved(.executed)) = approval { return nil }
        return shown(approval)
    }

    /// Runs `operation` with the disk failing from write n on, for n = 1, 2, ...
    /// until it runs without reaching the fault. `operation` returns the line
    /// shown (nil: it succeeded); after a failure the disk works again and
    /// `operation` runs once more, and must succeed. `prepare` makes the
    /// operation's starting point (a fresh request) with the disk working.
    func everyWrite(_ fault: WriteFaults.Fault = .ioError, of what: String, maximum: Int = 120,
                    prepare: (Int) throws -> Void = { _ in }, _ operation: (Int) throws -> String?,
                    after: (Int, _ failed: Bool) throws -> Void = { _, _ in }) throws {
        for n in 1...maximum {
            try prepare(n)
            WriteFaults.arm(from: n, fault)
            let shown = try operation(n)
            let (hit, writes) = WriteFaults.disarm()
            guard hit else {
                XCTAssertNil(shown, "\(what) wrote \(writes) times and failed")
                try assertWhole("\(what) with no fault")
                try after(n, false)
                return
            }
            points += 1
            // A fault after the commit (a notice to a phone) may leave the
            // operation done; one before it fails the operation, in one line.
            if let shown {
                XCTAssertEqual(shown, line, "\(what), write \(n)")
                failed += 1
            }
            try assertWhole("\(what), write \(n)")
            if shown != nil {
                XCTAssertNil(try operation(n), "\(what) again after write \(n) failed, with the disk working")
                try assertWhole("\(what) again after write \(n)")
            }
            try after(n, shown != nil)
        }
        XCTFail("\(what) still writes after \(maximum) writes")
    }

    override func tearDownWithError() throws {
        if points > 0 { XCTAssertGreaterThan(failed, 0, "no fault failed an operation: the disk's faults did not reach it") }
        try super.tearDownWithError()
    }

    func pending(_ user: UserRecord, to payee: Payee? = nil, _ id: String) -> PendingTransfer {
        if let payee {
            return PendingTransfer(userID: user.id, from: .checking, payee: payee, amount: Money(units: 2),
                                   reference: nil, clientID: TransferClientID(trusted: id))
        }
        return PendingTransfer(userID: user.id, from: .checking, to: .savings, amount: Money(units: 1),
                               clientID: TransferClientID(trusted: id))
    }

    /// Small transfers approved with a finger on a phone that has one.
    let fingerBelow100 = StepUpPolicy(smsThreshold: Money(units: 100))

    func bookings(_ id: String) throws -> Int64 {
        try count("SELECT count(*) FROM transfers WHERE client_id = ?", [id])
    }

    /// A transfer between alice's accounts, approved with her finger: the
    /// step-up, the booking with its audit row.
    func testEveryWriteOfATransferFailsCleanly() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid", stepUp: fingerBelow100)
        let alice = try signIn("alice", live).user
        let before = try checker.balances(of: alice.id)
        var booked = 0
        var operatorLines: [String] = []
        // An I/O error, then the disk full as the unix layer reports ENOSPC (SQLITE_FULL).
        for (fault, name) in [(WriteFaults.Fault.ioError, "io"), (.diskFull, "full")] {
            operatorLines = []
            try everyWrite(fault, of: "a transfer (\(name))") { n in
                let transfer = pending(alice, "fault-\(name)-\(n)")
                let started = EffectRunner.run(.banking(.beginTransferApproval(transfer)), client: live.client)
                guard case .banking(.stepUpStarted(.success(.biometric(let prompt)))) = started else { return shown(started) }
                return failure(EffectRunner.run(.banking(.approveTransfer(.biometric(.matchingTouch, prompt), transfer)),
                                                client: live.client, failed: { operatorLines.append("\($0)") }))
            } after: { n, _ in
                XCTAssertEqual(try bookings("fault-\(name)-\(n)"), 1, "booked once, not lost, not doubled")
                booked += 1
            }
            // What the one running the app reads in its log: the file, and what to do about it.
            XCTAssertFalse(operatorLines.isEmpty)
            for logged in operatorLines {
                if name == "io" {
                    XCTAssertTrue(logged.hasPrefix("Database error: I/O error on ")
                                  && logged.hasSuffix("); nothing was changed."), logged)
                    XCTAssertFalse(logged.contains("))"), logged)
                } else {
                    XCTAssertTrue(logged == StoreError.diskFull(path: scratch.database).description
                                  || logged.hasPrefix("Database error: I/O error on "), logged)
                }
            }
        }
        XCTAssertEqual(try checker.balances(of: alice.id)[.savings], before[.savings]!.adding(Money(units: Int64(booked))))
        XCTAssertEqual(try Termbank.run(["check"], database: scratch.database).status, 0)
    }

    /// A payment to bob approved with an SMS code: the code's check and the
    /// booking share a transaction; bob's phone is told after it.
    func testEveryWriteOfAPaymentFailsCleanly() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone",
                              stepUp: StepUpPolicy(smsThreshold: Money(units: 1)))
        let alice = try signIn("alice", live).user
        let bob = try live.signedIn.lookUpPayee("bob")
        let before = try checker.balances(of: bob.userID)
        var paid = 0
        var ticket: VerificationTicket?
        var code = ""
        try everyWrite(of: "a payment", prepare: { n in
            // An hour on (the hourly code limits), a new session.
            clock.advance(seconds: 3_600)
            live.signOut(.signedOut)
            try signIn("alice", live)
            guard case .code(let sent) = try live.signedIn.beginTransferApproval(pending(alice, to: bob, "fault-pay-\(n)")) else {
                throw TestFailure("a payment over the threshold needs the code")
            }
            ticket = sent
            code = try phoneCode("alice")
        }) { n in
            failure(EffectRunner.run(.banking(.approveTransfer(.smsCode(ticket!, code: code), pending(alice, to: bob, "fault-pay-\(n)"))),
                                     client: live.client))
        } after: { n, _ in
            XCTAssertEqual(try bookings("fault-pay-\(n)"), 1, "paid once, not lost, not doubled")
            paid += 1
        }
        XCTAssertEqual(try checker.balances(of: bob.userID)[.checking], before[.checking]!.adding(Money(units: 2 * Int64(paid))))
        XCTAssertEqual(try Termbank.run(["check"], database: scratch.database).status, 0)
    }

    /// bob's whole sign-in: the password (the throttle's reservation), the SMS
    /// code sent and checked, the session with its audit row.
    func testEveryWriteOfASignInFailsCleanly() throws {
        let live = try client(.localTerminal(uid: 1000), device: nil)
        try everyWrite(of: "a sign-in", prepare: { _ in
            clock.advance(seconds: 3_600)
        }) { _ in
            let password = EffectRunner.run(.signIn(.signIn(username: "bob", password: Secret(Self.passwords["bob"]!))), client: live.client)
            guard case .signIn(.signInReplied(.accepted)) = password else { return shown(password) }
            let sent = EffectRunner.run(.secondFactor(.sendSignInCode), client: live.client)
            guard case .secondFactor(.codeSent(.success(let ticket))) = sent else { return shown(sent) }
            let checked = EffectRunner.run(.secondFactor(.checkSignInCode(ticket, code: try phoneCode("bob"))), client: live.client)
            guard case .secondFactor(.codeChecked(.passed)) = checked else { return shown(checked) }
            let opened = EffectRunner.run(.signIn(.openSession), client: live.client)
            guard case .signIn(.sessionOpened(.success)) = opened else { return shown(opened) }
            return nil
        } after: { _, _ in
            XCTAssertTrue(live.signedIn.isOpen)
            live.signOut(.signedOut)
        }
        let bob = try XCTUnwrap(try checker.user(named: Username(trusted: "bob")))
        // One session per time the operation succeeded: each fault point's retry and the last run.
        XCTAssertEqual(try count("SELECT count(*) FROM sessions WHERE user_id = ?", [bob.id.rawValue]), Int64(points + 1))
        XCTAssertEqual(try Termbank.run(["check"], database: scratch.database).status, 0)
    }

    /// A sign-in code sent, then checked, each with the disk failing: a code
    /// asked for again after a failure reaches the phone and works.
    func testEveryWriteOfACodeFailsCleanly() throws {
        let live = try client(.localTerminal(uid: 1000), device: nil)
        func password() throws {
            clock.advance(seconds: 3_600)
            guard case .accepted = try live.signingIn.signIn("bob", Secret(Self.passwords["bob"]!)) else {
                throw TestFailure("password refused")
            }
        }
        var ticket: VerificationTicket?
        try everyWrite(of: "a code sent", prepare: { _ in try password() }) { _ in
            let sent = EffectRunner.run(.secondFactor(.sendSignInCode), client: live.client)
            guard case .secondFactor(.codeSent(.success(let got))) = sent else { return shown(sent) }
            ticket = got
            return nil
        } after: { _, _ in
            guard case .passed = try live.signingIn.checkSignInCode(ticket!, try phoneCode("bob")) else {
                return XCTFail("the code on the phone does not pass")
            }
            live.signOut(.signedOut)
        }
        try everyWrite(of: "a code checked", prepare: { _ in
            try password()
            ticket = try live.signingIn.sendSignInCode()
        }) { _ in
            let checked = EffectRunner.run(.secondFactor(.checkSignInCode(ticket!, code: try phoneCode("bob"))), client: live.client)
            guard case .secondFactor(.codeChecked(.passed)) = checked else { return shown(checked) }
            return nil
        } after: { _, _ in
            live.signOut(.signedOut)
        }
    }

    /// A demo guest made from the welcome screen: the customer, their
    /// accounts and opening balances, the guest row and its audit row.
    func testEveryWriteOfAGuestCreationFailsCleanly() throws {
        let (live, context) = try clientAndContext(.unbound, device: "iphone-touchid")
        var client = live.client
        var made = 0
        try everyWrite(of: "a guest") { n in
            // Each from an address of its own: the demo's limit per address is not what is tried here.
            let origin = DemoOrigin(keyFingerprint: nil, address: "198.51.100.\(n)")
            DemoSession(bank: try context.bank(), store: try context.store(), origin: origin,
                        authenticator: try context.authenticatorService()).install(into: &client)
            let made = EffectRunner.run(.demo(.createGuest(.english)), client: client)
            guard case .demo(.guestCreated(.success)) = made else { return shown(made) }
            return nil
        } after: { _, _ in
            made += 1
        }
        XCTAssertEqual(try count("SELECT count(*) FROM demo_guests"), Int64(made))
        XCTAssertEqual(try Termbank.run(["check"], database: scratch.database).status, 0)
    }

    /// The app touches the session as keys come (a write): on a failing disk
    /// the touch fails and the session stands, so the customer is not signed
    /// out by the disk, and carries on once it works again.
    func testTheSessionOutlastsAFailingDisk() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid", stepUp: fingerBelow100)
        let alice = try signIn("alice", live).user
        var heard: [String] = []
        for fault in [WriteFaults.Fault.diskFull, .ioError] {
            clock.advance(seconds: 30)   // a key half a minute on: the touch records it
            WriteFaults.arm(from: 1, fault)
            let touched = EffectRunner.run(.touchSession, client: live.client, failed: { heard.append("\($0)") })
            let checked = EffectRunner.run(.checkSession, client: live.client)
            XCTAssertTrue(WriteFaults.disarm().hit, "the touch wrote")
            XCTAssertNil(touched, "the session stands")
            XCTAssertNil(checked, "the session stands")
            XCTAssertTrue(live.signedIn.isOpen)
        }
        // The operator's log hears each failure, path and all.
        XCTAssertEqual(heard.count, 2)
        XCTAssertTrue(heard.allSatisfy { $0.contains(scratch.database) }, "\(heard)")
        let transfer = pending(alice, "after-the-disk")
        guard case .banking(.stepUpStarted(.success(.biometric(let prompt)))) =
                EffectRunner.run(.banking(.beginTransferApproval(transfer)), client: live.client) else { return XCTFail("no finger asked") }
        XCTAssertNil(failure(EffectRunner.run(.banking(.approveTransfer(.biometric(.matchingTouch, prompt), transfer)), client: live.client)))
        XCTAssertEqual(try bookings("after-the-disk"), 1)
        try assertWhole("after the disk came back")
    }

    // MARK: A real full disk

    /// The disk fills for real during a transfer, just before each of its
    /// writes in turn: a write the full disk refuses fails the transfer in
    /// one line; freed, the same transfer books, once.
    func testARealDiskFilledMidTransferIsOneLineAndTheRetryBooksOnce() throws {
        try SmallDisk.mount(over: scratch.path, for: self)
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        WriteFaults.watch(scratch.path)
        let filler = scratch.path + "/filler"
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid", stepUp: fingerBelow100)
        let alice = try signIn("alice", live).user
        var refused = 0
        try everyWrite(.before({ SmallDisk.fill(filler) }), of: "a transfer on a full disk") { n in
            // Space returns when the step is over, before the checks and the retry.
            defer { unlink(filler) }
            let transfer = pending(alice, "full-disk-\(n)")
            let started = EffectRunner.run(.banking(.beginTransferApproval(transfer)), client: live.client)
            guard case .banking(.stepUpStarted(.success(.biometric(let prompt)))) = started else { return shown(started) }
            let approved = failure(EffectRunner.run(.banking(.approveTransfer(.biometric(.matchingTouch, prompt), transfer)),
                                                    client: live.client))
            if approved != nil { refused += 1 }
            return approved
        } after: { n, _ in
            XCTAssertEqual(try bookings("full-disk-\(n)"), 1, "booked once, not lost, not doubled")
        }
        XCTAssertGreaterThan(refused, 0, "the full disk refused a write")
        print("StorageFaultTests: the full disk refused \(refused) transfers")
        XCTAssertEqual(try Termbank.run(["check"], database: scratch.database).status, 0)
    }
}
