import Foundation
@testable import TermBankApp

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
    /// How many of the box sides and corners English draws at a state and
    /// size another language's frame has lost: a line too long for its
    /// panel runs over the panel's side, and every word of it is still on
    /// the frame.
    static func brokenBoxSides(_ state: AppState, size: Size, words: any AppCatalog) -> Int {
        var state = state
        state.size = size
        let english = AppView.render(state, size: size, words: EnglishAppCatalog())
        let other = AppView.render(state, size: size, words: words)
        let sides: Set<Character> = ["│", "╭", "╮", "╰", "╯"]
        var broken = 0
        for row in 0..<english.size.rows {
            for column in 0..<english.size.columns {
                guard let cell = english[row, column], sides.contains(cell.character) else { continue }
                if other[row, column]?.character != cell.character { broken += 1 }
            }
        }
        return broken
    }
}
