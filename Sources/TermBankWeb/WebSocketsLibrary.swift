import CWebSockets
import TermBankSystem

/// libwebsockets, opened when `termbank web` starts and not before: the app,
/// which every SSH session runs, never loads it nor the TLS libraries it
/// needs (decision 44). The functions the browser door calls, typed as their
/// C declarations in libwebsockets.h (4.1).
struct WebSocketsLibrary: @unchecked Sendable {
    typealias Wsi = OpaquePointer
    let createContext: @convention(c) (UnsafePointer<lws_context_creation_info>?) -> OpaquePointer?
    let destroyContext: @convention(c) (OpaquePointer?) -> Void
    let service: @convention(c) (OpaquePointer?, Int32) -> Int32
    let cancelService: @convention(c) (OpaquePointer?) -> Void
    let callbackOnWritable: @convention(c) (Wsi?) -> Int32
    let write: @convention(c) (Wsi?, UnsafeMutablePointer<UInt8>?, Int, lws_write_protocol) -> Int32
    let headerCopy: @convention(c) (Wsi?, UnsafeMutablePointer<CChar>?, Int32, lws_token_indexes) -> Int32
    let urlArgument: @convention(c) (Wsi?, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32) -> UnsafePointer<CChar>?
    let serveFile: @convention(c) (Wsi?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> Int32
    let returnStatus: @convention(c) (Wsi?, UInt32, UnsafePointer<CChar>?) -> Int32
    let transactionCompleted: @convention(c) (Wsi?) -> Int32
    let isFinalFragment: @convention(c) (Wsi?) -> Int32
    let peerAddress: @convention(c) (Wsi?, UnsafeMutablePointer<CChar>?, Int) -> UnsafePointer<CChar>?
    /// libwebsockets' own handling of the events the server leaves to it (a file sent, a connection's state).
    let defaultCallback: @convention(c) (Wsi?, lws_callback_reasons, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int32
    let setLogLevel: @convention(c) (Int32, (@convention(c) (Int32, UnsafePointer<CChar>?) -> Void)?) -> Void

    init() throws(DynamicLibrary.LoadError) {
        let library = try DynamicLibrary(soname: "libwebsockets.so.17")
        createContext = try library.function("lws_create_context")
        destroyContext = try library.function("lws_context_destroy")
        service = try library.function("lws_service")
        cancelService = try library.function("lws_cancel_service")
        callbackOnWritable = try library.function("lws_callback_on_writable")
        write = try library.function("lws_write")
        headerCopy = try library.function("lws_hdr_copy")
        urlArgument = try library.function("lws_get_urlarg_by_name")
        serveFile = try library.function("lws_serve_http_file")
        returnStatus = try library.function("lws_return_http_status")
        transactionCompleted = try library.function("lws_http_transaction_completed")
        isFinalFragment = try library.function("lws_is_final_fragment")
        peerAddress = try library.function("lws_get_peer_simple")
        setLogLevel = try library.function("lws_set_log_level")
        defaultCallback = try library.function("lws_callback_http_dummy")
    }

    /// A request header (at most `limit` bytes), or nil when absent or longer.
    func header(_ wsi: Wsi?, _ token: lws_token_indexes, limit: Int = 4096) -> String? {
        var buffer = [CChar](repeating: 0, count: limit + 1)
        let count = headerCopy(wsi, &buffer, Int32(buffer.count), token)
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The value of `name=` in the request's query, or nil.
    func queryValue(_ wsi: Wsi?, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard let value = urlArgument(wsi, name + "=", &buffer, Int32(buffer.count)) else { return nil }
        return String(cString: value)
    }

    func peer(_ wsi: Wsi?) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        guard let name = peerAddress(wsi, &buffer, buffer.count) else { return "" }
        return String(cString: name)
    }
}
