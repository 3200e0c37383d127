import CPostgreSQL
import TermBankSystem

/// The libpq functions TermBank calls, looked up once.
///
/// libpq is opened on first use (`dlopen`), not linked: it needs libssl,
/// libcrypto and the Kerberos and LDAP libraries, and a bank on SQLite (the
/// default) must not pay for them at every start, nor load libcrypto before an
/// authenticator code needs it (LazyLibraryTests). Only a `postgresql://` URL
/// opens it. It is still Debian's shared library (libpq5), so its updates reach
/// TermBank without a rebuild.
final class PostgresLibrary: Sendable {
    typealias ConnectFunction = @convention(c) (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?,
                                                Int32) -> OpaquePointer?
    typealias ConnectionFunction = @convention(c) (OpaquePointer?) -> Void
    typealias StatusFunction = @convention(c) (OpaquePointer?) -> ConnStatusType
    typealias TransactionStatusFunction = @convention(c) (OpaquePointer?) -> PGTransactionStatusType
    typealias MessageFunction = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    typealias IntFunction = @convention(c) (OpaquePointer?) -> Int32
    typealias ExecFunction = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias PrepareFunction = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32,
                                                UnsafePointer<Oid>?) -> OpaquePointer?
    typealias ExecPreparedFunction = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32,
                                                     UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
                                                     UnsafePointer<Int32>?, Int32) -> OpaquePointer?
    typealias ResultStatusFunction = @convention(c) (OpaquePointer?) -> ExecStatusType
    typealias ErrorFieldFunction = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    typealias ValueFunction = @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    typealias IsNullFunction = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    typealias NotifiesFunction = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?
    typealias FreeFunction = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias NoticeProcessorFunction = @convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?)
        -> PQnoticeProcessor?
    typealias ConninfoParseFunction = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
        -> UnsafeMutablePointer<PQconninfoOption>?
    typealias ConninfoFreeFunction = @convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void
    typealias LibVersionFunction = @convention(c) () -> Int32
    typealias ParameterStatusFunction = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?

    /// libpq 5's ABI, as Debian's libpq5 ships it.
    static let soname = "libpq.so.5"

    let connectdbParams: ConnectFunction
    let finish: ConnectionFunction
    let reset: ConnectionFunction
    let status: StatusFunction
    let transactionStatus: TransactionStatusFunction
    let errorMessage: MessageFunction
    let exec: ExecFunction
    let prepare: PrepareFunction
    let execPrepared: ExecPreparedFunction
    let resultStatus: ResultStatusFunction
    let resultErrorField: ErrorFieldFunction
    let ntuples: IntFunction
    let nfields: IntFunction
    let getvalue: ValueFunction
    let getisnull: IsNullFunction
    let cmdTuples: MessageFunction
    let clear: ConnectionFunction
    let consumeInput: IntFunction
    let notifies: NotifiesFunction
    let freemem: FreeFunction
    let setNoticeProcessor: NoticeProcessorFunction
    let conninfoParse: ConninfoParseFunction
    let conninfoFree: ConninfoFreeFunction
    let serverVersion: IntFunction
    let backendPID: IntFunction
    let libVersion: LibVersionFunction
    let parameterStatus: ParameterStatusFunction

    private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
        connectdbParams = try library.function("PQconnectdbParams")
        finish = try library.function("PQfinish")
        reset = try library.function("PQreset")
        status = try library.function("PQstatus")
        transactionStatus = try library.function("PQtransactionStatus")
        errorMessage = try library.function("PQerrorMessage")
        exec = try library.function("PQexec")
        prepare = try library.function("PQprepare")
        execPrepared = try library.function("PQexecPrepared")
        resultStatus = try library.function("PQresultStatus")
        resultErrorField = try library.function("PQresultErrorField")
        ntuples = try library.function("PQntuples")
        nfields = try library.function("PQnfields")
        getvalue = try library.function("PQgetvalue")
        getisnull = try library.function("PQgetisnull")
        cmdTuples = try library.function("PQcmdTuples")
        clear = try library.function("PQclear")
        consumeInput = try library.function("PQconsumeInput")
        notifies = try library.function("PQnotifies")
        freemem = try library.function("PQfreemem")
        setNoticeProcessor = try library.function("PQsetNoticeProcessor")
        conninfoParse = try library.function("PQconninfoParse")
        conninfoFree = try library.function("PQconninfoFree")
        serverVersion = try library.function("PQserverVersion")
        backendPID = try library.function("PQbackendPID")
        libVersion = try library.function("PQlibVersion")
        parameterStatus = try library.function("PQparameterStatus")
    }

    /// The library, or why it could not be loaded: both from one lazily
    /// initialised constant, which Swift makes once and thread-safely, so
    /// `loadError` needs no unsafe global (docs/tests.md, "Sanitizers").
    private static let loaded: (library: PostgresLibrary?, error: String) = {
        do {
            return (try PostgresLibrary(DynamicLibrary(soname: soname)), "")
        } catch {
            return (nil, "\(error)")
        }
    }()

    /// nil (and `loadError` says why) when the library or a function is missing.
    static var shared: PostgresLibrary? { loaded.library }
    static var loadError: String { loaded.error }

    /// libpq's version as "15.18", for `--version --libraries`.
    static var versionText: String {
        guard let library = shared else { return "\(soname) MISSING (\(loadError))" }
        let version = library.libVersion()
        return "libpq \(version / 10_000).\(version % 10_000)"
    }
}
