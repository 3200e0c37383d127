import Foundation
import TermBankCore
import TermBankSecurity
import XCTest

/// The security objects one process shares between its threads (the run
/// loop's and the effect worker's, or many sessions in a benchmark), used
/// from several threads at once. The assertions hold on any run; the point
/// is ThreadSanitizer (`scripts/sanitize thread`, docs/tests.md "Sanitizers").
final class SharedSecurityObjectsTests: XCTestCase {
    /// The blocklist opens libcrack's dictionary once per process and
    /// serialises its lookups; the common-password list is read once.
    func testTheBlocklistAnswersFourThreadsAtOnceAsItAnswersOne() {
        let blocklist = CommonPasswordBlocklist()
        let words = ["password", "123456", "wonderland-42", "qwerty", "builder-2026", "letmein"]
        let alone = words.map(blocklist.contains)
        let answers = ThreadAnswers(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            answers.set(thread, words.map(blocklist.contains))
        }
        XCTAssertEqual(answers.all, Array(repeating: alone, count: 4))
        XCTAssertEqual(alone, [true, true, false, true, false, true])
    }

    /// The dummy hash an unknown username is checked against is made once,
    /// by whichever thread asks first.
    func testTheDummyHashIsMadeOnceWhenTwoThreadsAskForItAtOnce() throws {
        let hasher = Argon2idHasher(memoryLimit: 8 * 1024 * 1024, passes: 1)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in hasher.verifyAgainstDummy(Secret("nobody's password")) }
        let hash = try hasher.hash(Secret("some-password"))
        XCTAssertTrue(hasher.verify(Secret("some-password"), against: hash))
    }
}

/// One answer per thread, under a lock.
final class ThreadAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [[Bool]]
    init(count: Int) { answers = Array(repeating: [], count: count) }
    func set(_ index: Int, _ value: [Bool]) { lock.withLock { answers[index] = value } }
    var all: [[Bool]] { lock.withLock { answers } }
}
