import Foundation
import TermBankTestKit
import XCTest

/// Terminals that are not UTF-8, with the real binary: a locale that names
/// another codeset (LC_ALL=C here) gets ASCII only, boxes drawn with the
/// terminal's line set; a terminal that cannot address the cursor gets one
/// line saying so instead of a half-drawn screen.
extension AppEndToEndTests {
    /// alice signs in (password, sitekey, Touch ID) and opens a transfer with
    /// LC_ALL=C: every byte the app wrote to the terminal is ASCII, the
    /// sitekey is her fox in ASCII, and the boxes go out as ACS line drawing.
    func testWithLCAllCEveryByteTheAppWritesIsASCII() throws {
        let bank = try demoBank()
        let recording = bank.path + "/terminal-output"
        // script(1) records the bytes the app writes to its terminal, and passes them on to tmux.
        let app = try TmuxSession(["/usr/bin/env", "LC_ALL=C", "/usr/bin/script", "--quiet", "--flush",
                                   "--command", appCommand(bank).map(TmuxSession.shellQuoted).joined(separator: " "),
                                   recording])
        addTeardownBlock { app.kill(); _ = bank }
        try app.remainOnExit()
        try app.waitFor("Sign in to TermBank", "Username")
        try app.type(Customer.alice.name)
        try app.press("Tab")
        try app.type(Customer.alice.password)
        try app.press("Enter")
        // The fox's ASCII drawing; the phrase between straight quotes.
        try app.waitFor("Is this your sitekey?", "###o######o###", "\"Down the rabbit hole\"")
        try app.press("Enter")
        try app.waitFor("Touch ID", "Matching finger")
        try app.press("Enter")
        try app.waitFor("alice", "$5,000.00", "$10,000.00")
        try app.press("t")
        try app.waitFor("Move money", "< Checking >")
        try app.press("C-c")
        try app.waitFor("Quit TermBank?")
        try app.press("y")
        // script(1) writes its "Script done" line once the app has ended and every byte is in the
        // file. (Waiting for tmux's "Pane is dead" instead failed about one run in ten: tmux 3.3 at
        // times took over 10 s to reap an exited script, though the recording was complete.)
        let deadline = Date().addingTimeInterval(TmuxSession.hangGuard)
        var bytes = Data()
        while !String(decoding: bytes, as: UTF8.self).contains("COMMAND_EXIT_CODE=\"0\"") {
            guard Date() < deadline else {
                return XCTFail("the app did not end with status 0 within \(Int(TmuxSession.hangGuard)) s: \(try app.screen().framed)")
            }
            usleep(50_000)
            bytes = FileManager.default.contents(atPath: recording) ?? Data()
        }
        if let done = bytes.range(of: Data("Script done".utf8)) { bytes = bytes[..<done.lowerBound] }
        XCTAssertGreaterThan(bytes.count, 2_000, "the screens were recorded")
        let wide = bytes.enumerated().filter { $0.element >= 0x80 }
        XCTAssertEqual(wide.count, 0, "bytes above 0x7F at offsets \(wide.prefix(10).map(\.offset))")
        // Line drawing is the terminal's own: the alternate set is switched in (SO, or ESC ( 0).
        XCTAssertTrue(bytes.contains(0x0E) || String(decoding: bytes, as: UTF8.self).contains("\u{1B}(0"),
                      "boxes drawn with ACS")
    }

    /// TERM=dumb cannot move the cursor: the app says so in one line and ends
    /// (EX_UNAVAILABLE), leaving no escape sequence on the terminal.
    func testATerminalThatCannotAddressTheCursorGetsOneLineInsteadOfAHalfDrawnScreen() throws {
        let bank = try demoBank()
        let recording = bank.path + "/terminal-output"
        let run = appCommand(bank).map(TmuxSession.shellQuoted).joined(separator: " ")
        // The shell stays after the app ends, so its last words can be read.
        let app = try TmuxSession(["/bin/sh", "-c", "TERM=dumb /usr/bin/script --quiet --return --command "
                                   + TmuxSession.shellQuoted(run) + " " + TmuxSession.shellQuoted(recording)
                                   + "; echo exit=$?; sleep 60"])
        addTeardownBlock { app.kill(); _ = bank }
        let screen = try app.waitFor("exit=69")
        XCTAssertTrue(screen.flowing.contains("TERM=dumb cannot move the cursor"), screen.framed)
        let output = try XCTUnwrap(FileManager.default.contents(atPath: recording))
        XCTAssertFalse(output.contains(0x1B), "no escape sequence: \(String(decoding: output, as: UTF8.self))")
        let lines = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("Script started") && !$0.hasPrefix("Script done") && !$0.isEmpty }
        XCTAssertEqual(lines.count, 1, "one line: \(lines)")
    }
}
