import Glibc

/// Starts a program with `posix_spawn`, in place of Foundation's `Process`
/// (which, with the rest of Foundation, would link ICU into the binary).
/// Standard input is the parent's, /dev/null, some text, or a file; standard
/// output and error are the parent's, /dev/null, this process's standard
/// error, or captured. `wait` always reaps the child, killing it first if it
/// is still running at the deadline.
public final class ChildProcess {
    public enum Input {
        case inherit
        case null
        case text(String)
        case file(String)
    }

    public enum Output {
        case inherit
        case null
        /// This process's standard error (a build's progress, kept off standard output).
        case standardError
        /// Read into `Termination.output` (standard output and error share it when both capture).
        case capture
    }

    public struct Termination {
        /// The exit status (0...255), or nil if a signal ended the program.
        public let exitStatus: Int32?
        public let signal: Int32?
        /// The deadline passed and the program was killed.
        public let timedOut: Bool
        /// The waiter was cancelled (the app is quitting) and the program was killed.
        public var cancelled = false
        public let output: [UInt8]

        public var succeeded: Bool { exitStatus == 0 && !timedOut && !cancelled }
        public var outputText: String { String(decoding: output, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Taken while pipes are made and handed to a child (`WakePipe` makes its own under it too).
    static let spawning = Lock()

    public let pid: pid_t
    private var pendingInput: [UInt8]
    private var inputFD: Int32
    private var outputFD: Int32
    private var captured: [UInt8] = []
    private var termination: Termination?

    /// `environment` nil: this process's own.
    public init(executable: String, arguments: [String] = [], environment: [String: String]? = nil,
                input: Input = .inherit, output: Output = .inherit,
                errors: Output = .inherit) throws {
        // Pipes are made and handed to the child under one lock, so a child
        // started by another thread at the same time inherits none of them
        // (Swift's Glibc module has no pipe2 with O_CLOEXEC).
        ChildProcess.spawning.lock()
        defer { ChildProcess.spawning.unlock() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var closeInParent: [Int32] = []
        defer { closeInParent.forEach { close($0) } }

        var inputFD: Int32 = -1
        var pending: [UInt8] = []
        switch input {
        case .inherit: break
        case .null: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .file(let path):
            guard access(path, R_OK) == 0 else {
                throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        case .text(let text):
            let fds = try Self.pipe()
            posix_spawn_file_actions_adddup2(&actions, fds.read, 0)
            closeInParent.append(fds.read)
            inputFD = fds.write
            pending = Array(text.utf8)
            // Written between polls, never blocking; a program that does not
            // read its input must not kill this one with SIGPIPE.
            _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
            signal(SIGPIPE, SIG_IGN)
        }

        var outputFD: Int32 = -1
        var captureWriteFD: Int32 = -1
        for (target, choice) in [(Int32(1), output), (Int32(2), errors)] {
            switch choice {
            case .inherit: break
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .standardError: posix_spawn_file_actions_adddup2(&actions, 2, target)
            case .capture:
                if captureWriteFD < 0 {
                    let fds = try Self.pipe()
                    outputFD = fds.read
                    captureWriteFD = fds.write
                    closeInParent.append(fds.write)
                }
                posix_spawn_file_actions_adddup2(&actions, captureWriteFD, target)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with default signal handling (a parent ignoring SIGPIPE must not pass that on).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { values in
            values.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status: Int32
        if let envp {
            status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        } else {
            status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        guard status == 0 else {
            if inputFD >= 0 { close(inputFD) }
            if outputFD >= 0 { close(outputFD) }
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.inputFD = inputFD
        self.outputFD = outputFD
        pendingInput = pending
        if inputFD >= 0 && pendingInput.isEmpty {
            close(inputFD)
            self.inputFD = -1
        }
    }

    deinit {
        if termination == nil { _ = wait(seconds: 0) }
    }

    /// Feeds the input, collects the output, and reaps the program; after
    /// `seconds` (nil: no limit), or once `cancellation` is cancelled, it is killed.
    @discardableResult
    public func wait(seconds: Double? = nil, cancellation: Cancellation? = nil) -> Termination {
        if let termination { return termination }
        let deadline = seconds.map { Self.now() + UInt64(max(0, $0) * 1e9) }
        var timedOut = false
        var cancelled = false
        // How often a cancellation is looked at while the program runs: a quit waits at most this long for it.
        let cancelCheckMilliseconds: Int32 = 20
        while inputFD >= 0 || outputFD >= 0 {
            if cancellation?.isCancelled == true { cancelled = true; break }
            var fds: [pollfd] = []
            if inputFD >= 0 { fds.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
            if outputFD >= 0 { fds.append(pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)) }
            var timeout: Int32 = -1
            if let deadline {
                let now = Self.now()
                if now >= deadline { timedOut = true; break }
                timeout = Int32(min(UInt64(Int32.max), (deadline - now) / 1_000_000 + 1))
            }
            if cancellation != nil { timeout = timeout < 0 ? cancelCheckMilliseconds : min(timeout, cancelCheckMilliseconds) }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            for descriptor in fds where descriptor.revents != 0 {
                if descriptor.fd == inputFD { writeSomeInput() } else { readSomeOutput() }
            }
        }
        if timedOut || cancelled { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while true {
            let blocking = (deadline == nil && cancellation == nil) || timedOut || cancelled
            let reaped = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if reaped == pid { break }
            if reaped < 0 {
                if errno == EINTR { continue }
                break
            }
            if let deadline, Self.now() >= deadline {
                timedOut = true
                kill(pid, SIGKILL)
                continue
            }
            if cancellation?.isCancelled == true {
                cancelled = true
                kill(pid, SIGKILL)
                continue
            }
            usleep(2_000)
        }
        if inputFD >= 0 { close(inputFD); inputFD = -1 }
        if outputFD >= 0 { close(outputFD); outputFD = -1 }
        let signalled = status & 0x7F
        var ended = Termination(exitStatus: signalled == 0 ? (status >> 8) & 0xFF : nil,
                                signal: signalled == 0 ? nil : signalled, timedOut: timedOut, output: captured)
        ended.cancelled = cancelled
        termination = ended
        return ended
    }

    private func writeSomeInput() {
        let written = pendingInput.withUnsafeBytes { Glibc.write(inputFD, $0.baseAddress, $0.count) }
        if written > 0 {
            pendingInput.removeFirst(written)
            if pendingInput.isEmpty { close(inputFD); inputFD = -1 }
        } else if written < 0 && errno != EINTR && errno != EAGAIN {
            // EPIPE: the program does not read its input; that is its business.
            close(inputFD)
            inputFD = -1
        }
    }

    private func readSomeOutput() {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(outputFD, $0.baseAddress, $0.count) }
        if count > 0 {
            captured.append(contentsOf: buffer[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            close(outputFD)
            outputFD = -1
        }
    }

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else {
            throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    private static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

