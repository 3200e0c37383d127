import Foundation
import TermBankStorage
import TermBankVerify
import XCTest

/// The Verify services' HTTP over libcurl (decision 0100): what reached the
/// server and what cannot have, the answer's size cap, TLS refused without
/// a trusted certificate, and the JSON and form encodings the services take.
final class VerifyHTTPClientTests: XCTestCase {
    func testARefusedConnectionCannotHaveReachedTheServer() throws {
        let server = try VerifyMockServer { _ in .empty(204) }
        server.stop()
        XCTAssertThrowsError(try HTTPClient().send(HTTPRequest(.post, server.baseURL + "/v2/verify"))) {
            guard case .notSent = $0 as? HTTPFailure else { return XCTFail("\($0)") }
        }
    }

    func testADroppedConnectionAndATimeoutMayHaveReachedIt() throws {
        for answer in [MockResponse.drop, .stall(seconds: 2)] {
            let server = try VerifyMockServer { _ in answer }
            defer { server.stop() }
            let client = HTTPClient(connectTimeoutMilliseconds: 500, totalTimeoutMilliseconds: 700)
            XCTAssertThrowsError(try client.send(HTTPRequest(.post, server.baseURL + "/v2/verify", body: Array("{}".utf8)))) {
                guard case .mayHaveReached = $0 as? HTTPFailure else { return XCTFail("\(answer): \($0)") }
            }
            XCTAssertEqual(server.requests.count, 1, "never sent twice")
        }
    }

    func testTheAnswerIsCapped() throws {
        let server = try VerifyMockServer { _ in .json(200, ["padding": String(repeating: "x", count: 100_000)]) }
        defer { server.stop() }
        XCTAssertThrowsError(try HTTPClient().send(HTTPRequest(.get, server.baseURL + "/"))) {
            XCTAssertEqual($0 as? HTTPFailure, .mayHaveReached("the answer was longer than 65536 bytes"))
        }
        let small = try HTTPClient(maximumResponseBytes: 200_000).send(HTTPRequest(.get, server.baseURL + "/"))
        XCTAssertEqual(small.status, 200)
    }

    func testBasicAuthAndTheBodyReachTheServerAsSent() throws {
        let server = try VerifyMockServer { _ in .json(202, ["request_id": "c11236f4-00bf-4b89-84ba-88b25df97315"]) }
        defer { server.stop() }
        let body = JSONValue.object([("brand", .string("Térm \"Bank\"")), ("code_length", .number("6"))])
        let response = try HTTPClient().send(HTTPRequest(.post, server.baseURL + "/v2/verify", contentType: "application/json",
                                                         body: Array(body.text.utf8),
                                                         auth: .init(user: "key", password: "sec:ret")))
        XCTAssertEqual(response.status, 202)
        XCTAssertEqual(response.json?["request_id"]?.string, "c11236f4-00bf-4b89-84ba-88b25df97315")
        let seen = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(seen.basicAuth?.user, "key")
        XCTAssertEqual(seen.basicAuth?.password, "sec:ret")
        XCTAssertEqual(seen.json?["brand"] as? String, "Térm \"Bank\"")
        XCTAssertEqual(seen.json?["code_length"] as? Int, 6)
    }

    func testFormEncodingAndJSONReading() {
        XCTAssertEqual(FormEncoding.encode([("To", "+15550101"), ("Payee", "Ana & Co"), ("Amount", "25.00")]),
                       "To=%2B15550101&Payee=Ana+%26+Co&Amount=25.00")
        let parsed = JSONValue.parse(Array(#"{"status":"0","n":[1,true,null],"t":"a\"\u00e9"}"#.utf8))
        XCTAssertEqual(parsed?["status"]?.string, "0")
        XCTAssertEqual(parsed?["t"]?.string, "a\"é")
        XCTAssertEqual(parsed?["n"], .array([.number("1"), .bool(true), .null]))
        XCTAssertNil(JSONValue.parse(Array(#"{"status":"0""#.utf8)), "a cut answer is no answer")
        XCTAssertNil(JSONValue.parse(Array(String(repeating: "[", count: 40).utf8)), "nesting is bounded")
    }

    /// A server whose certificate no CA in the system's bundle signed (a
    /// self-signed one, as a man in the middle would present) is refused
    /// before anything is sent.
    func testAnUntrustedCertificateIsRefusedBeforeAnythingIsSent() throws {
        let folder = try ScratchFolder.make("verify-tls")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try LeanBinaryTests.output("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-days", "1",
            "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem"])
        // A port of its own: another is tried when s_server cannot listen on one (it exits).
        var failure: HTTPFailure?
        for attempt in 0..<5 where failure == nil {
            let port = 20_000 + Int((getpid() + Int32(attempt) * 7_919) % 20_000)
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            server.arguments = ["s_server", "-quiet", "-accept", "127.0.0.1:\(port)", "-cert", folder + "/cert.pem",
                                "-key", folder + "/key.pem", "-www"]
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            try server.run()
            defer { server.terminate(); server.waitUntilExit() }
            var tries = 0
            while server.isRunning, tries < 200 {
                tries += 1
                do {
                    _ = try HTTPClient().send(HTTPRequest(.get, "https://127.0.0.1:\(port)/"))
                    return XCTFail("a self-signed certificate was accepted")
                } catch {
                    // Not listening yet: the connection is refused; anything else is the answer.
                    if case .notSent(let reason) = error, reason.contains("connect") { usleep(50_000); continue }
                    failure = error
                    break
                }
            }
        }
        guard case .notSent(let reason) = failure else { return XCTFail("\(String(describing: failure))") }
        XCTAssertTrue(reason.contains("certificate") || reason.contains("SSL"), reason)
    }
}
