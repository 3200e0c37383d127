import Foundation
import TermBankCore
import TermBankSecurity
import XCTest

/// RFC 6238 with OpenSSL's HMAC-SHA1, and the pieces around it.
final class TOTPTests: XCTestCase {
    let totp = TOTP(hmac: OpenSSLHMACSHA1())
    /// RFC 6238 Appendix B: the SHA-1 seed, ASCII "12345678901234567890".
    let rfcKey = Array("12345678901234567890".utf8)

    /// Appendix B's SHA-1 rows: (Unix time, 8-digit TOTP).
    let appendixB: [(Int64, String)] = [
        (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ]

    func testRFC6238AppendixBSHA1VectorsWithEightDigits() {
        for (time, expected) in appendixB {
            let step = TOTP.step(at: Timestamp(secondsSinceEpoch: time))
            XCTAssertEqual(totp.code(secret: rfcKey, step: step, digits: 8), expected, "T = \(time)")
        }
    }

    func testTheSixDigitCodesAreTheLastSixDigitsOfTheVectors() {
        for (time, expected) in appendixB {
            XCTAssertEqual(totp.code(secret: rfcKey, step: TOTP.step(at: Timestamp(secondsSinceEpoch: time))),
                           String(expected.suffix(6)), "T = \(time)")
        }
    }

    func testStepsAreThirtySecondsFromTheEpoch() {
        XCTAssertEqual(TOTP.step(at: Timestamp(secondsSinceEpoch: 59)), 1)
        XCTAssertEqual(TOTP.step(at: Timestamp(millisecondsSinceEpoch: 29_999)), 0)
        XCTAssertEqual(TOTP.step(at: Timestamp(millisecondsSinceEpoch: 30_000)), 1)
        XCTAssertEqual(TOTP.step(at: Timestamp(secondsSinceEpoch: 1_111_111_109)), 0x23523EC)
        XCTAssertEqual(TOTP.step(at: Timestamp(secondsSinceEpoch: 20_000_000_000)), 0x27BC86AA)
    }

    func testOneStepOfDriftIsAcceptedEitherSideAndTwoAreNot() {
        let now = Timestamp(secondsSinceEpoch: 1_234_567_890)
        let step = TOTP.step(at: now)
        for offset: Int64 in [-1, 0, 1] {
            XCTAssertEqual(totp.matchingStep(totp.code(secret: rfcKey, step: step + offset), secret: rfcKey, at: now),
                           step + offset, "drift \(offset)")
        }
        for offset: Int64 in [-2, 2, -3, 3] {
            XCTAssertNil(totp.matchingStep(totp.code(secret: rfcKey, step: step + offset), secret: rfcKey, at: now),
                         "drift \(offset)")
        }
        XCTAssertNil(totp.matchingStep("89005924", secret: rfcKey, at: now), "8 digits are not a 6-digit code")
        XCTAssertNil(totp.matchingStep("００５９２４", secret: rfcKey, at: now), "only ASCII digits")
        XCTAssertNil(totp.matchingStep("", secret: rfcKey, at: now))
    }

    func testHMACSHA1MatchesRFC2202() {
        // RFC 2202 test case 2.
        let mac = OpenSSLHMACSHA1().authenticationCode(key: Array("Jefe".utf8),
                                                       message: Array("what do ya want for nothing?".utf8))
        XCTAssertEqual(mac.map { String(format: "%02x", $0) }.joined(), "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
    }

    func testBase32IsRFC4648WithoutPadding() {
        let vectors = ["": "", "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB",
                       "foobar": "MZXW6YTBOI"]
        for (plain, encoded) in vectors {
            XCTAssertEqual(Base32.encode(Array(plain.utf8)), encoded)
            XCTAssertEqual(Base32.decode(encoded), Array(plain.utf8))
        }
        XCTAssertEqual(Base32.decode("mzxw 6ytb oi=="), Array("foobar".utf8), "as people type it")
        XCTAssertNil(Base32.decode("MZXW1"), "1 is not base32")
    }

    func testTheSecretIsShownAsAURIAndInGroupsOfFour() throws {
        let secret = AuthenticatorSecret(bytes: rfcKey)
        XCTAssertEqual(secret.base32, "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
        XCTAssertEqual(secret.grouped, "GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ")
        XCTAssertEqual(secret.uri(for: Username(trusted: "carol")),
                       "otpauth://totp/TermBank:carol?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=TermBank")
        XCTAssertEqual("\(secret)", "<secret>")
        XCTAssertFalse(String(reflecting: secret).contains("GEZD"))
    }
}

/// crypto_secretbox with the key file beside the database.
final class SecretBoxSealerTests: XCTestCase {
    var directory: String!

    override func setUp() {
        // mkdtemp(3): a new 0700 folder no one else can have made first.
        var template = Array((FileManager.default.temporaryDirectory.path + "/termbank-key.XXXXXX").utf8CString)
        directory = String(cString: mkdtemp(&template)!)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
    }

    func testTheKeyFileIsMadeOnFirstUseWithMode0600AndSealsRoundTrip() throws {
        let path = directory + "/bank.sqlite.key"
        let sealer = SecretBoxSealer(keyFilePath: path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "not made before it is needed")
        let sealed = try sealer.seal(Array("a secret".utf8))
        XCTAssertEqual(try mode(path), 0o600)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)).count, 32)
        XCTAssertTrue(sealed.hasPrefix("sb1:"))
        XCTAssertFalse(sealed.contains("a secret"))
        XCTAssertNotEqual(try sealer.seal(Array("a secret".utf8)), sealed, "a fresh nonce each time")
        XCTAssertEqual(try SecretBoxSealer(keyFilePath: path).open(sealed), Array("a secret".utf8), "another process reads it")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["bank.sqlite.key"],
                       "no temporary file left")
    }

    func testManyProcessesMakingTheKeyAtOnceAllEndWithTheSameKey() throws {
        // Threads with separate sealers stand in for processes: each sees no
        // file, makes a key, and races to publish it.
        let path = directory + "/race.key"
        let sealers = (0..<8).map { _ in SecretBoxSealer(keyFilePath: path) }
        let results = Mutexed<[String]>([])
        DispatchQueue.concurrentPerform(iterations: sealers.count) { index in
            let sealed = try! sealers[index].seal([UInt8(index)])
            results.withLock { $0.append(sealed) }
        }
        let reader = SecretBoxSealer(keyFilePath: path)
        for sealed in results.withLock({ $0 }) { XCTAssertNoThrow(try reader.open(sealed)) }
    }

    func testAMissingOpenOrForeignKeyFileIsAClearError() throws {
        let path = directory + "/bank.sqlite.key"
        let sealed = try SecretBoxSealer(keyFilePath: path).seal([1, 2, 3])
        try FileManager.default.moveItem(atPath: path, toPath: path + ".moved")
        XCTAssertThrowsError(try SecretBoxSealer(keyFilePath: path).open(sealed)) {
            XCTAssertEqual($0 as? KeyFileError, .missing(path: path))
            XCTAssertTrue("\($0)".contains("is missing"))
        }
        _ = try SecretBoxSealer(keyFilePath: path).seal([9])  // a new, different key
        XCTAssertThrowsError(try SecretBoxSealer(keyFilePath: path).open(sealed)) {
            XCTAssertEqual($0 as? KeyFileError, .wrongKey(path: path))
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: path + ".moved", toPath: path)
        chmod(path, 0o644)
        XCTAssertThrowsError(try SecretBoxSealer(keyFilePath: path).open(sealed)) {
            XCTAssertEqual($0 as? KeyFileError, .tooOpen(path: path))
        }
        chmod(path, 0o600)
        XCTAssertEqual(try SecretBoxSealer(keyFilePath: path).open(sealed), [1, 2, 3])
        var tampered = Array(sealed)
        tampered[tampered.count - 1] = tampered.last == "0" ? "1" : "0"
        XCTAssertThrowsError(try SecretBoxSealer(keyFilePath: path).open(String(tampered))) {
            XCTAssertEqual($0 as? KeyFileError, .damagedSecret)
        }
    }
}

/// A value behind a lock, for collecting results from concurrent work.
final class Mutexed<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
}
