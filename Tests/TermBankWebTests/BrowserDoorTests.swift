import Foundation
import TermBankBenchmarks
import TermBankCore
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
        let door = try WebDoor.start(self, extra: ["--per-browser", "3"])
        var arguments = [Self.repository.path + "/Tests/TermBankWebTests/browser_door.py", door.invite, Self.binary, door.database]
        if let screenshot = ProcessInfo.processInfo.environment["TERMBANK_WEB_SCREENSHOT"] { arguments.append(screenshot) }
        let browser = try Self.run("/usr/bin/python3", arguments)
        XCTAssertEqual(browser.status, 0, browser.output)
        XCTAssertTrue(browser.output.contains("all checks passed"), browser.output)
    }

    /// The story the SSH tests play (GuidedStory), played in the page: keys
    /// typed into xterm.js, every screen and code read from its accessibility tree.
    func testTheGuidedStoryInABrowser() throws {
        let door = try WebDoor.start(self)
        let terminal = try BrowserStoryTerminal(url: door.invite, width: 1100, height: 700, language: "en-US")
        XCTAssertGreaterThanOrEqual(terminal.columns, 120, "the phone beside the app needs 120 columns")
        let story = GuidedStory(terminal: terminal, language: .english,
                                now: { Timestamp(millisecondsSinceEpoch: Int64(Date().timeIntervalSince1970 * 1000)) })
        try story.play()
        try story.waitForEveryStepTicked()
        let statement = try Self.run(Self.binary, ["statement", story.username, "--limit", "1", "--db", door.database]).output
        XCTAssertTrue(statement.hasPrefix("\(story.username): Checking 4,900.00, Savings 10,100.00\n"), statement)
    }

    /// `termbank web` on a fresh demo bank, on a free loopback port, ended with the test.
    struct WebDoor {
        let invite: String
        let database: String

        static func start(_ test: XCTestCase, extra: [String] = []) throws -> WebDoor {
            for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/esbuild",
                         "/usr/share/nodejs/xterm/lib/public/Terminal.js", "/usr/lib/python3/dist-packages/selenium"] {
                try XCTSkipUnless(FileManager.default.fileExists(atPath: tool), "\(tool) is missing: scripts/setup-deps installs it")
            }
            let folder = NSTemporaryDirectory() + "termbank-web-test-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let database = folder + "/bank.sqlite"
            let reset = try BrowserDoorTests.run(BrowserDoorTests.binary, ["demo", "reset", "--yes", "--db", database])
            XCTAssertEqual(reset.status, 0, reset.output)
            let assets = try BrowserDoorTests.run(BrowserDoorTests.repository.path + "/scripts/web-assets", [folder + "/assets"])
            XCTAssertEqual(assets.status, 0, assets.output)

            let server = Process()
            server.executableURL = URL(fileURLWithPath: BrowserDoorTests.binary)
            server.arguments = ["web", "--listen", "127.0.0.1:\(try BrowserDoorTests.freePort())", "--assets", folder + "/assets",
                                "--db", database] + extra
            server.environment = ["PATH": "/usr/bin:/bin", "HOME": folder]
            let output = Pipe()
            server.standardOutput = output
            server.standardError = FileHandle.nullDevice
            try server.run()
            test.addTeardownBlock {
                server.terminate()
                server.waitUntilExit()
                try? FileManager.default.removeItem(atPath: folder)
            }
            // The first line is the invite link.
            var printed = Data()
            while !printed.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { throw failure("the server ended before printing its invite link") }
                printed += chunk
            }
            let line = String(decoding: printed, as: UTF8.self).split(separator: "\n")[0]
            guard let start = line.firstRange(of: "http://") else { throw failure("no invite link in: \(line)") }
            return WebDoor(invite: String(line[start.lowerBound...]), database: database)
        }

        static func failure(_ message: String) -> Error {
            NSError(domain: "BrowserDoorTests", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
        }
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
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
