import Foundation
import Glibc

/// One HTTP request as a mock Verify service received it.
struct MockRequest {
    let method: String
    /// The path without the query.
    let path: String
    let headers: [String: String]
    let body: Data

    var contentType: String? { headers["content-type"] }

    /// The user and password of an HTTP Basic `Authorization` header.
    var basicAuth: (user: String, password: String)? {
        guard let value = headers["authorization"], value.hasPrefix("Basic "),
              let decoded = Data(base64Encoded: String(value.dropFirst(6))).flatMap({ String(data: $0, encoding: .utf8) }),
              let colon = decoded.firstIndex(of: ":") else { return nil }
        return (String(decoded[..<colon]), String(decoded[decoded.index(after: colon)...]))
    }

    /// A form-encoded body's fields (nil when the body is not one).
    var form: [String: String]? {
        guard contentType == "application/x-www-form-urlencoded", let text = String(data: body, encoding: .utf8) else {
            return nil
        }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }

    /// A JSON body's top-level object (nil when the body is not one).
    var json: [String: Any]? {
        guard contentType == "application/json" else { return nil }
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}

/// What a mock answers: a status and a JSON body, or one of the network's failures.
enum MockResponse {
    case json(Int, Any)
    case empty(Int)
    /// The connection is closed without an answer, after the request was read.
    case drop
    /// No answer for this long, then the connection is closed (the client's timeout comes first).
    case stall(seconds: Double)
}

/// A small HTTP/1.1 server on 127.0.0.1 (a port the system picks), one
/// connection per request, for the Verify services' mocks: every request is
/// recorded and handed to `handler`.
final class VerifyMockServer: @unchecked Sendable {
    let port: Int
    private let listening: Int32
    private let lock = NSLock()
    private var received: [MockRequest] = []
    private let handler: (MockRequest) -> MockResponse

    struct CannotListen: Error {}

    var baseURL: String { "http://127.0.0.1:\(port)" }
    var requests: [MockRequest] { lock.withLock { received } }

    init(handler: @escaping (MockRequest) -> MockResponse) throws {
        self.handler = handler
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw CannotListen()
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listening = descriptor
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else {
                    close(descriptor)
                    return
                }
                Thread.detachNewThread { [self] in serve(client) }
            }
        }
    }

    // No shutdown in deinit: the accept thread holds the server until it has
    // closed the socket, so by then its number may belong to the next test's
    // server, and shutting it down made that test's service "unreachable".

    func stop() { shutdown(listening, Int32(SHUT_RDWR)) }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let request = read(client) else { return }
        lock.withLock { received.append(request) }
        let answer: (Int, Data)
        switch handler(request) {
        case .drop: return
        case .stall(let seconds):
            usleep(useconds_t(seconds * 1_000_000))
            return
        case .empty(let status): answer = (status, Data())
        case .json(let status, let object): answer = (status, try! JSONSerialization.data(withJSONObject: object))
        }
        var head = "HTTP/1.1 \(answer.0) Mock\r\nConnection: close\r\nContent-Length: \(answer.1.count)\r\n"
        if !answer.1.isEmpty { head += "Content-Type: application/json\r\n" }
        let bytes = Array((head + "\r\n").utf8) + Array(answer.1)
        _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    private func read(_ client: Int32) -> MockRequest? {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            data.append(contentsOf: chunk[0..<count])
            headerEnd = data.range(of: Data("\r\n\r\n".utf8))
        }
        let head = String(decoding: data[..<headerEnd!.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let words = head[0].split(separator: " ")
        guard words.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[headerEnd!.upperBound...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < length {
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            body.append(contentsOf: chunk[0..<count])
        }
        let target = String(words[1])
        return MockRequest(method: String(words[0]), path: String(target.prefix { $0 != "?" }), headers: headers, body: body)
    }
}
