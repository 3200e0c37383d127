import CNcursesw
import Glibc
import Synchronization
import TermBankApp

/// The terminal's size, taken by the painter rather than by ncurses: the
/// client picks it (`stty rows 3000 cols 3000; ssh -t …`), and ncurses keeps
/// three screens of that many cells (750 MB at 3000x3000). So SIGWINCH is
/// ours (installed before `newterm`, ncurses leaves a signal that is not at
/// its default alone), and ncurses is never given more than the largest
/// size the app draws (`AppState.maximumSize`); the app hears the real
/// size and says "Window too large" past it (decision 64).
enum WindowSize {
    /// Set by SIGWINCH, taken by the next wait for keys.
    static let changed = Atomic<Bool>(false)

    /// Our SIGWINCH handler, before ncurses starts; no SA_RESTART, so a wait in `poll` ends at once.
    static func install() {
        _ = changed.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in WindowSize.changed.store(true, ordering: .releasing) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_ONSTACK
        sigaction(SIGWINCH, &action, nil)
    }

    /// What the kernel says the terminal's size is, or nil.
    static func terminal() -> Size? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard termbank_window_size(&rows, &columns) == 0 else { return nil }
        return Size(columns: Int(columns), rows: Int(rows))
    }

    /// The size ncurses may keep for a terminal of `size`.
    static func curses(for size: Size) -> Size {
        Size(columns: min(size.columns, AppState.maximumSize.columns), rows: min(size.rows, AppState.maximumSize.rows))
    }

    /// Runs `start` (ncurses' `newterm`) with LINES and COLUMNS naming at
    /// most the maximum when the terminal is larger, so ncurses' first
    /// screens are no larger either; they are gone again afterwards, so no
    /// child process sees them.
    static func starting<T>(_ start: () -> T) -> T {
        guard let size = terminal(), curses(for: size) != size else { return start() }
        let bounded = curses(for: size)
        setenv("LINES", String(bounded.rows), 1)
        setenv("COLUMNS", String(bounded.columns), 1)
        defer {
            unsetenv("LINES")
            unsetenv("COLUMNS")
        }
        return start()
    }
}
