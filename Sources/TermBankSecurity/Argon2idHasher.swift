import CSodium
import Glibc
import TermBankSystem
import TermBankCore

/// Passwords hashed with argon2id via libsodium's `crypto_pwhash_str`: a
/// random salt per hash, parameters encoded in the string, constant-time verify.
public struct Argon2idHasher: PasswordHasher {
    public enum Failure: Error, CustomStringConvertible {
        case outOfMemory
        public var description: String { "Not enough memory to hash the password." }
    }

    /// OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane (libsodium always uses 1).
    public static let standardMemory = 19 * 1024 * 1024
    public static let standardPasses: UInt64 = 2

    let memoryLimit: Int
    let passes: UInt64
    /// A real hash of a random password with the same parameters, for unknown
    /// usernames; made on first use so processes that never sign anyone in
    /// (operator commands, benchmarks) do not pay for it.
    private let dummy: DummyHash

    public init(memoryLimit: Int = Argon2idHasher.standardMemory, passes: UInt64 = Argon2idHasher.standardPasses) {
        self.memoryLimit = memoryLimit
        self.passes = passes
        self.dummy = DummyHash(passes: passes, memory: memoryLimit)
    }

    public func hash(_ password: Secret) throws -> String {
        try Argon2idHasher.hash(password.exposedValue, passes: passes, memory: memoryLimit)
    }

    private static func hash(_ password: String, passes: UInt64, memory: Int) throws -> String {
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        // utf8CString is never empty (it ends in NUL), so its base address
        // exists even for an empty password; the NUL is not hashed.
        let chars = password.utf8CString
        let status = chars.withUnsafeBufferPointer { buffer in
            Sodium.library.passwordHashString(&output, buffer.baseAddress!, UInt64(buffer.count - 1), passes, memory,
                                                       crypto_pwhash_ALG_ARGON2ID13)
        }
        guard status == 0 else { throw Failure.outOfMemory }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func verify(_ password: Secret, against storedHash: String) -> Bool {
        let chars = password.exposedValue.utf8CString
        return chars.withUnsafeBufferPointer { buffer in
            Sodium.library.passwordHashVerify(storedHash, buffer.baseAddress!, UInt64(buffer.count - 1)) == 0
        }
    }

    public func verifyAgainstDummy(_ password: Secret) {
        _ = verify(password, against: dummy.value)
    }

    /// Whether a stored hash uses weaker parameters than ours (for rehash on sign-in).
    public func needsRehash(_ storedHash: String) -> Bool {
        Sodium.library.passwordHashNeedsRehash(storedHash, passes, memoryLimit) != 0
    }
}

private final class DummyHash: @unchecked Sendable {
    private let lock = Lock()
    private var cached: String?
    private let passes: UInt64
    private let memory: Int

    init(passes: UInt64, memory: Int) {
        self.passes = passes
        self.memory = memory
    }

    var value: String {
        lock.withLock {
            if let cached { return cached }
            let randomPassword = Secret(SodiumRandomSource().hexIdentifier(bytes: 16))
            let made = (try? Argon2idHasher(memoryLimit: memory, passes: passes).hash(randomPassword)) ?? ""
            cached = made
            return made
        }
    }
}
