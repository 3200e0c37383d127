import CSodium

/// SHA-256 from libsodium, for fingerprints (as `ssh-keygen -l` prints them).
public enum SHA256 {
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = bytes.withUnsafeBufferPointer { input in
            Sodium.library.sha256(&out, input.baseAddress, UInt64(input.count))
        }
        return out
    }
}
