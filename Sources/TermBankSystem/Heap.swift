import Glibc

/// The C heap (glibc malloc), which Swift allocates from too.
public enum Heap {
    /// Gives the heap's free pages back to the operating system (`malloc_trim`):
    /// glibc keeps memory freed by a burst of work (signing in, reading a
    /// statement) for reuse, and an idle session should not hold it.
    public static func returnFreePages() {
        _ = glibc_malloc_trim(0)
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
