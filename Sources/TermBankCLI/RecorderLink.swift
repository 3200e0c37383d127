import Glibc
import TermBankSystem

/// The relay's end of the recorder's socket: each call goes as a `RecorderMessage`. The recorder stamps times
/// itself, on arrival.
final class RecorderLink: SessionRecording {
    private var descriptor: Int32

    /// Connects and announces the session; throws when no recorder listens.
    init(socket path: String, columns: Int, rows: Int, origin: String) throws {
        descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SessionRelay.Failure(description: "cannot make a socket") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Glibc.close(descriptor)
            throw SessionRelay.Failure(description: "the recorder's socket path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw SessionRelay.Failure(description: "no recorder at \(path): \(reason)")
        }
        try send(.start(columns: columns, rows: rows, origin: origin))
    }

    deinit { close() }

    func output(_ bytes: ArraySlice<UInt8>, atNanoseconds: UInt64) throws {
        try send(.output(Array(bytes)))
    }

    func resize(columns: Int, rows: Int, atNanoseconds: UInt64) throws {
        try send(.resize(columns: columns, rows: rows))
    }

    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    private func send(_ message: RecorderMessage) throws {
        for frame in message.frames {
            var unsent = frame[...]
            while !unsent.isEmpty {
                let written = unsent.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw SessionRelay.Failure(description: "the recorder is gone") }
                unsent = unsent.dropFirst(written)
            }
        }
    }
}
