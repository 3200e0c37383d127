import CNcursesw
import Glibc
import Synchronization

/// Puts the terminal back (echo, line editing, the normal screen) on every way
/// out of the process: `Painter.stop()`, a normal exit (`atexit`), and the
/// signals that would otherwise leave a raw, blank terminal behind, including
/// the crashes a Swift trap (`fatalError`, a failed precondition) turns into.
enum TerminalRestore {
    /// Whether curses owns the terminal. Atomic, so that `endwin` runs exactly
    /// once however many exit paths race, and so the signal handler can read it.
    static let cursesActive = Atomic<Bool>(false)

    /// SIGINT is there for `kill -INT`: in raw mode Ctrl-C is a key, not a signal.
    /// SIGFPE and SIGTRAP are what some traps raise on some architectures.
    static let signals: [Int32] = [
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
    ]

    private static let installed = Atomic<Bool>(false)

    /// The disposition each signal had before ours, indexed by signal number.
    /// Plain memory allocated once, so the handler reads it without touching
    /// the Swift runtime (no allocation, no reference counting).
    nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction>? = nil
    /// Up to the highest signal handled (SIGTERM, 15), not all 65: each slot
    /// is 152 bytes that a session would keep resident.
    private static let slots = Int(signals.max() ?? 0) + 1

    /// What the painter turned on beyond ncurses' own modes (bracketed
    /// paste), to be turned off with it: plain memory, set once before it is
    /// needed, so the signal handler writes it without the Swift runtime.
    nonisolated(unsafe) private static var offSequence: UnsafeMutableBufferPointer<UInt8>? = nil

    /// Ends curses mode if it is on, then turns off what the painter turned
    /// on; safe to call from any exit path, any number of times. After
    /// `endwin`, which leaves its output flushed, so the sequence never lands
    /// inside one of ncurses' own.
    static func restore() {
        if cursesActive.exchange(false, ordering: .acquiringAndReleasing) {
            endwin()
            if let offSequence { send(UnsafeBufferPointer(offSequence)) }
        }
    }

    /// Sets the sequence `restore` sends after `endwin`. The terminal does not
    /// change within a process, so the first one stays.
    static func sendOnRestore(_ sequence: String) {
        guard offSequence == nil else { return }
        let bytes = Array(sequence.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        offSequence = buffer
    }

    /// Writes a sequence straight to the terminal (the descriptor ncurses writes to).
    static func send(_ sequence: String) {
        let bytes = Array(sequence.utf8)
        bytes.withUnsafeBufferPointer { send($0) }
    }

    /// `write` until done: async-signal-safe, for the handler too.
    private static func send(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = write(STDOUT_FILENO, next, left)
            if written > 0 {
                next += written
                left -= written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Installs the exit handlers, once per process. Called before curses
    /// starts, so ncurses sees SIGINT and SIGTERM already handled and keeps
    /// its own handlers out of the way (it installs them only over SIG_DFL).
    static func installHandlers() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        atexit { TerminalRestore.restore() }

        EndSignals.prepare()
        provideAlternateStack()
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: slots)
        previous.initialize(repeating: sigaction(), count: slots)
        TerminalRestore.previous = previous
        for signal in signals where signal < slots {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { TerminalRestore.restoreAndReraise($0) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_ONSTACK
            var old = sigaction()
            sigaction(signal, nil, &old)
            // A signal ignored when we started (SIGHUP under nohup) stays ignored.
            if unsafeBitCast(old.__sigaction_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            previous[Int(signal)] = old
            sigaction(signal, &action, nil)
        }
    }

    /// A crash from a stack overflow leaves no stack to run a handler on, so
    /// handlers run on an alternate one: the Swift runtime's if it set one up
    /// for this thread, else ours. (Other threads' overflows go unhandled.)
    private static func provideAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        var stack = stack_t(ss_sp: UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16),
                            ss_flags: 0, ss_size: size)
        sigaltstack(&stack, nil)
    }

    /// The signal handler. `endwin` is not on POSIX's async-signal-safe list,
    /// but it is what ncurses' own SIGINT/SIGTERM handler calls, and the
    /// alternative, a terminal left without echo on a blank alternate screen,
    /// is worse. Everything else here is: an atomic exchange, `sigaction`,
    /// `raise`.
    ///
    /// The signal then goes to whoever had it before: the default action (so
    /// the exit status still says "killed by SIGTERM", and crashes still dump
    /// core), or the Swift runtime's crash backtracer, which now prints its
    /// report to a terminal that can show it. The signal is blocked while this
    /// handler runs, so the raised one is delivered as soon as it returns.
    ///
    /// SIGTERM, SIGHUP and SIGINT while the run loop waits are the loop's:
    /// recorded, and the loop woken (`EndSignals`), so it ends the session at
    /// the bank first; this handler then does nothing more.
    private static func restoreAndReraise(_ signal: Int32) {
        if EndSignals.take(signal) { return }
        restore()
        if let previous, signal >= 0, signal < slots {
            sigaction(signal, previous + Int(signal), nil)
        } else {
            Glibc.signal(signal, SIG_DFL)
        }
        raise(signal)
    }
}
