import Glibc
import TermBankSystem
import XCTest

/// `Stack.returnUnusedPages` gives back the stack pages a thread touched
/// deep in some work and no longer uses: the app's worker does it after each
/// effect, the run loop at rest (docs/benchmarks.md, "A lean binary").
final class StackTests: XCTestCase {
    func testAThreadGivesBackTheStackPagesItTookDeepInAndNoLongerUses() throws {
        let seen = onAThread { () -> [String: Int] in
            guard let (low, high) = Stack.bounds(), let fresh = Stack.residentBytes(low: low, high: high) else { return [:] }
            let sum = Deep.sum(levels: Deep.levels)
            let deep = Stack.residentBytes(low: low, high: high) ?? -1
            Stack.returnUnusedPages()
            let after = Stack.residentBytes(low: low, high: high) ?? -1
            return ["fresh": fresh, "deep": deep, "after": after, "sum": sum]
        }
        let fresh = try XCTUnwrap(seen["fresh"], "the thread's stack bounds and residency are readable")
        let deep = try XCTUnwrap(seen["deep"]), after = try XCTUnwrap(seen["after"])
        XCTAssertEqual(seen["sum"], Deep.expected)
        XCTAssertGreaterThan(deep - fresh, 200 * 1024, "the recursion took the stack over 200 KiB deeper")
        XCTAssertLessThanOrEqual(after, fresh + 3 * 4096, "only the pages in use (and one under them) stay")
    }

    /// A page given back comes back zeroed when touched: deep work after the
    /// release computes what it did before, and the frames above it (the
    /// caller's locals) are intact.
    func testTheStackWorksAsBeforeAfterItsPagesAreGivenBack() {
        let seen = onAThread { () -> [String: Int] in
            let caller = [7, 11, 13].reduce(0, +)
            let first = Deep.sum(levels: Deep.levels)
            Stack.returnUnusedPages()
            let second = Deep.sum(levels: Deep.levels)
            Stack.returnUnusedPages()
            return ["first": first, "second": second, "caller": caller]
        }
        XCTAssertEqual(seen, ["first": Deep.expected, "second": Deep.expected, "caller": 31])
    }

    /// The main thread's stack may grow below its mapping: giving back its
    /// unused pages leaves the program running on it.
    func testTheMainThreadCanGiveBackItsUnusedStackPages() {
        XCTAssertEqual(Deep.sum(levels: Deep.levels), Deep.expected)
        Stack.returnUnusedPages()
        XCTAssertEqual(Deep.sum(levels: Deep.levels), Deep.expected)
        XCTAssertNotNil(Stack.bounds())
    }

    private func onAThread(_ body: @escaping () -> [String: Int]) -> [String: Int] {
        final class Box: @unchecked Sendable { var value: [String: Int]?; let done = Condition() }
        let box = Box()
        Threads.detach(stackSize: 8 << 20) {
            let value = body()
            box.done.lock()
            box.value = value
            box.done.broadcast()
            box.done.unlock()
        }
        box.done.lock()
        while box.value == nil { box.done.wait() }
        defer { box.done.unlock() }
        return box.value ?? [:]
    }
}

/// Recursion with a 512-byte local in each frame: about 300 KiB of stack.
private enum Deep {
    static let levels = 600
    static let expected = (1...levels).reduce(0) { $0 + $1 * 64 }

    @inline(never)
    static func sum(levels: Int) -> Int {
        guard levels > 0 else { return 0 }
        let block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        var blocks = (block, block, block, block, block, block, block, block)
        // Every byte written, so each frame's 512 bytes are touched.
        let filled = withUnsafeMutableBytes(of: &blocks) { bytes -> Int in
            for index in bytes.indices { bytes[index] = 1 }
            return bytes.reduce(0) { $0 + Int($1) }
        }
        return filled / 8 * levels + sum(levels: levels - 1)
    }
}
