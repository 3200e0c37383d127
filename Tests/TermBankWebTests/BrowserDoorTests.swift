import Foundation
import XCTest

/// The browser door end to end: the real binary serves `termbank web` on
/// loopback, and headless Chromium (Debian's chromium and chromium-driver,
/// driven by python3-selenium) goes through it as a stakeholder would
/// (browser_door.py says each check).
final class BrowserDoorTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var binary: String {
        if let override = ProcessInfo.processInfo.environment["TERMBANK_BINARY"] { return override }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("termbank").path
    }

    func testAStakeholderInAHeadlessBrowser() throws {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/esbuild",
                     "/usr/share/nodejs/xterm/lib/public/Terminal.js", "/usr/lib/python3/dist-packages/selenium"] {
            try XCTSkipUnless(FileManager.default.fileExists(atPath: tool), "\(tool) is missing: scripts/setup-deps installs it")
        }
        let folder = NSTemporaryDirectory() + "termbank-web-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/bank.sqlite"
        XCTAssertEqual(try run(Self.binary, ["demo", "reset", "--yes", "--db", database]).status, 0)
        let assets = try run(Self.repository.path + "/scripts/web-assets", [folder + "/assets"])
        XCTAssertEqual(assets.status, 0, assets.output)

        let server = Process()
        server.executableURL = URL(fileURLWithPath: Self.binary)
        server.arguments = ["web", "--listen", "127.0.0.1:\(try Self.freePort())", "--assets", folder + "/assets",
                            "--db", database, "--per-browser", "3"]
        server.environment = ["PATH": "/usr/bin:/bin", "HOME": folder]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        // The first line is the invite link.
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            XCTAssertFalse(chunk.isEmpty, "the server ended before printing its invite link")
            if chunk.isEmpty { return }
            printed += chunk
        }
        let line = String(decoding: printed, as: UTF8.self).split(separator: "\n")[0]
        guard let start = line.firstRange(of: "http://") else { return XCTFail("no invite link in: \(line)") }
        let invite = String(line[start.lowerBound...])

        var arguments = [Self.repository.path + "/Tests/TermBankWebTests/browser_door.py", invite, Self.binary, database]
        if let screenshot = ProcessInfo.processInfo.environment["TERMBANK_WEB_SCREENSHOT"] { arguments.append(screenshot) }
        let browser = try run("/usr/bin/python3", arguments)
        XCTAssertEqual(browser.status, 0, browser.output)
        XCTAssertTrue(browser.output.contains("all checks passed"), browser.output)
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A loopback port no one listens on now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw XCTSkip("no loopback port to listen on") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
