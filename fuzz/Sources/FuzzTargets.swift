import Glibc

/// A fuzz target: bytes in, and a trap (`FuzzCheck.require`) when an invariant breaks.
struct FuzzTarget: Sendable {
    let name: String
    let run: @Sendable ([UInt8]) -> Void
}

enum FuzzTargets {
    static let all: [FuzzTarget] = [
        FuzzTarget(name: "keys", run: KeyDecoderFuzz.run),
        FuzzTarget(name: "amount", run: AmountParserFuzz.run),
        FuzzTarget(name: "reducer", run: ReducerFuzz.run),
        FuzzTarget(name: "export", run: ExportFuzz.run),
        FuzzTarget(name: "ssh-command", run: SSHCommandFuzz.run),
        FuzzTarget(name: "postgres-url", run: PostgresURLFuzz.run),
        FuzzTarget(name: "sitekey", run: SitekeyFuzz.run),
        FuzzTarget(name: "text", run: StoredTextFuzz.run),
        FuzzTarget(name: "verify-answer", run: VerifyAnswerFuzz.run),
        FuzzTarget(name: "config", run: ConfigFileFuzz.run),
        FuzzTarget(name: "web-access", run: WebAccessFuzz.run),
        FuzzTarget(name: "web-message", run: WebMessageFuzz.run),
        FuzzTarget(name: "recorder", run: RecorderProtocolFuzz.run),
        FuzzTarget(name: "po", run: POFileFuzz.run),
    ]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    static let selected: FuzzTarget = {
        named(getenv("TERMBANK_FUZZ_TARGET").map { String(cString: $0) } ?? "") ?? all[0]
    }()
}

enum FuzzCheck {
    /// An invariant: when it breaks, the input is a crash libFuzzer keeps.
    static func require(_ condition: @autoclosure () -> Bool, _ what: @autoclosure () -> String) {
        if !condition() {
            let line = "invariant broken: \(what())\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            abort()
        }
    }
}

/// Reads fuzz bytes as a sequence of small decisions.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isEmpty: Bool { index >= bytes.count }
    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }
    mutating func below(_ n: Int) -> Int { Int(byte()) % max(n, 1) }
    /// The rest as UTF-8 text (ill-formed bytes become U+FFFD, as a reader would make them).
    mutating func rest() -> String {
        defer { index = bytes.count }
        return index < bytes.count ? String(decoding: bytes[index...], as: UTF8.self) : ""
    }
    /// The rest as bytes.
    mutating func restBytes() -> [UInt8] {
        defer { index = bytes.count }
        return index < bytes.count ? Array(bytes[index...]) : []
    }
    /// A string of up to `length` bytes, read as UTF-8.
    mutating func text(upTo length: Int) -> String {
        let count = min(below(length + 1), bytes.count - min(index, bytes.count))
        defer { index += count }
        return String(decoding: bytes[min(index, bytes.count)..<min(index + count, bytes.count)], as: UTF8.self)
    }
}
