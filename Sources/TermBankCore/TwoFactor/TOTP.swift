/// HMAC-SHA1 (RFC 2104). Live: OpenSSL's libcrypto. The core owns the
/// protocol so the RFC 6238 rules stay pure and testable.
public protocol HMACSHA1: Sendable {
    func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8]
}

/// Time-based one-time passwords (RFC 6238): HOTP (RFC 4226) over 30-second
/// steps counted from the Unix epoch, 6 digits, HMAC-SHA1, the compatible
/// choice every authenticator app reads from an `otpauth://` URI.
public struct TOTP: Sendable {
    public static let stepSeconds: Int64 = 30
    public static let digits = 6
    /// Steps of clock drift accepted either side of now (RFC 6238 section 5.2 recommends one).
    public static let acceptedDrift: Int64 = 1
    /// 160 bits, the size RFC 4226 recommends for HMAC-SHA1.
    public static let secretBytes = 20

    let hmac: HMACSHA1

    public init(hmac: HMACSHA1) { self.hmac = hmac }

    /// The time step `time` falls in (floor division, also before 1970).
    public static func step(at time: Timestamp) -> Int64 {
        let seconds = time.millisecondsSinceEpoch >= 0 ? time.millisecondsSinceEpoch / 1000
                                                       : (time.millisecondsSinceEpoch - 999) / 1000
        return seconds >= 0 ? seconds / stepSeconds : (seconds - stepSeconds + 1) / stepSeconds
    }

    /// The code for one step: HMAC over the big-endian counter, then RFC 4226
    /// section 5.3's dynamic truncation, then `digits` decimal digits.
    public func code(secret: [UInt8], step: Int64, digits: Int = TOTP.digits) -> String {
        precondition((6...8).contains(digits))
        let counter = (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: step) >> (56 - 8 * UInt64($0))) }
        let mac = hmac.authenticationCode(key: secret, message: counter)
        precondition(mac.count == 20, "HMAC-SHA1 gives 20 bytes")
        let offset = Int(mac[19] & 0x0f)
        let binary = (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let text = String(binary % modulus)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// The step within the accepted drift of `now` whose code is `typed`, if
    /// any. Every candidate is computed and compared in full, in the same order.
    public func matchingStep(_ typed: String, secret: [UInt8], at now: Timestamp) -> Int64? {
        let typedBytes = Array(typed.utf8)
        guard typedBytes.count == TOTP.digits, typedBytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let current = TOTP.step(at: now)
        var found: Int64?
        for step in [current, current - TOTP.acceptedDrift, current + TOTP.acceptedDrift] {
            if TOTP.constantTimeEqual(Array(code(secret: secret, step: step).utf8), typedBytes), found == nil {
                found = step
            }
        }
        return found
    }

    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}

/// RFC 4648 base32 (A-Z, 2-7), without padding, as `otpauth://` secrets are written.
public enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { out.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Accepts lower case, spaces and padding (as people type a secret); nil for anything else.
    public static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for scalar in text.unicodeScalars where scalar != " " && scalar != "=" && scalar != "-" {
            let value: UInt32
            switch scalar {
            case "A"..."Z": value = scalar.value - 65
            case "a"..."z": value = scalar.value - 97
            case "2"..."7": value = scalar.value - 50 + 26
            default: return nil
            }
            buffer = (buffer << 5) | value
            bits += 5
            if bits >= 8 {
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits - 8)))
                bits -= 8
            }
        }
        return out
    }
}

/// An authenticator secret in memory. Like `Secret`, it never prints itself.
public struct AuthenticatorSecret: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public var description: String { "<secret>" }
    public var debugDescription: String { "<secret>" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    public var base32: String { Base32.encode(bytes) }

    /// "ABCD EFGH IJKL ...": the secret in groups of four, for typing into an app.
    public var grouped: String {
        var groups: [String] = []
        var current = ""
        for character in base32 {
            current.append(character)
            if current.count == 4 {
                groups.append(current)
                current = ""
            }
        }
        if !current.isEmpty { groups.append(current) }
        return groups.joined(separator: " ")
    }

    /// The Key Uri Format every authenticator app reads from a QR code.
    public func uri(for username: Username) -> String {
        "otpauth://totp/TermBank:\(username.rawValue)?secret=\(base32)&issuer=TermBank"
    }
}
