import Glibc

/// The few file operations TermBank needs, straight on POSIX calls, so that
/// no shipped module imports Foundation (which links ICU and its 30 MB of
/// data into a static binary; see docs/benchmarks.md).
public enum Files {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The whole file, or nil if it cannot be opened or read.
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                return nil
            }
        }
    }

    /// The file as UTF-8 text (invalid sequences become U+FFFD), or nil.
    public static func readText(_ path: String) -> String? {
        read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes the file in full beside it, then renames it into place, so a
    /// reader sees the old file or the new one, never half of it.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw Failure(description: "cannot write \(path): \(reason)")
            }
            bytes = bytes.dropFirst(written)
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(reason)")
        }
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// A regular file this process may execute.
    public static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    /// `mkdir -p` with `mode` for the folders it makes.
    public static func createDirectories(_ path: String, mode: mode_t = 0o755) throws {
        if isDirectory(path) { return }
        let parent = Paths.directory(of: path)
        if parent != path, parent != ".", parent != "/", !parent.isEmpty { try createDirectories(parent, mode: mode) }
        guard mkdir(path, mode) == 0 || (errno == EEXIST && isDirectory(path)) else {
            throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The names in a folder, without "." and "..".
    public static func list(_ directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes a file or a folder and everything in it (`rm -rf`); symbolic
    /// links are removed, never followed.
    public static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for name in list(path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// A new private folder (mode 0700, `mkdtemp`) under `$TMPDIR`, else /tmp.
    public static func makeTemporaryDirectory(prefix: String) throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(description: "cannot create a temporary folder in \(base): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}

extension Files {
    /// Writes all of `text` to an open descriptor (standard output or error), retrying short writes.
    public static func writeAll(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
