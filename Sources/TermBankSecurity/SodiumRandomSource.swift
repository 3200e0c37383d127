import CSodium
import TermBankCore

/// Cryptographically secure random bytes from libsodium (getrandom(2) underneath).
public struct SodiumRandomSource: RandomSource {
    /// libsodium opens at the first bytes asked for, not here: a context is made before the first frame.
    public init() {}

    public func bytes(count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        if count > 0 { buffer.withUnsafeMutableBytes { Sodium.library.randomBytes($0.baseAddress!, $0.count) } }
        return buffer
    }
}

/// Constant-time comparison for codes and tokens.
public enum ConstantTime {
    public static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.isEmpty { return true }
        return lhs.withUnsafeBytes { a in rhs.withUnsafeBytes { b in Sodium.library.memoryCompare(a.baseAddress, b.baseAddress, a.count) == 0 } }
    }
}
