import Foundation
import XCTest

/// Wide characters (East Asian Wide, emoji) on the real terminal: a frame cell
/// is one column, a wide character takes two, and the painter draws the
/// character once so that the rest of its row stays where the frame says.
final class WideCharacterEndToEndTests: XCTestCase {
    /// An operator gives a customer a sitekey phrase in Japanese with an emoji.
    /// The sitekey screen shows it whole (not as "?"), centred by columns, and
    /// the panel's right edge on that row is where it is on every other row.
    func testASitekeyPhraseInJapaneseWithAnEmojiShowsWholeAndKeepsThePanelsEdge() throws {
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let added = try Termbank.run(["user", "add", "kenji", "--phone", "+15550100999", "--sitekey", "fox",
                                      "--phrase", "富士山を見る 🗻"], database: bank.database, stdin: "fuji-mountain-77\n")
        XCTAssertEqual(added.status, 0, added.stderr)
        let app = try TmuxSession(["/usr/bin/env", "XDG_CONFIG_HOME=\(bank.path)/config",
                                   Termbank.binary.path, "--db", bank.database, "--device", "iphone-touchid"])
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        try app.type("kenji")
        try app.press("Tab")
        try app.type("fuji-mountain-77")
        try app.press("Enter")
        let screen = try app.waitFor("Is this your sitekey?", "“富士山を見る 🗻”")

        let lines = screen.lines
        let phraseRow = try XCTUnwrap(lines.first { $0.contains("富士山") })
        let otherRow = try XCTUnwrap(lines.first { $0.contains("Only the real TermBank knows your picture.") })
        XCTAssertEqual(columns(phraseRow), columns(otherRow), "both rows end at the panel's edge:\n\(phraseRow)\n\(otherRow)")
        XCTAssertTrue(phraseRow.hasSuffix("│"), phraseRow)
        XCTAssertFalse(phraseRow.contains("?"), phraseRow)
    }

    /// Terminal columns of a captured line: tmux writes a wide character once.
    private func columns(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { count, scalar in
            count + (scalar.properties.isEmojiPresentation || (0x3000...0x9FFF).contains(scalar.value) ? 2 : 1)
        }
    }
}
