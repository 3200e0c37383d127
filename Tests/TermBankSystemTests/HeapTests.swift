import Glibc
import TermBankSystem
import XCTest

/// `Heap.returnThreadCache` hands the blocks glibc keeps cached for this
/// thread (outside the heap's free lists, where `malloc_trim` cannot reach
/// them) back to the heap: the run loop does it at rest (decision 50).
final class HeapTests: XCTestCase {
    func testBlocksThisThreadFreedGoBackToTheHeapsFreeLists() throws {
        let sizes = [1000, 900, 800]
        // Whatever this thread's cache already holds of these sizes is taken
        // first, so the blocks freed next are all kept in the cache.
        let taken = sizes.flatMap { size in (0..<7).map { _ in malloc(size) } }
        let cached = sizes.flatMap { size in (0..<7).map { _ in malloc(size) } }
        for block in cached { free(block) }
        // Measured twice: the measure's own buffers settle before the one that counts.
        _ = try XCTUnwrap(Self.bytesInUse())
        let before = try XCTUnwrap(Self.bytesInUse())
        Heap.returnThreadCache()
        let after = try XCTUnwrap(Self.bytesInUse())
        for block in taken { free(block) }
        // 7 blocks of each size: 18,900 bytes asked for, more in the heap's chunks.
        // (Freed on this thread instead, they would only go back to its cache.)
        XCTAssertGreaterThanOrEqual(before - after, 7 * sizes.reduce(0, +),
                                    "bytes in use, cached blocks counted: \(before) before, \(after) after")
    }

    func testEveryBlockTakenIsFreedAndTheHeapStillWorks() {
        for _ in 0..<3 { Heap.returnFreePages() }
        let block = malloc(64)
        XCTAssertNotNil(block)
        free(block)
    }

    /// The heap's bytes in use, blocks in a thread's cache counted (glibc
    /// counts them in use): from `malloc_info`'s totals over every arena,
    /// the arenas' size less their free lists and top ("fast" and "rest").
    static func bytesInUse() -> Int? {
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        guard let stream = open_memstream(&buffer, &length) else { return nil }
        _ = glibc_malloc_info(0, stream)
        fclose(stream)
        guard let buffer else { return nil }
        let text = String(cString: buffer)
        free(buffer)
        // The last totals of each kind, after every arena's own, are over every arena.
        let lines = text.split(separator: "\n")
        func total(_ element: String) -> Int? {
            guard let line = lines.last(where: { $0.hasPrefix(element) }),
                  let size = line.split(separator: " ").first(where: { $0.hasPrefix("size=") })
            else { return nil }
            return Int(size.dropFirst(6).prefix { $0.isNumber })
        }
        guard let arenas = total("<system type=\"current\""), let fast = total("<total type=\"fast\""),
              let rest = total("<total type=\"rest\"") else { return nil }
        return arenas - fast - rest
    }
}

/// glibc's `int malloc_info(int options, FILE *stream)`: <malloc.h> is not part of Swift's Glibc module.
@_silgen_name("malloc_info")
private func glibc_malloc_info(_ options: Int32, _ stream: UnsafeMutablePointer<FILE>) -> Int32
