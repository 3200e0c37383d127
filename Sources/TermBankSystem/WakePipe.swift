import Glibc

/// A pipe that wakes a thread waiting in `poll`: another thread `signal`s,
/// the waiter sees `readDescriptor` readable and `drain`s it. This is how the
/// effect worker tells the run loop a result is ready while the loop waits
/// for the terminal (ncurses is not thread-safe, so only the loop paints).
public final class WakePipe: @unchecked Sendable {
    public let readDescriptor: Int32
    private let writeDescriptor: Int32

    public init() {
        var fds: [Int32] = [-1, -1]
        // Under the spawning lock, like ChildProcess's pipes: a child started
        // by another thread meanwhile inherits neither end.
        ChildProcess.spawning.lock()
        let made = Glibc.pipe(&fds)
        for fd in fds where made == 0 {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            // Neither end ever blocks: a full pipe is already a wake-up, an empty one has nothing to drain.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        ChildProcess.spawning.unlock()
        precondition(made == 0, "cannot make a pipe: \(String(cString: strerror(errno)))")
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Makes `readDescriptor` readable (safe from any thread).
    public func signal() {
        var byte: UInt8 = 1
        _ = Glibc.write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe, so the next `poll` waits for the next `signal`.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ Glibc.read(readDescriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
