import TermBankCore
import XCTest

final class TerminalTextTests: XCTestCase {
    func testControlAndEscapeSequencesAreNeutralised() {
        XCTAssertEqual(TerminalText.sanitized("ok\u{1B}[2Jx"), "ok\u{FFFD}[2Jx")
        XCTAssertEqual(TerminalText.sanitized("a\u{9B}31mb"), "a\u{FFFD}31mb")   // C1 CSI
        XCTAssertEqual(TerminalText.sanitized("line\nnext\r"), "line\u{FFFD}next\u{FFFD}")
        XCTAssertEqual(TerminalText.sanitized("evil\u{202E}txt.exe"), "evil\u{FFFD}txt.exe")
    }

    func testOrdinaryTextIsUntouched() {
        for text in ["Calm seas ahead", "Ünïcødé ✓", "日本語", "👩‍💻"] {
            XCTAssertEqual(TerminalText.sanitized(text), text)
        }
    }
}

final class TimestampTests: XCTestCase {
    func testISO8601InUTC() {
        XCTAssertEqual(Timestamp(secondsSinceEpoch: 0).description, "1970-01-01T00:00:00Z")
        XCTAssertEqual(Timestamp(secondsSinceEpoch: 951_782_400).description, "2000-02-29T00:00:00Z")
        XCTAssertEqual(Timestamp(secondsSinceEpoch: 1_796_000_000).description, "2026-11-30T00:53:20Z")
        XCTAssertEqual(Timestamp(secondsSinceEpoch: 1_796_000_000).timeOfDay, "00:53 UTC")
        XCTAssertEqual(Timestamp(secondsSinceEpoch: -1).description, "1969-12-31T23:59:59Z")
    }

    func testDrivenClockMovesOnlyWhenTold() {
        let clock = DrivenClock(Timestamp(secondsSinceEpoch: 100))
        XCTAssertEqual(clock.now(), Timestamp(secondsSinceEpoch: 100))
        clock.advance(seconds: 899)
        XCTAssertEqual(clock.now(), Timestamp(secondsSinceEpoch: 999))
    }
}

final class IdentifierTests: XCTestCase {
    func testTransferReferencesReadAndPrintTheSameWay() {
        XCTAssertEqual(TransferReference(42).description, "TB-000042")
        XCTAssertEqual(TransferReference(parsing: "TB-000042"), TransferReference(42))
        XCTAssertEqual(TransferReference(parsing: "tb-42"), TransferReference(42))
        XCTAssertEqual(TransferReference(parsing: "42"), TransferReference(42))
        XCTAssertEqual(TransferReference(1_234_567).description, "TB-1234567")
        for bad in ["", "TB-", "TB-0", "-4", "TB-12a", "99999999999999999999"] {
            XCTAssertNil(TransferReference(parsing: bad), bad)
        }
    }

    func testClientIDsAreValidatedAndRandomOnesAreDistinct() throws {
        XCTAssertNoThrow(try TransferClientID(validating: "retry-me-0001"))
        XCTAssertThrowsError(try TransferClientID(validating: "short"))
        XCTAssertThrowsError(try TransferClientID(validating: "has space in it"))
        let random = SeededRandomSource(seed: 7)
        let ids = (0..<1000).map { _ in TransferClientID.random(using: random) }
        XCTAssertEqual(Set(ids).count, 1000)
    }

    func testSeededRandomnessIsReproducibleAndUniformIsInRange() {
        XCTAssertEqual(SeededRandomSource(seed: 1).bytes(count: 16), SeededRandomSource(seed: 1).bytes(count: 16))
        XCTAssertNotEqual(SeededRandomSource(seed: 1).bytes(count: 16), SeededRandomSource(seed: 2).bytes(count: 16))
        let random = SeededRandomSource(seed: 3)
        let draws = (0..<600).map { _ in random.uniform(below: 6) }
        XCTAssertTrue(draws.allSatisfy { $0 < 6 })
        XCTAssertEqual(Set(draws).count, 6)
    }
}
