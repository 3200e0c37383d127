import CSQLite
import TermBankCore
import TermBankSystem

/// The SQLite functions TermBank calls, looked up once.
///
/// libsqlite3 is opened on first use (`dlopen`), not linked: binding it at
/// exec cost every start about 40 page faults and a third of a millisecond
/// before the first frame (its relocations and the loader's symbol lookups),
/// and the login screen is painted before the bank opens
/// (decision 44). It stays Debian's shared library, so
/// SQLite's security updates reach TermBank without a rebuild.
final class SQLiteLibrary: Sendable {
    /// SQLite 3's ABI, as Debian's libsqlite3-0 ships it.
    static let soname = "libsqlite3.so.0"
    static let debianPackage = "libsqlite3-0"

    typealias Database = OpaquePointer
    typealias Statement = OpaquePointer
    typealias TraceCallback = @convention(c) (UInt32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                              UnsafeMutableRawPointer?) -> Int32

    let open: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Database?>?, Int32, UnsafePointer<CChar>?) -> Int32
    let closeV2: @convention(c) (Database?) -> Int32
    let extendedErrorCode: @convention(c) (Database?) -> Int32
    let extendedResultCodes: @convention(c) (Database?, Int32) -> Int32
    let busyTimeout: @convention(c) (Database?, Int32) -> Int32
    let databaseReadOnly: @convention(c) (Database?, UnsafePointer<CChar>?) -> Int32
    let prepareV3: @convention(c) (Database?, UnsafePointer<CChar>?, Int32, UInt32, UnsafeMutablePointer<Statement?>?,
                                   UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let finalize: @convention(c) (Statement?) -> Int32
    let reset: @convention(c) (Statement?) -> Int32
    let clearBindings: @convention(c) (Statement?) -> Int32
    let bindInt64: @convention(c) (Statement?, Int32, Int64) -> Int32
    let bindText: @convention(c) (Statement?, Int32, UnsafePointer<CChar>?, Int32, sqlite3_destructor_type?) -> Int32
    let bindNull: @convention(c) (Statement?, Int32) -> Int32
    let step: @convention(c) (Statement?) -> Int32
    let columnCount: @convention(c) (Statement?) -> Int32
    let columnType: @convention(c) (Statement?, Int32) -> Int32
    let columnInt64: @convention(c) (Statement?, Int32) -> Int64
    let columnText: @convention(c) (Statement?, Int32) -> UnsafePointer<UInt8>?
    let exec: @convention(c) (Database?, UnsafePointer<CChar>?, sqlite3_callback?, UnsafeMutableRawPointer?,
                              UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32
    let changes: @convention(c) (Database?) -> Int32
    let totalChanges64: @convention(c) (Database?) -> Int64
    let getAutocommit: @convention(c) (Database?) -> Int32
    let databaseReleaseMemory: @convention(c) (Database?) -> Int32
    let status64: @convention(c) (Int32, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, Int32) -> Int32
    let errorMessage: @convention(c) (Database?) -> UnsafePointer<CChar>?
    let errorString: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let libraryVersion: @convention(c) () -> UnsafePointer<CChar>?
    let traceV2: @convention(c) (Database?, UInt32, TraceCallback?, UnsafeMutableRawPointer?) -> Int32
    let expandedSQL: @convention(c) (Statement?) -> UnsafeMutablePointer<CChar>?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// `sqlite3_config`, variadic: called through `termbank_sqlite_pages_from_malloc` in the shim.
    /// Its address: a plain value, so the library stays `Sendable` without an unsafe member.
    let configAddress: UInt

    private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
        open = try library.function("sqlite3_open_v2")
        closeV2 = try library.function("sqlite3_close_v2")
        extendedErrorCode = try library.function("sqlite3_extended_errcode")
        extendedResultCodes = try library.function("sqlite3_extended_result_codes")
        busyTimeout = try library.function("sqlite3_busy_timeout")
        databaseReadOnly = try library.function("sqlite3_db_readonly")
        prepareV3 = try library.function("sqlite3_prepare_v3")
        finalize = try library.function("sqlite3_finalize")
        reset = try library.function("sqlite3_reset")
        clearBindings = try library.function("sqlite3_clear_bindings")
        bindInt64 = try library.function("sqlite3_bind_int64")
        bindText = try library.function("sqlite3_bind_text")
        bindNull = try library.function("sqlite3_bind_null")
        step = try library.function("sqlite3_step")
        columnCount = try library.function("sqlite3_column_count")
        columnType = try library.function("sqlite3_column_type")
        columnInt64 = try library.function("sqlite3_column_int64")
        columnText = try library.function("sqlite3_column_text")
        exec = try library.function("sqlite3_exec")
        changes = try library.function("sqlite3_changes")
        totalChanges64 = try library.function("sqlite3_total_changes64")
        getAutocommit = try library.function("sqlite3_get_autocommit")
        databaseReleaseMemory = try library.function("sqlite3_db_release_memory")
        status64 = try library.function("sqlite3_status64")
        errorMessage = try library.function("sqlite3_errmsg")
        errorString = try library.function("sqlite3_errstr")
        libraryVersion = try library.function("sqlite3_libversion")
        traceV2 = try library.function("sqlite3_trace_v2")
        expandedSQL = try library.function("sqlite3_expanded_sql")
        free = try library.function("sqlite3_free")
        configAddress = UInt(bitPattern: try library.symbol("sqlite3_config"))
    }

    /// The library, or why it could not be loaded: both from one lazily
    /// initialised constant, which Swift makes once and thread-safely, so
    /// `loadError` needs no unsafe global (docs/tests.md, "Sanitizers").
    private static let loaded: (library: SQLiteLibrary?, error: String) = {
        do throws(DynamicLibrary.LoadError) {
            return (try SQLiteLibrary(DynamicLibrary(soname: soname)), "")
        } catch {
            // sqlite3_total_changes64 came in 3.37, the newest function here: a missing one means an older SQLite.
            guard case .missingSymbol = error else { return (nil, "\(error)") }
            return (nil, "\(error) (SQLite older than 3.37?)")
        }
    }()

    /// nil (and `loadError` says why) when the library or a function is missing.
    static var shared: SQLiteLibrary? { loaded.library }
    static var loadError: String { loaded.error }

    /// The library, or the reason it cannot be used, in an operator's words.
    static func required() throws -> SQLiteLibrary {
        guard let shared else {
            throw StoreError.backend("SQLite (\(soname), Debian package \(debianPackage)) cannot be loaded: \(loadError)")
        }
        return shared
    }

    /// `String(cString:)` of a C string SQLite returned, "" for none.
    static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
