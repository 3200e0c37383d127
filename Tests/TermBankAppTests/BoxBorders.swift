@testable import TermBankApp
import TermBankCore

/// What touches or crosses a border on a frame, found from the boxes the
/// frame recorded (`Frame.boxes`), not guessed back from its characters:
/// - a box's corners and sides are whole: nothing is drawn over them, and
///   its top and bottom edges hold only line and the words set into them
///   on purpose (a title, a closing note);
/// - a blank column inside each side: no text touches a side from within
///   (a rule across the box, "│────│", is line, not text);
/// - the key bar's rows show the key bar and nothing else.
/// A box drawn later over part of an earlier one (a modal, the help, the
/// phone over the app) hides that part on purpose: the cells under it are
/// not the earlier box's to check.
enum BoxBorders {
    static func faults(_ state: AppState, size: Size, words: (any AppCatalog)? = nil) -> [String] {
        var state = state
        state.size = size
        let frame = AppView.render(state, size: size, words: words)
        return faults(frame) + keyBarFaults(state, frame: frame, words: words ?? state.shownLanguage.appCatalog)
    }

    static func faults(_ frame: Frame) -> [String] {
        var found: [String] = []
        for (index, box) in frame.boxes.enumerated() {
            let rect = box.rect
            let later = frame.boxes[(index + 1)...].map(\.rect)
            let top = rect.row, bottom = rect.row + rect.rows - 1
            let left = rect.column, right = rect.column + rect.columns - 1
            func visible(_ row: Int, _ column: Int) -> Character? {
                guard let cell = frame[row, column], !later.contains(where: { $0.holds(row, column) }) else { return nil }
                return cell.isWideTail ? "▒" : cell.character
            }
            func fault(_ what: String, _ row: Int, _ column: Int) {
                found.append("box at \(top),\(left) \(rect.columns)x\(rect.rows): \(what) at row \(row), column \(column)")
            }
            for (row, column, corner) in [(top, left, "╭"), (top, right, "╮"), (bottom, left, "╰"), (bottom, right, "╯")] as [(Int, Int, Character)] {
                if let shown = visible(row, column), shown != corner { fault("'\(shown)' over a corner", row, column) }
            }
            for row in [top, bottom] where left + 1 < right {
                for column in (left + 1)..<right where !box.edgeLabels.contains(where: { $0.holds(row, column) }) {
                    if let shown = visible(row, column), shown != "─" { fault("'\(shown)' over an edge", row, column) }
                }
            }
            guard top + 1 < bottom else { continue }
            for row in (top + 1)..<bottom {
                for (side, inside) in [(left, left + 1), (right, right - 1)] {
                    if let shown = visible(row, side), shown != "│" { fault("'\(shown)' over a side", row, side) }
                    guard left + 1 < right - 1 else { continue }
                    if let shown = visible(row, inside), shown != " ", shown != "─" { fault("'\(shown)' touches a side", row, inside) }
                }
            }
        }
        return found
    }

    /// The key bar's rows as the key bar alone draws them, compared with the frame's.
    static func keyBarFaults(_ state: AppState, frame: Frame, words: any AppCatalog) -> [String] {
        guard !state.isTooSmall else { return [] }
        let app = AppView.appSize(state)
        let beside = app != state.size
        let notice = !beside && state.demo.map { demo in
            if case .phoneWindow = state.screen { return false }
            return !demo.phoneOpen && demo.phone.noticeUntil.map { state.now < $0 } == true
        } == true
        let layout = ScreenLayout(state, size: app, words: words,
                                  status: AppView.status(state, phoneNotice: notice, words: words))
        var expected = Frame(size: app)
        AppView.drawKeyBar(&expected, layout)
        if state.charset == .ascii { expected = expected.inASCII() }
        var found: [String] = []
        for row in layout.keyBarRow..<app.rows {
            for column in 0..<app.columns where frame[row, column]?.character != expected[row, column]?.character {
                found.append("'\(frame[row, column]?.character ?? " ")' over the key bar at row \(row), column \(column)")
            }
        }
        return found
    }
}

extension Rect {
    func holds(_ row: Int, _ column: Int) -> Bool {
        row >= self.row && row < self.row + rows && column >= self.column && column < self.column + columns
    }
}
