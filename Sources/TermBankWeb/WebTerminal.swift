import Glibc
import TermBankCLI
import TermBankSystem

/// One browser tab's `termbank --demo`, in a pseudo-terminal of its own, as
/// sshd would run it: a thread of its own reads what the app draws into
/// `pending` and wakes the server's loop to send it, and writes what was typed
/// as the app takes it (so a big paste never holds up the server's loop);
/// closing hangs the terminal up, which ends the app's session at the bank as
/// a dropped SSH connection does.
final class WebTerminal: @unchecked Sendable {
    let pid: pid_t
    private let master: Int32
    private let lock = Lock()
    private var pending: [UInt8] = []
    /// Typed, not yet taken by the app; `typed` wakes the thread to write it.
    private var input: [UInt8] = []
    private let typed = WakePipe()
    /// What the app may have waiting to be taken: more of a paste is dropped, as the app's fields stop at their limits.
    static let inputLimit = 1 << 20
    private var ended = false
    private var closed = false

    /// Starts `executable` with exactly `arguments` and `environment`.
    init(executable: String, arguments: [String], environment: [String: String], columns: Int, rows: Int,
         wake: @escaping @Sendable () -> Void) throws {
        // Built before the fork: between fork and exec the child calls only execve and _exit.
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
            throw CommandFailure("out of memory starting a session", code: .software)
        }
        let pid = argv.withUnsafeBufferPointer { argvBuffer in
            envp.withUnsafeBufferPointer { envpBuffer in
                guard let argvBase = argvBuffer.baseAddress, let envpBase = envpBuffer.baseAddress else { return pid_t(-1) }
                // forkpty: the slave becomes the child's controlling terminal and stdio, in a session of its own.
                let pid = forkpty(&master, nil, nil, &size)
                if pid == 0 {
                    // The limits scripts/ssh-demo puts on each SSH session (plain system calls, safe after fork):
                    // 512 MiB of address space, 256 open files, no core dump (it would hold secrets).
                    var memory = rlimit(rlim_cur: 512 << 20, rlim_max: 512 << 20)
                    var files = rlimit(rlim_cur: 256, rlim_max: 256)
                    var core = rlimit(rlim_cur: 0, rlim_max: 0)
                    setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
                    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &files)
                    setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &core)
                    execve(path, argvBase, envpBase)
                    _exit(127)
                }
                return pid
            }
        }
        guard pid > 0 else { throw CommandFailure("cannot start a session: \(String(cString: strerror(errno)))", code: .unavailable) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.pid = pid
        self.master = master
        Threads.detach { [self] in readLoop(wake: wake) }
    }

    private func readLoop(wake: @Sendable () -> Void) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var open = true
        while open {
            let typing = lock.withLock { !input.isEmpty }
            var descriptors = [pollfd(fd: master, events: Int16(POLLIN) | (typing ? Int16(POLLOUT) : 0), revents: 0),
                               pollfd(fd: typed.readDescriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { break }
            if descriptors[1].revents != 0 { typed.drain() }
            if descriptors[0].revents & Int16(POLLOUT) != 0 { writeTyped() }
            guard descriptors[0].revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            open = count > 0
            lock.withLock {
                if count > 0 { pending.append(contentsOf: buffer[0..<count]) } else { ended = true }
            }
            wake()
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        lock.withLock {
            closed = true
            close(master)
        }
    }

    /// As much of what was typed as the terminal takes now.
    private func writeTyped() {
        lock.withLock {
            let written = input.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written > 0 { input.removeFirst(written) }
        }
    }

    /// What the app drew since the last call (at most `limit` bytes), and
    /// whether it has ended with nothing more to send.
    func take(limit: Int) -> (bytes: [UInt8], finished: Bool) {
        lock.withLock {
            let bytes = Array(pending.prefix(limit))
            pending.removeFirst(bytes.count)
            return (bytes, ended && pending.isEmpty)
        }
    }

    func type(_ bytes: [UInt8]) {
        lock.withLock {
            guard !closed else { return }
            input.append(contentsOf: bytes.prefix(max(0, Self.inputLimit - input.count)))
        }
        typed.signal()
    }

    func resize(columns: Int, rows: Int) {
        lock.withLock {
            guard !closed else { return }
            var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        }
    }

    /// The tab closed: hang the terminal up, as sshd does when a connection drops.
    func hangUp() {
        kill(-pid, SIGHUP)
    }
}
