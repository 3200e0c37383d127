import Foundation
import TermBankTestKit
import XCTest

/// The browser door's caps in headless Chromium (docs/web.md, "Access and identity"): a tab left idle is
/// closed and its session ends at the bank; past `--sessions N` or `--per-browser N` a tab is told so in the
/// page, in its language.
final class BrowserDoorLimitsTests: XCTestCase {
    /// `--idle-minutes` takes a fraction (0.25: 15 s), so the wait is short and the rule is the one operators set.
    func testAnIdleTabIsClosedAndItsSessionEndsAtTheBank() throws {
        let door = try BrowserDoorTests.WebDoor.start(self, extra: ["--idle-minutes", "0.25"])
        let tab = try BrowserStoryTerminal(url: door.invite, width: 1100, height: 700, language: "en-US")
        try tab.waitForTexts(["Welcome to the TermBank demo"], file: #filePath, line: #line)
        try tab.pressEnter()
        try tab.waitForTexts(["Sign in to TermBank"], file: #filePath, line: #line)
        try tab.signIn(.alice)
        try tab.waitForTexts(["Opening balance"], file: #filePath, line: #line)
        XCTAssertTrue(try audit(door, "alice").contains("session.started"))
        XCTAssertFalse(try tab.socketClosed(), "the tab was closed while it was in use")

        // No key from here: the server closes the tab's socket and hangs its app up, as a dropped SSH connection.
        try eventually("the idle tab's socket to close") { try tab.socketClosed() }
        var rows: [Substring] = []
        try eventually("alice's session to end at the bank", last: { rows.joined(separator: "\n") }) {
            rows = try audit(door, "alice").split(separator: "\n")
            return rows.count > 1 && rows[1].contains("session.ended") && rows[1].contains("connection-closed")
        }
    }

    /// With `--sessions 1` a second tab (another browser: the per-browser cap is not what refuses it) gets the
    /// refusal in its page, in its browser's language, and no app; once the first closes, a tab is let in again.
    func testTheTabPastTheSessionsCapIsToldSoInThePage() throws {
        let door = try BrowserDoorTests.WebDoor.start(self, extra: ["--sessions", "1"])
        let first = try BrowserStoryTerminal(url: door.invite, width: 1100, height: 700, language: "en-US")
        try first.waitForTexts(["Welcome to the TermBank demo"], file: #filePath, line: #line)

        let refused = try BrowserStoryTerminal(url: door.invite, width: 1100, height: 700, language: "it-IT")
        try refused.waitForTexts(["La demo ha già 1 sessione aperta, il massimo che accetta insieme."], file: #filePath, line: #line)
        try eventually("the refused tab's socket to close") { try refused.socketClosed() }
        XCTAssertFalse(try refused.lines().joined().contains("TermBank demo"), "the refused tab reached an app")
        XCTAssertFalse(try first.socketClosed(), "the refusal closed the open tab")
        refused.close()

        first.close()
        let next = try BrowserStoryTerminal(url: door.invite, width: 1100, height: 700, language: "en-US")
        try next.waitForTexts(["Welcome to the TermBank demo"], file: #filePath, line: #line)
    }

    /// With `--per-browser 1` a second tab of the same browser gets the refusal in its page, in its browser's
    /// language, and no app, while the browser's first tab goes on; a tab of another browser is let in.
    func testTheTabPastThePerBrowserCapIsToldSoInThePage() throws {
        let door = try BrowserDoorTests.WebDoor.start(self, extra: ["--per-browser", "1"])
        let browser = try BrowserStoryTerminal(url: door.invite, width: 1100, height: 700, language: "pt-BR")
        try browser.waitForTexts(["Boas-vindas à demonstração do TermBank"], file: #filePath, line: #line)

        try browser.openTab()
        try browser.waitForTexts(["Este navegador já tem 1 sessão aberta na demonstração, o máximo para um navegador."],
                                 file: #filePath, line: #line)
        try eventually("the refused tab's socket to close") { try browser.socketClosed() }
        XCTAssertFalse(try browser.lines().joined().contains("TermBank"), "the refused tab reached an app")

        try browser.goToTab(0)
        XCTAssertFalse(try browser.socketClosed(), "the refusal closed the browser's open tab")
        try browser.pressEnter()
        try browser.waitForTexts(["Entrar no TermBank"], file: #filePath, line: #line)

        let other = try BrowserStoryTerminal(url: door.invite, width: 1100, height: 700, language: "en-US")
        try other.waitForTexts(["Welcome to the TermBank demo"], file: #filePath, line: #line)
        XCTAssertFalse(try other.socketClosed(), "another browser's tab was refused")
    }

    private func audit(_ door: BrowserDoorTests.WebDoor, _ user: String) throws -> String {
        try BrowserDoorTests.run(BrowserDoorTests.binary, ["audit", "--user", user, "--limit", "5", "--db", door.database]).output
    }
}
