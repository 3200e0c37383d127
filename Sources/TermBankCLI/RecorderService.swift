import Glibc
import TermBankSystem

/// `termbank demo recorder`: the operator's end of the recordings (docs/decisions/0116). It listens on a Unix
/// socket that the demo account's relays connect to, and writes one asciicast file per connection into its
/// folder, as whoever runs it (the operator), mode 0600: the demo account can reach the socket, never the files.
/// Each relay can only add to its own session's file; names and times are the recorder's.
final class RecorderService {
    static let largestRecording = RecordingFiles.largestRecording

    private struct Connection {
        let descriptor: Int32
        var reader = RecorderMessageReader()
        var recorder: AsciicastRecorder?
        var start: UInt64 = 0
        var written = 0
    }

    private let folder: String
    private let allowedUser: uid_t?
    private let listener: Int32
    private var connections: [Connection] = []
    private var sequence = 0

    /// Listens at `socket` (replacing a stale one), readable and writable by everyone: who may record is
    /// checked per connection, by the peer's user id (`allowedUser`, else anyone).
    init(socket path: String, folder: String, allowedUser: uid_t?) throws {
        self.folder = folder
        self.allowedUser = allowedUser
        listener = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw CommandFailure("cannot make a socket", code: .failure) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw CommandFailure.usage("--socket: the path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        var status = stat()
        if lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK { unlink(path) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, chmod(path, 0o666) == 0, listen(listener, 64) == 0 else {
            throw CommandFailure("cannot listen at \(path): \(String(cString: strerror(errno)))", code: .failure)
        }
    }

    /// Serves until killed.
    func run(log: (String) -> Void) -> Never {
        signal(SIGPIPE, SIG_IGN)
        while true {
            var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
                + connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 { continue }
            // Connections first (accepting appends to the list the descriptors were made from).
            var ended: [Int] = []
            for index in connections.indices where descriptors[index + 1].revents != 0 {
                if !receive(&connections[index], log: log) { ended.append(index) }
            }
            for index in ended.reversed() {
                connections[index].recorder?.close()
                Glibc.close(connections[index].descriptor)
                connections.remove(at: index)
            }
            if descriptors[0].revents != 0 { accept(log: log) }
        }
    }

    private func accept(log: (String) -> Void) {
        let descriptor = Glibc.accept(listener, nil, nil)
        guard descriptor >= 0 else { return }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // struct ucred (pid, uid, gid), which Glibc's module hides behind _GNU_SOURCE.
        var credentials: [UInt32] = [0, 0, 0]
        var length = socklen_t(12)
        let known = credentials.withUnsafeMutableBytes {
            getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, $0.baseAddress, &length) == 0
        }
        let uid = credentials[1]
        guard known, allowedUser.map({ uid == $0 || uid == 0 }) ?? true else {
            log("recorder: refused a connection from user \(uid)")
            Glibc.close(descriptor)
            return
        }
        connections.append(Connection(descriptor: descriptor))
    }

    /// Reads what is there and writes whole messages; false when the connection ends or breaks the protocol.
    private func receive(_ connection: inout Connection, log: (String) -> Void) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { Glibc.recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 && errno == EINTR { return true }
        guard count > 0 else { return false }
        connection.reader.append(chunk[0..<count])
        do {
            while let message = try connection.reader.next() {
                guard handle(message, &connection, log: log) else { return false }
            }
        } catch {
            return false
        }
        return true
    }

    private func handle(_ message: RecorderMessage, _ connection: inout Connection, log: (String) -> Void) -> Bool {
        let now = Stopwatch.nanoseconds()
        switch message {
        case .start(let columns, let rows, let origin):
            var clock = timespec()
            clock_gettime(CLOCK_REALTIME, &clock)
            sequence += 1
            let name = RecordingFiles.name(startedAt: Int(clock.tv_sec), sequence: sequence, process: getpid())
            do {
                connection.recorder = try AsciicastRecorder.create(
                    path: folder + "/" + name,
                    header: .init(columns: columns, rows: rows, timestamp: Int(clock.tv_sec),
                                  title: RecordingFiles.title(origin: origin)))
                connection.start = now
                log("recorder: \(name) (\(origin.isEmpty ? "no origin" : origin))")
            } catch {
                log("recorder: \(error)")
                return false
            }
        case .output(let bytes):
            guard let recorder = connection.recorder else { return false }
            guard connection.written + bytes.count <= Self.largestRecording else { return true }
            connection.written += bytes.count
            do { try recorder.output(bytes[...], atNanoseconds: now - connection.start) } catch { return false }
        case .resize(let columns, let rows):
            guard let recorder = connection.recorder else { return false }
            do { try recorder.resize(columns: columns, rows: rows, atNanoseconds: now - connection.start) } catch {
                return false
            }
        }
        return true
    }
}
