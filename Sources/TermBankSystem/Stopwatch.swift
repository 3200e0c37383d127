import Glibc

/// A monotonic clock for measuring durations: benchmarks, and the app's
/// short waits for keys. Never the wall clock, which can jump.
public enum Stopwatch {
    public static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
