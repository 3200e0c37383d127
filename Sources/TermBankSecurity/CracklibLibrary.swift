import CCrack
import Glibc

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

    private init(open: OpenFunction, find: termbank_findpw_t) {
        self.open = open
        self.find = find
    }

    nonisolated(unsafe) private(set) static var loadError = ""

    /// nil (and `loadError` says why) when the library or a function is missing.
    static let shared: CracklibLibrary? = {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            loadError = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            return nil
        }
        guard let open = dlsym(handle, "PWOpen"), let find = dlsym(handle, "FindPW") else {
            loadError = "PWOpen or FindPW is missing"
            return nil
        }
        return CracklibLibrary(open: unsafeBitCast(open, to: OpenFunction.self),
                               find: unsafeBitCast(find, to: termbank_findpw_t.self))
    }()
}
