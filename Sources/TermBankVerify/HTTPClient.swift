import CCurl
import TermBankSystem

/// One HTTP request to a Verify provider.
public struct HTTPRequest: Sendable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case delete = "DELETE"
    }

    /// HTTP Basic credentials: handed to libcurl only, never printed.
    public struct BasicAuth: Sendable {
        let user: String
        let password: String
        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }
    }

    public var method: Method
    public var url: String
    public var contentType: String?
    public var body: [UInt8]
    public var auth: BasicAuth?

    public init(_ method: Method, _ url: String, contentType: String? = nil, body: [UInt8] = [], auth: BasicAuth? = nil) {
        self.method = method
        self.url = url
        self.contentType = contentType
        self.body = body
        self.auth = auth
    }
}

public struct HTTPResponse: Sendable {
    public let status: Int
    public let body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
    public var json: JSONValue? { JSONValue.parse(body) }
}

/// Why a request got no response. Its reason is libcurl's words for the
/// error (never a header, a body, or the URL's credentials).
public enum HTTPFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing reached the server (no connection, no TLS session, no libcurl).
    case notSent(String)
    /// The request may have reached the server: a timeout or a dropped
    /// connection after it was written, or an answer over the size cap.
    case mayHaveReached(String)

    public var description: String {
        switch self {
        case .notSent(let reason), .mayHaveReached(let reason): return reason
        }
    }
}

/// HTTP over libcurl, as the Verify providers need it: TLS verified against
/// the system's CA bundle, a connect timeout and a total timeout, proxies from
/// the usual environment variables (libcurl reads `https_proxy`, `no_proxy`...),
/// no redirects, only http and https, and the response capped.
public struct HTTPClient: Sendable {
    public var connectTimeoutMilliseconds: Int
    public var totalTimeoutMilliseconds: Int
    public var maximumResponseBytes: Int
    /// Debian's bundle (ca-certificates); libcurl's own default when absent.
    public var caBundle = "/etc/ssl/certs/ca-certificates.crt"

    public init(connectTimeoutMilliseconds: Int = 5_000, totalTimeoutMilliseconds: Int = 15_000,
                maximumResponseBytes: Int = 64 * 1024) {
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.totalTimeoutMilliseconds = totalTimeoutMilliseconds
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// The library's name, without loading it.
    public static let librarySoname = CurlLibrary.soname

    /// "libcurl 7.88.1" (this loads libcurl).
    public static var libraryVersion: String {
        guard let curl = CurlLibrary.shared else { return "libcurl MISSING (\(CurlLibrary.loadError))" }
        let full = curl.version().map { String(cString: $0) } ?? "libcurl/?"
        let first = full.split(separator: " ").first.map(String.init) ?? full
        return first.split(separator: "/", maxSplits: 1).joined(separator: " ")
    }

    /// Sends `request`; one more try only when the first cannot have reached
    /// the server (a refused connection): a request that may have reached it
    /// is never sent again, since a second start would send a second SMS.
    public func send(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
        do {
            return try sendOnce(request)
        } catch .notSent {
            return try sendOnce(request)
        }
    }

    private func sendOnce(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
        guard let curl = CurlLibrary.shared else { throw .notSent(CurlLibrary.loadError) }
        guard let handle = curl.easyInit() else { throw .notSent("curl_easy_init failed") }
        defer { curl.easyCleanup(handle) }
        var headers: UnsafeMutablePointer<curl_slist>?
        defer { curl.slistFree(headers) }
        let sink = ResponseSink(limit: maximumResponseBytes)

        var setup = [
            curl.set(handle, CURLOPT_NOSIGNAL, 1),
            curl.set(handle, CURLOPT_URL, request.url),
            curl.set(handle, CURLOPT_SSL_VERIFYPEER, 1),
            curl.set(handle, CURLOPT_SSL_VERIFYHOST, 2),
            curl.set(handle, CURLOPT_FOLLOWLOCATION, 0),
            curl.set(handle, CURLOPT_CONNECTTIMEOUT_MS, connectTimeoutMilliseconds),
            curl.set(handle, CURLOPT_TIMEOUT_MS, totalTimeoutMilliseconds),
            curl.set(handle, CURLOPT_MAXFILESIZE, maximumResponseBytes),
            curl.setWriteFunction(handle, ResponseSink.write),
            curl.set(handle, CURLOPT_WRITEDATA, pointer: UnsafeRawPointer(Unmanaged.passUnretained(sink).toOpaque())),
        ]
        // Only http and https, whatever a URL says (7.85 and later; older ones keep their default).
        _ = curl.set(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        if Files.exists(caBundle) { setup.append(curl.set(handle, CURLOPT_CAINFO, caBundle)) }
        switch request.method {
        case .get: setup.append(curl.set(handle, CURLOPT_HTTPGET, 1))
        case .post:
            setup.append(curl.set(handle, CURLOPT_POSTFIELDSIZE, request.body.count))
            if request.body.isEmpty {
                setup.append(curl.set(handle, CURLOPT_COPYPOSTFIELDS, ""))
            } else {
                setup.append(request.body.withUnsafeBytes {
                    curl.set(handle, CURLOPT_COPYPOSTFIELDS, pointer: $0.baseAddress)
                })
            }
        case .delete: setup.append(curl.set(handle, CURLOPT_CUSTOMREQUEST, "DELETE"))
        }
        if let auth = request.auth {
            setup.append(curl.set(handle, CURLOPT_HTTPAUTH, 1))  // CURLAUTH_BASIC
            setup.append(curl.set(handle, CURLOPT_USERNAME, auth.user))
            setup.append(curl.set(handle, CURLOPT_PASSWORD, auth.password))
        }
        var lines = ["Accept: application/json", "Expect:"]
        if let type = request.contentType { lines.append("Content-Type: \(type)") }
        for line in lines { headers = line.withCString { curl.slistAppend(headers, $0) } }
        setup.append(curl.set(handle, CURLOPT_HTTPHEADER, pointer: UnsafeRawPointer(headers)))
        if let failed = setup.first(where: { $0 != CURLE_OK }) {
            throw .notSent(curl.strError(failed).map { String(cString: $0) } ?? "curl_easy_setopt failed")
        }

        let result = curl.easyPerform(handle)
        // Over the cap: refused by its Content-Length (MAXFILESIZE), or cut off while it streamed in.
        if sink.overflowed || result == CURLE_FILESIZE_EXCEEDED {
            throw .mayHaveReached("the answer was longer than \(maximumResponseBytes) bytes")
        }
        guard result == CURLE_OK else {
            let reason = curl.strError(result).map { String(cString: $0) } ?? "error \(result.rawValue)"
            if Self.cannotHaveSent.contains(result) || curl.info(handle, CURLINFO_REQUEST_SIZE) == 0 {
                throw .notSent(reason)
            }
            throw .mayHaveReached(reason)
        }
        return HTTPResponse(status: curl.info(handle, CURLINFO_RESPONSE_CODE), body: sink.bytes)
    }

    /// Errors before any byte of the request could be written.
    private static let cannotHaveSent: Set<UInt32> = [
        CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST,
        CURLE_COULDNT_CONNECT, CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
    ].map(\.rawValue).reduce(into: []) { $0.insert($1) }
}

extension Set where Element == UInt32 {
    func contains(_ code: CURLcode) -> Bool { contains(code.rawValue) }
}

/// The answer's bytes as libcurl hands them over, up to a limit: past it the
/// transfer stops (a write callback that takes fewer bytes aborts it).
private final class ResponseSink {
    let limit: Int
    var bytes: [UInt8] = []
    var overflowed = false

    init(limit: Int) { self.limit = limit }

    static let write: termbank_curl_write_callback = { data, size, count, context in
        guard let context, let data else { return 0 }
        let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard sink.bytes.count + length <= sink.limit else {
            sink.overflowed = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) {
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        return length
    }
}
