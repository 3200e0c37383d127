import CNcursesw
import Glibc

/// What the terminal's descriptor itself says, beside what ncurses made of
/// it: whether the terminal has gone.
///
/// A terminal that hung up and input that gave no key look the same from
/// ncurses: readable, nothing read (decision 69: 10,000 combining marks typed
/// without paste brackets, ncurses' own UTF-8 assembly thrown off by one
/// split between the terminal's writes, kept nothing of the rest). The loop used to count such wakes and end the session after twenty.
/// Now `read` answers: end of file (0 bytes) or EIO is a hang-up, anything
/// else is a live terminal.
enum TerminalProbe {
    /// One read without waiting: 0 bytes (end of file) or EIO means the
    /// terminal is gone. A byte that came after all is handed back to
    /// ncurses, which reads it next, as if this had never read it.
    static func hasHungUp(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0 else { return errno == EBADF }
        // The descriptor is shared with the shell that started the app: blocking again at once.
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        var byte: UInt8 = 0
        let count = read(descriptor, &byte, 1)
        let failure = errno
        _ = fcntl(descriptor, F_SETFL, flags)
        switch count {
        case 0: return true
        case 1:
            _ = ungetch(Int32(byte))
            return false
        default: return failure == EIO
        }
    }
}
