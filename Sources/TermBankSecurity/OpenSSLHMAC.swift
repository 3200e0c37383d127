import CCrypto
import TermBankCore
import TermBankSystem

/// HMAC-SHA1 from OpenSSL's libcrypto (RFC 6238 codes are HMAC-SHA1 for
/// every authenticator app). The one-shot `HMAC()` with `EVP_sha1()`.
///
/// libcrypto is opened on first use (`dlopen`), not linked: only the
/// authenticator needs it, and loading it costs every process about 0.4 MiB
/// of private memory (its relocated data), 1 MiB of mapped pages and a tenth
/// of the start-up (docs/benchmarks.md). It is still Debian's shared library,
/// so OpenSSL security updates reach TermBank without a rebuild.
public struct OpenSSLHMACSHA1: HMACSHA1 {
    public init() {}

    public func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
        guard let library = LibCrypto.shared else {
            preconditionFailure("libcrypto (\(LibCrypto.soname), Debian package libssl3) cannot be loaded: \(LibCrypto.loadError)")
        }
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let result = key.withUnsafeBufferPointer { k in
            message.withUnsafeBufferPointer { m in
                library.hmac(library.sha1(), k.baseAddress, Int32(k.count), m.baseAddress, m.count, &out, &length)
            }
        }
        precondition(result != nil && length == 20, "libcrypto's HMAC-SHA1 failed")
        return Array(out.prefix(Int(length)))
    }

    /// The library's name, without loading it.
    public static let librarySoname = LibCrypto.soname

    /// "OpenSSL 3.0.x ..." (this loads libcrypto).
    public static var libraryVersion: String {
        guard let library = LibCrypto.shared, let text = library.version(OPENSSL_VERSION) else {
            return "OpenSSL MISSING (\(LibCrypto.soname): \(LibCrypto.loadError))"
        }
        return String(cString: text)
    }
}

/// The three libcrypto functions TermBank calls, looked up once.
final class LibCrypto: Sendable {
    typealias HMACFunction = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32, UnsafePointer<UInt8>?, Int,
                                             UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?)
        -> UnsafeMutablePointer<UInt8>?
    typealias DigestFunction = @convention(c) () -> OpaquePointer?
    typealias VersionFunction = @convention(c) (Int32) -> UnsafePointer<CChar>?

    /// OpenSSL 3's ABI, as Debian's libssl3 ships it.
    static let soname = "libcrypto.so.3"

    let hmac: HMACFunction
    let sha1: DigestFunction
    let version: VersionFunction

    private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
        hmac = try library.function("HMAC")
        sha1 = try library.function("EVP_sha1")
        version = try library.function("OpenSSL_version")
    }

    /// The library, or why it could not be loaded: both from one lazily
    /// initialised constant, which Swift makes once and thread-safely, so
    /// `loadError` needs no unsafe global (docs/tests.md, "Sanitizers").
    private static let loaded: (library: LibCrypto?, error: String) = {
        do {
            return (try LibCrypto(DynamicLibrary(soname: soname)), "")
        } catch {
            return (nil, "\(error)")
        }
    }()

    /// nil (and `loadError` says why) when the library or a function is missing.
    static var shared: LibCrypto? { loaded.library }
    static var loadError: String { loaded.error }
}
