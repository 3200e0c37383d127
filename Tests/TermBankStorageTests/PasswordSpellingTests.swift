import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import TermBankUnicode
import XCTest

/// One password however the keyboard spelled it (decision 35): hashed as NFKC,
/// and hashes made before that, from whatever bytes the terminal sent, still
/// open the account. On a real database with argon2id.
final class PasswordSpellingTests: XCTestCase {
    static let composed = "caf\u{E9}-\u{43C}\u{456}\u{439}-42"            // café-мій-42
    static let decomposed = "cafe\u{301}-\u{43C}\u{456}\u{438}\u{306}-42"

    var bank: TestBank!
    let context = AuditContext(sessionID: "session-1", deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        CanonicalText.install(UTF8ProcNormalizer())
        bank = try TestBank()
        XCTAssertNotEqual(Array(Self.composed.utf8), Array(Self.decomposed.utf8))
    }

    var phones = 170

    /// Each customer needs a number of their own.
    func nextPhone() throws -> PhoneNumber {
        phones += 1
        return try PhoneNumber(validating: "+1 555 0\(phones)")
    }

    func enrol(_ name: String, choosing password: String) throws {
        let user = try bank.bank.prepareUser(username: Username(trusted: name), password: Secret(password),
                                             phone: nextPhone(), sitekey: nil, smsVerification: false)
        _ = try bank.bank.addUser(user, context: .operatorCLI)
    }

    /// A row as it was written before passwords were normalised: the hash of the bytes as typed.
    func enrolBeforeNormalisation(_ name: String, hashing bytes: String) throws {
        let username = Username(trusted: name)
        let user = NewUser(username: username, passwordHash: Secret(try Argon2idHasher().hash(Secret(bytes))),
                           phone: try nextPhone(), smsVerification: false,
                           sitekey: Sitekey.defaultFor(username))
        _ = try bank.bank.addUser(user, context: .operatorCLI)
    }

    func signsIn(_ name: String, typing password: String, with hasher: PasswordHasher = Argon2idHasher()) throws -> Bool {
        let signIn = PasswordSignIn(store: bank.store, hasher: hasher, clock: bank.clock)
        if case .signedIn = try signIn.signIn(username: name, password: Secret(password), context: context) { return true }
        return false
    }

    func testAPasswordChosenDecomposedSignsInTypedComposedAndTheOtherWayRound() throws {
        try enrol("olena", choosing: Self.decomposed)
        try enrol("joao", choosing: Self.composed)
        XCTAssertTrue(try signsIn("olena", typing: Self.composed))
        XCTAssertTrue(try signsIn("joao", typing: Self.decomposed))
        XCTAssertFalse(try signsIn("joao", typing: "cafe-\u{43C}\u{456}\u{438}-42"), "without the accents it is another password")
    }

    func testAHashMadeBeforeNormalisationFromDecomposedBytesStillSignsInEitherWay() throws {
        try enrolBeforeNormalisation("olena", hashing: Self.decomposed)
        XCTAssertTrue(try signsIn("olena", typing: Self.decomposed), "as typed")
        XCTAssertTrue(try signsIn("olena", typing: Self.composed), "its NFD")
    }

    func testAHashMadeBeforeNormalisationFromComposedBytesStillSignsInEitherWay() throws {
        try enrolBeforeNormalisation("joao", hashing: Self.composed)
        XCTAssertTrue(try signsIn("joao", typing: Self.composed), "its NFKC")
        XCTAssertTrue(try signsIn("joao", typing: Self.decomposed), "its NFKC, from the decomposed spelling")
    }

    /// A hash made from ASCII bytes is what it always was: one check.
    func testAnASCIIPasswordFromBeforeIsCheckedOnce() throws {
        try enrolBeforeNormalisation("ada", hashing: "analytical-engine-1843")
        let hasher = PasswordSignInTests.CountingHasher()
        XCTAssertTrue(try signsIn("ada", typing: "analytical-engine-1843", with: hasher))
        XCTAssertEqual(hasher.verifications, 1)
    }

    /// Full-width letters from an East Asian input method are the password they spell.
    func testAFullWidthSpellingIsTheSamePassword() throws {
        try enrol("mei", choosing: "lantern-harbour-58")
        let fullWidth = String(String.UnicodeScalarView("lantern-harbour-58".unicodeScalars.map { scalar in
            scalar == "-" ? scalar : Unicode.Scalar(scalar.value + 0xFEE0)!
        }))
        XCTAssertTrue(try signsIn("mei", typing: fullWidth))
    }

    func testACommonPasswordSpelledInFullWidthIsStillTooCommon() throws {
        let fullWidth = String(String.UnicodeScalarView("sunshine".unicodeScalars.map { Unicode.Scalar($0.value + 0xFEE0)! }))
        XCTAssertThrowsError(try enrol("sol", choosing: fullWidth)) { error in
            XCTAssertEqual(error as? PasswordPolicy.Problem, .common)
        }
    }

    /// While a hash made as typed is in the bank, a wrong accented password
    /// costs each of its spellings for every name: a customer with an NFKC
    /// hash one real check and dummies, an unknown username as many dummy
    /// checks, so the time taken still does not tell whether the account
    /// exists (PasswordHashUpgradeTests: and once none is left, one check).
    func testAWrongAccentedPasswordAndAnUnknownUsernameCostTheSameChecks() throws {
        try enrolBeforeNormalisation("ada", hashing: "analytical-engine-1843")
        try enrol("olena", choosing: Self.composed)
        let forms = PasswordForms.candidates(Secret("cafe\u{301}-wrong-42"))
        XCTAssertEqual(forms.count, 2, "NFKC and the spelling as typed")
        let known = PasswordSignInTests.CountingHasher()
        XCTAssertFalse(try signsIn("olena", typing: "cafe\u{301}-wrong-42", with: known))
        let unknown = PasswordSignInTests.CountingHasher()
        XCTAssertFalse(try signsIn("mallory", typing: "cafe\u{301}-wrong-42", with: unknown))
        XCTAssertEqual(known.verifications, 1)
        XCTAssertEqual(known.dummyVerifications, forms.count - 1)
        XCTAssertEqual(unknown.dummyVerifications, forms.count)
        XCTAssertEqual(unknown.verifications, 0)
    }
}
