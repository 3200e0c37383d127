import Foundation
import TermBankTestKit
import XCTest

/// `termbank web --record DIR` (docs/decisions/0130): a tab's session in headless Chromium is written as an
/// asciicast v2 file by the server, read back event by event with a JSON parser, and played by asciinema's own
/// `asciinema cat` into tmux, whose last frame must be the one the page showed (as RecordingEndToEndTests does
/// for the SSH relay).
final class WebRecordingTests: XCTestCase {
    func testARecordedTabIsValidAsciicastAndPlaysBackToWhatThePageShowed() throws {
        guard let asciinema = ["/usr/bin/asciinema", "/usr/local/bin/asciinema"]
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("asciinema is not installed (scripts/setup-deps installs it)")
        }
        let folder = NSTemporaryDirectory() + "termbank-web-recordings-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let door = try BrowserDoorTests.WebDoor.start(self, extra: ["--record", folder])
        let tab = try BrowserStoryTerminal(url: door.invite, width: 1100, height: 700, language: "en-US")
        try tab.waitForTexts(["Welcome to the TermBank demo", "This session is recorded."], file: #filePath, line: #line)
        // A few screens: the sign-in form, a password typed (masked), the window made smaller, the sitekey question.
        try tab.pressEnter()
        try tab.waitForTexts(["Sign in to TermBank"], file: #filePath, line: #line)
        try tab.typeText("alice")
        try tab.pressTab()
        try tab.typeText("wonderland-42")
        try tab.waitForTexts([String(repeating: "•", count: 13)], file: #filePath, line: #line)
        try tab.resizeWindow(width: 900, height: 600)
        try tab.waitUntil("the form redrawn in the smaller window", seconds: HangGuard.seconds) {
            $0.count < tab.rows && $0.joined().contains("Sign in to TermBank")
        }
        try tab.pressEnter()
        let shown = try tab.waitUntil("the sitekey", seconds: HangGuard.seconds) {
            $0.joined(separator: "\n").contains("Is this your sitekey?") && $0.joined(separator: "\n").contains("Down the rabbit hole")
        }
        tab.close()

        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".cast") }
        XCTAssertEqual(names.count, 1, "\(names)")
        let file = folder + "/" + (names.first ?? "")
        // Every line is JSON: the header, then [seconds, "o" or "r", text], in time order.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 2, text)
        let header = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, tab.columns)
        XCTAssertEqual(header["height"] as? Int, tab.rows)
        XCTAssertGreaterThan(header["timestamp"] as? Int ?? 0, 1_700_000_000)
        // The door is a browser, named by its fingerprint: never its id (the cookie).
        let title = try XCTUnwrap(header["title"] as? String)
        XCTAssertTrue(title.hasPrefix("TermBank demo (browser SHA256:"), title)
        var last = 0.0
        var output = ""
        var resizes: [String] = []
        for line in lines.dropFirst() {
            let event = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], String(line))
            XCTAssertEqual(event.count, 3, String(line))
            let time = try XCTUnwrap((event[0] as? NSNumber)?.doubleValue, String(line))
            XCTAssertGreaterThanOrEqual(time, last, String(line))
            last = time
            let data = try XCTUnwrap(event[2] as? String, String(line))
            switch event[1] as? String {
            case "o": output += data
            case "r": resizes.append(data)
            default: XCTFail("an event that is neither output nor a resize: \(line)")
            }
        }
        // The window's last size, as the page reported it; the page's rows may hold more cells than that (xterm.js
        // keeps a row's cells past a narrowing, unseen), so each is read to the window's width.
        let size = try XCTUnwrap(resizes.last, "no resize recorded").split(separator: "x").compactMap { Int($0) }
        XCTAssertEqual(size.count, 2)
        let columns = size.first ?? 0
        XCTAssertEqual(size.last, shown.count, "\(resizes)")
        XCTAssertLessThan(columns, tab.columns)
        XCTAssertTrue(output.contains("This session is recorded.") && output.contains("Is this your sitekey?"))
        // The password was typed, and the page showed only its mask.
        XCTAssertFalse(text.contains("wonderland-42"))
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual((attributes[.ownerAccountID] as? NSNumber)?.uint32Value, getuid(), "the server's user's")

        let listed = try BrowserDoorTests.run(BrowserDoorTests.binary, ["demo", "recordings", folder, "--db", door.database])
        XCTAssertEqual(listed.status, 0, listed.output)
        XCTAssertTrue(listed.output.contains("browser SHA256:") && listed.output.contains("1 recording in"), listed.output)

        // asciinema's player, into a terminal of the session's last size: the page's last screen.
        let player = try TmuxSession(["/bin/sh", "-c", "\(asciinema) cat \(TmuxSession.shellQuoted(file)) && sleep 600"],
                                     columns: columns, rows: shown.count)
        addTeardownBlock { player.kill() }
        let expected = shown.map { Self.trailingSpacesDropped(String($0.prefix(columns))) }
        let replayed = try player.waitUntil("the replay's last frame to be the page's") {
            $0.lines.map(Self.trailingSpacesDropped) == expected
        }
        XCTAssertEqual(replayed.lines.map(Self.trailingSpacesDropped), expected)
    }

    /// tmux's capture drops a row's trailing spaces; the page's rows keep them.
    static func trailingSpacesDropped(_ line: String) -> String {
        String(line.reversed().drop { $0 == " " || $0 == "\u{a0}" }.reversed())
    }
}
