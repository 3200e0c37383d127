import Foundation
import XCTest

/// A demo session recorded through `termbank relay` (docs/decisions/0116): the file read back event by event with
/// a JSON parser, and played by asciinema's own `asciinema cat` into a second tmux window, whose last frame must
/// be the one the session showed.
final class RecordingEndToEndTests: XCTestCase {
    func testARecordedStoryIsValidAsciicastAndPlaysBackToTheSameScreen() throws {
        guard let asciinema = ["/usr/bin/asciinema", "/usr/local/bin/asciinema"]
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("asciinema is not installed (scripts/setup-deps installs it)")
        }
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let file = bank.path + "/session.cast"
        let app = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config", Termbank.binary.path,
                                   "relay", "--record", file, "--",
                                   Termbank.binary.path, "--db", bank.database, "--device", "iphone-touchid", "--demo"])
        addTeardownBlock { app.kill() }
        try app.waitFor("Welcome to the TermBank demo", "This session is recorded.")
        // A few screens: the sign-in form, a password typed (masked), the window resized, the sitekey question.
        try app.press("Enter")
        try app.waitFor("Sign in to TermBank")
        try app.type("alice")
        try app.press("Tab")
        try app.type("wonderland-42")
        try app.resize(columns: 100, rows: 28)
        try app.waitUntil("the form redrawn at 100 columns") {
            $0.lines.first.map { $0.count > 80 } == true && $0.shows("•••")
        }
        try app.press("Enter")
        let shown = try app.waitFor("Is this your sitekey?", "Down the rabbit hole")
        app.kill()

        // Every line is JSON: the header, then [seconds, "o" or "r", text], in time order.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n")
        let header = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, 80)
        XCTAssertEqual(header["height"] as? Int, 24)
        XCTAssertGreaterThan(header["timestamp"] as? Int ?? 0, 1_700_000_000)
        XCTAssertEqual(header["title"] as? String, "TermBank demo (address local)")
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
        XCTAssertEqual(resizes, ["100x28"])
        XCTAssertTrue(output.contains("Is this your sitekey?"))
        // The password was typed, and the screen showed only its mask.
        XCTAssertFalse(text.contains("wonderland-42"))
        XCTAssertFalse(output.contains("wonderland-42"))
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)

        // asciinema's player, into a terminal of the session's last size: the same screen.
        let player = try TmuxSession(["/bin/sh", "-c", "\(asciinema) cat \(TmuxSession.shellQuoted(file)) && sleep 600"],
                                     columns: 100, rows: 28)
        addTeardownBlock { player.kill() }
        let replayed = try player.waitUntil("the replay's last frame to be the session's") { $0.lines == shown.lines }
        XCTAssertEqual(replayed.lines, shown.lines)
    }

    /// Without a terminal (ssh -T, a script) the relay runs the program as it is, which says what it needs;
    /// nothing is recorded.
    func testWithoutATerminalTheProgramSpeaksForItselfAndNothingIsRecorded() throws {
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let file = bank.path + "/session.cast"
        let run = try Termbank.run(["relay", "--record", file, "--", Termbank.binary.path, "--db", bank.database, "--demo"],
                                   database: nil, stdin: "")
        XCTAssertEqual(run.status, 69, run.stderr)
        XCTAssertTrue(run.stderr.contains("The TermBank app needs a terminal."), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
    }
}
