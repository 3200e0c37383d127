/// One message on the recorder's socket (docs/decisions/0116), as the relay writes it and the recorder reads it:
/// one byte of kind, four of length (big-endian), then the payload. `h` starts the session ("COLSxROWS", then
/// the origin's name on a second line), `o` carries output bytes, `r` a new size ("COLSxROWS"). Times are not
/// in it: the recorder stamps each message on arrival. The relay runs as the demo account, which anyone at
/// the demo acts as, so the reader takes only what the link writes.
enum RecorderMessage: Equatable {
    case start(columns: Int, rows: Int, origin: String)
    case output([UInt8])
    case resize(columns: Int, rows: Int)

    /// The most one message carries: a relay's read is at most 16 KiB, and the link cuts anything longer.
    static let largestPayload = 65_536
    static let headerLength = 5
    /// A window's side, as the relay's TIOCGWINSZ gives it (a terminal reports at most 4 digits' worth).
    static let sides = 1...9_999
    /// The origin as the app's audit trail names it: printable ASCII only, on one line.
    static let longestOrigin = 120

    /// What the reader refuses; the connection ends.
    enum Refusal: Error, Equatable {
        case unknownKind(UInt8)
        case badSize
        case tooLong(Int)
    }

    var kind: UInt8 {
        switch self {
        case .start: UInt8(ascii: "h")
        case .output: UInt8(ascii: "o")
        case .resize: UInt8(ascii: "r")
        }
    }

    var payload: [UInt8] {
        switch self {
        case .start(let columns, let rows, let origin): Array("\(columns)x\(rows)\n\(origin)".utf8)
        case .output(let bytes): bytes
        case .resize(let columns, let rows): Array("\(columns)x\(rows)".utf8)
        }
    }

    /// The message as it goes on the socket; output longer than `largestPayload` goes as several.
    var frames: [[UInt8]] {
        let whole = payload
        var pieces: [[UInt8]] = []
        var start = 0
        repeat {
            let end = min(start + Self.largestPayload, whole.count)
            let length = UInt32(end - start)
            pieces.append([kind, UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF),
                           UInt8(length & 0xFF)] + whole[start..<end])
            start = end
        } while start < whole.count
        return pieces
    }

    /// One message from its kind and payload (the framing is `RecorderMessageReader`'s).
    init(kind: UInt8, payload: ArraySlice<UInt8>) throws(Refusal) {
        guard payload.count <= Self.largestPayload else { throw .tooLong(payload.count) }
        switch kind {
        case UInt8(ascii: "h"):
            let lines = payload.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
            guard let size = Self.size(lines[0]) else { throw .badSize }
            let origin = String(decoding: (lines.count > 1 ? lines[1] : [])
                .filter { (0x20...0x7E).contains($0) }.prefix(Self.longestOrigin), as: UTF8.self)
            self = .start(columns: size.columns, rows: size.rows, origin: origin)
        case UInt8(ascii: "o"):
            self = .output(Array(payload))
        case UInt8(ascii: "r"):
            guard let size = Self.size(payload) else { throw .badSize }
            self = .resize(columns: size.columns, rows: size.rows)
        default:
            throw .unknownKind(kind)
        }
    }

    /// "COLSxROWS", each from 1 to 9999 as the link writes it: decimal digits, no sign, no leading zero.
    static func size(_ bytes: ArraySlice<UInt8>) -> (columns: Int, rows: Int)? {
        let parts = bytes.split(separator: UInt8(ascii: "x"), omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = side(parts[0]), let rows = side(parts[1]) else { return nil }
        return (columns, rows)
    }

    private static func side(_ digits: ArraySlice<UInt8>) -> Int? {
        // Int("+80") and Int("0080") are 80: the reader would take sizes the link never writes.
        guard (1...4).contains(digits.count), digits.first != UInt8(ascii: "0"),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return sides.contains(value) ? value : nil
    }
}
