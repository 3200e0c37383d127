import Glibc
import TermBankSystem
import XCTest

/// `Threads.concurrentPerform` stands in for Dispatch's (the benchmarks'
/// setup uses it), so the shipped binary links no libdispatch.
final class ConcurrentPerformTests: XCTestCase {
    func testEveryIndexRunsExactlyOnceAndAllHaveRunWhenItReturns() {
        let runs = Tally(count: 1_000)
        Threads.concurrentPerform(iterations: 1_000, workers: 4) { runs.add(at: $0) }
        XCTAssertEqual(runs.counts, Array(repeating: 1, count: 1_000))
    }

    func testNoIterationsRunsNothing() {
        let runs = Tally(count: 1)
        Threads.concurrentPerform(iterations: 0) { runs.add(at: $0) }
        XCTAssertEqual(runs.counts, [0])
    }

    /// Two calls that each wait for the other to start can only both finish
    /// if they run at the same time: one worker at a time would leave the
    /// first waiting out its deadline alone.
    func testTwoWorkersRunAtTheSameTime() {
        let meeting = Condition()
        let arrived = Tally(count: 1)
        let met = Tally(count: 2)
        Threads.concurrentPerform(iterations: 2, workers: 2) { index in
            let deadline = Stopwatch.nanoseconds() + 10_000_000_000
            meeting.lock()
            arrived.add(at: 0)
            meeting.broadcast()
            while arrived.counts[0] < 2 {
                guard meeting.wait(untilMonotonicNanoseconds: deadline) || arrived.counts[0] >= 2 else { break }
            }
            if arrived.counts[0] == 2 { met.add(at: index) }
            meeting.unlock()
        }
        XCTAssertEqual(met.counts, [1, 1], "each call saw the other one running")
    }
}

/// Counts per index, from any thread.
private final class Tally: @unchecked Sendable {
    private let lock = Lock()
    private var values: [Int]

    init(count: Int) { values = Array(repeating: 0, count: count) }

    func add(at index: Int) { lock.withLock { values[index] += 1 } }

    var counts: [Int] { lock.withLock { values } }
}
