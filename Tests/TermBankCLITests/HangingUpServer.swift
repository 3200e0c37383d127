import Foundation
import Glibc

/// A socket where a PostgreSQL server would listen (`DIR/.s.PGSQL.5432`)
/// that takes each connection, reads the client's first packet and hangs up:
/// what a client sees of a primary stopped with `pg_ctl stop -m immediate`
/// while it was signing a connection in (the new backend is killed before it answers).
final class HangingUpServer {
    let directory: String
    private let listening: Int32

    struct CannotListen: Error {}

    init(directory: String) throws {
        self.directory = directory
        let path = Array((directory + "/.s.PGSQL.5432").utf8)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { throw CannotListen() }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path + [0]) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw CannotListen()
        }
        listening = descriptor
        Thread.detachNewThread {
            var packet = [UInt8](repeating: 0, count: 1024)
            while true {
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else {
                    // `stop` shut the socket down. Closed here, so its number cannot be
                    // reused by another file while this thread still waits on it.
                    close(descriptor)
                    return
                }
                _ = read(client, &packet, packet.count)
                close(client)
            }
        }
    }

    /// Wakes the thread waiting in `accept`, which then closes the socket.
    func stop() {
        shutdown(listening, Int32(SHUT_RDWR))
    }
}
