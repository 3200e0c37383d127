import Foundation
import Glibc

/// A relay between libpq and a throwaway cluster's socket that drops the
/// connection at a chosen statement: the network failing mid-booking.
///
/// It listens on a Unix socket of its own (`directory`, for a URL's
/// `host=`), reads what the client sends message by message (PostgreSQL's
/// protocol: a length-prefixed start-up message, then a type byte and a
/// length each), and counts a statement at each round trip libpq starts: a
/// simple query ('Q'), a prepared statement's execution ('E') or a prepare
/// ('P'). Armed at n, at the nth it shuts both sides of that connection,
/// either before the message reaches the server (the server never saw it)
/// or just after (the server runs it, a COMMIT included, and the client
/// never hears the answer). It cuts once per arming; the reconnection that
/// follows goes through untouched.
final class StatementCuttingProxy: @unchecked Sendable {
    enum Cut { case before, after }

    let directory: String
    private let target: String
    private let listener: Int32
    private let lock = NSLock()
    private var cutAt: Int?
    private var cut = Cut.before
    private var counted = 0
    private var hit = false
    private var open: [Int32] = []

    /// Relays to the server whose socket folder is `server` (port 5432's socket).
    init(server: String) throws {
        directory = try ScratchFolderForSocket.make()
        target = server + "/.s.PGSQL.5432"
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.address(directory + "/.s.PGSQL.5432")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard listener >= 0, bound == 0, listen(listener, 16) == 0 else {
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        let thread = Thread { [self] in acceptForever() }
        thread.start()
    }

    /// A URL of the cluster that goes through this relay instead.
    func url(_ url: String, server: String) -> String {
        url.replacingOccurrences(of: "host=\(server)", with: "host=\(directory)")
    }

    /// Counts statements from now; the nth (1-based) is cut as `cut` says.
    func arm(at n: Int, _ cut: Cut) {
        lock.withLock {
            cutAt = n
            self.cut = cut
            counted = 0
            hit = false
        }
    }

    /// Stops cutting. Says whether the cut happened, and how many statements were counted.
    @discardableResult
    func disarm() -> (hit: Bool, statements: Int) {
        lock.withLock {
            cutAt = nil
            return (hit, counted)
        }
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() where index < bytes.count - 1 { bytes[index] = byte }
        }
        return address
    }

    private func acceptForever() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { if errno == EINTR { continue } else { return } }
            let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.address(target)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard connected == 0 else {
                close(client)
                close(server)
                continue
            }
            let pair = Pair(client: client, server: server)
            Thread { [self] in fromClient(pair) }.start()
            Thread { Self.copy(from: server, to: client); pair.finished() }.start()
        }
    }

    /// The two sockets of one connection, closed when both directions are done.
    private final class Pair: @unchecked Sendable {
        let client: Int32
        let server: Int32
        private let lock = NSLock()
        private var done = 0

        init(client: Int32, server: Int32) {
            self.client = client
            self.server = server
        }

        func drop() {
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
        }

        func finished() {
            drop()
            let last = lock.withLock { done += 1; return done == 2 }
            if last {
                close(client)
                close(server)
            }
        }
    }

    private static func copy(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0, writeAll(destination, buffer[0..<count]) else { return }
        }
    }

    private static func writeAll(_ socket: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return false }
            rest = rest.dropFirst(written)
        }
        return true
    }

    /// What to do with one whole message from the client.
    private func decide(type: UInt8?) -> Cut? {
        guard let type, [UInt8(ascii: "Q"), UInt8(ascii: "E"), UInt8(ascii: "P")].contains(type) else { return nil }
        return lock.withLock {
            guard let cutAt, !hit else { return nil }
            counted += 1
            guard counted == cutAt else { return nil }
            hit = true
            return cut
        }
    }

    private func fromClient(_ pair: Pair) {
        defer { pair.finished() }
        var pending: [UInt8] = []
        var started = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pair.client, &buffer, buffer.count)
            guard count > 0 else { return }
            pending += buffer[0..<count]
            // Whole messages only: the start-up one has no type byte.
            while true {
                let header = started ? 5 : 4
                guard pending.count >= header else { break }
                let lengthAt = started ? 1 : 0
                let length = pending[lengthAt..<lengthAt + 4].reduce(0) { $0 << 8 | Int($1) }
                let total = lengthAt + length
                guard pending.count >= total else { break }
                let message = pending[0..<total]
                let verdict = decide(type: started ? pending[0] : nil)
                started = true
                if verdict == .before { pair.drop(); return }
                guard Self.writeAll(pair.server, message) else { return }
                pending.removeFirst(total)
                // Let the server read the statement before the end of its connection.
                if verdict == .after { pair.drop(); return }
            }
        }
    }
}

/// A short private folder for a socket (a socket's path is at most 107 bytes).
enum ScratchFolderForSocket {
    static func make() throws -> String {
        var template = Array("/tmp/tbpx.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return String(cString: made)
    }
}
