import CSodium
import TermBankCore

/// Verification-code hashes: libsodium's BLAKE2b (`crypto_generichash`) keyed
/// with a per-request random salt, over the code and what it is bound to.
/// Codes live 5 minutes and allow 3 tries, so a slow password hash is not
/// needed; binding the purpose into the hash is what makes dynamic linking hold.
public struct Blake2bCodeHasher: CodeHasher {
    public init() {}

    public func digest(code: String, binding: String, salt: String) -> String {
        hash(Array((code + "\u{0}" + binding).utf8), key: Array(salt.utf8))
    }

    public func bindingDigest(_ binding: String) -> String {
        hash(Array(binding.utf8), key: [])
    }

    public func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        ConstantTime.equal(Array(lhs.utf8), Array(rhs.utf8))
    }

    private func hash(_ message: [UInt8], key: [UInt8]) -> String {
        var out = [UInt8](repeating: 0, count: Int(crypto_generichash_BYTES))
        // Keys longer than libsodium's maximum are first hashed down to one.
        let usableKey = key.count > Int(crypto_generichash_KEYBYTES_MAX) ? Array(hashUnkeyed(key)) : key
        _ = message.withUnsafeBufferPointer { m in
            usableKey.withUnsafeBufferPointer { k in
                Sodium.library.genericHash(&out, out.count, m.baseAddress, UInt64(m.count),
                                           k.isEmpty ? nil : k.baseAddress, k.count)
            }
        }
        return out.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }

    private func hashUnkeyed(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(crypto_generichash_KEYBYTES_MAX))
        _ = bytes.withUnsafeBufferPointer { m in
            Sodium.library.genericHash(&out, out.count, m.baseAddress, UInt64(m.count), nil, 0)
        }
        return out
    }
}
