@testable import TermBankApp
import TermBankCore
import XCTest

/// A recorded demo session says so on its welcome screen (docs/decisions/0116), inside the panel, in every
/// language at every size the app draws; an unrecorded one says nothing of it.
final class RecordedSessionNoticeTests: XCTestCase {
    func welcome(recorded: Bool, language: Language, size: Size) -> [String] {
        var state = Fixture.demoState(size: size)
        state.size = size
        state.demo?.recorded = recorded
        state.languageSelection = LanguageSelection(language, source: .option)
        return AppView.render(state, size: size).text
    }

    func testTheWelcomeSaysTheSessionIsRecordedInsideItsPanelInEveryLanguageAndSize() {
        for language in Language.allCases {
            let notice = language.appCatalog.text(DemoText.sessionRecorded)
            for size in [Size(columns: 120, rows: 30), Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)] {
                let lines = welcome(recorded: true, language: language, size: size)
                let line = lines.first { $0.contains(notice) }
                XCTAssertNotNil(line, "\(language) \(size):\n\(lines.joined(separator: "\n"))")
                // Between the panel's two edges, a space from each.
                let cells = Array(line ?? "")
                let edges = cells.indices.filter { cells[$0] == "│" }
                XCTAssertGreaterThanOrEqual(edges.count, 2, "\(language) \(size): \(line ?? "")")
                if edges.count >= 2 {
                    let inside = String(cells[(edges[0] + 1)..<edges[1]])
                    XCTAssertTrue(inside.hasPrefix("  " + notice) && inside.hasSuffix(" "), "\(language) \(size): \(line ?? "")")
                }
                XCTAssertFalse(welcome(recorded: false, language: language, size: size).joined().contains(notice))
            }
        }
    }
}
