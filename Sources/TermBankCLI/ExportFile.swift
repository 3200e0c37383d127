import Foundation

/// A new file for an export: mode 0600, never an existing file or a link
/// (O_EXCL, O_NOFOLLOW), synced before it is reported written.
final class ExportFile {
    let path: String
    private let fd: Int32

    init(creating path: String) throws {
        self.path = path
        fd = Foundation.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            let reason = errno == EEXIST ? "it already exists (an export never writes over a file)"
                                         : String(cString: strerror(errno))
            throw CommandFailure("Cannot create \(path): \(reason).", code: .ioError)
        }
    }

    func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let wrote = bytes[written...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            guard wrote > 0 else { throw CommandFailure("Could not write \(path): \(String(cString: strerror(errno))).", code: .ioError) }
            written += wrote
        }
    }

    func finish() throws {
        guard fsync(fd) == 0 else { throw CommandFailure("Could not sync \(path) to disk.", code: .ioError) }
    }

    deinit { close(fd) }
}
