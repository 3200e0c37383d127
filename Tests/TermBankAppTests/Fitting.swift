import Foundation
@testable import TermBankApp
import TermBankCore

/// Whether a language fits the screen: a frame is drawn with a catalog that
/// records every text it gives, and every word of those texts must be on the
/// frame, whole. A word cut at the frame's edge or by a box, a key dropped
/// from a full key bar, a line wrapped past a panel's last row: each is a
/// word the catalog said that the customer cannot read.
enum Fitting {
    /// The sizes every screen must fit: the usual terminal and the smallest TermBank draws in.
    static let sizes = [Size(columns: 80, rows: 24), AppView.minimumSize]

    /// The sizes a listed screen is checked at: both standard sizes for a
    /// screen listed at one of them, its own size for the others (too small,
    /// the phone beside the app).
    static func sizes(for listed: Size) -> [Size] { sizes.contains(listed) ? sizes : [listed] }

    /// The words a catalog gave while drawing `state` that the frame does not show whole.
    static func unseenWords(_ state: AppState, size: Size, words: any AppCatalog) -> [String] {
        var state = state
        state.size = size
        let (frame, said) = draw(state, size: size, words: words)
        var expected = said
        if let beneath = withoutOverlay(state) {
            // A modal, the help or the phone hides the screen beneath on purpose;
            // that screen is checked on its own.
            expected.subtract(draw(beneath, size: size, words: words).said)
        }
        let shown = Set(frame.text.flatMap { $0.split(whereSeparator: { $0 == " " || boxDrawing.contains($0) }) }.map(String.init))
        return expected.sorted().flatMap { text in text.split(separator: " ").map(String.init).filter { !shown.contains($0) } }
    }

    /// The frame, and every text the catalog gave while drawing it.
    static func draw(_ state: AppState, size: Size, words: any AppCatalog) -> (frame: Frame, said: Set<String>) {
        let said = Said()
        let frame = AppView.render(state, size: size, words: MappedAppCatalog(words) { said.append($0) })
        return (frame, said.texts)
    }

    /// The same state with its overlay (a modal, the help, the phone over the
    /// app, a form over the security settings) closed, if it has one.
    static func withoutOverlay(_ state: AppState) -> AppState? {
        var beneath = state
        beneath.modal = nil
        beneath.showsHelp = false
        beneath.demo?.phoneOpen = false
        if case .security(var screen) = state.screen {
            screen.form = nil
            beneath.screen = .security(screen)
        }
        return beneath == state ? nil : beneath
    }

    /// The state speaking a language, at a size.
    static func speaking(_ language: Language, _ state: AppState, _ size: Size) -> AppState {
        var state = state
        state.languageSelection = LanguageSelection(language, source: .option)
        state.size = size
        return state
    }

    /// The keys ("Tab Next field") the key bar's rows leave out. None while
    /// the help is open: it covers the bar and lists every key itself.
    static func keysOffTheBar(_ state: AppState, size: Size, words: any AppCatalog) -> [String] {
        var state = state
        state.size = size
        guard !state.showsHelp, !state.isTooSmall else { return [] }
        let rows = AppView.render(state, size: size, words: words).text.suffix(ScreenLayout.keyBarMaximumRows)
        return KeyHelp.items(for: state).map { $0.keys + " " + words.text($0.label) }
            .filter { key in !rows.contains { $0.contains(key) } }
    }

    static let boxDrawing: Set<Character> = ["│", "─", "╭", "╮", "╰", "╯"]

    /// What a catalog said, gathered while one frame is drawn.
    final class Said: @unchecked Sendable {   // guarded by `lock`
        private let lock = NSLock()
        private var gathered: Set<String> = []

        func append(_ text: String) -> String {
            lock.withLock { _ = gathered.insert(text) }
            return text
        }

        var texts: Set<String> { lock.withLock { gathered } }
    }
}

extension Fitting {
    /// How many cells of the frame's boxes' sides are not side: a line too
    /// long for its panel runs over the panel's side, and every word of it is
    /// still on the frame. Each box is found by its four corners, its left
    /// side running down from one to the other; its right side must be whole
    /// between its right corners. Over an overlay (a modal, the help,
    /// the phone, a form), which hides boxes beneath on purpose, a box with
    /// a corner hidden is passed over and a side counts as broken only where
    /// a letter or digit stands on it; the screen beneath is checked on its
    /// own, strictly.
    static func brokenBoxSides(_ state: AppState, size: Size, words: any AppCatalog) -> Int {
        var state = state
        state.size = size
        let overlaid = withoutOverlay(state) != nil
        return brokenSides(AppView.render(state, size: size, words: words), strict: !overlaid)
            + (withoutOverlay(state).map { brokenSides(AppView.render($0, size: size, words: words), strict: true) } ?? 0)
    }

    private static func brokenSides(_ frame: Frame, strict: Bool) -> Int {
        let text = frame.text.map(Array.init)
        func at(_ row: Int, _ column: Int) -> Character? {
            row >= 0 && row < text.count && column >= 0 && column < text[row].count ? text[row][column] : nil
        }
        var broken = 0
        for (top, line) in text.enumerated() {
            for (left, character) in line.enumerated() where character == "╭" {
                guard let right = line[left...].firstIndex(of: "╮") else { continue }
                var bottom = top + 1
                while at(bottom, left) == "│" { bottom += 1 }
                // No bottom corners: not a box (the fingerprint's picture), or one half hidden by an overlay.
                guard at(bottom, left) == "╰", at(bottom, right) == "╯" else { continue }
                for row in (top + 1)..<bottom {
                    guard let cell = at(row, right), cell != "│" else { continue }
                    if strict || cell.isLetter || cell.isNumber { broken += 1 }
                }
            }
        }
        return broken
    }
}
