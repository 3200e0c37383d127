import TermBankCore
import TermBankSecurity
import XCTest

final class Argon2idHasherTests: XCTestCase {
    let hasher = Argon2idHasher()

    func testHashesWithArgon2idAtLeast19MiBTwoPassesOneLane() throws {
        let hash = try hasher.hash(Secret("wonderland-42"))
        XCTAssertTrue(hash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"), hash)
        XCTAssertFalse(hash.contains("wonderland"))
    }

    func testEachHashHasItsOwnSalt() throws {
        XCTAssertNotEqual(try hasher.hash(Secret("same-password")), try hasher.hash(Secret("same-password")))
    }

    func testVerifiesTheRightPasswordOnly() throws {
        let hash = try hasher.hash(Secret("quiet-harbor-7"))
        XCTAssertTrue(hasher.verify(Secret("quiet-harbor-7"), against: hash))
        XCTAssertFalse(hasher.verify(Secret("quiet-harbor-8"), against: hash))
        XCTAssertFalse(hasher.verify(Secret("Quiet-harbor-7"), against: hash))
        XCTAssertFalse(hasher.verify(Secret(""), against: hash))
        XCTAssertFalse(hasher.verify(Secret("quiet-harbor-7"), against: "not a hash"))
    }

    func testEveryCodePointCountsAndNothingIsTruncated() throws {
        let long = String(repeating: "ж", count: 127)
        let hash = try hasher.hash(Secret(long + "a"))
        XCTAssertTrue(hasher.verify(Secret(long + "a"), against: hash))
        XCTAssertFalse(hasher.verify(Secret(long + "b"), against: hash), "the 128th character matters")
        let emoji = try hasher.hash(Secret("🔑🔑🔑🔑🔑🔑🔑🔑"))
        XCTAssertFalse(hasher.verify(Secret("🔑🔑🔑🔑🔑🔑🔑🔐"), against: emoji))
    }

    func testDummyVerificationNeverSucceedsAndReportsNothing() {
        hasher.verifyAgainstDummy(Secret("anything at all"))
    }

    func testWeakerStoredHashesAreFlaggedForRehash() throws {
        let weak = try Argon2idHasher(memoryLimit: 8 * 1024 * 1024, passes: 1).hash(Secret("some-password"))
        XCTAssertTrue(hasher.needsRehash(weak))
        XCTAssertFalse(hasher.needsRehash(try hasher.hash(Secret("some-password"))))
    }
}

final class CommonPasswordBlocklistTests: XCTestCase {
    let blocklist = CommonPasswordBlocklist()

    func testBothDebianSourcesAreInstalled() {
        XCTAssertEqual(blocklist.sources, [CommonPasswordBlocklist.defaultCracklibDictionary,
                                           CommonPasswordBlocklist.defaultCommonList])
    }

    func testRefusesWellKnownPasswords() {
        for common in ["password", "123456", "12345678", "qwerty", "letmein", "iloveyou", "trustno1", "abc123",
                       "password1", "sunshine", "football", "Password"] {
            XCTAssertTrue(blocklist.contains(common), common)
        }
    }

    func testAllowsPassphrasesBuiltFromWords() {
        for fine in ["wonderland-42", "builder-2026", "quiet-harbor-7", "correct horse battery staple",
                     String(repeating: "x", count: 40)] {
            XCTAssertFalse(blocklist.contains(fine), fine)
        }
    }

    func testMissingDictionariesAreReportedNotFatal() {
        let empty = CommonPasswordBlocklist(cracklibDictionary: "/nonexistent/dict", commonList: "/nonexistent/list")
        XCTAssertEqual(empty.sources, [])
        XCTAssertFalse(empty.contains("password"))
    }
}

final class SodiumRandomSourceTests: XCTestCase {
    func testDrawsTheRequestedNumberOfUnpredictableBytes() {
        let random = SodiumRandomSource()
        XCTAssertEqual(random.bytes(count: 0), [])
        let a = random.bytes(count: 32)
        let b = random.bytes(count: 32)
        XCTAssertEqual(a.count, 32)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(random.hexIdentifier(bytes: 16).count, 32)
    }

    func testConstantTimeComparison() {
        XCTAssertTrue(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        XCTAssertFalse(ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        XCTAssertFalse(ConstantTime.equal([1, 2], [1, 2, 3]))
        XCTAssertTrue(ConstantTime.equal([], []))
    }
}
