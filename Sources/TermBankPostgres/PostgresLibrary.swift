import CPostgreSQL
import Glibc

/// The libpq functions TermBank calls, looked up once.
///
/// libpq is opened on first use (`dlopen`), not linked: it needs libssl,
/// libcrypto and the Kerberos and LDAP libraries, and a bank on SQLite (the
/// default) must not pay for them at every start, nor load libcrypto before an
/// authenticator code needs it (LazyLibraryTests). Only a `postgresql://` URL
/// opens it. It is still Debian's shared library (libpq5), so its updates reach
/// TermBank without a rebuild.
final class PostgresLibrary: @unchecked Sendable {
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

    private init(_ symbol: (String) -> UnsafeMutableRawPointer) {
        connectdbParams = unsafeBitCast(symbol("PQconnectdbParams"), to: ConnectFunction.self)
        finish = unsafeBitCast(symbol("PQfinish"), to: ConnectionFunction.self)
        reset = unsafeBitCast(symbol("PQreset"), to: ConnectionFunction.self)
        status = unsafeBitCast(symbol("PQstatus"), to: StatusFunction.self)
        transactionStatus = unsafeBitCast(symbol("PQtransactionStatus"), to: TransactionStatusFunction.self)
        errorMessage = unsafeBitCast(symbol("PQerrorMessage"), to: MessageFunction.self)
        exec = unsafeBitCast(symbol("PQexec"), to: ExecFunction.self)
        prepare = unsafeBitCast(symbol("PQprepare"), to: PrepareFunction.self)
        execPrepared = unsafeBitCast(symbol("PQexecPrepared"), to: ExecPreparedFunction.self)
        resultStatus = unsafeBitCast(symbol("PQresultStatus"), to: ResultStatusFunction.self)
        resultErrorField = unsafeBitCast(symbol("PQresultErrorField"), to: ErrorFieldFunction.self)
        ntuples = unsafeBitCast(symbol("PQntuples"), to: IntFunction.self)
        nfields = unsafeBitCast(symbol("PQnfields"), to: IntFunction.self)
        getvalue = unsafeBitCast(symbol("PQgetvalue"), to: ValueFunction.self)
        getisnull = unsafeBitCast(symbol("PQgetisnull"), to: IsNullFunction.self)
        cmdTuples = unsafeBitCast(symbol("PQcmdTuples"), to: MessageFunction.self)
        clear = unsafeBitCast(symbol("PQclear"), to: ConnectionFunction.self)
        consumeInput = unsafeBitCast(symbol("PQconsumeInput"), to: IntFunction.self)
        notifies = unsafeBitCast(symbol("PQnotifies"), to: NotifiesFunction.self)
        freemem = unsafeBitCast(symbol("PQfreemem"), to: FreeFunction.self)
        setNoticeProcessor = unsafeBitCast(symbol("PQsetNoticeProcessor"), to: NoticeProcessorFunction.self)
        conninfoParse = unsafeBitCast(symbol("PQconninfoParse"), to: ConninfoParseFunction.self)
        conninfoFree = unsafeBitCast(symbol("PQconninfoFree"), to: ConninfoFreeFunction.self)
        serverVersion = unsafeBitCast(symbol("PQserverVersion"), to: IntFunction.self)
        backendPID = unsafeBitCast(symbol("PQbackendPID"), to: IntFunction.self)
        libVersion = unsafeBitCast(symbol("PQlibVersion"), to: LibVersionFunction.self)
        parameterStatus = unsafeBitCast(symbol("PQparameterStatus"), to: ParameterStatusFunction.self)
    }

    nonisolated(unsafe) private(set) static var loadError = ""

    /// nil (and `loadError` says why) when the library or a function is missing.
    static let shared: PostgresLibrary? = {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            loadError = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            return nil
        }
        var missing: [String] = []
        let library = PostgresLibrary { name in
            if let found = dlsym(handle, name) { return found }
            missing.append(name)
            return UnsafeMutableRawPointer(bitPattern: 1)!  // never called: the library is refused below
        }
        guard missing.isEmpty else {
            loadError = "\(soname) lacks \(missing.joined(separator: ", "))"
            return nil
        }
        return library
    }()

    /// libpq's version as "15.18", for `--version --libraries`.
    static var versionText: String {
        guard let library = shared else { return "\(soname) MISSING (\(loadError))" }
        let version = library.libVersion()
        return "libpq \(version / 10_000).\(version % 10_000)"
    }
}
