import Foundation
import TermBankCore
import TermBankSecurity
import XCTest

/// The behaviour every `BankStore` backend must show, written against the
/// protocol only, so a PostgreSQL store can run the same checks unchanged:
/// give it a factory that returns a demo bank on a fresh database (the other
/// protocols' contracts take a `ContractBackend`; this one needs only the bank).
struct BankStoreContract {
    /// A fresh demo bank: alice, bob, carol with 5,000.00 / 10,000.00.
    let makeBank: () throws -> (bank: Bank, clock: DrivenClock)

    private func alice(_ bank: Bank) throws -> UserRecord {
        try XCTUnwrap(bank.store.user(named: Username(trusted: "alice")))
    }

    func openingBalancesComeFromTheBankAndTheLedgerSumsToZero() throws {
        let (bank, _) = try makeBank()
        let alice = try alice(bank)
        XCTAssertEqual(try bank.store.balances(of: alice.id), [.checking: .dollars(5_000), .savings: .dollars(10_000)])
        let check = try bank.store.checkInvariants()
        XCTAssertEqual(check.customerTotal, .dollars(45_000))
        XCTAssertEqual(check.ledgerTotal, .zero)
        XCTAssertEqual(check.transferCount, 6)
        XCTAssertEqual(check.problems, [])
    }

    func aTransferIsTwoPostingsAndTheStatementShowsRunningBalancesNewestFirst() throws {
        let (bank, clock) = try makeBank()
        let alice = try alice(bank)
        clock.advance(seconds: 60)
        let receipt = try bank.transfer(user: alice, from: .checking, to: .savings, amount: .dollars(250),
                                        clientID: TransferClientID(trusted: "contract-0001"), context: .operatorCLI)
        XCTAssertFalse(receipt.replayed)
        XCTAssertEqual(receipt.fromBalanceAfter, .dollars(4_750))
        XCTAssertEqual(receipt.toBalanceAfter, .dollars(10_250))
        XCTAssertEqual(try bank.store.balances(of: alice.id), [.checking: .dollars(4_750), .savings: .dollars(10_250)])

        let lines = try bank.store.statement(of: alice.id, limit: 10)
        XCTAssertEqual(lines.map(\.amount), [.dollars(250), Money(minorUnits: -25_000), .dollars(10_000), .dollars(5_000)])
        XCTAssertEqual(lines.map(\.balanceAfter), [.dollars(10_250), .dollars(4_750), .dollars(10_000), .dollars(5_000)])
        XCTAssertEqual(lines.map(\.label), ["Transfer from Checking", "Transfer to Savings", "Opening balance", "Opening balance"])
        XCTAssertEqual(lines[0].reference, receipt.reference)
        XCTAssertEqual(lines[0].bookedAt, clock.now())
        XCTAssertEqual(try bank.store.statement(of: alice.id, limit: 1).count, 1)
        XCTAssertEqual(try bank.store.checkInvariants().problems, [])
    }

    func theWholeBalanceMayMoveButNotOneCentMore() throws {
        let (bank, _) = try makeBank()
        let alice = try alice(bank)
        XCTAssertThrowsError(try bank.transfer(user: alice, from: .checking, to: .savings, amount: .dollars(5_000, 1),
                                               clientID: TransferClientID(trusted: "contract-0002"),
                                               context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .insufficientFunds(.checking))
            XCTAssertEqual(($0 as? LedgerError)?.description,
                           "You do not have the requested transfer amount in your Checking account.")
        }
        XCTAssertEqual(try bank.store.checkInvariants().transferCount, 6, "a refused transfer writes nothing")
        _ = try bank.transfer(user: alice, from: .checking, to: .savings, amount: .dollars(5_000),
                              clientID: TransferClientID(trusted: "contract-0003"), context: .operatorCLI)
        XCTAssertEqual(try bank.store.balances(of: alice.id), [.checking: .zero, .savings: .dollars(15_000)])
        XCTAssertEqual(try bank.store.checkInvariants().problems, [])
    }

    func invalidTransfersAreRefusedBeforeTheStore() throws {
        let (bank, _) = try makeBank()
        let alice = try alice(bank)
        let id = TransferClientID(trusted: "contract-0004")
        XCTAssertThrowsError(try bank.transfer(user: alice, from: .savings, to: .savings, amount: .dollars(1),
                                               clientID: id, context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .sameAccount)
        }
        XCTAssertThrowsError(try bank.transfer(user: alice, from: .savings, to: .checking, amount: .zero,
                                               clientID: id, context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .nonPositiveAmount)
        }
        XCTAssertThrowsError(try bank.transfer(user: alice, from: .savings, to: .checking,
                                               amount: Money(minorUnits: 100_000_001), clientID: id, context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .aboveLimit(.dollars(1_000_000)))
        }
    }

    func aRetriedClientIDReturnsTheFirstReceiptAndBooksOnce() throws {
        let (bank, clock) = try makeBank()
        let alice = try alice(bank)
        let id = TransferClientID(trusted: "contract-retry-1")
        let first = try bank.transfer(user: alice, from: .savings, to: .checking, amount: .dollars(100),
                                      clientID: id, context: .operatorCLI)
        clock.advance(seconds: 5)
        let again = try bank.transfer(user: alice, from: .savings, to: .checking, amount: .dollars(100),
                                      clientID: id, context: .operatorCLI)
        XCTAssertTrue(again.replayed)
        XCTAssertEqual(again.reference, first.reference)
        XCTAssertEqual(again.bookedAt, first.bookedAt)
        XCTAssertEqual(again.fromBalanceAfter, first.fromBalanceAfter)
        XCTAssertEqual(try bank.store.balances(of: alice.id)[.checking], .dollars(5_100))
        XCTAssertThrowsError(try bank.transfer(user: alice, from: .savings, to: .checking, amount: .dollars(101),
                                               clientID: id, context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .clientIDReused(id))
        }
        XCTAssertEqual(try bank.store.checkInvariants().transferCount, 7)
    }

    func reversalsAreNewTransfersAndHappenOnce() throws {
        let (bank, _) = try makeBank()
        let alice = try alice(bank)
        let original = try bank.transfer(user: alice, from: .checking, to: .savings, amount: .dollars(300),
                                         clientID: TransferClientID(trusted: "contract-rev-1"), context: .operatorCLI)
        let reversal = try bank.reverse(original.reference, context: .operatorCLI)
        XCTAssertEqual(reversal.request.kind, .reversal)
        XCTAssertEqual(reversal.request.from, original.request.to)
        XCTAssertEqual(reversal.request.to, original.request.from)
        XCTAssertEqual(try bank.store.transfer(original.reference), original.request, "the original is untouched")
        XCTAssertEqual(try bank.store.balances(of: alice.id), [.checking: .dollars(5_000), .savings: .dollars(10_000)])
        XCTAssertEqual(try bank.store.statement(of: alice.id, limit: 1).first?.label, "Reversal of \(original.reference)")

        XCTAssertThrowsError(try bank.reverse(original.reference, context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .alreadyReversed(original.reference, by: reversal.reference))
        }
        XCTAssertThrowsError(try bank.reverse(reversal.reference, context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .notReversible(reversal.reference))
        }
        XCTAssertThrowsError(try bank.reverse(TransferReference(999_999), context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .transferNotFound(TransferReference(999_999)))
        }
        XCTAssertEqual(try bank.store.checkInvariants().problems, [])
    }

    func aReversalNeedsTheMoneyToStillBeThere() throws {
        let (bank, _) = try makeBank()
        let alice = try alice(bank)
        let original = try bank.transfer(user: alice, from: .checking, to: .savings, amount: .dollars(5_000),
                                         clientID: TransferClientID(trusted: "contract-rev-2"), context: .operatorCLI)
        _ = try bank.transfer(user: alice, from: .savings, to: .checking, amount: .dollars(15_000),
                              clientID: TransferClientID(trusted: "contract-rev-3"), context: .operatorCLI)
        XCTAssertThrowsError(try bank.reverse(original.reference, context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .insufficientFunds(.savings))
        }
    }

    func depositsComeFromTheBanksFundingAccount() throws {
        let (bank, _) = try makeBank()
        let receipt = try bank.deposit(to: Username(trusted: "carol"), account: .savings, amount: .dollars(12, 34),
                                       clientID: TransferClientID(trusted: "contract-dep-1"), context: .operatorCLI)
        XCTAssertEqual(receipt.request.from, .bankFunding)
        XCTAssertEqual(receipt.toBalanceAfter, .dollars(10_012, 34))
        let check = try bank.store.checkInvariants()
        XCTAssertEqual(check.customerTotal, .dollars(45_012, 34))
        XCTAssertEqual(check.ledgerTotal, .zero)
        XCTAssertThrowsError(try bank.deposit(to: Username(trusted: "nobody"), account: .savings, amount: .dollars(1),
                                              clientID: TransferClientID(trusted: "contract-dep-2"), context: .operatorCLI))
    }

    func usernamesAreUnique() throws {
        let (bank, _) = try makeBank()
        let duplicate = try bank.prepareUser(username: Username(trusted: "alice"), password: Secret("another-fine-pass"),
                                             phone: PhoneNumber(trusted: "+15550199"), sitekey: nil, smsVerification: false)
        XCTAssertThrowsError(try bank.addUser(duplicate, context: .operatorCLI)) {
            XCTAssertEqual($0 as? StoreError, .duplicateUser(Username(trusted: "alice")))
        }
    }

    func failedSignInsAreCountedAndLockAfterFive() throws {
        let (bank, clock) = try makeBank()
        let store = bank.store
        let name = Username(trusted: "bob")
        for expected in 1...4 {
            XCTAssertEqual(try store.reserveSignInAttempt(for: name, policy: .standard, at: clock.now()),
                           .reserved(failures: expected, lockedUntil: nil))
        }
        let until = clock.now().adding(seconds: 900)
        XCTAssertEqual(try store.reserveSignInAttempt(for: name, policy: .standard, at: clock.now()),
                       .reserved(failures: 5, lockedUntil: until))
        clock.advance(seconds: 899)
        XCTAssertEqual(try store.reserveSignInAttempt(for: name, policy: .standard, at: clock.now()), .locked(until: until))
        clock.advance(seconds: 1)
        XCTAssertEqual(try store.reserveSignInAttempt(for: name, policy: .standard, at: clock.now()),
                       .reserved(failures: 1, lockedUntil: nil), "a spent lock starts a fresh run")
        try store.clearSignInFailures(for: name)
        XCTAssertEqual(try store.reserveSignInAttempt(for: name, policy: .standard, at: clock.now()),
                       .reserved(failures: 1, lockedUntil: nil))
    }

    /// The shared demo's counters (decision 40): a name's count from one
    /// origin, from another, and its own are three runs; clearing one leaves
    /// the others; the operator's unlock clears them all. `user list` reads
    /// the name's own.
    func countsOfOneNameFromTwoOriginsAreApartAndUnlockClearsThemAll() throws {
        let (bank, clock) = try makeBank()
        let store = bank.store
        let name = Username(trusted: "bob")
        let first = SignInCounter(name, origin: "key SHA256:first")
        let second = SignInCounter(name, origin: "address 203.0.113.7")
        let reserve = { (counter: SignInCounter) in try store.reserveSignInAttempt(for: counter, policy: .standard, at: clock.now()) }
        for _ in 1...4 { _ = try reserve(first) }
        let until = clock.now().adding(seconds: 900)
        XCTAssertEqual(try reserve(first), .reserved(failures: 5, lockedUntil: until))
        XCTAssertEqual(try reserve(second), .reserved(failures: 1, lockedUntil: nil))
        XCTAssertEqual(try reserve(SignInCounter(name)), .reserved(failures: 1, lockedUntil: nil))
        XCTAssertEqual(try reserve(first), .locked(until: until))

        try store.clearSignInFailures(for: second)
        XCTAssertEqual(try reserve(second), .reserved(failures: 1, lockedUntil: nil))
        XCTAssertEqual(try reserve(first), .locked(until: until), "clearing one origin's count leaves another's lock")
        let bob = try XCTUnwrap(store.listUsers().first { $0.user.username == name })
        XCTAssertEqual(bob.recentFailures, 1)
        XCTAssertNil(bob.lockedUntil, "the name's own count")

        XCTAssertTrue(try store.unlock(name, at: clock.now(), context: .operatorCLI))
        for counter in [first, second, SignInCounter(name)] {
            XCTAssertEqual(try reserve(counter), .reserved(failures: 1, lockedUntil: nil))
        }
    }

    func theAuditTrailIsNewestFirstAndFiltersByUser() throws {
        let (bank, clock) = try makeBank()
        let alice = try alice(bank)
        try bank.store.append(AuditEvent(at: clock.now(), kind: .settingsChanged, username: alice.username,
                                         userID: alice.id, context: AuditContext(sessionID: "s1", deviceID: "d1"),
                                         detail: "sms verification on"))
        let trail = try bank.store.auditTrail(username: alice.username, limit: 100)
        XCTAssertEqual(trail.first?.event.kind, .settingsChanged)
        XCTAssertEqual(trail.first?.event.context, AuditContext(sessionID: "s1", deviceID: "d1"))
        XCTAssertTrue(trail.allSatisfy { $0.event.username == alice.username })
        XCTAssertEqual(trail.map(\.id), trail.map(\.id).sorted(by: >))
        XCTAssertEqual(try bank.store.auditTrail(username: nil, limit: 2).count, 2)
    }

    /// `setLanguage`: the user's choice in the app, read back with the user
    /// wherever a user is read, audited as a settings change that names the
    /// code and nothing else. Every language the build speaks round-trips.
    func aChosenLanguageIsSavedWithTheUserAndAuditedAsASettingsChange() throws {
        let (bank, clock) = try makeBank()
        let alice = try alice(bank)
        XCTAssertNil(alice.language, "no preference until the user chooses one")
        let context = AuditContext(sessionID: "s1", deviceID: "d1")
        for language in Language.allCases {
            clock.advance(seconds: 1)
            let saved = try bank.store.setLanguage(language, for: alice.id, at: clock.now(), context: context)
            XCTAssertEqual(saved.language, language)
            XCTAssertEqual(saved.id, alice.id)
            XCTAssertEqual(try bank.store.user(id: alice.id)?.language, language)
            XCTAssertEqual(try bank.store.user(named: alice.username)?.language, language)
            XCTAssertEqual(try bank.store.listUsers().first { $0.user.id == alice.id }?.user.language, language)
            let row = try XCTUnwrap(bank.store.auditTrail(username: alice.username, limit: 1).first).event
            XCTAssertEqual(row.kind, .settingsChanged)
            XCTAssertEqual(row.detail, "language \(language.code)")
            XCTAssertEqual(row.context, context)
            XCTAssertEqual(row.at, clock.now())
        }
        XCTAssertNil(try bank.store.user(named: Username(trusted: "bob"))?.language, "only alice chose")
        XCTAssertEqual(try bank.store.checkInvariants().problems, [])
    }

    /// A hash made as typed (before decision 35) is replaced by one made from
    /// NFKC only while it is still the hash read, so two sign-ins racing change
    /// it once; its audit row names no hash; and the bank then knows none is left.
    func aPasswordHashMadeAsTypedIsUpgradedOnceAndThenNoneIsLeft() throws {
        let (bank, clock) = try makeBank()
        XCTAssertEqual(try bank.store.passwordCheck(for: nil), PasswordCheck(stored: nil, asTypedHashesRemain: false),
                       "the demo's customers' hashes are NFKC")
        let name = Username(trusted: "olena")
        let old = Secret("$argon2id$v=19$m=19456,t=2,p=1$as-typed")
        let new = Secret("$argon2id$v=19$m=19456,t=2,p=1$nfkc")
        let olena = try bank.addUser(NewUser(username: name, passwordHash: old, phone: PhoneNumber(validating: "+1 555 0191"),
                                             smsVerification: false, sitekey: Sitekey.defaultFor(name)), context: .operatorCLI)
        XCTAssertEqual(try bank.store.passwordCheck(for: olena.id),
                       PasswordCheck(stored: StoredPassword(hash: old, form: .asTyped), asTypedHashesRemain: true))
        XCTAssertEqual(try bank.store.passwordCheck(for: nil), PasswordCheck(stored: nil, asTypedHashesRemain: true))

        XCTAssertFalse(try bank.store.upgradePasswordHash(of: olena.id, from: Secret("$argon2id$another"), to: new,
                                                          at: clock.now(), context: .operatorCLI), "not the hash read")
        XCTAssertTrue(try bank.store.upgradePasswordHash(of: olena.id, from: old, to: new, at: clock.now(), context: .operatorCLI))
        XCTAssertFalse(try bank.store.upgradePasswordHash(of: olena.id, from: old, to: Secret("$argon2id$later"),
                                                          at: clock.now(), context: .operatorCLI), "a second sign-in racing")
        XCTAssertEqual(try bank.store.passwordCheck(for: olena.id),
                       PasswordCheck(stored: StoredPassword(hash: new, form: .nfkc), asTypedHashesRemain: false))
        let rows = try bank.store.auditTrail(username: name, limit: 10).filter { $0.event.kind == .passwordHashUpgraded }
        XCTAssertEqual(rows.map(\.event.detail), ["hash made again from the NFKC spelling"])
        XCTAssertEqual(rows.first?.event.userID, olena.id)
    }

    func aResetWipesMoneyAndUsersButKeepsTheAuditTrail() throws {
        let (bank, clock) = try makeBank()
        let alice = try alice(bank)
        _ = try bank.transfer(user: alice, from: .checking, to: .savings, amount: .dollars(1),
                              clientID: TransferClientID(trusted: "contract-reset-1"), context: .operatorCLI)
        let auditBefore = try bank.store.auditTrail(username: nil, limit: 10_000).count
        try bank.store.reset(to: .demo, users: [], devices: [], at: clock.now(), context: .operatorCLI)
        XCTAssertEqual(try bank.store.listUsers(), [])
        XCTAssertEqual(try bank.store.bankKind(), .demo)
        let check = try bank.store.checkInvariants()
        XCTAssertEqual(check.transferCount, 0)
        XCTAssertEqual(check.ledgerTotal, .zero)
        XCTAssertEqual(try bank.store.auditTrail(username: nil, limit: 10_000).count, auditBefore + 1)
    }
}
