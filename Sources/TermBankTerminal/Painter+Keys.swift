import CNcursesw
import Glibc
import TermBankApp

extension Painter: KeySource {
    /// Waits in `poll` on the terminal and the wake-up pipe together, so an
    /// effect's result is painted the moment it is ready, not at the next key
    /// or tick. Keys ncurses already holds (the rest of a paste cut at
    /// `limit`, bytes pushed back while decoding a sequence) come first: the
    /// terminal would not show them as readable.
    public func waitForInput(timeoutMilliseconds: Int32, limit: Int, wakeDescriptor: Int32) -> Input {
        let waiting = readKeys(timeoutMilliseconds: 0, limit: limit)
        if !waiting.isEmpty { return .keys(waiting) }
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        if ready < 0 {
            // A signal: SIGWINCH (ncurses then has a KEY_RESIZE for us) or another one.
            let keys = readKeys(timeoutMilliseconds: 0, limit: limit)
            return keys.isEmpty ? .woken : .keys(keys)
        }
        if ready == 0 { return .timedOut }
        if fds[0].revents != 0 {
            // Readable: the bytes are there; the short wait only lets a split
            // multi-byte character or escape sequence complete.
            let keys = readKeys(timeoutMilliseconds: 50, limit: limit)
            if !keys.isEmpty { return .keys(keys) }
            return fds[1].revents != 0 ? .woken : .silent
        }
        return .woken
    }

    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key; nil if
    /// none came. A terminal resize arrives as `.resize` with the new size.
    public func readKey(timeoutMilliseconds: Int32) -> Key? {
        guard let window = cursesWindow else { return nil }
        wtimeout(window, timeoutMilliseconds)
        var code: wint_t = 0
        switch wget_wch(window, &code) {
        case KEY_CODE_YES:
            return functionKey(Int32(bitPattern: code))
        case OK:
            return Unicode.Scalar(code).map(Key.init(typed:)) ?? .unknown
        default:
            return nil
        }
    }

    /// The keys that have arrived: waits like `readKey` for the first, then
    /// takes whatever else is already waiting, up to `limit`, without waiting.
    /// A paste arrives as thousands of keys at once; handling them together
    /// and drawing once afterwards keeps a huge paste from costing one frame
    /// per key, and the limit keeps the screen and the clock moving during it.
    public func readKeys(timeoutMilliseconds: Int32, limit: Int) -> [Key] {
        guard let first = readKey(timeoutMilliseconds: timeoutMilliseconds) else { return [] }
        var keys = [first]
        while keys.count < limit, let next = readKey(timeoutMilliseconds: 0) {
            keys.append(next)
        }
        return keys
    }

    /// Keys ncurses decoded from escape sequences (keypad mode).
    private func functionKey(_ code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_RESIZE: return .resize(size)
        case KEY_F0 + 1...KEY_F0 + 12: return .function(Int(code - KEY_F0))
        default: return .unknown
        }
    }
}
