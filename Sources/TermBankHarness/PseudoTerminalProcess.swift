import Glibc
import TermBankSystem

/// A program running in a pseudo-terminal of its own, for the benchmarks and tests:
/// the benchmark is the terminal. It reads what the program writes (without
/// blocking, always with a deadline) into a `ScreenModel`, types keys, and
/// reaps the program. Everything it starts, it ends.
package final class PseudoTerminalProcess {
    package struct Exit {
        package let status: Int32
        /// The program did not end on its own in time and was killed.
        package let killed: Bool
    }

    package struct Failure: Error {
        package let message: String
        package let screen: [String]

        package init(message: String, screen: [String]) {
            self.message = message
            self.screen = screen
        }
    }

    package let pid: pid_t
    package let program: String
    /// Monotonic nanoseconds taken just before the fork.
    package let startedAt: UInt64
    private let master: Int32
    package private(set) var screen: ScreenModel
    /// Everything read from the terminal, in bytes.
    package private(set) var bytesRead = 0
    /// When (monotonic nanoseconds) the last bytes arrived.
    package private(set) var lastReadAt: UInt64
    package private(set) var closedByProgram = false
    package private(set) var exit: Exit?

    /// Starts `executable` with exactly `environment`, its stdin, stdout and
    /// stderr the slave side of a new pseudo-terminal of the given size.
    package init(executable: String, arguments: [String], environment: [String: String], columns: Int, rows: Int) throws {
        // Everything the child needs is built before the fork: between fork and
        // exec it calls nothing but execve and _exit.
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        guard let path = argv[0], !argv.dropLast().contains(nil), !envp.dropLast().contains(nil) else {
            throw Failure(message: "out of memory starting \(executable)", screen: [])
        }
        let started = Stopwatch.nanoseconds()
        let pid = argv.withUnsafeBufferPointer { argvBuffer in
            envp.withUnsafeBufferPointer { envpBuffer in
                guard let argvBase = argvBuffer.baseAddress, let envpBase = envpBuffer.baseAddress else { return pid_t(-1) }
                // forkpty: openpty (which sets the size with TIOCSWINSZ), fork,
                // and in the child setsid + the slave as controlling terminal and stdio.
                let pid = forkpty(&master, nil, nil, &size)
                if pid == 0 {
                    execve(path, argvBase, envpBase)
                    _exit(127)
                }
                return pid
            }
        }
        guard pid > 0 else {
            throw Failure(message: "cannot start \(executable) in a pseudo-terminal: \(String(cString: strerror(errno)))",
                          screen: [])
        }
        self.pid = pid
        self.master = master
        program = Paths.lastComponent(of: executable)
        startedAt = started
        lastReadAt = started
        screen = ScreenModel(columns: columns, rows: rows)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        if exit == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        close(master)
    }

    // MARK: Reading

    /// Waits up to `milliseconds` for output, then reads all there is.
    /// Returns the number of bytes read (0 on timeout or once the program has
    /// closed the terminal).
    @discardableResult
    package func read(waitingUpTo milliseconds: Int) -> Int {
        guard !closedByProgram else { return 0 }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(0, milliseconds)))
        guard ready > 0 else { return 0 }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                screen.feed(buffer[0..<count])
                total += count
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            // 0 or EIO: every slave descriptor is closed, so the program has ended.
            closedByProgram = true
            break
        }
        if total > 0 {
            bytesRead += total
            lastReadAt = Stopwatch.nanoseconds()
        }
        return total
    }

    /// Reads until the screen shows `text`; returns the monotonic time it appeared.
    @discardableResult
    package func waitFor(_ text: String, seconds: Double, what: String? = nil) throws -> UInt64 {
        let deadline = Stopwatch.nanoseconds() + UInt64(seconds * 1e9)
        while !screen.contains(text) {
            let now = Stopwatch.nanoseconds()
            guard now < deadline, !closedByProgram else {
                throw Failure(message: "\(program) did not show \(what ?? "\"\(text)\"")"
                                  + (closedByProgram ? ": it ended (closed the terminal)" : " within \(seconds) s"),
                              screen: screen.lines)
            }
            read(waitingUpTo: Int((deadline - now) / 1_000_000) + 1)
        }
        return lastReadAt
    }

    /// Reads until nothing has arrived for `quietMilliseconds`, or `maximumMilliseconds` have passed.
    package func settle(quietMilliseconds: Int, maximumMilliseconds: Int) {
        let start = Stopwatch.nanoseconds()
        let deadline = start + UInt64(maximumMilliseconds) * 1_000_000
        let quiet = UInt64(quietMilliseconds) * 1_000_000
        while !closedByProgram {
            let now = Stopwatch.nanoseconds()
            let lastActivity = max(lastReadAt, start)
            guard now - lastActivity < quiet, now < deadline else { return }
            let wait = min(lastActivity + quiet - now, deadline - now)
            read(waitingUpTo: Int(wait / 1_000_000) + 1)
        }
    }

    // MARK: Typing

    package func type(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        let deadline = Stopwatch.nanoseconds() + 5_000_000_000
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno != EAGAIN && errno != EINTR {
                throw Failure(message: "cannot type into \(program)'s terminal: \(String(cString: strerror(errno)))",
                              screen: screen.lines)
            } else if Stopwatch.nanoseconds() > deadline {
                throw Failure(message: "\(program) stopped reading its keys", screen: screen.lines)
            } else {
                read(waitingUpTo: 10)
            }
        }
    }

    // MARK: Ending

    /// Waits up to `seconds` for the program to end (reading its output
    /// meanwhile), then kills it, and reaps it.
    @discardableResult
    package func waitForExit(seconds: Double) -> Exit {
        if let exit { return exit }
        let deadline = Stopwatch.nanoseconds() + UInt64(seconds * 1e9)
        var status: Int32 = 0
        var killed = false
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno != EINTR) { break }
            if Stopwatch.nanoseconds() >= deadline {
                kill(pid, SIGKILL)
                killed = true
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            if closedByProgram { usleep(2_000) } else { read(waitingUpTo: 5) }
        }
        // What the program wrote last (curses restoring the terminal) is still in the buffer.
        while read(waitingUpTo: 0) > 0 {}
        let ended = Exit(status: status, killed: killed)
        exit = ended
        return ended
    }

    /// Ends the program now if it is still running.
    package func terminate() {
        guard exit == nil else { return }
        kill(pid, SIGTERM)
        if waitForExit(seconds: 2).killed { return }
    }
}

extension PseudoTerminalProcess.Exit {
    /// "exit 0", "signal 9 (killed after the deadline)".
    package var description: String {
        let signalled = status & 0x7F
        if signalled == 0 { return "exit \((status >> 8) & 0xFF)" + (killed ? " (killed after the deadline)" : "") }
        return "signal \(signalled)" + (killed ? " (killed after the deadline)" : "")
    }

    package var succeeded: Bool { !killed && status == 0 }
}
