import Glibc

/// One terminal session written as an asciicast v2 file (the format `asciinema play` and `asciinema cat` read):
/// a JSON header line, then one JSON array per event, `[seconds, "o", text]` for what the program wrote and
/// `[seconds, "r", "COLSxROWS"]` for a window-size change (docs/decisions/0115).
///
/// Whoever relays a session's bytes feeds them here: the SSH door's pty relay (`termbank relay`) through the
/// operator's recorder, and a browser door with the bytes it sends to the page. The recorder never reads the
/// terminal itself, and it takes times from its caller, so tests drive it with a fixed clock.
public final class AsciicastRecorder {
    public struct Header: Sendable {
        public var columns: Int
        public var rows: Int
        /// When the session began, in seconds since 1970 (UTC).
        public var timestamp: Int
        public var title: String

        public init(columns: Int, rows: Int, timestamp: Int, title: String) {
            self.columns = columns
            self.rows = rows
            self.timestamp = timestamp
            self.title = title
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private var descriptor: Int32
    /// The start of an UTF-8 sequence that the last chunk cut: terminal output arrives in arbitrary pieces,
    /// and a character split over two reads must not become two replacement characters.
    private var pending: [UInt8] = []
    private var lastTime: UInt64 = 0

    /// Writes `header` to `descriptor` (which the recorder then owns and closes).
    public init(descriptor: Int32, header: Header) throws {
        self.descriptor = descriptor
        var line = "{\"version\": 2, \"width\": \(max(1, header.columns)), \"height\": \(max(1, header.rows)), "
        line += "\"timestamp\": \(header.timestamp), \"title\": " + JSONString.quoted(header.title) + "}\n"
        try write(line)
    }

    deinit { close() }

    /// A new recording at `path`: created, never opened over an existing file or through a link, and readable by
    /// its owner only (0600, whatever the umask), since it holds what the session showed.
    public static func create(path: String, header: Header) throws -> AsciicastRecorder {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        _ = fchmod(descriptor, 0o600)
        do {
            return try AsciicastRecorder(descriptor: descriptor, header: header)
        } catch {
            unlink(path)
            throw error
        }
    }

    /// What the program wrote, `nanoseconds` after the session began.
    public func output(_ bytes: ArraySlice<UInt8>, atNanoseconds nanoseconds: UInt64) throws {
        var chunk = pending
        chunk.append(contentsOf: bytes)
        let complete = AsciicastRecorder.completeLength(of: chunk)
        pending = Array(chunk[complete...])
        guard complete > 0 else { return }
        let text = String(decoding: chunk[..<complete], as: UTF8.self)
        try event(code: "o", data: text, atNanoseconds: nanoseconds)
    }

    /// The window became `columns` x `rows`.
    public func resize(columns: Int, rows: Int, atNanoseconds nanoseconds: UInt64) throws {
        try event(code: "r", data: "\(columns)x\(rows)", atNanoseconds: nanoseconds)
    }

    /// Writes what is left (a cut character becomes U+FFFD) and closes the file.
    public func close() {
        guard descriptor >= 0 else { return }
        if !pending.isEmpty {
            let text = String(decoding: pending, as: UTF8.self)
            pending = []
            try? event(code: "o", data: text, atNanoseconds: lastTime)
        }
        Glibc.close(descriptor)
        descriptor = -1
    }

    private func event(code: String, data: String, atNanoseconds nanoseconds: UInt64) throws {
        // Times never go back: players sleep for the difference between two events.
        let time = max(nanoseconds, lastTime)
        lastTime = time
        try write("[" + AsciicastRecorder.seconds(time) + ", \"" + code + "\", " + JSONString.quoted(data) + "]\n")
    }

    private func write(_ line: String) throws {
        guard descriptor >= 0 else { throw Failure(description: "the recording is closed") }
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw Failure(description: "cannot write the recording: \(String(cString: strerror(errno)))")
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Seconds with six decimals ("12.000345"), without Foundation's formatting.
    static func seconds(_ nanoseconds: UInt64) -> String {
        let micro = nanoseconds / 1_000
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// How many leading bytes of `bytes` end on a character boundary: all of them, unless they end in the first
    /// bytes of a multi-byte sequence that the next chunk may finish.
    static func completeLength(of bytes: [UInt8]) -> Int {
        let count = bytes.count
        var index = count - 1
        // The last lead byte within the last three bytes (a cut sequence has at most three of its four).
        while index >= 0 && index >= count - 3 {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                let needed: Int
                switch byte {
                case 0xC2...0xDF: needed = 2
                case 0xE0...0xEF: needed = 3
                case 0xF0...0xF4: needed = 4
                default: return count   // ASCII or a byte that starts nothing: decoding replaces it
                }
                return count - index < needed ? index : count
            }
            index -= 1
        }
        return count
    }
}
