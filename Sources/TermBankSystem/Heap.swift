import Glibc

/// The C heap (glibc malloc), which Swift allocates from too.
public enum Heap {
    /// Gives the heap's free pages back to the operating system (`malloc_trim`):
    /// glibc keeps memory freed by a burst of work (signing in, reading a
    /// statement) for reuse, and an idle session should not hold it.
    public static func returnFreePages() {
        _ = glibc_malloc_trim(0)
    }
}

/// glibc's `int malloc_trim(size_t pad)`: <malloc.h> is not part of Swift's Glibc module.
@_silgen_name("malloc_trim")
private func glibc_malloc_trim(_ pad: Int) -> Int32
