import Foundation
import TermBankBenchmarks
import TermBankTestKit
import XCTest

/// A headless Chromium tab on `termbank web` as the guided story's terminal:
/// browser_terminal.py types the keys (Selenium) and reads the screen from
/// xterm.js's accessibility tree, one command a line.
final class BrowserStoryTerminal: StoryTerminal {
    let columns: Int
    let rows: Int
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    init(url: String, width: Int, height: Int, language: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [BrowserDoorTests.repository.path + "/Tests/TermBankWebTests/browser_terminal.py",
                             url, String(width), String(height), language]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let size = try JSONSerialization.jsonObject(with: try Self.line(from: output, buffered: &buffered)) as? [Int]
        guard let size, size.count == 2 else {
            throw NSError(domain: "BrowserStoryTerminal", code: 3, userInfo: [NSLocalizedDescriptionKey: "the browser told no size"])
        }
        (columns, rows) = (size[0], size[1])
    }

    deinit { close() }

    /// Closes the tab (and its browser), as a stakeholder closing it would; once.
    func close() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        process.waitUntilExit()
    }

    /// Resizes the browser's window: the page fits xterm.js to it and tells the server the new size.
    func resizeWindow(width: Int, height: Int) throws {
        _ = try command("window \(width) \(height)")
    }

    /// Opens the page in another tab of the same browser (the same cookie, so the same browser to the
    /// server); the commands after it act on that tab.
    func openTab() throws {
        _ = try command("newtab")
    }

    /// Goes back to one of the browser's tabs (0: the first); the commands after it act on that tab.
    func goToTab(_ index: Int) throws {
        _ = try command("tab \(index)")
    }

    /// Whether the server has closed the page's socket.
    func socketClosed() throws -> Bool {
        try JSONSerialization.jsonObject(with: try command("closed"), options: .fragmentsAllowed) as? Bool ?? false
    }

    func send(_ key: StoryKey) throws {
        switch key {
        case .text(let text):
            let json = String(decoding: try JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
            _ = try command("text " + json)
        case .enter: _ = try command("key enter")
        case .tab: _ = try command("key tab")
        case .escape: _ = try command("key escape")
        case .ctrlP: _ = try command("key ctrlp")
        }
    }

    func lines() throws -> [String] {
        try JSONSerialization.jsonObject(with: try command("screen")) as? [String] ?? []
    }

    @discardableResult
    func waitUntil(_ what: String, seconds: Double, _ ready: ([String]) -> Bool) throws -> [String] {
        // The story's deadline is a person's patience; on a loaded machine the hang guard is longer.
        let deadline = Date().addingTimeInterval(max(seconds, 60))
        while true {
            let screen = try lines()
            if ready(screen) { return screen }
            if Date() > deadline {
                throw NSError(domain: "BrowserStoryTerminal", code: 1, userInfo: [
                    NSLocalizedDescriptionKey: "waited for \(what):\n" + screen.joined(separator: "\n")])
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    private func command(_ line: String) throws -> Data {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        return try Self.line(from: output, buffered: &buffered)
    }

    private static func line(from pipe: Pipe, buffered: inout Data) throws -> Data {
        while true {
            if let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffered[buffered.startIndex..<end]
                buffered = Data(buffered[(end + 1)...])
                return Data(line)
            }
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { throw NSError(domain: "BrowserStoryTerminal", code: 2,
                                             userInfo: [NSLocalizedDescriptionKey: "the browser's helper ended"]) }
            buffered += chunk
        }
    }
}

/// The test kit's sign-in, typed into the page.
extension BrowserStoryTerminal: SignInTerminal {
    func typeText(_ text: String) throws { try send(.text(text)) }
    func pressTab() throws { try send(.tab) }
    func pressEnter() throws { try send(.enter) }
    func waitForTexts(_ texts: [String], file: StaticString, line: UInt) throws {
        try waitUntil("the page to show \(texts)", seconds: HangGuard.seconds) { screen in
            texts.allSatisfy { screen.joined(separator: "\n").contains($0) }
        }
    }
    func waitUntilGone(_ text: String, file: StaticString, line: UInt) throws {
        try waitUntil("\"\(text)\" to go", seconds: HangGuard.seconds) { !$0.joined(separator: "\n").contains(text) }
    }
}
