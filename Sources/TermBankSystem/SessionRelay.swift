import Glibc
import Synchronization

/// What a relay records to: a file of its own (`AsciicastRecorder`), or the operator's recorder over a socket
/// (TermBankCLI's `RecorderLink`).
public protocol SessionRecording: AnyObject {
    func output(_ bytes: ArraySlice<UInt8>, atNanoseconds: UInt64) throws
    func resize(columns: Int, rows: Int, atNanoseconds: UInt64) throws
    func close()
}

extension AsciicastRecorder: SessionRecording {}

/// `termbank relay`: runs a program in a pseudo-terminal of its own and copies bytes both ways between it and
/// this process's terminal, writing what the program shows to an asciicast recording (docs/decisions/0116).
/// The program gets the window's size at start and at every change (SIGWINCH here, TIOCSWINSZ there, which
/// the kernel turns into the program's own SIGWINCH), so it draws, clamps and refuses sizes as it would
/// without the relay. Limits set on the relay (prlimit) are inherited by the program; the program's own idle
/// rules end it, and the relay ends with it.
public enum SessionRelay {
    /// The write end of the pipe that SIGWINCH wakes the relay's `poll` through (a handler may only `write`).
    private static let windowPipe = Atomic<Int32>(-1)

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// Runs `program` with `arguments` (this process's environment) until it ends; returns its exit status.
    public static func run(program: String, arguments: [String], recorder: (any SessionRecording)?,
                    start: UInt64 = Stopwatch.nanoseconds()) throws -> Int32 {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw Failure(description: "the relay needs a terminal")
        }
        var size = windowSize()
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else { throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))") }
        defer { close(wake[0]); close(wake[1]) }
        for fd in wake {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        windowPipe.store(wake[1], ordering: .releasing)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = Glibc.write(SessionRelay.windowPipe.load(ordering: .acquiring), &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, nil)

        // Everything the child needs is built before the fork: between fork and exec it calls only execv and _exit.
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard let path = argv[0] else { throw Failure(description: "out of memory") }
        var master: Int32 = -1
        let child = argv.withUnsafeBufferPointer { buffer -> pid_t in
            guard let base = buffer.baseAddress else { return -1 }
            let pid = forkpty(&master, nil, nil, &size)
            if pid == 0 {
                execv(path, base)
                _exit(127)
            }
            return pid
        }
        guard child > 0 else { throw Failure(description: "cannot start \(program): \(String(cString: strerror(errno)))") }
        defer { close(master) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)

        // This side's terminal passes every byte through untouched: the program's pty does the line discipline.
        var saved = termios()
        let haveSaved = tcgetattr(STDIN_FILENO, &saved) == 0
        if haveSaved {
            var raw = saved
            cfmakeraw(&raw)
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        defer { if haveSaved { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) } }

        var recording = recorder
        func record(_ body: (any SessionRecording) throws -> Void) {
            guard let current = recording else { return }
            // A full disk ends the recording, never the session.
            do { try body(current) } catch { current.close(); recording = nil }
        }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: master, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
        loop: while true {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if descriptors[2].revents != 0 {
                var drained = [UInt8](repeating: 0, count: 64)
                while drained.withUnsafeMutableBytes({ Glibc.read(wake[0], $0.baseAddress, $0.count) }) > 0 {}
                let new = windowSize()
                if new.ws_col != size.ws_col || new.ws_row != size.ws_row {
                    size = new
                    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
                    record { try $0.resize(columns: Int(size.ws_col), rows: Int(size.ws_row),
                                           atNanoseconds: Stopwatch.nanoseconds() - start) }
                }
            }
            if descriptors[1].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                // 0 or EIO: the program closed its terminal (it ended).
                guard count > 0 else { break loop }
                guard writeAll(STDOUT_FILENO, buffer[0..<count]) else { break loop }
                record { try $0.output(buffer[0..<count], atNanoseconds: Stopwatch.nanoseconds() - start) }
            }
            if descriptors[0].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                // The client is gone: the program hears it as a hang-up, as it would on its own terminal.
                guard count > 0, writeAll(master, buffer[0..<count]) else {
                    kill(child, SIGHUP)
                    break loop
                }
            }
        }
        recording?.close()
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        windowPipe.store(-1, ordering: .releasing)
        let exited = status & 0x7F == 0
        return exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// This terminal's size (80x24 if the kernel knows none).
    public static func windowSize() -> winsize {
        var size = winsize()
        if ioctl(STDIN_FILENO, UInt(TIOCGWINSZ), &size) != 0 || size.ws_col == 0 || size.ws_row == 0 {
            size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        }
        return size
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno == EAGAIN {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
                continue
            }
            guard written > 0 else { return false }
            rest = rest.dropFirst(written)
        }
        return true
    }
}
