import Glibc

/// A shared library opened by soname at run time (`dlopen`), and its
/// functions looked up by name (`dlsym`).
///
/// TermBank opens its C libraries on first use instead of linking them, so
/// that a start pays only for what it needs (decision 44). Each loader (`SQLiteLibrary`, `Sodium`, …) says which
/// functions it calls; this is the one place that opens and looks up. The
/// library is never closed: its functions are kept for the whole process.
public struct DynamicLibrary: Sendable {
    /// Why a library or one of its functions cannot be used.
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        /// `dlopen` refused the library; the loader's own words (`dlerror`).
        case cannotOpen(reason: String)
        /// The library has no symbol of that name (an older version, say).
        case missingSymbol(name: String)

        public var description: String {
            switch self {
            case .cannotOpen(let reason): reason
            case .missingSymbol(let name): "\(name) is missing"
            }
        }
    }

    public let soname: String
    /// dlopen's handle as its address: a plain value any thread may hold (dlsym is thread-safe).
    private let handle: UInt

    /// Opens `soname` with every symbol bound now (`RTLD_NOW`), so a missing
    /// dependency fails here rather than at a later call, and kept local
    /// (`RTLD_LOCAL`), so its symbols resolve nothing else in the process.
    public init(soname: String) throws(LoadError) {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            throw .cannotOpen(reason: dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        self.soname = soname
        self.handle = UInt(bitPattern: handle)
    }

    /// The address of `name`, for what is not called as a plain C function
    /// (a variadic one, handed to a shim).
    public func symbol(_ name: String) throws(LoadError) -> UnsafeMutableRawPointer {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: handle), name) else { throw .missingSymbol(name: name) }
        return address
    }

    /// The function `name` as the `@convention(c)` type `F`. Nothing can
    /// check that `F` matches the C declaration: the caller states it.
    public func function<F>(_ name: String) throws(LoadError) -> F {
        unsafeBitCast(try symbol(name), to: F.self)
    }
}
