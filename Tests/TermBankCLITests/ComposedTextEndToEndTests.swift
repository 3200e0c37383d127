import Foundation
import TermBankTestKit
import XCTest

/// Accented letters that arrive decomposed ("e" then U+0301 COMBINING ACUTE
/// ACCENT, as macOS over SSH and some input methods send them) in the real
/// binary: shown and stored as the letter. utf8proc, which composes them, is
/// opened only when such a text first arrives (docs/unicode-text.md).
extension AppEndToEndTests {
    func testAnAccentSentAfterItsLetterShowsAsOneLetterAndOpensUtf8procOnlyThen() throws {
        let (app, bank) = try startApp()
        let pid = try XCTUnwrap(Self.appProcess(using: bank.database), "no termbank process on \(bank.database)")
        try app.signIn(.alice)
        try app.waitFor("History: both accounts")
        try app.press("/")
        try app.type("cafe")
        try app.waitFor("cafe▏")
        XCTAssertTrue(Self.mappings(of: pid).contains("libsqlite3"), "read the app's maps")
        XCTAssertFalse(Self.mappings(of: pid).contains("libutf8proc"), "utf8proc before any text needed it")

        try app.type("\u{301}")   // send-keys -l: the accent's two UTF-8 bytes, CC 81
        let screen = try app.waitUntil("the accent to join its letter") { screen in
            screen.lines.contains { $0.unicodeScalars.contains("\u{E9}") }
        }
        let row = try XCTUnwrap(screen.lines.first { $0.contains("caf") })
        // As scalars: Swift's string search would call "e" + U+0301 and "é" the same.
        let scalars = row.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        XCTAssertTrue(scalars.contains("63 61 66 e9 258f"), "c a f é and the cursor one cell after it: \(row) (\(scalars))")
        XCTAssertFalse(row.contains("?"), "drawn as a placeholder: \(row)")
        XCTAssertFalse(row.unicodeScalars.contains("\u{301}"), row)
        XCTAssertTrue(Self.mappings(of: pid).contains("libutf8proc"), "utf8proc once a text needed it")
    }
}

/// An operator's terminal that sends decomposed letters stores the same name
/// as one that sends them composed.
final class ComposedOperatorTextTests: XCTestCase {
    func testANameGivenDecomposedOnTheCommandLineIsStoredComposed() throws {
        let bank = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
        let added = try Termbank.run(["user", "add", "joao", "--phone", "+1 555 0188", "--name", "Joa\u{303}o Jose\u{301}"],
                                     database: bank.database, stdin: "lighthouse-keeper-7\n")
        XCTAssertEqual(added.status, 0, added.stderr)
        let stored = try LeanBinaryTests.output("/usr/bin/sqlite3",
                                                [bank.database, "SELECT hex(display_name) FROM users WHERE username = 'joao'"])
        XCTAssertEqual(stored.trimmingCharacters(in: .whitespacesAndNewlines),
                       Array("Jo\u{E3}o Jos\u{E9}".utf8).map { String(format: "%02X", $0) }.joined())
    }
}
