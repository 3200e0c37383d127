import Foundation
@testable import TermBankApp
import XCTest

/// docs/using-the-app.md's key table is the screens' own bindings
/// (`ScreenFeature.bindings`, docs/decisions/0080): made from every state
/// the catalog tests show (`CatalogScreens`), so the docs cannot drift from
/// the key bar and the help overlay. `scripts/key-table` rewrites it.
final class KeyTableTests: XCTestCase {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/using-the-app.md")
    static let begin = "<!-- BEGIN generated from the screens' bindings (scripts/key-table); edit the screens, not this part -->\n"
    static let end = "<!-- END generated -->\n"

    /// One row per screen, in the order the catalog first shows it: each
    /// binding any of its states lists (the key bar's, then the help's), once.
    static func table(_ states: [AppState] = CatalogScreens.all.map(\.state)) -> String {
        let words = EnglishAppCatalog()
        func row(_ items: [KeyHelp.Item]) -> String {
            items.map { "`\($0.keys)` " + words.text($0.label) }.joined(separator: ", ")
        }
        var screens: [String] = []
        var keys: [String: [KeyHelp.Item]] = [:]
        for state in states {
            let name = state.screen.name
            if keys[name] == nil { screens.append(name) }
            let feature = state.screen.feature
            for item in feature.bindings(state) + feature.moreBindings(state) where keys[name, default: []].contains(item) == false {
                keys[name, default: []].append(item)
            }
        }
        return "| screen | keys |\n|---|---|\n| everywhere | \(row(KeyHelp.global)) |\n"
            + screens.map { "| `\($0)` | \(row(keys[$0] ?? [])) |\n" }.joined()
    }

    func testTheKeyTableInTheDocsIsTheScreensBindings() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let parts = text.components(separatedBy: Self.begin)
        XCTAssertEqual(parts.count, 2, "docs/using-the-app.md has the key table's BEGIN marker once")
        guard parts.count == 2 else { return }
        let rest = parts[1].components(separatedBy: Self.end)
        XCTAssertGreaterThan(rest.count, 1, "docs/using-the-app.md has the key table's END marker")
        guard rest.count > 1 else { return }
        if ProcessInfo.processInfo.environment["TERMBANK_RECORD_KEY_TABLE"] == "1" {
            let written = parts[0] + Self.begin + Self.table() + Self.end + rest.dropFirst().joined(separator: Self.end)
            try written.write(to: Self.page, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(rest[0], Self.table(), "docs/using-the-app.md's key table is older than the screens' bindings: run scripts/key-table")
    }

    /// Every screen the catalog shows is in the table: a screen without
    /// bindings would be one the help cannot explain.
    func testEveryScreenHasBindings() {
        for screenful in CatalogScreens.all {
            let feature = screenful.state.screen.feature
            XCTAssertFalse(feature.bindings(screenful.state).isEmpty, screenful.name)
        }
    }
}

extension Screen {
    /// The case's name ("login", "statement"): the key table and the tests' messages name screens so.
    var name: String { Mirror(reflecting: self).children.first?.label ?? "\(self)" }
}
