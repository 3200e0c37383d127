import CSodium
import TermBankSystem

/// The libsodium functions TermBank calls, looked up once, and
/// `sodium_init` run once before any of them.
///
/// libsodium is opened on first use (`dlopen`), not linked: binding it at
/// exec cost every start page faults and time before the first frame, which
/// needs no cryptography (decision 44). It stays
/// Debian's shared library, so security updates reach TermBank without a
/// rebuild. `CommandContext` asks for it (`SecurityLibraries.requireSodium`)
/// before a bank opens, so a missing library is a clear message, not a crash.
final class Sodium: Sendable {
    /// libsodium's ABI, as Debian's libsodium23 ships it.
    static let soname = "libsodium.so.23"
    static let debianPackage = "libsodium23"

    let versionString: @convention(c) () -> UnsafePointer<CChar>?
    let randomBytes: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void
    let memoryCompare: @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?, Int) -> Int32
    let sha256: @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafePointer<UInt8>?, UInt64) -> Int32
    let genericHash: @convention(c) (UnsafeMutablePointer<UInt8>?, Int, UnsafePointer<UInt8>?, UInt64,
                                     UnsafePointer<UInt8>?, Int) -> Int32
    let passwordHashString: @convention(c) (UnsafeMutablePointer<CChar>?, UnsafePointer<CChar>?, UInt64, UInt64, Int,
                                            Int32) -> Int32
    let passwordHashVerify: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UInt64) -> Int32
    let passwordHashNeedsRehash: @convention(c) (UnsafePointer<CChar>?, UInt64, Int) -> Int32
    let secretBoxEasy: @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafePointer<UInt8>?, UInt64, UnsafePointer<UInt8>?,
                                       UnsafePointer<UInt8>?) -> Int32
    let secretBoxOpenEasy: @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafePointer<UInt8>?, UInt64,
                                           UnsafePointer<UInt8>?, UnsafePointer<UInt8>?) -> Int32
    let secretBoxKeygen: @convention(c) (UnsafeMutablePointer<UInt8>?) -> Void

    private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
        versionString = try library.function("sodium_version_string")
        randomBytes = try library.function("randombytes_buf")
        memoryCompare = try library.function("sodium_memcmp")
        sha256 = try library.function("crypto_hash_sha256")
        genericHash = try library.function("crypto_generichash")
        passwordHashString = try library.function("crypto_pwhash_str_alg")
        passwordHashVerify = try library.function("crypto_pwhash_str_verify")
        passwordHashNeedsRehash = try library.function("crypto_pwhash_str_needs_rehash")
        secretBoxEasy = try library.function("crypto_secretbox_easy")
        secretBoxOpenEasy = try library.function("crypto_secretbox_open_easy")
        secretBoxKeygen = try library.function("crypto_secretbox_keygen")
    }

    /// The library, or why it could not be loaded: both from one lazily
    /// initialised constant, which Swift makes once and thread-safely, so
    /// `loadError` needs no unsafe global (docs/tests.md, "Sanitizers").
    private static let loaded: (library: Sodium?, error: String) = {
        do {
            let library = try DynamicLibrary(soname: soname)
            let initialise: @convention(c) () -> Int32 = try library.function("sodium_init")
            // Once per process, before any other call; 1 means already done.
            guard initialise() >= 0 else {
                return (nil, "sodium_init failed")
            }
            return (try Sodium(library), "")
        } catch {
            return (nil, "\(error)")
        }
    }()

    /// nil (and `loadError` says why) when the library, a function or its initialisation is missing.
    static var shared: Sodium? { loaded.library }
    static var loadError: String { loaded.error }

    /// The library; a process that reached cryptography without it (past
    /// `requireSodium`) cannot go on safely.
    static var library: Sodium {
        guard let shared else {
            preconditionFailure("libsodium (\(soname), Debian package \(debianPackage)) cannot be loaded: \(loadError)")
        }
        return shared
    }
}

public enum SecurityLibraries {
    /// "1.0.18" (this loads libsodium), or MISSING and why.
    public static var sodiumVersion: String {
        guard let library = Sodium.shared, let text = library.versionString() else {
            return "MISSING (\(Sodium.soname): \(Sodium.loadError))"
        }
        return String(cString: text)
    }

    /// The library's name, without loading it.
    public static let sodiumSoname = Sodium.soname

    /// Loads libsodium, or says in an operator's words why it cannot be.
    public static func requireSodium() throws {
        guard Sodium.shared == nil else { return }
        throw MissingLibrary(message: "libsodium (\(Sodium.soname), Debian package \(Sodium.debianPackage)) cannot be loaded: \(Sodium.loadError)")
    }

    public struct MissingLibrary: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
