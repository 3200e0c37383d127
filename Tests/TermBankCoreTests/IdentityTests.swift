import TermBankCore
import XCTest

final class UsernameTests: XCTestCase {
    func testCaseFoldsAndTrims() throws {
        XCTAssertEqual(try Username(validating: " Alice ").rawValue, "alice")
        XCTAssertEqual(try Username(validating: "first.last_2-x").rawValue, "first.last_2-x")
    }

    func testLengthIsTwoToThirtyTwo() {
        XCTAssertThrowsError(try Username(validating: "a")) { XCTAssertEqual($0 as? Username.Problem, .length) }
        XCTAssertNoThrow(try Username(validating: "ab"))
        XCTAssertNoThrow(try Username(validating: String(repeating: "a", count: 32)))
        XCTAssertThrowsError(try Username(validating: String(repeating: "a", count: 33)))
    }

    func testOnlyPlainLettersDigitsAndThreeMarks() {
        for bad in ["al ice", "alice!", "álice", "al\u{1B}ice", "ALİCE", "bob@bank"] {
            XCTAssertThrowsError(try Username(validating: bad), bad) {
                XCTAssertEqual($0 as? Username.Problem, .characters)
            }
        }
    }
}

final class PhoneNumberTests: XCTestCase {
    func testAcceptsE164WithCommonSeparators() throws {
        XCTAssertEqual(try PhoneNumber(validating: "+1 555 0100").e164, "+15550100")
        XCTAssertEqual(try PhoneNumber(validating: "+44 (20) 7946-0958").e164, "+442079460958")
    }

    func testRejectsNumbersWithoutCountryCodeOrWithLetters() {
        for bad in ["555 0100", "+1 555", "+1234567890123456", "+1 555 CALL", "++15550100", "+0 555 0100"] {
            XCTAssertThrowsError(try PhoneNumber(validating: bad), bad)
        }
    }

    func testMaskShowsOnlyCountryCodeAndLastFourDigits() throws {
        XCTAssertEqual(try PhoneNumber(validating: "+1 555 0100").masked, "+1 ***-***-0100")
    }
}

final class PasswordPolicyTests: XCTestCase {
    struct FixedBlocklist: PasswordBlocklist {
        let words: Set<String>
        func contains(_ candidate: String) -> Bool { words.contains(candidate) }
    }

    let policy = PasswordPolicy(blocklist: FixedBlocklist(words: ["password", "letmein1"]))
    let alice = Username(trusted: "alice")

    func check(_ password: String) -> PasswordPolicy.Problem? {
        do { try policy.check(Secret(password), for: alice); return nil } catch { return error }
    }

    func testLengthCountsCodePointsFrom8To128() {
        XCTAssertEqual(check("seven77"), .tooShort)
        XCTAssertNil(check("eight888"))
        XCTAssertNil(check("ключ-от-дома"))             // Cyrillic letters count one each
        XCTAssertEqual(check("日本語の鍵"), .tooShort)      // 5 code points, 15 bytes
        XCTAssertNil(check("日本語の鍵をください"))         // 10 code points
        XCTAssertNil(check(String(repeating: "x", count: 127) + "y"))
        XCTAssertEqual(check(String(repeating: "x", count: 129)), .tooLong)
    }

    func testNoCompositionRules() {
        XCTAssertNil(check("all lowercase words here"))
        XCTAssertNil(check("12345678901234567890"))
    }

    func testRefusesCommonPasswordsInAnyCase() {
        XCTAssertEqual(check("password"), .common)
        XCTAssertEqual(check("PassWord"), .common)
        XCTAssertEqual(check("LetMeIn1"), .common)
    }

    func testRefusesPasswordsContainingTheUsername() {
        XCTAssertEqual(check("alice-secret-9"), .containsUsername)
        XCTAssertEqual(check("xxALICExx"), .containsUsername)
    }

    func testRefusesControlCharacters() {
        XCTAssertEqual(check("tab\there-ok"), .controlCharacters)
    }
}

final class SecretTests: XCTestCase {
    func testASecretNeverPrintsItself() {
        let secret = Secret("hunter2-hunter2")
        var dumped = ""
        dump(secret, to: &dumped)
        for text in ["\(secret)", String(describing: secret), String(reflecting: secret), dumped, "\([secret])"] {
            XCTAssertFalse(text.contains("hunter2"), text)
        }
    }
}
