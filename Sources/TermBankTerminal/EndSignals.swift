import Glibc
import Synchronization
import TermBankApp

/// SIGTERM, SIGHUP and SIGINT, once the run loop is there to take them: the
/// handler only records the first one and writes a byte to a pipe the loop
/// polls beside the terminal (a self-pipe), and returns. The loop then ends
/// the session at the bank with the reason, waits for the effect in progress,
/// gives the terminal back and exits (docs/run-loop.md, "Ending from outside").
/// Nothing else runs in the handler: no allocation, no lock, no Swift runtime.
///
/// Before the loop's first wait (the terminal starting, the bank opening) there
/// is no session yet, and these signals keep their old meaning: the terminal is
/// given back and the process ends by the signal (`TerminalRestore`).
enum EndSignals {
    /// Set by the loop's first wait; read by the handler.
    static let taking = Atomic<Bool>(false)
    /// The first signal taken (0: none). Later ones find the exit under way and
    /// change nothing: the first names the reason the audit trail records.
    static let received = Atomic<Int32>(0)
    /// The pipe's ends, made once in `prepare` (before any handler can run,
    /// and before the effect worker's thread exists, so no child process
    /// started meanwhile inherits them): plain integers the handler reads.
    nonisolated(unsafe) private(set) static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Makes the pipe, both ends close-on-exec and non-blocking (a full pipe is
    /// already a wake-up), and touches every static the handler reads, so none
    /// is first initialised inside it. Called by `TerminalRestore.installHandlers`.
    static func prepare() {
        _ = taking.load(ordering: .relaxed)
        _ = received.load(ordering: .relaxed)
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    /// The loop is waiting from now on: these signals are its to handle.
    static func startTaking() {
        guard readEnd >= 0, !taking.load(ordering: .relaxed) else { return }
        taking.store(true, ordering: .releasing)
    }

    /// Called first by the signal handler: true when the signal was taken
    /// (recorded for the loop, which was woken), false when the handler should
    /// give the terminal back and pass the signal on as before. Async-signal-
    /// safe: atomics, `write`, and `errno` saved around it, so the code the
    /// signal interrupted reads its own.
    static func take(_ signal: Int32) -> Bool {
        guard signal == SIGTERM || signal == SIGHUP || signal == SIGINT,
              taking.load(ordering: .acquiring) else { return false }
        if received.compareExchange(expected: 0, desired: signal, ordering: .acquiringAndReleasing).exchanged {
            let saved = errno
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
            errno = saved
        }
        return true
    }

    /// What the signal taken asks of the loop, if one came.
    static var termination: Termination? {
        switch received.load(ordering: .acquiring) {
        case SIGHUP: return .hangUp
        case SIGTERM: return .terminate
        case SIGINT: return .interrupt
        default: return nil
        }
    }
}
