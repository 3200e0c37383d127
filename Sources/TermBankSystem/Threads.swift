import Glibc

/// A detached thread with a chosen stack size, in place of Foundation's `Thread`.
public enum Threads {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    public static func detach(stackSize: Int = 1 << 20, _ body: @escaping () -> Void) {
        let status = tryDetach(stackSize: stackSize, body)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    /// `detach`, returning `pthread_create`'s status instead of stopping the
    /// process when no thread can start (0 when one did).
    public static func tryDetach(stackSize: Int = 1 << 20, _ body: @escaping () -> Void) -> Int32 {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            let body = Unmanaged<Body>.fromOpaque(raw).takeRetainedValue()
            body.run()
            return nil
        }, context)
        if status != 0 { Unmanaged<Body>.fromOpaque(context).release() }
        return status
    }
}

extension Threads {
    /// Lowers the calling thread's CPU priority by `steps` nice levels (to 19
    /// at most) for the rest of its life. On Linux the nice value is each
    /// thread's own, and `setpriority(PRIO_PROCESS, 0, …)` names the calling
    /// thread, so the process's other threads keep theirs. Unprivileged, a
    /// thread cannot raise it back. Best effort: a refusal changes nothing.
    public static func lowerPriority(by steps: Int32) {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        guard errno == 0 else { return }
        _ = setpriority(which, 0, min(19, current + steps))
    }

    /// The calling thread's nice value (for tests and benchmarks).
    public static var priority: Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// The processors this process may run on (at least 1).
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Runs `body` once for every index in `0..<iterations`, on up to
    /// `workers` threads at once, and returns when every call has returned:
    /// Dispatch's `concurrentPerform` without libdispatch, whose tables a
    /// static binary relocates at every start (126 KiB of private memory in
    /// each session; docs/benchmarks.md, "A lean binary").
    public static func concurrentPerform(iterations: Int, workers: Int = processorCount,
                                         _ body: @escaping @Sendable (Int) -> Void) {
        guard iterations > 0 else { return }
        let next = Counter()
        let work: @Sendable () -> Void = {
            while let index = next.take(below: iterations) { body(index) }
        }
        var threads: [pthread_t] = []
        for _ in 1..<min(max(1, workers), iterations) {
            let context = Unmanaged.passRetained(Body(work)).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { raw in
                guard let raw else { return nil }
                Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, context)
            precondition(status == 0, "pthread_create failed: \(status)")
            threads.append(thread)
        }
        work()   // this thread is a worker too
        for thread in threads { pthread_join(thread, nil) }
    }

    /// The next index to run, shared by the workers.
    private final class Counter: @unchecked Sendable {
        private let lock = Lock()
        private var value = 0

        func take(below limit: Int) -> Int? {
            lock.withLock {
                guard value < limit else { return nil }
                defer { value += 1 }
                return value
            }
        }
    }
}
