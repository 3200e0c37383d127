import Foundation
import TermBankTestKit
import XCTest

/// Bracketed paste with the real binary in tmux: the app turns the mode on,
/// so `tmux paste-buffer -p` sends a paste between `ESC[200~` and `ESC[201~`,
/// and the text lands in the focused field with nothing in it acting as a key;
/// and the mode is off again after the app ends, by quitting or by a signal,
/// so the shell after it gets plain pastes. The waits poll the screen.
extension AppEndToEndTests {
    func atTheTransferForm(_ app: TmuxSession) throws {
        try app.signIn(.alice)
        try app.waitFor("alice · iphone-touchid", "History: both accounts")
        try app.press("t")
        try app.waitFor("Move money", "◀ Checking ▶")
    }

    func testAPasteWithAnEscALineBreakAndLettersFillsTheAmountAndNeitherCancelsNorSubmits() throws {
        let (app, _) = try startApp()
        try atTheTransferForm(app)

        // Typed, the Esc would leave the form and the line break would go to review.
        try app.bracketedPaste("25\u{1B}0\nq")
        // The line break is a space (a field is one line), not Enter.
        let pasted = try app.waitUntil("the pasted amount in the field") { $0.shows("250 q") }
        XCTAssertTrue(pasted.shows("Move money"), "the Esc in the paste did not cancel:\n\(pasted.framed)")
        XCTAssertFalse(pasted.shows("Review your transfer"), "the line break did not submit:\n\(pasted.framed)")
        XCTAssertFalse(pasted.shows("\u{1B}") || pasted.shows("^["), pasted.framed)

        // The field holds the sanitised text, kept as typed: the letter is taken back, and keys act again.
        try app.press("BSpace", "BSpace")
        try app.waitFor("$250.00 from Checking to Savings")
        try app.press("Enter")
        try app.waitFor("Review your transfer", "$5,000.00 → $4,750.00")
    }

    /// A paste whose end never comes (the bytes of a start, then silence)
    /// becomes text after a moment, and the next key is a key: Esc leaves the form.
    func testAPasteThatNeverEndsIsTextAndTheKeyAfterItActs() throws {
        let (app, _) = try startApp()
        try atTheTransferForm(app)
        try app.sendBytes(Array("\u{1B}[200~7".utf8))
        try app.waitFor("$7.00 from Checking to Savings")
        try app.press("Escape")
        try app.waitFor("History: both accounts")
    }

    /// The app under a shell that reads the terminal after it (`cat`, with
    /// control characters echoed visibly): a paste there must arrive plain.
    func shellAfterTheApp(_ bank: Scratch) throws -> TmuxSession {
        let app = try TmuxSession(["/bin/sh", "-c", appCommand(bank).map(TmuxSession.shellQuoted).joined(separator: " ")
                                   + "; echo EXIT=$?; stty echoctl; exec cat"])
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor("Sign in to TermBank", "Username")
        return app
    }

    /// Pasted after the app ended: with bracketed paste still on, `cat`'s echo would show `^[[200~`.
    func assertPastesArrivePlain(_ app: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws {
        try app.bracketedPaste("pasted-after-exit")
        let shell = try app.waitFor("pasted-after-exit", file: file, line: line)
        XCTAssertFalse(shell.shows("200~") || shell.shows("201~"),
                       "bracketed paste is still on after the app:\n\(shell.framed)", file: file, line: line)
    }

    func testQuittingTurnsBracketedPasteOffAgain() throws {
        let app = try shellAfterTheApp(try demoBank())
        // On while the app runs: the pasted Esc and line break are not keys,
        // so the username keeps the focus and takes the next letter typed.
        try app.bracketedPaste("caro\u{1B}\n")
        try app.waitFor("Username   caro")
        try app.type("l")
        let form = try app.waitFor("Username   carol")
        XCTAssertFalse(form.shows("Password   •"), form.framed)

        try app.press("C-c")
        try app.waitFor("Quit TermBank?")
        try app.press("y")
        try app.waitFor("EXIT=0")
        try assertPastesArrivePlain(app)
    }

    /// Killed by a signal, the app still gives the terminal back with bracketed paste off.
    func testASignalTurnsBracketedPasteOffAgain() throws {
        let app = try shellAfterTheApp(try demoBank())
        let shell = try app.panePID()
        let termbank = try XCTUnwrap(Self.children(of: shell).first, "the app is the shell's child")
        XCTAssertEqual(kill(termbank, SIGTERM), 0)
        try app.waitFor("EXIT=143")
        try assertPastesArrivePlain(app)
    }

    /// Process ids whose parent is `parent`, from /proc.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // "pid (name) state ppid ...": the name may hold spaces, so read after its parenthesis.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent
        }
    }
}
