import Glibc

/// The C heap (glibc malloc), which Swift allocates from too.
public enum Heap {
    /// Gives the heap's free pages back to the operating system: first the
    /// blocks this thread's malloc cache holds (`returnThreadCache`), then
    /// every free page (`malloc_trim`). glibc keeps memory freed by a burst
    /// of work (signing in, reading a statement) for reuse, and an idle
    /// session should not hold it.
    public static func returnFreePages() {
        returnThreadCache()
        _ = glibc_malloc_trim(0)
    }

    /// Hands the blocks this thread's malloc cache holds back to the heap.
    ///
    /// glibc keeps up to 7 freed blocks of each small size (up to 1,032
    /// bytes, 64 sizes) in a cache of the thread that freed them (tcache),
    /// outside the heap's free lists: `malloc_trim` cannot give their pages
    /// back, and a session's run loop kept about 70 KiB there at rest, on
    /// pages it otherwise did not use (decision 50).
    /// glibc has no call that empties a thread's cache; a thread's cache is
    /// emptied into the heap when the thread ends. So this takes every
    /// cached block (a `malloc` of a cached size is served from the cache
    /// first) and frees them on a short-lived thread, whose cache goes back
    /// to the heap as it ends. With other malloc tunables this returns less,
    /// never anything wrongly: every block taken is freed.
    public static func returnThreadCache() {
        let blocks = takeCachedBlocks()
        if !freeOnAThreadThatEnds(blocks) {
            freeBlocks(blocks)  // no thread: they stay cached here, nothing is lost
        }
        blocks.deallocate()
    }

    /// Allocates `blocksPerSize` blocks of every cached size: the cached
    /// blocks come first. A list whose first entry is their count.
    private static func takeCachedBlocks() -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        let count = cachedSizes * blocksPerSize
        let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: count + 1)
        blocks[0] = UnsafeMutableRawPointer(bitPattern: count)
        for bin in 0..<cachedSizes {
            for copy in 0..<blocksPerSize {
                blocks[1 + bin * blocksPerSize + copy] = malloc(24 + 16 * bin)
            }
        }
        return blocks
    }

    /// Frees the blocks on a new thread and waits for it to end. False if no thread could start.
    private static func freeOnAThreadThatEnds(_ blocks: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 64 * 1024)
        // The thread takes no signals (it inherits this mask): a resize or a
        // SIGTERM must reach the run loop's thread, never one that is ending.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, freeingThread, UnsafeMutableRawPointer(blocks)) == 0
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        guard started else { return false }
        pthread_join(thread, nil)
        return true
    }

    /// The short-lived thread's body: frees the list's blocks.
    private static let freeingThread: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
        if let raw { freeBlocks(raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)) }
        return nil
    }

    /// glibc's cached sizes: 24, 40, ... 1,032 bytes (`tcache_max`, 64 bins).
    static let cachedSizes = 64
    /// glibc's default number of blocks cached per size (`tcache_count`).
    static let blocksPerSize = 7

    /// Frees the blocks of a list whose first entry is their count.
    private static func freeBlocks(_ list: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let count = Int(bitPattern: list[0])
        for index in 1...count { free(list[index]) }
    }

    /// Every thread allocates from the one heap (`M_ARENA_MAX` 1). glibc
    /// otherwise gives each new thread an arena of its own on its first
    /// allocation: the app's one worker thread kept a second arena of about
    /// 250 KiB in every idle session. Two threads hardly contend for a lock.
    /// Call before starting threads.
    public static func useOneArena() {
        _ = glibc_mallopt(mallocArenaMax, 1)
    }

    /// `M_ARENA_MAX` from <malloc.h>.
    static let mallocArenaMax: Int32 = -8
}

/// glibc's `int malloc_trim(size_t pad)`: <malloc.h> is not part of Swift's Glibc module.
@_silgen_name("malloc_trim")
private func glibc_malloc_trim(_ pad: Int) -> Int32

/// glibc's `int mallopt(int param, int value)`, from <malloc.h> as well.
@_silgen_name("mallopt")
private func glibc_mallopt(_ parameter: Int32, _ value: Int32) -> Int32
