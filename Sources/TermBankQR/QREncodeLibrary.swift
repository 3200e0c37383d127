import CQREncode
import Glibc

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

    private init(encode8bit: EncodeFunction, free: FreeFunction, version: VersionFunction) {
        self.encode8bit = encode8bit
        self.free = free
        self.version = version
    }

    nonisolated(unsafe) private(set) static var loadError = ""

    /// nil (and `loadError` says why) when the library or a function is missing.
    static let shared: QREncodeLibrary? = {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            loadError = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            return nil
        }
        guard let encode = dlsym(handle, "QRcode_encodeString8bit"), let free = dlsym(handle, "QRcode_free"),
              let version = dlsym(handle, "QRcode_APIVersion") else {
            loadError = "QRcode_encodeString8bit, QRcode_free or QRcode_APIVersion is missing"
            return nil
        }
        return QREncodeLibrary(encode8bit: unsafeBitCast(encode, to: EncodeFunction.self),
                               free: unsafeBitCast(free, to: FreeFunction.self),
                               version: unsafeBitCast(version, to: VersionFunction.self))
    }()
}
