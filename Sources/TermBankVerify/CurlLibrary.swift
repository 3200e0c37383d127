import CCurl
import TermBankSystem

/// The libcurl functions TermBank calls, looked up once.
///
/// libcurl is opened on first use (`dlopen`), not linked: only a bank
/// configured with a Verify provider (`--verify vonage|twilio`) talks HTTP,
/// and binding libcurl with its TLS and resolver libraries at start would
/// cost every session's start-up (docs/benchmarks.md). It is still Debian's
/// shared library, so its security updates reach TermBank without a rebuild.
final class CurlLibrary: Sendable {
    typealias GlobalInitFunction = @convention(c) (Int) -> CURLcode
    typealias EasyInitFunction = @convention(c) () -> UnsafeMutableRawPointer?
    typealias EasyPerformFunction = @convention(c) (UnsafeMutableRawPointer?) -> CURLcode
    typealias EasyCleanupFunction = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias StrErrorFunction = @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    typealias SlistAppendFunction = @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?)
        -> UnsafeMutablePointer<curl_slist>?
    typealias SlistFreeFunction = @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
    typealias VersionFunction = @convention(c) () -> UnsafePointer<CChar>?

    /// libcurl 4's ABI, as Debian's libcurl4 (OpenSSL) ships it.
    static let soname = "libcurl.so.4"

    let easyInit: EasyInitFunction
    let easyPerform: EasyPerformFunction
    let easyCleanup: EasyCleanupFunction
    let strError: StrErrorFunction
    let slistAppend: SlistAppendFunction
    let slistFree: SlistFreeFunction
    let version: VersionFunction
    /// The variadic `curl_easy_setopt` and `curl_easy_getinfo`, called through the shim.
    private let setoptAddress: UInt
    private let getinfoAddress: UInt

    private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
        let globalInit: GlobalInitFunction = try library.function("curl_global_init")
        easyInit = try library.function("curl_easy_init")
        easyPerform = try library.function("curl_easy_perform")
        easyCleanup = try library.function("curl_easy_cleanup")
        strError = try library.function("curl_easy_strerror")
        slistAppend = try library.function("curl_slist_append")
        slistFree = try library.function("curl_slist_free_all")
        version = try library.function("curl_version")
        setoptAddress = UInt(bitPattern: try library.symbol("curl_easy_setopt"))
        getinfoAddress = UInt(bitPattern: try library.symbol("curl_easy_getinfo"))
        // Once, before any handle: this constant is made once, thread-safely.
        guard globalInit(3) == CURLE_OK else {  // CURL_GLOBAL_DEFAULT
            throw .cannotOpen(reason: "curl_global_init failed")
        }
    }

    private var setopt: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: setoptAddress)! }
    private var getinfo: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: getinfoAddress)! }

    func set(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, _ value: Int) -> CURLcode {
        termbank_curl_setopt_long(setopt, handle, option, value)
    }

    /// libcurl copies every string option it is given (since 7.17), so `value` may go after the call.
    func set(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, _ value: String) -> CURLcode {
        value.withCString { termbank_curl_setopt_pointer(setopt, handle, option, $0) }
    }

    func set(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, pointer value: UnsafeRawPointer?) -> CURLcode {
        termbank_curl_setopt_pointer(setopt, handle, option, value)
    }

    func setWriteFunction(_ handle: UnsafeMutableRawPointer, _ function: termbank_curl_write_callback) -> CURLcode {
        termbank_curl_setopt_write(setopt, handle, function)
    }

    func info(_ handle: UnsafeMutableRawPointer, _ info: CURLINFO) -> Int {
        var value = 0
        _ = termbank_curl_getinfo_long(getinfo, handle, info, &value)
        return value
    }

    /// The library, or why it could not be loaded: both from one lazily
    /// initialised constant, which Swift makes once and thread-safely.
    private static let loaded: (library: CurlLibrary?, error: String) = {
        do throws(DynamicLibrary.LoadError) {
            return (try CurlLibrary(DynamicLibrary(soname: soname)), "")
        } catch {
            return (nil, "\(soname): \(error) (install libcurl4)")
        }
    }()

    static var shared: CurlLibrary? { loaded.library }
    static var loadError: String { loaded.error }
}
