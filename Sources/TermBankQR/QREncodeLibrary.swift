import CQREncode
import TermBankSystem

/// The three libqrencode functions TermBank calls, looked up once.
///
/// libqrencode is opened on first use (`dlopen`), not linked: only enrolling
/// an authenticator draws a QR code, and binding it at start costs every
/// session's start-up (docs/benchmarks.md). It is still Debian's shared
/// library, so its updates reach TermBank without a rebuild.
final class QREncodeLibrary: Sendable {
    typealias EncodeFunction = @convention(c) (UnsafePointer<CChar>?, Int32, QRecLevel) -> UnsafeMutablePointer<QRcode>?
    typealias FreeFunction = @convention(c) (UnsafeMutablePointer<QRcode>?) -> Void
    typealias VersionFunction = @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
                                                UnsafeMutablePointer<Int32>?) -> Void

    /// libqrencode 4's ABI, as Debian's libqrencode4 ships it.
    static let soname = "libqrencode.so.4"

    let encode8bit: EncodeFunction
    let free: FreeFunction
    let version: VersionFunction

    private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
        encode8bit = try library.function("QRcode_encodeString8bit")
        free = try library.function("QRcode_free")
        version = try library.function("QRcode_APIVersion")
    }

    /// The library, or why it could not be loaded: both from one lazily
    /// initialised constant, which Swift makes once and thread-safely, so
    /// `loadError` needs no unsafe global (docs/tests.md, "Sanitizers").
    private static let loaded: (library: QREncodeLibrary?, error: String) = {
        do {
            return (try QREncodeLibrary(DynamicLibrary(soname: soname)), "")
        } catch {
            return (nil, "\(error)")
        }
    }()

    /// nil (and `loadError` says why) when the library or a function is missing.
    static var shared: QREncodeLibrary? { loaded.library }
    static var loadError: String { loaded.error }
}
