import Glibc

/// The calling thread's stack.
///
/// A stack's pages stay resident once touched: a sign-in (argon2id, SQLite,
/// the reducers' large values) takes the app's two stacks tens of KiB deep
/// once, and an idle session kept those pages for the rest of its life.
/// glibc does the same for a finished thread's cached stack (`madvise` of all
/// but the part in use, nptl's `advise_stack_range`).
public enum Stack {
    /// The lowest and highest address of the calling thread's stack
    /// (for the main thread, as far down as it may grow).
    public static func bounds() -> (low: UInt, high: UInt)? {
        var attributes = pthread_attr_t()
        guard glibc_pthread_getattr_np(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        let low = UInt(bitPattern: address)
        return (low, low + UInt(size))
    }

    /// Gives the pages of the calling thread's stack below its caller's frame
    /// back to the system (`MADV_DONTNEED`): nothing lives below the frame
    /// that is running, and a page touched again later comes back zeroed, as
    /// a fresh stack page does. Call it where the thread is shallow and about
    /// to wait (the run loop at rest, the worker between effects).
    @inline(never)
    public static func returnUnusedPages() {
        guard let (low, _) = bounds() else { return }
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let page = UInt(pageSize)
        // This frame's page and the one under it stay: the call to madvise runs there.
        let end = (here & ~(page - 1)) &- page
        guard end > low, let start = UnsafeMutableRawPointer(bitPattern: low) else { return }
        // For the main thread the range starts below the mapping (it may
        // grow there); madvise still applies to what is mapped, and says so.
        _ = madvise(start, Int(end - low), MADV_DONTNEED)
    }

    /// How many bytes of `low..<high` are resident (`mincore`), or nil when
    /// part of the range is not mapped.
    public static func residentBytes(low: UInt, high: UInt) -> Int? {
        let page = UInt(pageSize)
        let start = low & ~(page - 1)
        guard high > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return 0 }
        let pages = Int((high - start + page - 1) / page)
        var vector = [UInt8](repeating: 0, count: pages)
        guard mincore(address, Int(high - start), &vector) == 0 else { return nil }
        return vector.reduce(0) { $0 + Int($1 & 1) } * Int(page)
    }

    static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }
}

/// glibc's `pthread_getattr_np`, a GNU extension the Swift Glibc module leaves out.
@_silgen_name("pthread_getattr_np")
private func glibc_pthread_getattr_np(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32
