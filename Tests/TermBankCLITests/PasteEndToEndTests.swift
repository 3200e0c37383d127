import Foundation
import XCTest

/// A huge paste into the sign-in fields of the real app in tmux: half a
/// megabyte of combining marks on one letter, and 200,000 letters. Each field
/// stops at its limit and says it is full, and the next key acts at once
/// (the wait is the usual poll for the screen; nothing here is timed).
extension AppEndToEndTests {
    func testAHalfMegabytePasteIntoTheSignInFieldsStopsAtTheLimitsAndTheNextKeyStillActs() throws {
        let (app, bank) = try startApp()
        let letters = bank.path + "/letters"
        try String(repeating: "x", count: 200_000).write(toFile: letters, atomically: false, encoding: .utf8)
        let marks = bank.path + "/marks"
        try ("a" + String(repeating: "\u{301}", count: 500_000)).write(toFile: marks, atomically: false, encoding: .utf8)

        try app.paste(file: letters)
        let username = try app.waitUntil("the username field to say it is full") { screen in
            screen.lines.contains { $0.contains("Username   xxxxxxxx") && $0.contains("▏  full") }
        }
        XCTAssertFalse(username.lines.contains { $0.contains("Password") && $0.contains("full") }, username.framed)

        try app.press("Tab")
        try app.paste(file: marks)
        try app.waitUntil("the password field to say it is full") { screen in
            screen.lines.contains { $0.contains("Password   ••••••••") && $0.contains("▏  full") }
        }
        // The key after the paste acts: the sign-in is tried, and refused (no such user).
        try app.press("Enter")
        try app.waitFor("Username or password is incorrect.")
    }
}
