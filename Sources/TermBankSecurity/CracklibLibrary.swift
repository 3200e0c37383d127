import CCrack
import TermBankSystem

/// The two libcrack functions TermBank calls, looked up once.
///
/// libcrack is opened on first use (`dlopen`), not linked: only choosing a
/// password looks a word up in cracklib's dictionary, and binding it at start
/// costs every session's start-up, login screen included (docs/benchmarks.md).
/// It is still Debian's shared library, so its updates reach TermBank without
/// a rebuild.
final class CracklibLibrary: Sendable {
    typealias OpenFunction = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?)
        -> UnsafeMutablePointer<PWDICT>?

    /// cracklib 2.9's ABI, as Debian's libcrack2 ships it.
    static let soname = "libcrack.so.2"

    let open: OpenFunction
    let find: termbank_findpw_t

    private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
        open = try library.function("PWOpen")
        find = try library.function("FindPW")
    }

    /// The library, or why it could not be loaded: both from one lazily
    /// initialised constant, which Swift makes once and thread-safely, so
    /// `loadError` needs no unsafe global (docs/tests.md, "Sanitizers").
    private static let loaded: (library: CracklibLibrary?, error: String) = {
        do {
            return (try CracklibLibrary(DynamicLibrary(soname: soname)), "")
        } catch {
            return (nil, "\(error)")
        }
    }()

    /// nil (and `loadError` says why) when the library or a function is missing.
    static var shared: CracklibLibrary? { loaded.library }
    static var loadError: String { loaded.error }
}
