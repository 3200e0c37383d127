import CCrypto
import TermBankCore

/// HMAC-SHA1 from OpenSSL's libcrypto (RFC 6238 codes are HMAC-SHA1 for
/// every authenticator app). The one-shot `HMAC()` with `EVP_sha1()`.
public struct OpenSSLHMACSHA1: HMACSHA1 {
    public init() {}

    public func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let result = key.withUnsafeBufferPointer { k in
            message.withUnsafeBufferPointer { m in
                HMAC(EVP_sha1(), k.baseAddress, Int32(k.count), m.baseAddress, m.count, &out, &length)
            }
        }
        precondition(result != nil && length == 20, "libcrypto's HMAC-SHA1 failed")
        return Array(out.prefix(Int(length)))
    }

    public static var libraryVersion: String { String(cString: OpenSSL_version(OPENSSL_VERSION)) }
}
