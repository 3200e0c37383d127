import Foundation
import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import TermBankUnicode
import XCTest

/// A hash made from the bytes as typed, before passwords were normalised, is
/// made again from NFKC at the first sign-in that proves the password, once
/// (decision 37). Every spelling the customer may type still signs in. Once
/// no such hash is left in the bank, a wrong password costs one argon2id
/// check for every name, and while one is left, every name costs as many,
/// so the time taken still tells nothing. On a real database with argon2id.
final class PasswordHashUpgradeTests: XCTestCase {
    static let composed = PasswordSpellingTests.composed          // café-мій-42
    static let decomposed = PasswordSpellingTests.decomposed
    static let wrong = "cafe\u{301}-wrong-42"

    var bank: TestBank!
    let context = AuditContext(sessionID: "session-1", deviceID: "iphone-touchid")
    var phones = 180

    override func setUpWithError() throws {
        CanonicalText.install(UTF8ProcNormalizer())
        bank = try TestBank()
    }

    func nextPhone() throws -> PhoneNumber {
        phones += 1
        return try PhoneNumber(validating: "+1 555 0\(phones)")
    }

    func enrol(_ name: String, choosing password: String) throws {
        let user = try bank.bank.prepareUser(username: Username(trusted: name), password: Secret(password),
                                             phone: nextPhone(), sitekey: nil, smsVerification: false)
        _ = try bank.bank.addUser(user, context: .operatorCLI)
    }

    /// A row as written before passwords were normalised: the hash of the bytes as typed.
    func enrolBeforeNormalisation(_ name: String, hashing bytes: String) throws {
        let username = Username(trusted: name)
        _ = try bank.bank.addUser(NewUser(username: username, passwordHash: Secret(try Argon2idHasher().hash(Secret(bytes))),
                                          phone: try nextPhone(), smsVerification: false,
                                          sitekey: Sitekey.defaultFor(username)), context: .operatorCLI)
    }

    func signsIn(_ name: String, typing password: String, with hasher: PasswordHasher = Argon2idHasher()) throws -> Bool {
        let signIn = PasswordSignIn(store: bank.store, hasher: hasher, clock: bank.clock)
        if case .signedIn = try signIn.signIn(username: name, password: Secret(password), context: context) { return true }
        return false
    }

    func stored(_ name: String) throws -> StoredPassword {
        let user = try XCTUnwrap(bank.store.user(named: Username(trusted: name)))
        return try XCTUnwrap(bank.store.passwordCheck(for: user.id).stored)
    }

    func upgrades(_ name: String) throws -> [AuditRecord] {
        try bank.store.auditTrail(username: Username(trusted: name), limit: 50)
            .filter { $0.event.kind == .passwordHashUpgraded }
    }

    /// The argon2id checks a wrong accented password costs for a name.
    struct Checks: Equatable {
        let real: Int
        let dummy: Int
    }

    func costOfAWrongPassword(_ name: String) throws -> Checks {
        let hasher = PasswordSignInTests.CountingHasher()
        XCTAssertFalse(try signsIn(name, typing: Self.wrong, with: hasher))
        bank.clock.advance(seconds: 16 * 60)   // past any run of failures
        return Checks(real: hasher.verifications, dummy: hasher.dummyVerifications)
    }

    // MARK: The upgrade

    func testAHashMadeFromDecomposedBytesIsMadeAgainAsNFKCOnceAndEverySpellingStillSignsIn() throws {
        try enrolBeforeNormalisation("olena", hashing: Self.decomposed)
        let before = try stored("olena")
        XCTAssertEqual(before.form, .asTyped)

        XCTAssertTrue(try signsIn("olena", typing: Self.decomposed))
        let after = try stored("olena")
        XCTAssertEqual(after.form, .nfkc)
        XCTAssertNotEqual(after.hash, before.hash, "made again, from the NFKC spelling")
        XCTAssertTrue(Argon2idHasher().verify(Secret(Self.composed), against: after.hash.exposedValue),
                      "the new hash is of the composed (NFKC) spelling")

        for spelling in [Self.composed, Self.decomposed, Self.decomposed, Self.composed] {
            XCTAssertTrue(try signsIn("olena", typing: spelling), "typed \(Array(spelling.unicodeScalars))")
        }
        XCTAssertEqual(try stored("olena"), after, "changed once: later sign-ins leave it")
        XCTAssertEqual(try upgrades("olena").count, 1)
        XCTAssertFalse(try signsIn("olena", typing: "cafe-\u{43C}\u{456}\u{438}-42"), "without the accents it is another password")
    }

    /// A hash already made from the spelling NFKC gives is only marked: no new hash.
    func testAHashMadeFromComposedBytesIsOnlyMarked() throws {
        try enrolBeforeNormalisation("joao", hashing: Self.composed)
        let before = try stored("joao")
        let hasher = PasswordSignInTests.CountingHasher()
        XCTAssertTrue(try signsIn("joao", typing: Self.decomposed, with: hasher))
        XCTAssertEqual(hasher.verifications, 1, "its NFKC matched at once")
        XCTAssertEqual(try stored("joao"), StoredPassword(hash: before.hash, form: .nfkc))
        XCTAssertEqual(try upgrades("joao").map(\.event.detail), ["hash found to be of the NFKC spelling; marked"])
        XCTAssertTrue(try signsIn("joao", typing: Self.composed))
    }

    /// Full-width letters typed at enrolment were hashed as those bytes; they
    /// still sign in after the upgrade, as does the plain spelling NFKC folds
    /// them to (as for every password chosen since decision 35).
    func testAFullWidthPasswordFromBeforeSignsInEitherWayAfterTheUpgrade() throws {
        let plain = "lantern-harbour-58"
        let fullWidth = String(String.UnicodeScalarView(plain.unicodeScalars.map { scalar in
            scalar == "-" ? scalar : Unicode.Scalar(scalar.value + 0xFEE0)!
        }))
        try enrolBeforeNormalisation("mei", hashing: fullWidth)
        XCTAssertFalse(try signsIn("mei", typing: plain), "before: the hash is of the full-width bytes")
        bank.clock.advance(seconds: 16 * 60)
        XCTAssertTrue(try signsIn("mei", typing: fullWidth))
        XCTAssertEqual(try stored("mei").form, .nfkc)
        XCTAssertTrue(try signsIn("mei", typing: fullWidth))
        XCTAssertTrue(try signsIn("mei", typing: plain))
    }

    func testAnASCIIPasswordFromBeforeIsMarkedWithoutANewHashAndStillCostsOneCheck() throws {
        try enrolBeforeNormalisation("ada", hashing: "analytical-engine-1843")
        let before = try stored("ada")
        let hasher = PasswordSignInTests.CountingHasher()
        XCTAssertTrue(try signsIn("ada", typing: "analytical-engine-1843", with: hasher))
        XCTAssertEqual(hasher.verifications, 1)
        XCTAssertEqual(try stored("ada"), StoredPassword(hash: before.hash, form: .nfkc))
    }

    /// The audit row says what happened, never the password or either hash.
    func testTheAuditRowNamesNoPasswordAndNoHash() throws {
        try enrolBeforeNormalisation("olena", hashing: Self.decomposed)
        let old = try stored("olena").hash.exposedValue
        XCTAssertTrue(try signsIn("olena", typing: Self.decomposed))
        let new = try stored("olena").hash.exposedValue
        let row = try XCTUnwrap(try upgrades("olena").first)
        XCTAssertEqual(row.event.detail, "hash made again from the NFKC spelling")
        XCTAssertEqual(row.event.context, context)
        for text in try bank.store.auditRows(after: 0, limit: 1_000).map({ "\($0.detail) \($0.event)" }) {
            for secret in [old, new, Self.composed, Self.decomposed, "argon2id", "caf"] {
                XCTAssertFalse(text.contains(secret), "\(text)")
            }
        }
    }

    /// Two sign-ins racing (two processes): the store replaces the hash only
    /// while it is still the one read, so it changes once, with one audit row.
    func testAHashIsReplacedOnlyWhileItIsTheOneReadSoItChangesOnce() throws {
        try enrolBeforeNormalisation("olena", hashing: Self.decomposed)
        let user = try XCTUnwrap(bank.store.user(named: Username(trusted: "olena")))
        let old = try stored("olena").hash
        let first = Secret(try Argon2idHasher().hash(Secret(Self.composed)))
        let second = Secret(try Argon2idHasher().hash(Secret(Self.composed)))
        let other = try bank.secondStore()
        XCTAssertTrue(try bank.store.upgradePasswordHash(of: user.id, from: old, to: first, at: bank.clock.now(), context: context))
        XCTAssertFalse(try other.upgradePasswordHash(of: user.id, from: old, to: second, at: bank.clock.now(), context: context))
        XCTAssertEqual(try stored("olena"), StoredPassword(hash: first, form: .nfkc))
        XCTAssertEqual(try upgrades("olena").count, 1)
    }

    /// Where no normaliser answers, NFKC is unknown: a non-ASCII password is
    /// hashed as typed and marked so, and ASCII is its own NFKC.
    func testWithoutANormaliserAHashIsMarkedAsTyped() {
        XCTAssertEqual(PasswordForms.hashable(Secret(Self.decomposed), by: nil).form, .asTyped)
        XCTAssertEqual(PasswordForms.hashable(Secret(Self.decomposed), by: nil).password, Secret(Self.decomposed))
        XCTAssertEqual(PasswordForms.hashable(Secret("lantern-harbour-58"), by: nil).form, .nfkc)
        XCTAssertEqual(PasswordForms.hashable(Secret(Self.decomposed), by: UTF8ProcNormalizer()).form, .nfkc)
    }

    // MARK: What a wrong password costs

    /// The demo's customers and everyone enrolled since decision 35 have NFKC
    /// hashes: a wrong accented password is one check, and an unknown name one dummy.
    func testWithNoHashAsTypedLeftAWrongPasswordCostsOneCheckForEveryName() throws {
        try enrol("olena", choosing: Self.composed)
        XCTAssertFalse(try bank.store.passwordCheck(for: nil).asTypedHashesRemain)
        XCTAssertEqual(PasswordForms.candidates(Secret(Self.wrong)).count, 2)
        XCTAssertEqual(try costOfAWrongPassword("olena"), Checks(real: 1, dummy: 0))
        XCTAssertEqual(try costOfAWrongPassword("mallory"), Checks(real: 0, dummy: 1))
        XCTAssertEqual(try costOfAWrongPassword("no such name!"), Checks(real: 0, dummy: 1), "a malformed name too")
    }

    /// While one hash made as typed is left, every name costs every spelling
    /// (an NFKC customer one real check and dummies), so the time taken tells
    /// no one which names exist or which are upgraded. When its customer
    /// signs in, it is upgraded, and every name costs one check.
    func testWhileAnyHashAsTypedIsLeftEveryNameCostsEverySpellingThenOne() throws {
        try enrol("joao", choosing: Self.composed)
        try enrolBeforeNormalisation("olena", hashing: Self.decomposed)
        let spellings = PasswordForms.candidates(Secret(Self.wrong)).count
        XCTAssertEqual(try costOfAWrongPassword("olena"), Checks(real: spellings, dummy: 0), "as typed: every spelling")
        XCTAssertEqual(try costOfAWrongPassword("joao"), Checks(real: 1, dummy: spellings - 1), "NFKC: one check, padded")
        XCTAssertEqual(try costOfAWrongPassword("mallory"), Checks(real: 0, dummy: spellings))
        XCTAssertEqual(try costOfAWrongPassword("alice"), Checks(real: 1, dummy: spellings - 1), "the demo's customers are NFKC")

        XCTAssertTrue(try signsIn("olena", typing: Self.composed))
        XCTAssertFalse(try bank.store.passwordCheck(for: nil).asTypedHashesRemain)
        for name in ["olena", "joao", "alice"] {
            XCTAssertEqual(try costOfAWrongPassword(name), Checks(real: 1, dummy: 0), name)
        }
        XCTAssertEqual(try costOfAWrongPassword("mallory"), Checks(real: 0, dummy: 1))
    }

    /// A removed demo guest's hash is replaced by one that opens nothing; it
    /// does not keep the bank trying every spelling.
    func testARemovedGuestHoldsNoHashAsTyped() throws {
        let guest = try GuestCustomers(bank: bank.bank, store: bank.store)
            .create(origin: DemoOrigin(keyFingerprint: nil, address: "198.51.100.7"), context: .operatorCLI)
        XCTAssertEqual(try stored(guest.user.username.rawValue).form, .nfkc, "generated ASCII: its own NFKC")
        bank.clock.advance(seconds: 2 * 24 * 3600)
        _ = try bank.store.removeGuest(guest.user.id, at: bank.clock.now(), context: .operatorCLI)
        XCTAssertEqual(try stored(guest.user.username.rawValue).form, .nfkc)
        XCTAssertFalse(try bank.store.passwordCheck(for: nil).asTypedHashesRemain)
    }

    // MARK: An upgrade the bank does not save

    /// The bank refuses to save the new hash (here a trigger on the real
    /// file, as a full or read-only bank would): the sign-in stands, the old
    /// hash is kept for the next sign-in to try again, and the audit trail
    /// says the upgrade failed, naming neither the password nor a hash.
    func testAnUpgradeTheBankDoesNotSaveIsAuditedAndTheSignInStands() throws {
        try enrolBeforeNormalisation("olena", hashing: Self.decomposed)
        let before = try stored("olena")
        let raw = try SQLiteConnection(path: bank.store.path, busyTimeoutMilliseconds: 5_000)
        try raw.executeScript("""
            CREATE TRIGGER refuse_rehash BEFORE UPDATE OF password_hash ON users
            BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
            """)

        XCTAssertTrue(try signsIn("olena", typing: Self.decomposed), "the sign-in goes on")
        XCTAssertEqual(try stored("olena"), before, "nothing saved")
        XCTAssertEqual(try upgrades("olena").count, 0)
        let failed = try bank.store.auditTrail(username: Username(trusted: "olena"), limit: 50)
            .filter { $0.event.kind == .passwordHashUpgradeFailed }
        XCTAssertEqual(failed.count, 1)
        let row = try XCTUnwrap(failed.first).event
        XCTAssertEqual(row.context, context)
        XCTAssertTrue(row.detail.hasPrefix("hash not made again from the NFKC spelling: "), row.detail)
        XCTAssertGreaterThan(row.detail.count, "hash not made again from the NFKC spelling: ".count, "names the failure")
        for secret in [Self.decomposed, Self.composed, before.hash.exposedValue, "argon2id"] {
            XCTAssertFalse(row.detail.contains(secret), row.detail)
        }

        // The bank takes writes again: the next sign-in makes the upgrade.
        try raw.executeScript("DROP TRIGGER refuse_rehash")
        XCTAssertTrue(try signsIn("olena", typing: Self.composed))
        XCTAssertEqual(try stored("olena").form, .nfkc)
        XCTAssertEqual(try upgrades("olena").count, 1)
    }
}
