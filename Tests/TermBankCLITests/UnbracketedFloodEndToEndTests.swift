import Foundation
import XCTest

/// Decision 69: 10,000 combining marks typed or pasted without paste
/// brackets (a terminal or client without bracketed paste, or a script)
/// made the app exit 129, "the terminal went away". The loop took twenty
/// wakes in a row that were readable yet kept no key for a hang-up, and
/// ncurses' own UTF-8 assembly, thrown off by one mark split between the
/// terminal's writes, kept nothing of the marks after it. Now only `read`'s
/// answer (0 bytes, EIO) says the terminal is gone, and the reader puts
/// characters together itself: a byte that starts no character (here 10,000
/// of them) is dropped alone, the app stays up, and every key after acts.
/// The real hang-ups stay in HangUpEndToEndTests.
extension AppEndToEndTests {
    func testTenThousandCombiningMarksAndUndecodableBytesWithoutPasteBracketsLeaveTheAppUp() throws {
        let bank = try demoBank()
        let app = try appUnderAShell(bank)
        // 10,000 bytes that decode to no character: every one dropped, none a hang-up.
        for _ in 0..<10 { try app.sendBytes(Array(repeating: 0x81, count: 1_000)) }
        // Then 12,000 combining marks on a letter, unbracketed (tmux pastes plainly
        // unless asked for brackets): each mark is a key, and letters before it.
        let marks = bank.path + "/marks"
        try ("xyz" + "a" + String(repeating: "\u{301}", count: 12_000))
            .write(toFile: marks, atomically: false, encoding: .utf8)
        try app.paste(file: marks)
        // No mark belongs in a username: the field keeps the letters alone, every one of them.
        try app.type("b")
        let screen = try app.waitFor("Username   xyzab▏")
        XCTAssertFalse(screen.shows("EXIT="), "the app is still up:\n\(screen.framed)")

        // The field is sane, and the app signs alice in.
        for _ in 0..<5 { try app.press("BSpace") }
        try app.waitFor("Username   ▏")
        try signInAlice(app)
        XCTAssertEqual(try sessions(bank).open, 1)
    }
}
