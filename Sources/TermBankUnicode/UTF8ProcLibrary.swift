import CUTF8Proc
import Glibc
import TermBankSystem

/// The two utf8proc functions TermBank calls, looked up once.
///
/// libutf8proc is opened on first need (`dlopen`), not linked: only text
/// with a combining mark (or another character NFC could change) needs it,
/// and binding it at start would cost every session's start-up
/// (docs/benchmarks.md). It stays Debian's shared library, so Unicode and
/// security updates reach TermBank without a rebuild.
final class UTF8ProcLibrary: Sendable {
    typealias MapFunction = @convention(c) (UnsafePointer<utf8proc_uint8_t>?, utf8proc_ssize_t,
                                            UnsafeMutablePointer<UnsafeMutablePointer<utf8proc_uint8_t>?>?,
                                            utf8proc_option_t) -> utf8proc_ssize_t
    typealias VersionFunction = @convention(c) () -> UnsafePointer<CChar>?

    /// utf8proc 2's ABI, as Debian's libutf8proc2 ships it.
    static let soname = "libutf8proc.so.2"

    let map: MapFunction
    let version: VersionFunction
    let unicodeVersion: VersionFunction

    private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
        map = try library.function("utf8proc_map")
        version = try library.function("utf8proc_version")
        unicodeVersion = try library.function("utf8proc_unicode_version")
    }

    /// The library, or why it could not be loaded: both from one lazily
    /// initialised constant, which Swift makes once and thread-safely, so
    /// `loadError` needs no unsafe global (docs/tests.md, "Sanitizers").
    private static let loaded: (library: UTF8ProcLibrary?, error: String) = {
        do {
            return (try UTF8ProcLibrary(DynamicLibrary(soname: soname)), "")
        } catch {
            return (nil, "\(error)")
        }
    }()

    /// nil (and `loadError` says why) when the library or a function is missing.
    static var shared: UTF8ProcLibrary? { loaded.library }
    static var loadError: String { loaded.error }

    /// `text` mapped with `options` (utf8proc_map), or nil if utf8proc refused it.
    func mapped(_ text: String, options: utf8proc_option_t) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var output: UnsafeMutablePointer<utf8proc_uint8_t>?
            let length = map(bytes.baseAddress, utf8proc_ssize_t(bytes.count), &output, options)
            defer { free(output) }
            guard length >= 0, let output else { return nil }
            return String(decoding: UnsafeBufferPointer(start: output, count: Int(length)), as: UTF8.self)
        }
    }
}
