import Foundation
import TermBankBenchmarks

/// A tmux window (an ssh client in it, in the end-to-end tests) as the guided story's terminal.
final class TmuxStoryTerminal: StoryTerminal {
    let window: TmuxSession
    let columns: Int
    let rows: Int

    init(_ window: TmuxSession, columns: Int, rows: Int) {
        self.window = window
        self.columns = columns
        self.rows = rows
    }

    func send(_ key: StoryKey) throws {
        switch key {
        case .text(let text): try window.type(text)
        case .enter: try window.press("Enter")
        case .tab: try window.press("Tab")
        case .escape: try window.press("Escape")
        case .ctrlP: try window.press("C-p")
        }
    }

    func lines() throws -> [String] { try window.screen().lines }

    @discardableResult
    func waitUntil(_ what: String, seconds: Double, _ ready: ([String]) -> Bool) throws -> [String] {
        // The story's deadline is a person's patience; the tests wait with the one hang guard, longer.
        let screen = try window.waitUntil(what) { ready($0.lines) }.lines
        if ProcessInfo.processInfo.environment["TERMBANK_STORY_TRACE"] != nil {
            FileHandle.standardError.write(("--- " + what + "\n" + screen.joined(separator: "\n") + "\n").data(using: .utf8)!)
        }
        return screen
    }
}
